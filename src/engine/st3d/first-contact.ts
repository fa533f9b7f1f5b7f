// First Contact (rules.md section 2): platforms placed, kings placed, then
// drops, piece moves and platform moves; the first move attacking the
// opposing king wins.
import { colorName, drawOutcome, opposite, ROLE_NAMES, ROLES, STANDARD_SET, winOutcome, type Role, COLORS, variantTitle } from '../types.ts';
import { applySt3dMove } from './apply.ts';
import { adjacentPins, cellName, geometry, isFixed, levelOf, LEVELS, NO_PLATFORM, NUM_PINS, pinName, platformCell, UP } from './field.ts';
import { dropMove, platformMove, unlike, type St3dMove } from './move.ts';
import { BLACK_BIT, colorOf, EMPTY, handIndex, PAWN, roleOf } from '../piece-codes.ts';
import { clonePosition, emptyPosition, kingInHand, OWN_LEVEL, unplacedNumbers, type St3dPosition } from './position.ts';
import { explainKingExposed, explainUnreachable, keepKingSafe, kingAttacked, kingAttacker, pieceMoves, pieceTargets } from './standard.ts';
import { foreignFieldProblem, openingPhaseProblem, placedPlatforms } from './setup.ts';
import { hasLegalMove, makeSt3dVariant, noOptions } from './variant.ts';

export function handsWithStandardSets(pos: ReturnType<typeof clonePosition>): void {
  for (const color of COLORS) for (const role of ROLES) pos.hands[handIndex(color, role)] = STANDARD_SET[role];
}

function initial(): St3dPosition {
  const pos = clonePosition(emptyPosition());
  handsWithStandardSets(pos);
  pos.unplaced = 0b11110; // four anonymous platforms
  return pos;
}

function phase(pos: St3dPosition): string {
  if (pos.unplaced) return 'platforms';
  if (kingInHand(pos, pos.turn)) return 'kings';
  return 'play';
}

/** Pieces standing on the platform at `pin`. */
function platformContents(pos: St3dPosition, pin: number): number[] {
  const cells: number[] = [];
  for (let local = 0; local < 4; local++) {
    const cell = platformCell(pin, local & 1, local >> 1);
    if (pos.board[cell] !== EMPTY) cells.push(cell);
  }
  return cells;
}

/** Platform moves allowed to the side to move, before king safety, added to `moves`. */
export function addPlatformMoves(pos: St3dPosition, moves: St3dMove[]): void {
  const pawn = PAWN + (pos.turn === 'black' ? BLACK_BIT : 0);
  for (let pin = 0; pin < NUM_PINS; pin++) {
    const state = pos.platforms[pin]!;
    if (state === NO_PLATFORM || pin === pos.lockedPin) continue;
    let count = 0;
    let carried = EMPTY;
    for (let local = 0; local < 4; local++) {
      const code = pos.board[platformCell(pin, local & 1, local >> 1)]!;
      if (code !== EMPTY) {
        count++;
        carried = code;
      }
    }
    const up = state === UP;
    if (count === 1 && carried === pawn) {
      for (const to of adjacentPins(pin)) if (pos.platforms[to] === NO_PLATFORM) moves.push(platformMove(pin, to, up));
    } else if (count === 0) {
      moves.push(platformMove(pin, pin, !up));
      for (const to of adjacentPins(pin)) if (pos.platforms[to] === NO_PLATFORM) moves.push(platformMove(pin, to, !up));
    }
  }
}

/** The turns before the own-king test (the search looks for a winning check among them); only those `like` a candidate if given. */
export function pseudoMoves(pos: St3dPosition, like?: St3dMove): St3dMove[] {
  const moves: St3dMove[] = [];
  if (pos.unplaced) {
    for (let pin = 0; pin < NUM_PINS; pin++)
      if (pos.platforms[pin] === NO_PLATFORM) {
        moves.push({ kind: 'place', pin, up: true, number: 0 });
        moves.push({ kind: 'place', pin, up: false, number: 0 });
      }
    return moves;
  }
  const level = OWN_LEVEL[pos.turn];
  const dropRoles: Role[] = unlike(like, 'drop') ? [] : kingInHand(pos, pos.turn) ? ['K'] : ROLES.filter((r) => pos.hands[handIndex(pos.turn, r)]! > 0);
  for (const role of dropRoles)
    for (let local = 0; local < 16; local++) {
      const to = level * 16 + local;
      if (pos.board[to] === EMPTY) moves.push(dropMove(role, to));
    }
  if (kingInHand(pos, pos.turn)) return moves;
  if (!unlike(like, 'move')) pieceMoves(pos, geometry(pos.platforms), moves, like);
  if (!unlike(like, 'platform')) addPlatformMoves(pos, moves);
  return moves;
}

// The game ended with the move that attacked this side's king: nothing to play.
const candidates = (pos: St3dPosition, like?: St3dMove): St3dMove[] => (kingAttacked(pos, pos.turn) ? [] : pseudoMoves(pos, like));
const keepLegal = (pos: St3dPosition, moves: St3dMove[]) => keepKingSafe(pos, moves, true);
const legalMoves = (pos: St3dPosition): St3dMove[] => keepKingSafe(pos, pseudoMoves(pos), true, true);

