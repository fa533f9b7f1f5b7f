// First Contact: how an attack on the king is built. A check wins there, so a side that could
// check next turn holds a threat the side to move must parry, and two threats from different
// places are hard to parry with one turn. evaluate() (st3d-eval.ts) sees the checks of the side to
// move only through quiescence (it wins at once); this term reads the other side's: the cells
// from which a piece would attack the mover's king (lines walked out from the king, stopping at
// the first piece; steps; knight leaps) and which of them the opponent can reach next turn with a
// piece that attacks from there, by a move or by a drop, and the pieces that uncover a line.
// Pure: no Workers, Hono or storage.
import { DIAGONAL_LEVEL, geometry, type Geometry, MAX_LEAPS, NUM_CELLS, NUM_DIRS, ORTHOGONAL, TRIAGONAL } from '../st3d/field.ts';
import { OWN_LEVEL, type St3dPosition } from '../st3d/position.ts';
import type { St3dMove } from '../st3d/move.ts';
import type { SearchRules } from './rules.ts';
import { attacked } from './st3d-eval.ts';
import { BISHOP, BLACK_BIT, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../piece-codes.ts';

/** Role bits (1 << role code). */
const Q = 1 << QUEEN;
const R = 1 << ROOK;
const B = 1 << BISHOP;
const N = 1 << KNIGHT;
const P = 1 << PAWN;
/** A line's role bits, a step's, by direction class: which pieces attack the king from there. */
const ORTHO_FAR = Q | R;
const ORTHO_NEAR = Q | R;
const DIAG_FAR = Q | B;
const DIAG_NEAR = Q | B | P;
const TRIAG_NEAR = Q | B | P;

export interface AttackWeights {
  /** Per cell from which the opponent could attack the mover's king next turn (at most `cap` counted). */
  readonly threat: number;
  /** Once two or more such cells come from two or more sources (pieces, the hand, an uncovered line). */
  readonly double: number;
  readonly cap: number;
  /** Per cell from which a piece would attack a king that the other side's pieces reach. */
  readonly pressure: number;
}

export const ATTACK_WEIGHTS: AttackWeights = { threat: 30, double: 120, cap: 4, pressure: 6 };

/** By cell: the role bits that would attack the king from there (0: none, or not reachable by a check). */
const checkFrom = new Uint8Array(NUM_CELLS);
/** Cells already counted as threats in this call (stamped). */
const seen = new Uint32Array(NUM_CELLS);
let stamp = 0;

/**
 * Fill checkFrom for `king`: each cell from which a piece would attack it (lines walked out to
 * the first piece, steps, knight leaps), with the role bits that would. Returns how many of
 * `enemy`'s pieces stand on such a line with `enemy`'s slider of that line behind them (moving
 * them uncovers a check).
 */
function markCheckCells(board: Int8Array, geo: Geometry, king: number, enemy: number): number {
  const next = geo.next;
  let uncovering = 0;
  const line = (dirs: readonly number[], near: number, far: number, sliders: number) => {
    for (const d of dirs) {
      let c = next[king * NUM_DIRS + d]!;
      let bits = near;
      while (c >= 0) {
        checkFrom[c]! |= bits;
        bits = far;
        const code = board[c]!;
        if (code !== EMPTY) {
          if ((code & BLACK_BIT) === enemy) {
            let b = next[c * NUM_DIRS + d]!;
            while (b >= 0 && board[b] === EMPTY) b = next[b * NUM_DIRS + d]!;
            if (b >= 0 && (board[b]! & BLACK_BIT) === enemy && (1 << (board[b]! & 7)) & sliders) uncovering++;
          }
          break;
        }
        c = next[c * NUM_DIRS + d]!;
      }
    }
  };
  line(ORTHOGONAL, ORTHO_NEAR, ORTHO_FAR, Q | R);
  line(DIAGONAL_LEVEL, DIAG_NEAR, DIAG_FAR, Q | B);
  for (const d of TRIAGONAL) {
    const c = next[king * NUM_DIRS + d]!;
    if (c >= 0) checkFrom[c]! |= TRIAG_NEAR;
  }
  const knightFrom = geo.knightFrom;
  for (let i = king * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
    const c = knightFrom[i]!;
    if (c < 0) break;
    checkFrom[c]! |= N;
  }
  return uncovering;
}

/**
 * Pressure on `king` (of the side `BLACK_BIT ^ enemy`): how many cells from which a piece would
 * attack it the enemy's pieces reach (`enemyMap`: the cells they move to), whatever the piece.
 */
export function kingPressure(board: Int8Array, geo: Geometry, king: number, enemy: number, enemyMap: Uint8Array): number {
  checkFrom.fill(0);
  markCheckCells(board, geo, king, enemy);
  let n = 0;
  for (const c of geo.present) if (checkFrom[c] && enemyMap[c]) n++;
  return n;
}

export interface Threats {
  /** Distinct cells from which the side not to move could attack the mover's king next turn. */
  readonly cells: number;
  /** Distinct sources of them: pieces on the board (a piece uncovering a line counts), and the hand. */
  readonly sources: number;
}

/**
 * The threats against the king of the side to move: what the opponent could check with if it
 * moved now. Approximate (the opponent's own king's safety and pins are not read), cheap: one
 * walk out from the king and one over the opponent's pieces' targets.
 */
export function threatsAgainstMover(pos: St3dPosition, geo: Geometry = geometry(pos.platforms)): Threats {
  const board = pos.board;
  const mover = pos.turn === 'white' ? 0 : BLACK_BIT;
  const king = board.indexOf(KING + mover);
  if (king < 0) return { cells: 0, sources: 0 };
  const enemy = mover ^ BLACK_BIT;
  const next = geo.next;
  if (++stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 1;
  }
  checkFrom.fill(0);
  let cells = markCheckCells(board, geo, king, enemy);
  let sources = cells;
  // Drops onto the attacker's own level.
  const side = enemy ? 1 : 0;
  let hand = 0;
  for (let role = QUEEN; role <= PAWN; role++) if (pos.hands[side * 6 + role - 1]! > 0) hand |= 1 << role;
  if (hand) {
    const level = OWN_LEVEL[enemy ? 'black' : 'white'] * 16;
    let fromHand = false;
    for (let c = level; c < level + 16; c++)
      if (checkFrom[c]! & hand && board[c] === EMPTY && seen[c] !== stamp) {
        seen[c] = stamp;
        cells++;
        fromHand = true;
      }
    if (fromHand) sources++;
  }
  // The attacker's pieces: a target from which the piece's role attacks the king.
  const { px, py, ph } = geo;
  for (const from of geo.present) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== enemy) continue;
    const role = code & 7;
    if (role === KING) continue;
    const bit = 1 << role;
    const far = Math.max(Math.abs(px[from]! - px[king]!), Math.abs(py[from]! - py[king]!), Math.abs(ph[from]! - ph[king]!));
    // A pawn lands next to the king (one step away at most: a distance of 2), a knight a leap from it (4).
    if ((role === PAWN && far > 2) || (role === KNIGHT && far > 4)) continue;
    let found = 0;
    const count = (to: number) => {
      if (checkFrom[to]! & bit) {
        found++;
        if (seen[to] !== stamp) {
          seen[to] = stamp;
          cells++;
        }
      }
    };
    const base = from * NUM_DIRS;
    if (role === PAWN) {
      for (const d of ORTHOGONAL) {
        const to = next[base + d]!;
        if (to >= 0 && board[to] === EMPTY) count(to);
      }
      for (const d of DIAGONAL_LEVEL) {
        const to = next[base + d]!;
        if (to >= 0 && board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== enemy) count(to);
      }
      for (const d of TRIAGONAL) {
        const to = next[base + d]!;
        if (to >= 0 && board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== enemy) count(to);
      }
    } else if (role === KNIGHT) {
      const table = geo.knightTo;
      for (let i = from * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
        const to = table[i]!;
        if (to < 0) break;
        if (board[to] === EMPTY || (board[to]! & BLACK_BIT) !== enemy) count(to);
      }
    } else {
      if (role !== ROOK)
        for (const d of TRIAGONAL) {
          const to = next[base + d]!;
          if (to >= 0 && (board[to] === EMPTY || (board[to]! & BLACK_BIT) !== enemy)) count(to);
        }
      const slide = (dirs: readonly number[]) => {
        for (const d of dirs)
          for (let to = next[base + d]!; to >= 0; to = next[to * NUM_DIRS + d]!) {
            const target = board[to]!;
            if (target === EMPTY) count(to);
            else {
              if ((target & BLACK_BIT) !== enemy) count(to);
              break;
            }
          }
      };
      if (role !== BISHOP) slide(ORTHOGONAL);
      if (role !== ROOK) slide(DIAGONAL_LEVEL);
    }
    if (found) sources++;
  }
  return { cells, sources };
}

