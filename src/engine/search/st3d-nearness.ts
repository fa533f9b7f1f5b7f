// Warp Factor's and First Contact's tropism (st3d-eval.ts): how near each cell lies to a king, per
// geometry, read by the evaluation for every piece.
import { NUM_CELLS, type Geometry } from '../st3d/field.ts';
import { largestOf } from './st3d-checks.ts';

/**
 * Per geometry, for a king's cell (a row of NUM_CELLS filled on its first use), each cell's
 * 6 less its distance in space to the king (the largest of the three coordinates' differences),
 * 0 from 6 on; the last NUM_CELLS bytes mark the rows filled.
 */
export const NO_NEAR: Int8Array = new Int8Array(0);
const nearTables = new WeakMap<Geometry, Int8Array>();
let nearGeo: Geometry | undefined;
let nearLast: Int8Array = NO_NEAR;

export function nearness(geo: Geometry): Int8Array {
  if (geo === nearGeo) return nearLast;
  let table = nearTables.get(geo);
  if (!table) nearTables.set(geo, (table = new Int8Array(NUM_CELLS * (NUM_CELLS + 1))));
  nearGeo = geo;
  nearLast = table;
  return table;
}

/** The offset of `king`'s row in `table`, filled first if it was not. */
export function nearRow(table: Int8Array, geo: Geometry, king: number): number {
  const row = king * NUM_CELLS;
  if (table[NUM_CELLS * NUM_CELLS + king] === 0) {
    const { px, py, ph } = geo;
    const kx = px[king]!;
    const ky = py[king]!;
    const kh = ph[king]!;
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      const d = largestOf(px[cell]! - kx, py[cell]! - ky, ph[cell]! - kh);
      table[row + cell] = d < 6 ? 6 - d : 0;
    }
    table[NUM_CELLS * NUM_CELLS + king] = 1;
  }
  return row;
}
