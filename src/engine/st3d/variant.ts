// What every ST3D variant shares: turn text in and out, position text,
// the board view. Each variant supplies its move generator and its reasons.
import {
  err,
  ok,
  opposite,
  ROLES,
  ROLE_NAMES,
  type BoardView,
  type Color,
  type Outcome,
  type Result,
  type Variant,
  type VariantName,
  COLORS,
} from '../types.ts';
import { applySt3dMove } from './apply.ts';
import { cellName, NO_PLATFORM, NUM_CELLS, NUM_PINS, pinName, UP } from './field.ts';
import { moveText, sameMove, type St3dMove } from './move.ts';
import { parseSt3dSyntax, resolveCell, resolveShift } from './notation.ts';
import { colorOf, EMPTY, handIndex, roleOf } from '../piece-codes.ts';
import { findKing, formatSt3dPosition, hashSt3dPosition, pieceWord, parseSt3dPosition, type St3dPosition, type TagStyle } from './position.ts';
import { notToMoveInCheck, setCountProblem } from '../setup.ts';

interface St3dRules<O> {
  readonly name: VariantName;
  readonly title: string;
  readonly tagStyle: TagStyle;
  readonly unplacedStyle: 'count' | 'numbers';
  /** First Contact's "the platform that moved last may not move again" lock. */
  readonly lock: boolean;
  parseOptions(input: unknown): Result<O>;
  initial(options: O): St3dPosition;
  /** Check the options against a position read from text (e.g. the after-capture flag). */
  withOptions?(pos: St3dPosition, options: O): St3dPosition;
  phase(pos: St3dPosition): string;
  /** The legal turns; with `like`, at least those equal to that candidate (reading a turn needs no others). */
  legalMoves(pos: St3dPosition, like?: St3dMove): St3dMove[];
  /**
   * Optional fast path: the turns before the own-king test (`like` as for legalMoves), and that test.
   * With both, reading one turn checks only that turn, not every turn.
   */
  pseudoMoves?(pos: St3dPosition, like?: St3dMove): St3dMove[];
  keepLegal?(pos: St3dPosition, moves: St3dMove[]): St3dMove[];
  isCheck(pos: St3dPosition): boolean;
  /** A cell holding a piece that attacks the king of `color`, or -1. */
  kingAttacker(pos: St3dPosition, color: Color): number;
  /** What this variant's set-ups must also follow (platforms, phases, hands); the shared checks are in validateSetup. */
  setupProblem(pos: St3dPosition, options: O): string | undefined;
  outcome(pos: St3dPosition): Outcome | undefined;
  /** Suffix for a legal move: '+', '#' or ''. */
  suffix(pos: St3dPosition, move: St3dMove, next: St3dPosition): string;
  /** Why `move` (well-formed, resolved, not legal) is illegal, in words. */
  explain(pos: St3dPosition, move: St3dMove): string;
  /** Extra view fields (e.g. Curved Space's worm-hole). */
  wormhole?(pos: St3dPosition): string;
}

/** Turn a syntax tree into a candidate move of `pos`, or a reason it names nothing here. */
export function resolveSt3dMove(pos: St3dPosition, text: string): Result<St3dMove> {
  const parsed = parseSt3dSyntax(text);
  if (!parsed.ok) return parsed;
  const s = parsed.value;
  switch (s.kind) {
    case 'place':
      return ok({ kind: 'place', pin: s.pin.pin, up: s.pin.up, number: s.number });
    case 'platform': {
      const shift = resolveShift(pos, s.from, s.to);
      return shift.ok ? ok({ kind: 'platform', ...shift.value }) : shift;
    }
    case 'drop': {
      const to = resolveCell(pos, s.to);
      return to.ok ? ok({ kind: 'drop', role: s.role, to: to.value }) : to;
    }
    case 'move': {
      const from = resolveCell(pos, s.from);
      if (!from.ok) return from;
      const to = resolveCell(pos, s.to);
      if (!to.ok) return to;
      const code = pos.board[from.value]!;
      if (s.role && code !== EMPTY && roleOf(code) !== s.role)
        return err('illegal', `there is no ${ROLE_NAMES[s.role]} on ${s.from.text} (it holds a ${ROLE_NAMES[roleOf(code)]})`);
      if (!s.platform) return ok({ kind: 'move', from: from.value, to: to.value });
      const shift = resolveShift(pos, s.platform.from, s.platform.to);
      return shift.ok ? ok({ kind: 'move', from: from.value, to: to.value, platform: shift.value }) : shift;
    }
  }
}

function findLegal<O>(rules: St3dRules<O>, pos: St3dPosition, candidate: St3dMove): St3dMove | undefined {
  if (!rules.pseudoMoves || !rules.keepLegal) return rules.legalMoves(pos, candidate).find((m) => sameMove(m, candidate));
  const found = rules.pseudoMoves(pos, candidate).find((m) => sameMove(m, candidate));
  return found && rules.keepLegal(pos, [found]).length ? found : undefined;
}