function explain(pos: St3dPosition, move: St3dMove): string {
  const mover = pos.turn;
  const next = () => explainKingExposed(applySt3dMove(pos, move, true), mover);
  if (kingAttacked(pos, mover)) return `the game is over: your king was attacked`;
  if (move.kind === 'place') {
    if (!pos.unplaced) return 'all four platforms are already placed';
    if (move.number) return 'First Contact platforms are not numbered; write the placement as @Wa1u';
    return `pin ${pinName(move.pin)} already holds a platform`;
  }
  if (pos.unplaced) return `the platforms are still being placed (${unplacedNumbers(pos.unplaced).length} to go); place one like @Wa1u`;
  if (move.kind === 'drop') {
    const level = OWN_LEVEL[mover];
    if (kingInHand(pos, mover) && move.role !== 'K') return `place your king first, on your own level ${LEVELS[level]} (like K@${LEVELS[level]}b1)`;
    if (pos.hands[handIndex(mover, move.role)] === 0) return `you have no ${ROLE_NAMES[move.role]} in hand`;
    if (!isFixed(move.to)) return 'pieces are never dropped onto a platform';
    if (levelOf(move.to) !== level) return `you may drop only onto your own fixed level ${LEVELS[level]}`;
    if (pos.board[move.to] !== EMPTY) return `${cellName(move.to, pos.platforms)} is occupied`;
    return next() ?? 'that drop is not allowed';
  }
  if (kingInHand(pos, mover)) return `place your king first, on your own level ${LEVELS[OWN_LEVEL[mover]]}`;
  if (move.kind === 'platform') {
    const { from, to, up } = move;
    if (from === pos.lockedPin) return `the platform on ${pinName(from)} moved last and may not move again until another platform has moved`;
    const contents = platformContents(pos, from);
    const ownPawn = contents.length === 1 && colorOf(pos.board[contents[0]!]!) === mover && roleOf(pos.board[contents[0]!]!) === 'P';
    if (contents.length > 0 && !ownPawn)
      return `a platform may move only when empty or carrying exactly one of your pawns; ${pinName(from)} holds ${contents.length} piece(s)`;
    const wasUp = pos.platforms[from] === UP;
    if (to !== from && !adjacentPins(from).includes(to))
      return `${pinName(from)} may move only to an adjacent pin on its level or to ${pinName(from)}'s twin on the next level`;
    if (to !== from && pos.platforms[to] !== NO_PLATFORM) return `pin ${pinName(to)} already holds a platform`;
    if (ownPawn && to === from) return 'a platform carrying a pawn cannot flip in place';
    if (ownPawn && up !== wasUp) return 'a platform carrying a pawn keeps its orientation';
    if (!ownPawn && up === wasUp) return 'an empty platform may only move to an inverted position (flip its orientation)';
    return next() ?? 'that platform move is not allowed';
  }
  if (move.platform) return 'only Curved Space (platformMoves after-capture) combines a capture with a platform move';
  const code = pos.board[move.from]!;
  if (code === EMPTY) return `there is no piece on ${cellName(move.from, pos.platforms)}`;
  if (colorOf(code) !== mover) return `the ${ROLE_NAMES[roleOf(code)]} on ${cellName(move.from, pos.platforms)} is ${colorName(colorOf(code))}'s`;
  const targets: number[] = [];
  pieceTargets(pos, geometry(pos.platforms), move.from, targets);
  if (!targets.includes(move.to)) return explainUnreachable(pos, geometry(pos.platforms), move.from, move.to);
  return next() ?? 'that move is not allowed';
}

/** First Contact's own set-up rules: its four platforms, and the opening phases in order. */
function setupProblem(pos: St3dPosition): string | undefined {
  const foreign = foreignFieldProblem(pos, 'First Contact', { lock: true, afterCapture: false });
  if (foreign) return foreign;
  const platforms = placedPlatforms(pos) + unplacedNumbers(pos.unplaced).length;
  if (platforms !== 4) return `First Contact is played with four platforms, placed and still to place; this position has ${platforms}`;
  return openingPhaseProblem(pos);
}

export const firstContact = makeSt3dVariant({
  name: 'first-contact',
  title: variantTitle('first-contact'),
  tagStyle: 'none',
  unplacedStyle: 'count',
  lock: true,
  parseOptions: noOptions(variantTitle('first-contact')),
  initial,
  phase,
  legalMoves,
  pseudoMoves: candidates,
  keepLegal,
  isCheck: (pos) => kingAttacked(pos, pos.turn),
  kingAttacker,
  setupProblem,
  outcome(pos) {
    if (kingAttacked(pos, pos.turn)) return winOutcome(opposite(pos.turn), 'check');
    if (!hasLegalMove(candidates(pos), (moves) => keepLegal(pos, moves))) return drawOutcome('stalemate');
    return undefined;
  },
  suffix: (pos, _move, next) => (kingAttacked(next, opposite(pos.turn)) ? '#' : ''),
  explain,
});
