// Curved Space (rules.md section 4): numbered platforms placed, kings placed,
// then drops and piece moves. Pieces move on their 4x4 level as in ordinary
// chess, or through the worm-hole (wormhole.ts) from a centre or platform cell.
import { colorName, drawOutcome, err, ok, opposite, ROLE_NAMES, ROLES, winOutcome, type Color, type Result } from '../types.ts';
import { applySt3dMove } from './apply.ts';
import { cellName, DOWN, isFixed, levelOf, LEVELS, NO_PLATFORM, NUM_CELLS, NUM_PINS, pinName, platformCell, UP } from './field.ts';
import { handsWithStandardSets } from './first-contact.ts';
import { pinText, type PlatformShift, type St3dMove } from './move.ts';
import { BISHOP, BLACK_BIT, colorOf, EMPTY, handIndex, KING, KNIGHT, PAWN, pieceCode, QUEEN, roleOf, ROOK } from '../piece-codes.ts';
import { clonePosition, emptyPosition, findKing, unplacedNumbers, type St3dPosition } from './position.ts';
import { makeSt3dVariant } from './variant.ts';
import { cellLayer, cellLetter, CLOCKWISE, COUNTER_CLOCKWISE, LETTERS, SAME, Wormhole, wormhole, type SlideTree, type Turn } from './wormhole.ts';

export interface CurvedSpaceOptions {
  /** How many numbered platforms, 1..12. */
  readonly platforms: number;
  /** 'after-capture': a capture may be followed by moving an empty platform. */
  readonly platformMoves: 'fixed' | 'after-capture';
}

const OWN_LEVEL: Record<Color, number> = { white: 0, black: 2 };

function parseOptions(input: unknown): Result<CurvedSpaceOptions> {
  const options = { platforms: 4, platformMoves: 'fixed' as CurvedSpaceOptions['platformMoves'] };
  if (input === undefined || input === null) return ok(options);
  if (typeof input !== 'object' || Array.isArray(input)) return err('options', 'Curved Space options must be a JSON object like {"platforms": 4, "platformMoves": "fixed"}');
  for (const [key, value] of Object.entries(input)) {
    if (key === 'platforms') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > NUM_PINS)
        return err('options', `option platforms must be a whole number from 1 to 12, got ${JSON.stringify(value)}`);
      options.platforms = value;
    } else if (key === 'platformMoves') {
      if (value !== 'fixed' && value !== 'after-capture')
        return err('options', `option platformMoves must be "fixed" or "after-capture", got ${JSON.stringify(value)}`);
      options.platformMoves = value;
    } else return err('options', `unknown Curved Space option "${key}" (known: platforms, platformMoves)`);
  }
  return ok(options);
}

function initial(options: CurvedSpaceOptions): St3dPosition {
  const pos = clonePosition(emptyPosition());
  handsWithStandardSets(pos);
  for (let n = 1; n <= options.platforms; n++) pos.unplaced |= 1 << n;
  pos.afterCapture = options.platformMoves === 'after-capture';
  return pos;
}

const kingInHand = (pos: St3dPosition, color: Color) => pos.hands[handIndex(color, 'K')]! > 0;
const wormholeOf = (pos: St3dPosition): Wormhole => wormhole(pos.platforms, pos.tags);

function phase(pos: St3dPosition): string {
  if (pos.unplaced) return 'platforms';
  if (kingInHand(pos, pos.turn)) return 'kings';
  return 'play';
}

