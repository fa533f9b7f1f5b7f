// Warp Factor (rules.md section 3): Franz Joseph's start position, warp
// leaps to same-named vacant cells, owned empty platforms move anywhere.
import { colorName, drawOutcome, opposite, ROLE_NAMES, winOutcome, variantTitle } from '../types.ts';
import { applySt3dMove } from './apply.ts';
import { cellName, fixedLocal, geometry, isFixed, levelOf, NO_PLATFORM, NUM_CELLS, NUM_PINS, pinName, pinOf, platformCell, platformLocal } from './field.ts';
import { pieceMove, platformMove, unlike, type St3dMove } from './move.ts';
import { BLACK_BIT, colorOf, EMPTY, KING, roleOf } from '../piece-codes.ts';
import { parseSt3dPosition, type St3dPosition } from './position.ts';
import { explainKingExposed, explainUnreachable, keepKingSafe, kingAttacked, kingAttacker, markedPieceMoves, pieceMoves, pieceTargets } from './standard.ts';
import { foreignFieldProblem } from './setup.ts';
import { hasLegalMove, makeSt3dVariant, noOptions } from './variant.ts';

const WARP_FACTOR_START = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';

const START = (() => {
  const parsed = parseSt3dPosition(WARP_FACTOR_START, 'owner', 'count');
  if (!parsed.ok) throw new Error(`Warp Factor start position: ${parsed.error.message}`);
  return parsed.value;
})();

const ownerTag = (pos: St3dPosition) => (pos.turn === 'white' ? 1 : 2);

/**
 * The warps of the piece on `from` to same-named vacant cells on the other fixed levels or the
 * other platforms, except those `ordinary` lists (the same cell by ordinary movement is the same turn).
 */
function addWarps(pos: St3dPosition, from: number, stamp: number, moves: St3dMove[]): void {
  if (isFixed(from)) {
    const level = levelOf(from);
    for (let other = 0; other < 3; other++) if (other !== level) addWarp(pos, from, other * 16 + fixedLocal(from), stamp, moves);
  } else {
    const local = platformLocal(from);
    const pin = pinOf(from);
    for (let other = 0; other < NUM_PINS; other++)
      if (other !== pin && pos.platforms[other] !== NO_PLATFORM) addWarp(pos, from, platformCell(other, local & 1, local >> 1), stamp, moves);
  }
}

function addWarp(pos: St3dPosition, from: number, to: number, stamp: number, moves: St3dMove[]): void {
  if (pos.board[to] === EMPTY && ordinary[from * NUM_CELLS + to] !== stamp) moves.push(pieceMove(from, to));
}

const isEmptyPlatform = (pos: St3dPosition, pin: number) => {
  for (let local = 0; local < 4; local++) if (pos.board[platformCell(pin, local & 1, local >> 1)] !== EMPTY) return false;
  return true;
};

/** `ordinary[from * NUM_CELLS + to] === ordinaryStamp`: pseudoMoves listed that move by ordinary movement. */
const ordinary = new Int32Array(NUM_CELLS * NUM_CELLS);
let ordinaryStamp = 0;

/** The turns before the own-king test; only those `like` a candidate if given. */
function pseudoMoves(pos: St3dPosition, like?: St3dMove): St3dMove[] {
  const geo = geometry(pos.platforms);
  const moves: St3dMove[] = [];
  const own = pos.turn === 'black' ? BLACK_BIT : 0;
  const stamp = ++ordinaryStamp;
  if (like === undefined) markedPieceMoves(pos, geo, moves, ordinary, stamp);
  else {
    pieceMoves(pos, geo, moves, like);
    for (const m of moves) if (m.kind === 'move') ordinary[m.from * NUM_CELLS + m.to] = stamp;
  }
  for (const from of geo.present) {
    const code = pos.board[from]!;
    if (code !== EMPTY && (code & BLACK_BIT) === own && (code & 7) !== KING && !unlike(like, 'move', from)) addWarps(pos, from, stamp, moves);
  }
  for (let from = 0; from < NUM_PINS && !unlike(like, 'platform'); from++) {
    if (pos.platforms[from] === NO_PLATFORM || pos.tags[from] !== ownerTag(pos) || !isEmptyPlatform(pos, from)) continue;
    for (let to = 0; to < NUM_PINS; to++) {
      if (to === from || pos.platforms[to] !== NO_PLATFORM) continue;
      moves.push(platformMove(from, to, true), platformMove(from, to, false));
    }
  }
  return moves;
}