/**
 * The term, from the side to move: what the opponent's threats cost it, and the pressure of each
 * side on the other's king. `attacked`: each side's move targets (White's, Black's) as the
 * evaluation just marked them for this position, or undefined (no pressure read).
 */
export function firstContactAttack(pos: St3dPosition, attacked?: readonly Uint8Array[], w: AttackWeights = ATTACK_WEIGHTS): number {
  const geo = geometry(pos.platforms);
  let score = 0;
  if (w.pressure && attacked) {
    const board = pos.board;
    const mover = pos.turn === 'white' ? 0 : 1;
    for (let side = 0; side < 2; side++) {
      const king = board.indexOf(KING + (side ? BLACK_BIT : 0));
      if (king < 0) continue;
      const n = kingPressure(board, geo, king, side ? 0 : BLACK_BIT, attacked[1 - side]!);
      score += (side === mover ? -1 : 1) * n * w.pressure;
    }
  }
  if (!w.threat && !w.double) return score;
  const { cells, sources } = threatsAgainstMover(pos, geo);
  if (!cells) return score;
  return score - (w.threat * Math.min(cells, w.cap) + (cells >= 2 && sources >= 2 ? w.double : 0));
}

/**
 * First Contact's search knowledge with this term added to its evaluation, which reads the move
 * targets the evaluation just marked (st3d-eval.ts `attacked`). A tuning option (tuning.ts), no level's.
 */