// ---- level moves: ordinary chess on one 4x4 level ------------------------------
// Local index = rank0*4 + file0. Directions 0-3 orthogonal, 4-7 diagonal.
const LEVEL_DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]] as const;
const LEVEL_RAYS: readonly (readonly (readonly number[])[])[] = Array.from({ length: 16 }, (_, local) =>
  LEVEL_DIRS.map(([df, dr]) => {
    const ray: number[] = [];
    for (let f = (local & 3) + df, r = (local >> 2) + dr; f >= 0 && f < 4 && r >= 0 && r < 4; f += df, r += dr) ray.push(r * 4 + f);
    return ray;
  }),
);
const LEVEL_KNIGHT: readonly (readonly number[])[] = Array.from({ length: 16 }, (_, local) => {
  const leaps: number[] = [];
  for (const [df, dr] of [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]] as const) {
    const f = (local & 3) + df;
    const r = (local >> 2) + dr;
    if (f >= 0 && f < 4 && r >= 0 && r < 4) leaps.push(r * 4 + f);
  }
  return leaps;
});
const ORTHO = [0, 1, 2, 3];
const DIAG = [4, 5, 6, 7];
const ALL_DIRS = [...ORTHO, ...DIAG];
const SLIDE_DIRS: Record<number, readonly number[]> = { [ROOK]: ORTHO, [BISHOP]: DIAG, [QUEEN]: ALL_DIRS };
const SLIDE_TURNS: Record<number, readonly Turn[]> = { [ROOK]: [SAME], [BISHOP]: [CLOCKWISE, COUNTER_CLOCKWISE], [QUEEN]: [SAME, CLOCKWISE, COUNTER_CLOCKWISE] };

// ---- pseudo-legal targets -------------------------------------------------------
// Several paths (and a centre piece's level and worm-hole moves) may reach the
// same cell: one turn. `seen[cell] === stamp` marks targets already listed.
const seen = new Int32Array(NUM_CELLS);
let stamp = 0;

/** Cells the piece on `from` may move to (own king safety not checked). */
export function pieceTargets(board: Int8Array, wh: Wormhole, from: number, out: number[]): void {
  stamp++;
  const code = board[from]!;
  const role = code & 7;
  const own = code & BLACK_BIT;
  const add = (to: number) => {
    if (seen[to] !== stamp) {
      seen[to] = stamp;
      out.push(to);
    }
  };
  const isEnemy = (to: number) => board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own;
  if (isFixed(from)) {
    const base = from & ~15;
    const rays = LEVEL_RAYS[from & 15]!;
    if (role === PAWN) {
      for (const d of ORTHO) if (rays[d]!.length && board[base + rays[d]![0]!] === EMPTY) add(base + rays[d]![0]!);
      for (const d of DIAG) if (rays[d]!.length && isEnemy(base + rays[d]![0]!)) add(base + rays[d]![0]!);
    } else if (role === KNIGHT) {
      for (const local of LEVEL_KNIGHT[from & 15]!) if (board[base + local] === EMPTY || isEnemy(base + local)) add(base + local);
    } else {
      for (const d of role === KING ? ALL_DIRS : SLIDE_DIRS[role]!)
        for (const local of rays[d]!) {
          const to = base + local;
          if (board[to] === EMPTY) add(to);
          else if (isEnemy(to)) add(to);
          if (board[to] !== EMPTY || role === KING) break;
        }
    }
  }
  if (!wh.isWormholeCell(from)) return;
  if (role === PAWN) {
    for (const to of wh.stepTargets(from, 0)) if (board[to] === EMPTY) add(to);
    for (const to of wh.stepTargets(from, 1)) if (isEnemy(to)) add(to);
  } else if (role === KNIGHT || role === KING) {
    for (const kind of role === KNIGHT ? ([2] as const) : ([0, 1] as const))
      for (const to of wh.stepTargets(from, kind)) if (board[to] === EMPTY || isEnemy(to)) add(to);
  } else {
    for (const turn of SLIDE_TURNS[role]!) {
      const { cells, ends } = wh.slideTree(from, turn);
      for (let i = 0; i < cells.length; ) {
        const to = cells[i]!;
        if (board[to] === EMPTY) {
          add(to);
          i++;
        } else {
          if (isEnemy(to)) add(to);
          i = ends[i]!; // the slide stops here on this branch
        }
      }
    }
  }
}

