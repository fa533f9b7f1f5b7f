// A game = a variant, its options, and the positions reached so far. Adds what
// a single position cannot know: threefold repetition.
import { exampleTurns, type TurnExample } from './examples.ts';
import { getVariant } from './variants/index.ts';
import { drawOutcome, err, ok, type AnyVariant, type Outcome, type Result } from './types.ts';

export interface PlayedTurn {
  readonly ply: number;
  readonly text: string; // canonical, with +/# suffix
  readonly position: string; // position text after the turn
}

export class Game {
  private readonly positions: unknown[];
  /** Position texts, written when first asked for (a rebuild needs only the last). */
  private readonly texts: (string | undefined)[] = [];
  /** Position indices by hashPosition: the candidates for a repetition, compared by text. */
  private readonly byHash = new Map<number, number[]>();
  private readonly hashes: number[] = [];
  private readonly turns: PlayedTurn[] = [];
  /** Outcome of the last position, computed once per position (undefined = not yet). */
  private cachedOutcome: { value: Outcome | undefined } | undefined;

  private constructor(
    readonly variant: AnyVariant,
    readonly options: unknown,
    start: unknown,
  ) {
    this.positions = [];
    this.add(start);
  }

  /** A new game of the named variant; options are user JSON, validated here. */
  static create(variantName: string, options?: unknown, position?: string): Result<Game> {
    const variant = getVariant(variantName);
    if (!variant) return err('options', `unknown variant "${variantName}"; expected one of first-contact, warp-factor, curved-space, planar`);
    const parsed = variant.parseOptions(options ?? {});
    if (!parsed.ok) return parsed;
    let start: unknown = variant.initial(parsed.value);
    if (position !== undefined) {
      const p = variant.parsePosition(position, parsed.value);
      if (!p.ok) return p;
      start = p.value;
    }
    return ok(new Game(variant, parsed.value, start));
  }

  /**
   * A new game from a set-up position: read, then held to the set-up rules (validateSetup:
   * nothing a game cannot reach). A finished position is a game already over; the caller decides.
   */
  static setUp(variantName: string, options: unknown, position: string): Result<Game> {
    const created = Game.create(variantName, options, position);
    if (!created.ok) return created;
    const { variant, options: parsed, position: start } = created.value;
    const checked = variant.validateSetup(start, parsed);
    return checked.ok ? created : checked;
  }

  /** Replay a list of turn texts; stops at the first that is not legal. */
  static replay(variantName: string, options: unknown, texts: readonly string[], position?: string): Result<Game> {
    const created = Game.create(variantName, options, position);
    if (!created.ok) return created;
    const game = created.value;
    for (const [i, text] of texts.entries()) {
      const played = game.play(text);
      if (!played.ok) return err(played.error.kind, `turn ${i + 1} (${text}): ${played.error.message}`, played.error.at);
    }
    return ok(game);
  }

  get position(): unknown {
    return this.positions[this.positions.length - 1];
  }
  /** Every position of the game so far, the start first (the search counts repetitions with them). */
  get allPositions(): readonly unknown[] {
    return this.positions;
  }
  get positionText(): string {
    return this.textAt(this.positions.length - 1);
  }
  get ply(): number {
    return this.turns.length;
  }
  get history(): readonly PlayedTurn[] {
    return this.turns;
  }
  get lastTurn(): PlayedTurn | undefined {
    return this.turns[this.turns.length - 1];
  }

  /** The end by the rules: the board's own verdict, then threefold repetition. */
  outcome(): Outcome | undefined {
    this.cachedOutcome ??= { value: this.computeOutcome() };
    return this.cachedOutcome.value;
  }

  private computeOutcome(): Outcome | undefined {
    return this.variant.outcome(this.position) ?? this.repetition();
  }

  private repetition(): Outcome | undefined {
    const last = this.positions.length - 1;
    const candidates = this.byHash.get(this.hashes[last]!)!;
    if (candidates.length < 3) return undefined;
    const text = this.textAt(last);
    let count = 0;
    for (const i of candidates) if (this.textAt(i) === text) count++;
    return count >= 3 ? drawOutcome('repetition') : undefined;
  }

  private textAt(index: number): string {
    return (this.texts[index] ??= this.variant.formatPosition(this.positions[index]));
  }

  private add(pos: unknown): void {
    const index = this.positions.length;
    this.positions.push(pos);
    this.texts.push(undefined);
    const hash = this.variant.hashPosition(pos);
    this.hashes.push(hash);
    const same = this.byHash.get(hash);
    if (same) same.push(index);
    else this.byHash.set(hash, [index]);
    this.cachedOutcome = undefined;
  }

  legalTexts(): string[] {
    if (this.outcome()) return [];
    const pos = this.position;
    return this.variant.legalMoves(pos).map((m) => this.variant.formatMove(pos, m));
  }

  /** Example turns for help texts: one legal turn of each kind here, none when the game is over. */
  exampleTurns(): TurnExample[] {
    return this.outcome() ? [] : exampleTurns(this.variant, this.position);
  }

  /** Parse, validate and apply one turn given as text. */
  play(text: string): Result<PlayedTurn> {
    const pos = this.position;
    const parsed = this.variant.parseMove(pos, text);
    // A legal turn means the board has not ended the game (Variant.outcome is defined only where
    // there is none), so only repetition can have: a replay skips the board's verdict on every ply.
    const over = parsed.ok ? this.repetition() : this.outcome();
    if (over) return err('illegal', `the game is over (${over.result}, ${over.reason})`);
    if (!parsed.ok) return parsed;
    const next = this.variant.play(pos, parsed.value);
    const canonical = this.variant.formatMove(pos, parsed.value, next);
    this.add(next);
    const game = this;
    const index = this.positions.length - 1;
    const turn: PlayedTurn = {
      ply: this.turns.length + 1,
      text: canonical,
      get position() {
        return game.textAt(index);
      },
    };
    this.turns.push(turn);
    return ok(turn);
  }
}