export function withAttackTerm(rules: SearchRules<St3dPosition, St3dMove>): SearchRules<St3dPosition, St3dMove> {
  return { ...rules, evaluate: (pos) => rules.evaluate(pos) + firstContactAttack(pos, attacked) };
}

/**
 * Aggression (tuning: `aggression=N`), for a side that searches deeper than its opponent: N per
 * cell around the enemy king, from which a piece would attack it, that `us`'s pieces reach - `us`'s
 * own pressure only, not the opponent's. Where both sides wall their kings in, the deeper search
 * gains nothing; drawing pieces into contact gives it tactics to find.
 */
export function withAggression(rules: SearchRules<St3dPosition, St3dMove>, us: 'white' | 'black', weight: number): SearchRules<St3dPosition, St3dMove> {
  const side = us === 'white' ? 0 : 1;
  const enemyKing = KING + (side ? 0 : BLACK_BIT);
  return {
    ...rules,
    evaluate: (pos) => {
      const base = rules.evaluate(pos);
      const king = pos.board.indexOf(enemyKing);
      if (king < 0) return base;
      const n = kingPressure(pos.board, geometry(pos.platforms), king, side ? BLACK_BIT : 0, attacked[side]!);
      return base + (pos.turn === us ? 1 : -1) * n * weight;
    },
  };
}