// ---- attacks --------------------------------------------------------------------
// Every movement is symmetric (a worm-hole path read backwards is a path of
// the same kind, clockwise becoming counter-clockwise), so attackers are found
// by moving from the attacked cell.

/** A piece of colour bit `by` attacking fixed cell `cell` by a level move, or -1. */
function levelAttacker(board: Int8Array, cell: number, by: number): number {
  if (!isFixed(cell)) return -1;
  const base = cell & ~15;
  const rays = LEVEL_RAYS[cell & 15]!;
  for (const d of ALL_DIRS) {
    const ray = rays[d]!;
    for (let i = 0; i < ray.length; i++) {
      const c = base + ray[i]!;
      const code = board[c]!;
      if (code === EMPTY) continue;
      if ((code & BLACK_BIT) === by) {
        const role = code & 7;
        if (role === QUEEN || role === (d < 4 ? ROOK : BISHOP) || (i === 0 && (role === KING || (role === PAWN && d >= 4)))) return c;
      }
      break;
    }
  }
  for (const local of LEVEL_KNIGHT[cell & 15]!) if (board[base + local] === KNIGHT + by) return base + local;
  return -1;
}

/** A piece of colour bit `by` attacking `cell` through the worm-hole, or -1. */
function wormholeAttacker(board: Int8Array, wh: Wormhole, cell: number, by: number): number {
  if (!wh.isWormholeCell(cell)) return -1;
  for (const turn of [SAME, CLOCKWISE, COUNTER_CLOCKWISE] as const) {
    const slider = turn === SAME ? ROOK + by : BISHOP + by;
    const { cells, ends } = wh.slideTree(cell, turn);
    for (let i = 0; i < cells.length; ) {
      const code = board[cells[i]!]!;
      if (code === EMPTY) i++;
      else {
        if (code === slider || code === QUEEN + by) return cells[i]!;
        i = ends[i]!;
      }
    }
  }
  for (const c of wh.stepTargets(cell, 0)) if (board[c] === KING + by) return c;
  for (const c of wh.stepTargets(cell, 1)) if (board[c] === KING + by || board[c] === PAWN + by) return c;
  for (const c of wh.stepTargets(cell, 2)) if (board[c] === KNIGHT + by) return c;
  return -1;
}

const colorBit = (color: Color) => (color === 'black' ? BLACK_BIT : 0);
const isAttacked = (board: Int8Array, wh: Wormhole, cell: number, by: Color) =>
  levelAttacker(board, cell, colorBit(by)) >= 0 || wormholeAttacker(board, wh, cell, colorBit(by)) >= 0;

/** The king of `color` is on the field and attacked. */
export function kingAttacked(pos: St3dPosition, color: Color): boolean {
  const king = findKing(pos, color);
  return king >= 0 && isAttacked(pos.board, wormholeOf(pos), king, opposite(color));
}

// ---- legal turns ----------------------------------------------------------------

function placements(pos: St3dPosition): St3dMove[] {
  const moves: St3dMove[] = [];
  for (const number of unplacedNumbers(pos.unplaced))
    for (let pin = 0; pin < NUM_PINS; pin++)
      if (pos.platforms[pin] === NO_PLATFORM) moves.push({ kind: 'place', pin, up: true, number }, { kind: 'place', pin, up: false, number });
  return moves;
}

const platformCells = (pin: number) => [0, 1, 2, 3].map((local) => platformCell(pin, local & 1, local >> 1));
const isEmptyPlatform = (board: Int8Array, pin: number) => platformCells(pin).every((c) => board[c] === EMPTY);

/** Platform moves that may follow a capture: the board is the one after the capture. */
function shiftsAfterCapture(pos: St3dPosition, boardAfter: Int8Array): PlatformShift[] {
  const shifts: PlatformShift[] = [];
  for (let from = 0; from < NUM_PINS; from++) {
    if (pos.platforms[from] === NO_PLATFORM || !isEmptyPlatform(boardAfter, from)) continue;
    shifts.push({ from, to: from, up: pos.platforms[from] !== UP });
    for (let to = 0; to < NUM_PINS; to++)
      if (pos.platforms[to] === NO_PLATFORM) shifts.push({ from, to, up: true }, { from, to, up: false });
  }
  return shifts;
}

