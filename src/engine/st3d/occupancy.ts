// The occupied cells of an ST3D board (96 cells) as three 32-bit words, bit (cell & 31) of word
// (cell >> 5), made four cells at a time: walks over every piece then visit the occupied cells
// only, in cell order, without a branch per cell on whether it is empty.
import { NUM_CELLS } from './field.ts';

/** A copy of the board read four cells a word (the board itself may not be word-aligned). */
const COPY = new Int8Array(NUM_CELLS);
const COPY_WORDS = new Int32Array(COPY.buffer);

/** Cells holding a piece (every code is 1..14, 0 is empty). */
export const OCCUPIED = new Int32Array(3);
/** Cells holding a Black piece (BLACK_BIT, 8, set). */
export const BLACK_OCCUPIED = new Int32Array(3);

/** Set OCCUPIED and BLACK_OCCUPIED from `board`. */
export function markOccupied(board: Int8Array): void {
  COPY.set(board);
  for (let w = 0; w < 3; w++) {
    let any = 0;
    let black = 0;
    for (let i = 0; i < 8; i += 2) {
      const x = COPY_WORDS[w * 8 + i]!;
      const y = COPY_WORDS[w * 8 + i + 1]!;
      if ((x | y) === 0) continue;
      // A byte of 1..14 plus 0x7f reaches its high bit, 0 does not (no carry between bytes). The
      // eight cells' flags, x's at bits 0, 8, 16, 24 and y's at 4, 12, 20, 28, are gathered into
      // bits 21-28 in cell order by one multiplication (no two partial products meet there).
      const flags = (((x + 0x7f7f7f7f) & 0x80808080) >>> 7) | (((y + 0x7f7f7f7f) & 0x80808080) >>> 3);
      any |= ((Math.imul(flags, 0x204081) >>> 21) & 255) << (i * 4);
      const blacks = ((x >>> 3) & 0x01010101) | (((y >>> 3) & 0x01010101) << 4);
      black |= ((Math.imul(blacks, 0x204081) >>> 21) & 255) << (i * 4);
    }
    OCCUPIED[w] = any;
    BLACK_OCCUPIED[w] = black;
  }
}
