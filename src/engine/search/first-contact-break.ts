// First Contact: breaking a settled position, for the side that searches deeper (tuning terms,
// tuning.ts's `trade`, `advance`, `bridge`, `lead` and `progress`).
// Between level 6 and level 5 most games that are not won by ply 120 are never won: both sides
// wall their kings in with the pieces they dropped, and 400 plies pass without a capture. Since a
// check wins, each piece off the board is a wall stone less, and the side that reads more plies
// finds the checks of an open position first. This term gives `us` (the side searching at the
// root) `weight` centipawns per 100 of material gone from the game (both sides', board and hands),
// so it prefers an even trade to a quiet turn, and loses less by a trade than by the piece it gives.
// `advance`: in the drawn games both armies stay on their own levels and the neutral level between
// them stays empty (no capture can be had, so `trade` finds none); this term gives `us` `weight`
// centipawns per level its pieces (not the king) stand out from its own level toward the
// opponent's, half a level for a platform above or below a level, so its pieces go to meet the
// enemy's and the search has contact to read.
// `bridge`: the fixed levels lie two heights apart, so a piece changes level only through a
// platform; the drawn games are mostly ones where by ply 40-80 the platforms stand so that no path
// leads from one side's level to the other's king (platforms filled with pieces never move again).
// This term gives `us` `weight` centipawns while a path of cells (steps or knight leaps, whatever
// stands on them) leads from its own level to the enemy king, so it keeps or makes one.
// Pure: no Workers, Hono or storage.
import { DOWN, geometry, type Geometry, isFixed, levelOf, MAX_LEAPS, NUM_CELLS, NUM_DIRS, pinOf, UP } from '../st3d/field.ts';
import { OWN_LEVEL } from '../st3d/position.ts';
import type { St3dMove } from '../st3d/move.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { BLACK_BIT, EMPTY, KING } from '../piece-codes.ts';
import type { SearchRules } from './rules.ts';

/** Centipawns by role code (the evaluation's; the king counts nothing: it never leaves). */
const VALUE = [0, 0, 950, 500, 340, 330, 100];
/** Both standard sets: 2 x (Q + 2R + 2B + 2N + 8P). */
export const FULL_MATERIAL = 2 * (950 + 2 * 500 + 2 * 340 + 2 * 330 + 8 * 100);

/** Material of both sides, on the board and in hand, in centipawns. */
export function totalMaterial(pos: St3dPosition): number {
  let total = 0;
  const board = pos.board;
  for (let cell = 0; cell < board.length; cell++) {
    const code = board[cell]!;
    if (code !== EMPTY) total += VALUE[code & 7]!;
  }
  // hands: White's K Q R B N P, then Black's (handIndex).
  for (let i = 0; i < 12; i++) total += pos.hands[i]! * VALUE[(i % 6) + 1]!;
  return total;
}

/** The gain of `us` from material gone: `weight` per 100 centipawns. */
export const tradeGain = (pos: St3dPosition, weight: number): number => ((FULL_MATERIAL - totalMaterial(pos)) * weight) / 100;

export function withTrade(rules: SearchRules<St3dPosition, St3dMove>, us: 'white' | 'black', weight: number): SearchRules<St3dPosition, St3dMove> {
  return {
    ...rules,
    evaluate: (pos) => rules.evaluate(pos) + (pos.turn === us ? 1 : -1) * tradeGain(pos, weight),
  };
}

/** `us`'s pieces' (not the king's) half-levels out from its own level toward the opponent's, summed. */
export function advanceOf(pos: St3dPosition, us: 'white' | 'black'): number {
  const board = pos.board;
  const mine = us === 'white' ? 0 : BLACK_BIT;
  let sum = 0;
  for (let cell = 0; cell < board.length; cell++) {
    const code = board[cell]!;
    if (code === EMPTY || (code & BLACK_BIT) !== mine || (code & 7) === KING) continue;
    let height = 2 * levelOf(cell);
    if (!isFixed(cell)) {
      const state = pos.platforms[pinOf(cell)]!;
      height += state === UP ? 1 : state === DOWN ? -1 : 0;
    }
    const out = us === 'white' ? height : 4 - height;
    if (out > 0) sum += out;
  }
  return sum;
}

export function withAdvance(rules: SearchRules<St3dPosition, St3dMove>, us: 'white' | 'black', weight: number): SearchRules<St3dPosition, St3dMove> {
  return {
    ...rules,
    evaluate: (pos) => rules.evaluate(pos) + ((pos.turn === us ? 1 : -1) * weight * advanceOf(pos, us)) / 2,
  };
}

/** Per arrangement of platforms, per side: which cells a path leads to from the side's own level (1) or not (0). */
const reachCache = new WeakMap<Geometry, [Uint8Array | undefined, Uint8Array | undefined]>();

