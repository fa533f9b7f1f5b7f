// Shared vocabulary of the rules engine. Nothing here knows about Workers, Hono or D1.

/** The two sides, White first: the one list of colours. */
export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];
export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');
/** The side as words say it: White, Black. */
export const colorName = (c: Color): 'White' | 'Black' => (c === 'white' ? 'White' : 'Black');
/**
 * The move number of a turn, as records and move lists write it ("3." before White's, "3..." before
 * Black's): a game that starts with Black to move (a set-up) numbers its first turn "1..." and
 * White's reply "2.". Sides alternate, so one turn's ply and side say which side began.
 */
export const moveNumber = (ply: number, side: Color): number => Math.floor((ply - 1 + ((ply % 2 === 1) === (side === 'white') ? 0 : 1)) / 2) + 1;
/** A count and its noun, singular for one: "1 day", "3 days". */
/** Text quoted in a message, at most 40 characters (an imported record's turn may be thousands long: tester 8 K8). */
export const cut = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Piece letters as written in notation. */
export type Role = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P';
export const ROLES: readonly Role[] = ['K', 'Q', 'R', 'B', 'N', 'P'];
export const ROLE_NAMES: Record<Role, string> = {
  K: 'king',
  Q: 'queen',
  R: 'rook',
  B: 'bishop',
  N: 'knight',
  P: 'pawn',
};
/** A knight's eight leaps on a plane, as (file, rank) steps (planar cube and ST3D levels alike). */
export const KNIGHT_LEAPS: readonly (readonly [number, number])[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
/** One standard set of chessmen, the hand every variant but Warp Factor starts with. */
export const STANDARD_SET: Readonly<Record<Role, number>> = { K: 1, Q: 1, R: 2, B: 2, N: 2, P: 8 };

/**
 * Every variant, the one list: its id, its title, a line about it and its options (name: what it
 * takes; the variant's parseOptions checks them). The input schemas, /openapi.json, the pages, the
 * pictures' titles, the bots' choices and the error texts all come from here.
 */
export const VARIANTS = [
  {
    id: 'first-contact',
    title: 'First Contact',
    about: 'Empty field: place four platforms, then kings, then drop and move; the first check wins.',
    options: {},
  },
  {
    id: 'warp-factor',
    title: 'Warp Factor',
    about: 'A full set each on the Star Trek field, with warp leaps and platforms owned by each side; checkmate wins.',
    options: {},
  },
  {
    id: 'curved-space',
    title: 'Curved Space',
    about: 'Numbered platforms form a worm-hole; pieces on platforms move through it.',
    options: { platforms: 'how many platforms, 1 to 12 (default 4)', platformMoves: '"fixed" (default) or "after-capture"' },
  },
  { id: 'planar', title: 'Planar Chess', about: 'A 4x4x4 cube; every piece moves in one plane, which it may turn.', options: {} },
] as const;
export type VariantName = (typeof VARIANTS)[number]['id'];
export const VARIANT_NAMES: readonly VariantName[] = VARIANTS.map((v) => v.id);
/** The game's name as players know it: "Warp Factor". */
export const variantTitle = (name: VariantName): string => VARIANTS.find((v) => v.id === name)!.title;

/** Why a text could not become a turn or position. Never thrown: always returned. */
type EngineErrorKind =
  | 'syntax' // the text is not notation at all; `at` says where it stopped making sense
  | 'illegal' // well-formed, but the rules forbid it in this position
  | 'position' // a position text that cannot be read or is inconsistent
  | 'options'; // bad variant options

export interface EngineError {
  readonly kind: EngineErrorKind;
  readonly message: string;
  /** For syntax errors: 0-based offset in the input where parsing failed. */
  readonly at?: number;
}

export type Result<T, E = EngineError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (kind: EngineErrorKind, message: string, at?: number): Result<never> => ({
  ok: false,
  error: at === undefined ? { kind, message } : { kind, message, at },
});

export type GameResult = '1-0' | '0-1' | '1/2-1/2';
/**
 * How a game ended. `check`: First Contact's first move attacking the opposing king wins;
 * `withdrawal`: a tournament player withdrew, and their games still going are forfeits (the
 * service's ending, never the engine's).
 */
export const OUTCOME_REASONS = ['checkmate', 'check', 'stalemate', 'repetition', 'resignation', 'agreement', 'timeout', 'aborted', 'withdrawal'] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

export interface Outcome {
  readonly result: GameResult | '*';
  readonly winner?: Color;
  readonly reason: OutcomeReason;
}

export const winOutcome = (winner: Color, reason: OutcomeReason): Outcome => ({
  result: winner === 'white' ? '1-0' : '0-1',
  winner,
  reason,
});
export const drawOutcome = (reason: OutcomeReason): Outcome => ({ result: '1/2-1/2', reason });

/** JSON-friendly picture of a position for the service and the pages. */
export interface BoardView {
  readonly variant: VariantName;
  readonly sideToMove: Color;
  readonly phase: string;
  /** Occupied cells only, by canonical cell name. */
  readonly cells: readonly { cell: string; color: Color; role: Role; orientation?: Orientation }[];
  /** ST3D only: platforms on pins. */
  readonly platforms?: readonly { pin: string; up: boolean; owner?: Color; number?: number; locked?: boolean }[];
  readonly hands: Readonly<Record<Color, Partial<Record<Role, number>>>>;
  /** Curved Space only: the worm-hole sequence as text, e.g. "W P1 P2 N B P3 N P4". */
  readonly wormhole?: string;
  readonly check: boolean;
}

export type Orientation = 'XY' | 'XZ' | 'YZ';

/** What kind of turn a move is, for help texts (examples.ts puts it in words). */
export type TurnKind = 'move' | 'capture' | 'capture-and-platform' | 'drop' | 'orient' | 'platform-move' | 'king' | 'platform-place';

/**
 * One chess variant. Positions are immutable values; moves are typed objects
 * private to the variant. Every method is total: bad input comes back as a
 * Result, never as an exception.
 */
export interface Variant<P = unknown, M = unknown, O = unknown> {
  readonly name: VariantName;
  readonly title: string;
  /** Validate options (JSON from a user) and fill in defaults. */
  parseOptions(input: unknown): Result<O>;
  initial(options: O): P;
  turn(pos: P): Color;
  /** A short word for the current phase, e.g. "platforms", "kings", "play". */
  phase(pos: P): string;
  legalMoves(pos: P): M[];
  /** Apply a move returned by legalMoves or parseMove. */
  play(pos: P, move: M): P;
  /** Is the side to move's king attacked? */
  isCheck(pos: P): boolean;
  /**
   * The end of the game by the rules of the board alone (not repetition, which needs history):
   * defined exactly where the side to move has no legal turn (Game.play relies on it).
   */
  outcome(pos: P): Outcome | undefined;
  /** What kind of turn a legal move of pos is. */
  turnKind(pos: P, move: M): TurnKind;
  /** Canonical text of a legal move in pos, with `+`/`#` suffix; `next`, if given, is play(pos, move). */
  formatMove(pos: P, move: M, next?: P): string;
  /** Canonical or lenient text -> the legal move it names, or a reason why not. */
  parseMove(pos: P, text: string): Result<M>;
  formatPosition(pos: P): string;
  /** A number equal for positions with equal text (different texts may share one): repetition counting. */
  hashPosition(pos: P): number;
  parsePosition(text: string, options?: O): Result<P>;
  /**
   * Can a game start from this position (a set-up)? Refuses what no game can reach: more
   * pieces than a set, a missing king, phases out of order, the side not to move in check.
   * A finished position passes (the caller decides whether it wants one).
   */
  validateSetup(pos: P, options: O): Result<P>;
  view(pos: P): BoardView;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyVariant = Variant<any, any, any>;
