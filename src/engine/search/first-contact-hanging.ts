// First Contact: pieces the side to move cannot all keep (a tuning term, tuning.ts's `hanging`).
// Quiescence lets the side to move stand pat: it assumes one quiet turn keeps what is attacked,
// and then searches only captures. Two of its pieces en prise at once (a fork, often by a drop,
// which quiescence never tries) cost it the lesser of them, and the static evaluation does not
// know. This term takes each piece of the side to move that the opponent attacks either
// undefended (its value lost) or with a cheaper piece (the difference lost), and charges the
// second largest such loss: the largest, one turn can save. Each side's cheapest attacker per
// cell is walked out from its pieces like st3d-eval.ts's targets, but own pieces count too
// (a defended cell). Pure: no Workers, Hono or storage.
import { geometry, type Geometry, MAX_LEAPS, NUM_CELLS, NUM_DIRS } from '../st3d/field.ts';
import type { St3dMove } from '../st3d/move.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { LIVE_SLIDE_FROM, LIVE_SLIDE_TO, LIVE_STEP_FROM, LIVE_STEP_TO } from '../st3d/standard.ts';
import { BLACK_BIT, EMPTY, KING, KNIGHT, PAWN } from '../piece-codes.ts';
import type { SearchRules } from './rules.ts';

/** Centipawns by role code (the evaluation's; a king attacks as the dearest piece: it may only take what is undefended). */
const VALUE = [0, 2000, 950, 500, 340, 330, 100];
const NONE = 0x7fff;
/** Each side's cheapest attacker per cell (White's, Black's), NONE where it has none. */
const cheapest = [new Int16Array(NUM_CELLS), new Int16Array(NUM_CELLS)];

function mark(map: Int16Array, cell: number, value: number): void {
  if (value < map[cell]!) map[cell] = value;
}

/** Mark the cells the piece on `cell` attacks (whatever stands there) in its side's map. */
function attacksOf(board: Int8Array, geo: Geometry, cell: number, map: Int16Array): void {
  const role = board[cell]! & 7;
  const value = VALUE[role]!;
  const { next, liveTo, liveAt, liveDir } = geo;
  const base = cell * NUM_DIRS;
  const at = cell * 4;
  if (role === PAWN) {
    for (let i = base + liveAt[at + 1]!, end = base + liveAt[at + 3]!; i < end; i++) mark(map, liveTo[i]!, value);
    return;
  }
  if (role === KNIGHT) {
    for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
      const to = geo.knightTo[i]!;
      if (to < 0) break;
      mark(map, to, value);
    }
    return;
  }
  for (let i = base + liveAt[at + LIVE_STEP_FROM[role]!]!, end = base + liveAt[at + LIVE_STEP_TO[role]!]!; i < end; i++) mark(map, liveTo[i]!, value);
  for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
    const d = liveDir[i]!;
    for (let to = liveTo[i]!; to >= 0; to = next[to * NUM_DIRS + d]!) {
      mark(map, to, value);
      if (board[to] !== EMPTY) break;
    }
  }
}

/** The two largest losses (see hangingLoss), written by moverLosses. */
export const losses = new Int32Array(2);

/**
 * The two largest losses among the side to move's pieces (not the king) that the opponent
 * attacks, in centipawns, into `losses`: a piece's value when it is undefended, else its value
 * less its cheapest attacker's.
 */
export function moverLosses(pos: St3dPosition, geo: Geometry = geometry(pos.platforms)): Int32Array {
  const board = pos.board;
  cheapest[0]!.fill(NONE);
  cheapest[1]!.fill(NONE);
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const code = board[cell]!;
    if (code !== EMPTY) attacksOf(board, geo, cell, cheapest[code & BLACK_BIT ? 1 : 0]!);
  }
  const mover = pos.turn === 'white' ? 0 : 1;
  const own = cheapest[mover]!;
  const enemy = cheapest[1 - mover]!;
  let first = 0;
  let second = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const code = board[cell]!;
    if (code === EMPTY || (code & BLACK_BIT ? 1 : 0) !== mover || (code & 7) === KING) continue;
    const by = enemy[cell]!;
    if (by === NONE) continue;
    const value = VALUE[code & 7]!;
    const loss = own[cell] === NONE ? value : value - by;
    if (loss <= 0) continue;
    if (loss > first) {
      second = first;
      first = loss;
    } else if (loss > second) second = loss;
  }
  losses[0] = first;
  losses[1] = second;
  return losses;
}

/** What the side to move stands to lose besides what one turn saves: the second largest loss. */
export const hangingLoss = (pos: St3dPosition): number => moverLosses(pos)[1]!;

/** First Contact's rules with the term: `percent` of hangingLoss taken off the side to move's evaluation. */
export function withHanging(rules: SearchRules<St3dPosition, St3dMove>, percent: number): SearchRules<St3dPosition, St3dMove> {
  return {
    ...rules,
    evaluate: (pos) => {
      const base = rules.evaluate(pos);
      if (pos.unplaced) return base;
      const loss = hangingLoss(pos);
      return loss ? base - Math.round((loss * percent) / 100) : base;
    },
  };
}
