// Planar Chess (rules.md section 5): a 4x4x4 cube where every piece carries an
// orientation XY / XZ / YZ and moves and attacks only inside the plane through
// its cell of that orientation. Kings are placed first, then each turn is a
// drop, a move or a re-orientation. Win by checkmate.
import { err, ok, ROLES, type BoardView, type Color, type Orientation, type Result, type Role, type Variant, COLORS, variantTitle } from '../types.ts';
import { colorOf, EMPTY, handIndex, roleOf } from '../piece-codes.ts';
import { cellName, NUM_CELLS, ORIENTATIONS } from './cube.ts';
import { legalMoves, outcome, play } from './moves.ts';
import { formatMove, parseMove } from './notation.ts';
import {
  formatPosition,
  hashPosition,
  inCheck,
  initialPosition,
  parsePosition,
  placingKings,
  setupProblem,
  type PlanarMove,
  type PlanarOptions,
  type PlanarPosition,
} from './position.ts';

// ---- the variant ---------------------------------------------------------------

function view(pos: PlanarPosition): BoardView {
  const cells: { cell: string; color: Color; role: Role; orientation: Orientation }[] = [];
  for (let c = 0; c < NUM_CELLS; c++) {
    const code = pos.board[c]!;
    if (code === EMPTY) continue;
    cells.push({ cell: cellName(c), color: colorOf(code), role: roleOf(code), orientation: ORIENTATIONS[pos.orient[c]!]! });
  }
  const hands: Record<Color, Partial<Record<Role, number>>> = { white: {}, black: {} };
  for (const color of COLORS)
    for (const role of ROLES) {
      const n = pos.hands[handIndex(color, role)]!;
      if (n > 0) hands[color][role] = n;
    }
  return {
    variant: 'planar',
    sideToMove: pos.turn,
    phase: placingKings(pos) ? 'kings' : 'play',
    cells,
    hands,
    check: inCheck(pos),
  };
}

function parseOptions(input: unknown): Result<PlanarOptions> {
  if (input === undefined || input === null) return ok({});
  if (typeof input !== 'object' || Array.isArray(input)) return err('options', 'Planar Chess options must be an object (it has none: use {})');
  const keys = Object.keys(input);
  if (keys.length) return err('options', `unknown option "${keys[0]}": Planar Chess has no options`);
  return ok({});
}

export const planar: Variant<PlanarPosition, PlanarMove, PlanarOptions> = {
  name: 'planar',
  title: variantTitle('planar'),
  parseOptions,
  initial: () => initialPosition(),
  turn: (pos) => pos.turn,
  phase: (pos) => (placingKings(pos) ? 'kings' : 'play'),
  legalMoves,
  play,
  isCheck: inCheck,
  outcome,
  turnKind(pos, move) {
    if (move.kind === 'orient') return 'orient';
    if (move.kind === 'drop') return move.role === 'K' ? 'king' : 'drop';
    return pos.board[move.to] === EMPTY ? 'move' : 'capture';
  },
  formatMove,
  parseMove,
  formatPosition,
  hashPosition,
  parsePosition: (text) => parsePosition(text),
  // Every position text read already passes the set-up rules (parsePosition checks them).
  validateSetup(pos) {
    const problem = setupProblem(pos);
    return problem ? err('position', problem) : ok(pos);
  },
  view,
};
