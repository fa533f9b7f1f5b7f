// Why a Curved Space turn is illegal, in players' terms: the level and
// worm-hole paths a piece could not take, and the king it would expose.
import { colorName, opposite, ROLE_NAMES, type Color } from '../types.ts';
import { applySt3dMove } from './apply.ts';
import { cellName, isFixed, levelOf, LEVELS, NO_PLATFORM, pinName, UP } from './field.ts';
import { pinText, type St3dMove } from './move.ts';
import { BISHOP, colorBit, colorOf, EMPTY, handIndex, KING, KNIGHT, PAWN, roleOf, ROOK } from '../piece-codes.ts';
import { findKing, kingInHand, OWN_LEVEL, unplacedNumbers, type St3dPosition } from './position.ts';
import {
  ALL_DIRS,
  isEmptyPlatform,
  LEVEL_RAYS,
  levelAttacker,
  pieceTargets,
  SLIDE_DIRS,
  SLIDE_TURNS,
  wormholeAttacker,
  wormholeOf,
} from './curved-space-movement.ts';
import { cellLayer, cellLetter, LETTERS, Wormhole } from './wormhole.ts';

const name = (pos: St3dPosition, cell: number) => cellName(cell, pos.platforms);
const pieceOn = (pos: St3dPosition, cell: number) => `${ROLE_NAMES[roleOf(pos.board[cell]!)]} on ${name(pos, cell)}`;
const CENTRE_NOTE = 'a worm-hole cell is a level centre cell (b2 c2 b3 c3) or a platform cell';

/** Why the king would be attacked after a turn, or undefined if it would not. */
function explainKingExposed(next: St3dPosition, mover: Color): string | undefined {
  const king = findKing(next, mover);
  if (king < 0) return undefined;
  const by = colorBit(opposite(mover));
  let attacker = levelAttacker(next.board, king, by);
  let how = `on level ${LEVELS[levelOf(king)]}`;
  if (attacker < 0) {
    const wh = wormholeOf(next);
    attacker = wormholeAttacker(next.board, wh, king, by);
    how = `through the worm-hole ${wh.text}`;
  }
  if (attacker < 0) return undefined;
  return `it would leave your king on ${name(next, king)} attacked by the ${pieceOn(next, attacker)} ${how}`;
}

/** Why a piece cannot go from `from` to `to` on its 4x4 level. */
function explainLevelMove(pos: St3dPosition, from: number, to: number): string {
  const role = pos.board[from]! & 7;
  const piece = pieceOn(pos, from);
  const target = name(pos, to);
  const local = from & 15;
  const d = ALL_DIRS.find((dir) => LEVEL_RAYS[local]![dir]!.includes(to & 15));
  const adjacent = d !== undefined && LEVEL_RAYS[local]![d]![0] === (to & 15);
  if (role === PAWN) {
    if (adjacent && d! < 4) return `a pawn steps orthogonally only onto an empty cell, and ${target} is occupied`;
    if (adjacent) return `a pawn steps diagonally only to capture, and ${target} is empty`;
    return `a pawn on the level steps one cell orthogonally, or diagonally to capture; ${target} is not such a step from ${name(pos, from)}`;
  }
  if (role === KNIGHT) return `${target} is not a knight's leap from ${name(pos, from)} on level ${LEVELS[levelOf(from)]}`;
  if (role === KING) return `a king steps one cell; ${target} is not next to ${name(pos, from)}`;
  if (d !== undefined && SLIDE_DIRS[role]!.includes(d)) {
    const ray = LEVEL_RAYS[local]![d]!;
    const blocker = ray
      .slice(0, ray.indexOf(to & 15))
      .map((l) => (from & ~15) + l)
      .find((c) => pos.board[c] !== EMPTY);
    if (blocker !== undefined) return `the ${piece} is blocked by ${name(pos, blocker)}`;
  }
  const lines = role === ROOK ? 'orthogonally' : role === BISHOP ? 'diagonally' : 'orthogonally or diagonally';
  return `a ${ROLE_NAMES[roleOf(pos.board[from]!)]} slides ${lines} on the level; ${target} is not on its lines from ${name(pos, from)}`;
}