/** The legal turns; with `firstOnly`, stop at the first one found (enough to tell mate from check). */
function legalMoves(pos: St3dPosition, firstOnly = false): St3dMove[] {
  if (pos.unplaced) return placements(pos);
  const mover = pos.turn;
  const enemy = opposite(mover);
  const wh = wormholeOf(pos);
  const board = pos.board as Int8Array; // changed in place to try moves, always restored
  const ownLevel = OWN_LEVEL[mover] * 16;
  const moves: St3dMove[] = [];
  if (kingInHand(pos, mover)) {
    for (let to = ownLevel; to < ownLevel + 16; to++)
      if (board[to] === EMPTY && !isAttacked(board, wh, to, enemy)) moves.push({ kind: 'drop', role: 'K', to });
    return moves;
  }
  const king = findKing(pos, mover);
  const safe = () => king < 0 || !isAttacked(board, wh, king, enemy);
  const inCheck = !safe();
  for (const role of ROLES) {
    if (pos.hands[handIndex(mover, role)] === 0) continue;
    for (let to = ownLevel; to < ownLevel + 16; to++) {
      if (board[to] !== EMPTY) continue;
      // A drop can only block; it matters only when in check.
      board[to] = pieceCode(mover, role);
      const legal = !inCheck || safe();
      board[to] = EMPTY;
      if (legal) moves.push({ kind: 'drop', role, to });
    }
    if (firstOnly && moves.length) return moves;
  }
  const own = colorBit(mover);
  const lines = inCheck || king < 0 ? undefined : kingLines(wh, king);
  const shifted = new Map<number, Wormhole>(); // worm-holes after each platform shift, for this call
  const targets: number[] = [];
  for (let from = 0; from < NUM_CELLS; from++) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own) continue;
    targets.length = 0;
    pieceTargets(board, wh, from, targets);
    // Not in check, a piece off every line to its king cannot expose it.
    const mustTest = !lines || from === king || lines[from] === 1;
    for (const to of targets) {
      const captured = board[to]!;
      const compound = pos.afterCapture && captured !== EMPTY;
      if (!mustTest && !compound) {
        moves.push({ kind: 'move', from, to });
        continue;
      }
      board[to] = code;
      board[from] = EMPTY;
      const kingAt = from === king ? to : king;
      const byLevel = kingAt >= 0 && levelAttacker(board, kingAt, colorBit(enemy)) >= 0;
      const legal = kingAt < 0 || (!byLevel && wormholeAttacker(board, wh, kingAt, colorBit(enemy)) < 0);
      if (legal) moves.push({ kind: 'move', from, to });
      // The platform move changes only the worm-hole (the platform moved is
      // empty, so the board stays as it is after the capture): judge the
      // whole turn with the worm-hole after it.
      if (compound)
        for (const platform of shiftsAfterCapture(pos, board)) {
          let ok = !byLevel;
          if (ok && kingAt >= 0 && wh.isWormholeCell(kingAt)) {
            const key = (platform.from * NUM_PINS + platform.to) * 2 + (platform.up ? 1 : 0);
            let after = shifted.get(key);
            if (!after) shifted.set(key, (after = shiftedWormhole(pos, platform)));
            ok = wormholeAttacker(board, after, kingAt, colorBit(enemy)) < 0;
          }
          if (ok) moves.push({ kind: 'move', from, to, platform });
        }
      board[from] = code;
      board[to] = captured;
      if (firstOnly && moves.length) return moves;
    }
  }
  return moves;
}