/** The cells a path of steps and knight leaps (ignoring what stands there) reaches from `side`'s own level. */
export function reachFromHome(geo: Geometry, side: 'white' | 'black'): Uint8Array {
  let entry = reachCache.get(geo);
  if (!entry) reachCache.set(geo, (entry = [undefined, undefined]));
  const index = side === 'white' ? 0 : 1;
  const known = entry[index];
  if (known) return known;
  const reached = new Uint8Array(NUM_CELLS);
  const queue: number[] = [];
  const home = OWN_LEVEL[side];
  for (let cell = 0; cell < NUM_CELLS; cell++)
    if (isFixed(cell) && levelOf(cell) === home) {
      reached[cell] = 1;
      queue.push(cell);
    }
  const { liveTo, liveAt, knightTo } = geo;
  for (let q = 0; q < queue.length; q++) {
    const cell = queue[q]!;
    for (let i = cell * NUM_DIRS + liveAt[cell * 4]!, end = cell * NUM_DIRS + liveAt[cell * 4 + 3]!; i < end; i++) {
      const to = liveTo[i]!;
      if (!reached[to]) {
        reached[to] = 1;
        queue.push(to);
      }
    }
    for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
      const to = knightTo[i]!;
      if (to < 0) break;
      if (!reached[to]) {
        reached[to] = 1;
        queue.push(to);
      }
    }
  }
  entry[index] = reached;
  return reached;
}

/** Does a path lead from `us`'s own level to the enemy king (false while it is in hand)? */
export function bridged(pos: St3dPosition, us: 'white' | 'black'): boolean {
  const king = pos.board.indexOf(KING + (us === 'white' ? BLACK_BIT : 0));
  return king >= 0 && reachFromHome(geometry(pos.platforms), us)[king] === 1;
}

export function withBridge(rules: SearchRules<St3dPosition, St3dMove>, us: 'white' | 'black', weight: number): SearchRules<St3dPosition, St3dMove> {
  return {
    ...rules,
    evaluate: (pos) => rules.evaluate(pos) + (bridged(pos, us) ? (pos.turn === us ? weight : -weight) : 0),
  };
}

/** `us`'s material minus the opponent's, board and hand, in centipawns. */
export function leadOf(pos: St3dPosition, us: 'white' | 'black'): number {
  let lead = 0;
  const board = pos.board;
  const mine = us === 'white' ? 0 : BLACK_BIT;
  for (let cell = 0; cell < board.length; cell++) {
    const code = board[cell]!;
    if (code !== EMPTY) lead += ((code & BLACK_BIT) === mine ? 1 : -1) * VALUE[code & 7]!;
  }
  for (let i = 0; i < 12; i++) lead += (i < 6 === (us === 'white') ? 1 : -1) * pos.hands[i]! * VALUE[(i % 6) + 1]!;
  return lead;
}

/**
 * `lead=N`: trading down when ahead. `us` gains N% of its material lead times the share of the
 * full material gone from the game, so with a lead each trade is worth more to it (and with a
 * deficit less), and a lead of a few points is turned into fewer walls round the enemy king.
 */
export const leadGain = (pos: St3dPosition, us: 'white' | 'black', weight: number): number =>
  (((leadOf(pos, us) * weight) / 100) * (FULL_MATERIAL - totalMaterial(pos))) / FULL_MATERIAL;

export function withLead(rules: SearchRules<St3dPosition, St3dMove>, us: 'white' | 'black', weight: number): SearchRules<St3dPosition, St3dMove> {
  return {
    ...rules,
    evaluate: (pos) => rules.evaluate(pos) + (pos.turn === us ? 1 : -1) * leadGain(pos, us, weight),
  };
}

/** Plies since the last capture of a game's turns (all of them if none). */
export function quietPlies(texts: readonly string[]): number {
  let n = 0;
  for (let i = texts.length - 1; i >= 0 && !texts[i]!.includes('x'); i--) n++;
  return n;
}

/**
 * `progress=N`: as an engine that knows a fifty-move rule, the evaluation shrinks toward 0 as plies
 * pass without a capture (to a quarter at N quiet plies and beyond), except in lines that capture
 * (material below the root's): so with the better position the searching side prefers the line
 * that changes the position to the one that keeps it, and a settled lead is worth less than its
 * conversion. `quiet` is the root's plies since the last capture, `rootMaterial` its totalMaterial.
 */
export const progressFactor = (quiet: number, plies: number): number => Math.max(0.25, 1 - quiet / plies);

export function withProgress(
  rules: SearchRules<St3dPosition, St3dMove>,
  rootMaterial: number,
  quiet: number,
  plies: number,
): SearchRules<St3dPosition, St3dMove> {
  const factor = progressFactor(quiet, plies);
  if (factor === 1) return rules;
  return {
    ...rules,
    evaluate: (pos) => {
      const score = rules.evaluate(pos);
      return totalMaterial(pos) < rootMaterial ? score : score * factor;
    },
  };
}