const layerOf = (wh: Wormhole, cell: number) => {
  const layer = cellLayer(cell);
  return `${LETTERS[cellLetter(cell)]} of ${wh.graph.layerNames[layer]}`;
};

/** Why a piece on a worm-hole cell cannot go to `to` through the worm-hole. */
function explainWormholeMove(pos: St3dPosition, wh: Wormhole, from: number, to: number): string {
  const role = pos.board[from]! & 7;
  const target = name(pos, to);
  const fromName = name(pos, from);
  const context = `(worm-hole ${wh.text}; ${fromName} is ${layerOf(wh, from)}, ${target} is ${layerOf(wh, to)})`;
  const layerName = wh.graph.layerNames[cellLayer(from)]!;
  const nextTo = `next to ${layerName}: ${wh.neighbourLayers(from).join(', ')}`;
  const cannot = `the ${pieceOn(pos, from)} cannot reach ${target}:`;
  if (role === PAWN) {
    if (wh.stepTargets(from, 0).includes(to)) return `a pawn steps orthogonally through the worm-hole only onto an empty cell, and ${target} is occupied`;
    if (wh.stepTargets(from, 1).includes(to)) return `a pawn steps diagonally through the worm-hole only to capture, and ${target} is empty`;
    return `${cannot} a pawn's worm-hole step goes into a layer next to its own (${nextTo}), to the same letter, or to a neighbouring letter to capture ${context}`;
  }
  if (role === KNIGHT) return `${cannot} a knight's worm-hole move is one triagonal step (w-z, x-y) into a layer next to its own (${nextTo}) ${context}`;
  if (role === KING)
    return `${cannot} a king's worm-hole move is one step to the same or a neighbouring letter in a layer next to its own (${nextTo}) ${context}`;
  for (const turn of SLIDE_TURNS[role]!) {
    const path = Wormhole.pathTo(wh.slideTree(from, turn), to);
    const blocker = path?.find((c) => c !== to && pos.board[c] !== EMPTY);
    if (path && blocker !== undefined)
      return `the ${pieceOn(pos, from)} is blocked by ${name(pos, blocker)} on its worm-hole path ${[from, ...path].map((c) => name(pos, c)).join(' > ')}`;
  }
  if (role === ROOK && cellLetter(from) !== cellLetter(to))
    return `${cannot} a rook keeps its letter through the worm-hole (orthogonal = same letter) ${context}`;
  const kind = role === ROOK ? 'orthogonal' : role === BISHOP ? 'diagonal' : 'orthogonal or diagonal';
  const note = role === ROOK ? '' : ' (a diagonal slide turns clockwise w>x>z>y or counter-clockwise w>y>z>x all the way)';
  return `${cannot} no ${kind} worm-hole path leads from ${fromName} to ${target}${note} (${nextTo}); a slide never turns straight back or enters a cell twice ${context}`;
}

/** Why the piece on `from` cannot reach `to`, or undefined if it can (ignoring king safety). */
function explainPieceMove(pos: St3dPosition, wh: Wormhole, from: number, to: number): string | undefined {
  const code = pos.board[from]!;
  const fromName = name(pos, from);
  const target = name(pos, to);
  if (code === EMPTY) return `there is no piece on ${fromName}`;
  if (colorOf(code) !== pos.turn) return `the ${pieceOn(pos, from)} is ${colorName(colorOf(code))}'s`;
  const targets: number[] = [];
  pieceTargets(pos.board, wh, from, targets);
  if (targets.includes(to)) return undefined;
  if (from === to) return 'a piece must move to another cell';
  const occupant = pos.board[to]!;
  if (occupant !== EMPTY && colorOf(occupant) === pos.turn) return `${target} is occupied by your own ${ROLE_NAMES[roleOf(occupant)]}`;
  const piece = `the ${pieceOn(pos, from)}`;
  const sameLevel = isFixed(from) && isFixed(to) && levelOf(from) === levelOf(to);
  if (!isFixed(from)) {
    if (!wh.isWormholeCell(to)) return `pieces on platforms move only through the worm-hole, and ${target} is not a worm-hole cell (${CENTRE_NOTE})`;
    return `pieces on platforms move only through the worm-hole: ${explainWormholeMove(pos, wh, from, to)}`;
  }
  if (!wh.isWormholeCell(from)) {
    if (sameLevel) return explainLevelMove(pos, from, to);
    return `${piece} is not on a worm-hole cell (${CENTRE_NOTE}), so it moves only on level ${LEVELS[levelOf(from)]}; ${target} is not on that level`;
  }
  if (sameLevel && !wh.isWormholeCell(to)) return explainLevelMove(pos, from, to);
  if (!wh.isWormholeCell(to)) return `${target} is on another level and not a worm-hole cell (${CENTRE_NOTE}), so ${piece} cannot reach it`;
  const through = explainWormholeMove(pos, wh, from, to);
  return sameLevel ? `on the level: ${explainLevelMove(pos, from, to)}; through the worm-hole: ${through}` : through;
}