/** Cells on the lines through which a slider could reach `king` (level rays and worm-hole paths). */
function kingLines(wh: Wormhole, king: number): Uint8Array {
  const lines = new Uint8Array(NUM_CELLS);
  if (isFixed(king)) for (const ray of LEVEL_RAYS[king & 15]!) for (const local of ray) lines[(king & ~15) + local] = 1;
  if (wh.isWormholeCell(king)) for (const turn of [SAME, CLOCKWISE, COUNTER_CLOCKWISE] as const) for (const c of wh.slideTree(king, turn).cells) lines[c] = 1;
  return lines;
}

/** The worm-hole after a platform shift. */
function shiftedWormhole(pos: St3dPosition, shift: PlatformShift): Wormhole {
  const platforms = pos.platforms.slice();
  const tags = pos.tags.slice();
  platforms[shift.from] = NO_PLATFORM;
  tags[shift.to] = pos.tags[shift.from]!;
  if (shift.to !== shift.from) tags[shift.from] = 0;
  platforms[shift.to] = shift.up ? UP : DOWN;
  return wormhole(platforms, tags);
}

// ---- explanations ---------------------------------------------------------------

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
    const blocker = ray.slice(0, ray.indexOf(to & 15)).map((l) => (from & ~15) + l).find((c) => pos.board[c] !== EMPTY);
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
  if (role === KING) return `${cannot} a king's worm-hole move is one step to the same or a neighbouring letter in a layer next to its own (${nextTo}) ${context}`;
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

function explain(pos: St3dPosition, move: St3dMove): string {
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
  if (pos.unplaced) return `the platforms are still being placed; place one of ${unplacedNumbers(pos.unplaced).join(', ')} like ${unplacedNumbers(pos.unplaced)[0]}@Wa1u`;
  if (move.kind === 'drop') {
    if (kingInHand(pos, mover) && move.role !== 'K') return `place your king first, on your own fixed level ${levelName} (like K@${levelName}b1)`;
    if (pos.hands[handIndex(mover, move.role)] === 0) return `you have no ${ROLE_NAMES[move.role]} in hand`;
    if (!isFixed(move.to) || levelOf(move.to) !== OWN_LEVEL[mover]) return `you may drop only onto your own fixed level ${levelName}, never onto another level or a platform`;
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
    if (to === from && up === (pos.platforms[from] === UP)) return `that leaves the platform on ${pinName(from, pos.platforms[from])} where it is; move it to a vacant pin or flip it`;
    if (to !== from && pos.platforms[to] !== NO_PLATFORM) return `pin ${pinName(to)} already holds platform ${pos.tags[to]}`;
  }
  return exposed() ?? 'that move is not allowed';
}

export const curvedSpace = makeSt3dVariant<CurvedSpaceOptions>({
  name: 'curved-space',
  title: 'Curved Space',
  tagStyle: 'number',
  unplacedStyle: 'numbers',
  lock: false,
  parseOptions,
  initial,
  // The position text captures every rule it depends on: its after-capture field turns the rule
  // on by itself, and the game option turns it on for a position written without the field.
  withOptions: (pos, options) => ({ ...pos, afterCapture: pos.afterCapture || options.platformMoves === 'after-capture' }),
  phase,
  legalMoves: (pos) => legalMoves(pos),
  isCheck: (pos) => kingAttacked(pos, pos.turn),
  outcome(pos) {
    // While platforms or kings are being placed there is always a turn.
    if (pos.unplaced || kingInHand(pos, 'white') || kingInHand(pos, 'black')) return undefined;
    if (legalMoves(pos, true).length > 0) return undefined;
    return kingAttacked(pos, pos.turn) ? winOutcome(opposite(pos.turn), 'checkmate') : drawOutcome('stalemate');
  },
  suffix(pos, _move, next) {
    if (!kingAttacked(next, opposite(pos.turn))) return '';
    return legalMoves(next, true).length === 0 ? '#' : '+';
  },
  explain,
  wormhole: (pos) => wormholeOf(pos).text,
});