/** Does the side to move have any legal turn? Stops at the first one found. */
export function hasLegalMove(pseudo: St3dMove[], keepLegal: (moves: St3dMove[]) => St3dMove[]): boolean {
  return pseudo.some((m) => keepLegal([m]).length > 0);
}

function notToMoveProblem<O>(rules: St3dRules<O>, pos: St3dPosition): string | undefined {
  const other = opposite(pos.turn);
  const attacker = rules.kingAttacker(pos, other);
  return attacker >= 0 ? notToMoveInCheck(pos, cellName(findKing(pos, other), pos.platforms), pieceWord(pos, attacker)) : undefined;
}

/** An ST3D variant, and its legal turn equal to a candidate (the search reads killer turns with it). */
export type St3dVariant<O> = Variant<St3dPosition, St3dMove, O> & {
  findLegal(pos: St3dPosition, candidate: St3dMove): St3dMove | undefined;
};

export function makeSt3dVariant<O>(rules: St3dRules<O>): St3dVariant<O> {
  const play = (pos: St3dPosition, move: St3dMove) => applySt3dMove(pos, move, rules.lock);
  return {
    findLegal: (pos, candidate) => findLegal(rules, pos, candidate),
    name: rules.name,
    title: rules.title,
    parseOptions: rules.parseOptions,
    initial: rules.initial,
    turn: (pos) => pos.turn,
    phase: rules.phase,
    legalMoves: (pos) => rules.legalMoves(pos),
    play,
    isCheck: rules.isCheck,
    outcome: rules.outcome,
    turnKind(pos, move) {
      switch (move.kind) {
        case 'place':
          return 'platform-place';
        case 'platform':
          return 'platform-move';
        case 'drop':
          return move.role === 'K' ? 'king' : 'drop';
        case 'move':
          if (move.platform) return 'capture-and-platform';
          return pos.board[move.to] === EMPTY ? 'move' : 'capture';
      }
    },
    formatMove(pos, move, next = play(pos, move)) {
      return moveText(pos, move) + rules.suffix(pos, move, next);
    },
    parseMove(pos, text) {
      const candidate = resolveSt3dMove(pos, text);
      if (!candidate.ok) return candidate;
      const legal = findLegal(rules, pos, candidate.value);
      if (legal) return ok(legal);
      return err('illegal', `${text.trim()}: ${rules.explain(pos, candidate.value)}`);
    },
    formatPosition: (pos) => formatSt3dPosition(pos, rules.tagStyle, rules.unplacedStyle),
    hashPosition: hashSt3dPosition,
    parsePosition(text, options) {
      const parsed = parseSt3dPosition(text, rules.tagStyle, rules.unplacedStyle);
      if (!parsed.ok || !options || !rules.withOptions) return parsed;
      return ok(rules.withOptions(parsed.value, options));
    },
    validateSetup(pos, options) {
      const problem = setCountProblem(pos, 'on the field') ?? rules.setupProblem(pos, options) ?? notToMoveProblem(rules, pos);
      return problem ? err('position', problem) : ok(pos);
    },
    view(pos): BoardView {
      const cells: { cell: string; color: Color; role: (typeof ROLES)[number] }[] = [];
      for (let cell = 0; cell < NUM_CELLS; cell++) {
        const code = pos.board[cell]!;
        if (code !== EMPTY) cells.push({ cell: cellName(cell, pos.platforms), color: colorOf(code), role: roleOf(code) });
      }
      const platforms: NonNullable<BoardView['platforms']>[number][] = [];
      for (let pin = 0; pin < NUM_PINS; pin++) {
        const state = pos.platforms[pin]!;
        if (state === NO_PLATFORM) continue;
        const tag = pos.tags[pin]!;
        platforms.push({
          pin: pinName(pin, state),
          up: state === UP,
          ...(rules.tagStyle === 'owner' && tag ? { owner: tag === 1 ? ('white' as const) : ('black' as const) } : {}),
          ...(rules.tagStyle === 'number' && tag ? { number: tag } : {}),
          ...(rules.lock && pos.lockedPin === pin ? { locked: true } : {}),
        });
      }
      const hands = { white: {}, black: {} } as Record<Color, Partial<Record<(typeof ROLES)[number], number>>>;
      for (const color of COLORS)
        for (const role of ROLES) {
          const n = pos.hands[handIndex(color, role)]!;
          if (n) hands[color][role] = n;
        }
      return {
        variant: rules.name,
        sideToMove: pos.turn,
        phase: rules.phase(pos),
        cells,
        platforms,
        hands,
        check: rules.isCheck(pos),
        ...(rules.wormhole ? { wormhole: rules.wormhole(pos) } : {}),
      };
    },
  };
}

/** Options for variants that take none: `{}` only. */
export function noOptions(name: string) {
  return (input: unknown): Result<Record<string, never>> => {
    if (input === undefined || input === null) return ok({});
    if (typeof input !== 'object' || Array.isArray(input)) return err('options', `${name} options must be a JSON object`);
    const keys = Object.keys(input);
    if (keys.length) return err('options', `${name} has no options; unknown option "${keys[0]}"`);
    return ok({});
  };
}
