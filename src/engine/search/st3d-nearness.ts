// Warp Factor's and First Contact's terms of a piece's cell (st3d-eval.ts): its tropism (how near
// it stands to the enemy king) and whether it stands on a platform, per geometry and weights, read
// by the evaluation for every piece as one number.
import { isFixed, NUM_CELLS, type Geometry } from '../st3d/field.ts';
import { largestOf } from './st3d-checks.ts';

/** The row of cellTerms' table with no tropism (a king's own cell, or a side without a king to be near). */
export const NO_KING_ROW = NUM_CELLS * NUM_CELLS;
const ROWS = NUM_CELLS + 1;

/**
 * Per geometry and weights, for an enemy king's cell (a row of NUM_CELLS filled on its first use):
 * each cell's tropism * (6 less its distance in space to the king, the largest of the three
 * coordinates' differences, 0 from 6 on) plus onPlatform off the fixed levels; row NO_KING_ROW
 * holds the platform term alone. The last ROWS bytes of `filled` mark the rows filled.
 */
interface CellTerms {
  readonly table: Int16Array;
  readonly filled: Uint8Array;
  readonly geo: Geometry;
  readonly tropism: number;
  readonly onPlatform: number;
}
const termTables = new WeakMap<Geometry, CellTerms[]>();
let lastTerms: CellTerms | undefined;

/** The cell terms of a geometry for these weights (whole numbers, so any order of adding gives the same sum). */
export function cellTerms(geo: Geometry, tropism: number, onPlatform: number): CellTerms {
  const last = lastTerms;
  if (last !== undefined && last.geo === geo && last.tropism === tropism && last.onPlatform === onPlatform) return last;
  let tables = termTables.get(geo);
  if (!tables) termTables.set(geo, (tables = []));
  let terms = tables.find((t) => t.tropism === tropism && t.onPlatform === onPlatform);
  if (!terms) {
    const table = new Int16Array(NUM_CELLS * ROWS);
    for (let cell = 0; cell < NUM_CELLS; cell++) table[NO_KING_ROW + cell] = isFixed(cell) ? 0 : onPlatform;
    tables.push((terms = { table, filled: new Uint8Array(NUM_CELLS), geo, tropism, onPlatform }));
  }
  lastTerms = terms;
  return terms;
}

/** The offset in `terms.table` of the row for an enemy king on `king`, filled first if it was not. */
export function kingRow(terms: CellTerms, king: number): number {
  const row = king * NUM_CELLS;
  if (terms.filled[king] === 0) {
    const { px, py, ph } = terms.geo;
    const kx = px[king]!;
    const ky = py[king]!;
    const kh = ph[king]!;
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      const d = largestOf(px[cell]! - kx, py[cell]! - ky, ph[cell]! - kh);
      terms.table[row + cell] = (d < 6 ? (6 - d) * terms.tropism : 0) + terms.table[NO_KING_ROW + cell]!;
    }
    terms.filled[king] = 1;
  }
  return row;
}