export function explain(pos: St3dPosition, move: St3dMove): string {
  const mover = pos.turn;
  const exposed = () => explainKingExposed(applySt3dMove(pos, move, false), mover);
  const levelName = LEVELS[OWN_LEVEL[mover]];
  if (move.kind === 'place') {
    const left = unplacedNumbers(pos.unplaced);
    if (!left.length) return 'all platforms are already placed';
    if (!move.number) return `Curved Space platforms are numbered: write the number before "@", like ${left[0]}@${pinText(move.pin, move.up)}`;
    if (!left.includes(move.number)) {
      const pin = pos.tags.findIndex((n, p) => n === move.number && pos.platforms[p] !== NO_PLATFORM);
      const where = pin >= 0 ? `platform ${move.number} is already on ${pinName(pin, pos.platforms[pin])}` : `this game has no platform ${move.number}`;
      return `${where}; still to place: ${left.join(', ')}`;
    }
    if (pos.platforms[move.pin] !== NO_PLATFORM) return `pin ${pinName(move.pin)} already holds platform ${pos.tags[move.pin]}`;
    return 'that placement is not allowed';
  }
  if (pos.unplaced)
    return `the platforms are still being placed; place one of ${unplacedNumbers(pos.unplaced).join(', ')} like ${unplacedNumbers(pos.unplaced)[0]}@Wa1u`;
  if (move.kind === 'drop') {
    if (kingInHand(pos, mover) && move.role !== 'K') return `place your king first, on your own fixed level ${levelName} (like K@${levelName}b1)`;
    if (pos.hands[handIndex(mover, move.role)] === 0) return `you have no ${ROLE_NAMES[move.role]} in hand`;
    if (!isFixed(move.to) || levelOf(move.to) !== OWN_LEVEL[mover])
      return `you may drop only onto your own fixed level ${levelName}, never onto another level or a platform`;
    if (pos.board[move.to] !== EMPTY) return `${name(pos, move.to)} is occupied`;
    return exposed() ?? 'that drop is not allowed';
  }
  if (kingInHand(pos, mover)) return `place your king first, on your own fixed level ${levelName} (like K@${levelName}b1)`;
  if (move.kind === 'platform') {
    if (!pos.afterCapture) return 'platformMoves is fixed in this game: platforms never move once placed';
    return 'a platform moves only right after a capture, in the same turn, written like Wb3xNc2&Wa1u-Bd4d';
  }
  if (move.platform && !pos.afterCapture) return 'platformMoves is fixed in this game: a capture cannot be followed by a platform move';
  const unreachable = explainPieceMove(pos, wormholeOf(pos), move.from, move.to);
  if (unreachable) return unreachable;
  if (move.platform) {
    const { from, to, up } = move.platform;
    if (pos.board[move.to] === EMPTY) return 'only a capture may be followed by a platform move';
    const after = pos.board.slice();
    after[move.to] = after[move.from]!;
    after[move.from] = EMPTY;
    if (!isEmptyPlatform(after, from)) return `the platform on ${pinName(from, pos.platforms[from])} is not empty after the capture`;
    if (to === from && up === (pos.platforms[from] === UP))
      return `that leaves the platform on ${pinName(from, pos.platforms[from])} where it is; move it to a vacant pin or flip it`;
    if (to !== from && pos.platforms[to] !== NO_PLATFORM) return `pin ${pinName(to)} already holds platform ${pos.tags[to]}`;
  }
  return exposed() ?? 'that move is not allowed';
}