const keepLegal = (pos: St3dPosition, moves: St3dMove[]) => keepKingSafe(pos, moves, false);
const legalMoves = (pos: St3dPosition): St3dMove[] => keepLegal(pos, pseudoMoves(pos));
const anyLegal = (pos: St3dPosition) => hasLegalMove(pseudoMoves(pos), (moves) => keepLegal(pos, moves));

function explain(pos: St3dPosition, move: St3dMove): string {
  const mover = pos.turn;
  const exposed = () => explainKingExposed(applySt3dMove(pos, move, false), mover);
  switch (move.kind) {
    case 'place':
      return 'in Warp Factor the platforms start on the field; move one of yours like Wa1u-Na4d';
    case 'drop':
      return 'Warp Factor has no pieces in hand to drop';
    case 'platform': {
      const { from, to } = move;
      if (pos.tags[from] !== ownerTag(pos)) return `the platform on ${pinName(from)} belongs to ${pos.tags[from] === 1 ? 'White' : 'Black'}`;
      if (!isEmptyPlatform(pos, from)) return `the platform on ${pinName(from)} is not empty`;
      if (to === from) return 'a platform moves to another vacant pin; it cannot flip in place';
      if (pos.platforms[to] !== NO_PLATFORM) return `pin ${pinName(to)} already holds a platform`;
      return exposed() ?? 'that platform move is not allowed';
    }
    case 'move': {
      if (move.platform) return 'only Curved Space (platformMoves after-capture) combines a capture with a platform move';
      const code = pos.board[move.from]!;
      const fromName = cellName(move.from, pos.platforms);
      if (code === EMPTY) return `there is no piece on ${fromName}`;
      if (colorOf(code) !== mover) return `the ${ROLE_NAMES[roleOf(code)]} on ${fromName} is ${colorName(colorOf(code))}'s`;
      const geo = geometry(pos.platforms);
      const targets: number[] = [];
      pieceTargets(pos, geo, move.from, targets);
      if (targets.includes(move.to)) return exposed() ?? 'that move is not allowed';
      const sameName = isFixed(move.from)
        ? isFixed(move.to) && fixedLocal(move.to) === fixedLocal(move.from)
        : !isFixed(move.to) && platformLocal(move.to) === platformLocal(move.from);
      if (sameName) {
        if ((code & 7) === KING) return 'the king cannot warp';
        if (pos.board[move.to] !== EMPTY) return `a warp leap must land on a vacant cell; ${cellName(move.to, pos.platforms)} is occupied`;
        return exposed() ?? 'that warp is not allowed';
      }
      return explainUnreachable(pos, geo, move.from, move.to);
    }
  }
}

/** Warp Factor's own set-up rules: everything stands on the field, two platforms each. */
function setupProblem(pos: St3dPosition): string | undefined {
  const foreign = foreignFieldProblem(pos, 'Warp Factor', { lock: false, afterCapture: false });
  if (foreign) return foreign;
  if (pos.unplaced) return 'Warp Factor platforms start on the field: none is left to place (write "-")';
  if (pos.hands.some((n) => n > 0)) return 'Warp Factor has no pieces in hand: every piece stands on the field (write "-" for the hands)';
  const owned = [1, 2].map((owner) => pos.tags.reduce((n, tag, pin) => n + (tag === owner && pos.platforms[pin] !== NO_PLATFORM ? 1 : 0), 0));
  if (owned[0] !== 2 || owned[1] !== 2) return `each side owns two platforms in Warp Factor; here White owns ${owned[0]} and Black ${owned[1]}`;
  return undefined;
}

export const warpFactor = makeSt3dVariant({
  name: 'warp-factor',
  title: variantTitle('warp-factor'),
  tagStyle: 'owner',
  unplacedStyle: 'count',
  lock: false,
  parseOptions: noOptions(variantTitle('warp-factor')),
  initial: () => START,
  phase: () => 'play',
  legalMoves,
  pseudoMoves,
  keepLegal,
  isCheck: (pos) => kingAttacked(pos, pos.turn),
  kingAttacker,
  setupProblem,
  outcome(pos) {
    if (anyLegal(pos)) return undefined;
    return kingAttacked(pos, pos.turn) ? winOutcome(opposite(pos.turn), 'checkmate') : drawOutcome('stalemate');
  },
  suffix(pos, _move, next) {
    if (!kingAttacked(next, opposite(pos.turn))) return '';
    return anyLegal(next) ? '+' : '#';
  },
  explain,
});
