// Per geometry, each cell's slider moves as one list per queen, rook and bishop: its live steps
// (one cell each), then its lines' cells in order, one line after another; skip gives, for each
// entry, where the walk goes on when that cell holds a piece (the next line's first cell, or the
// next step). The evaluation walks a slider in one loop over that list, one branch per cell read,
// with no table of directions and no neighbour looked up per step (st3d-eval.ts markSlider).
import { NUM_CELLS, NUM_DIRS, type Geometry } from '../st3d/field.ts';
import { LIVE_SLIDE_FROM, LIVE_SLIDE_TO, LIVE_STEP_FROM, LIVE_STEP_TO } from '../st3d/standard.ts';
import { QUEEN } from '../piece-codes.ts';

export interface Slides {
  /** The cells read, in walk order. */
  readonly cells: Int8Array;
  /** Per entry, the entry the walk goes on from when its cell holds a piece. */
  readonly skip: Int16Array;
  /** (cell * 3 + role - QUEEN): where the list of a queen, rook or bishop on `cell` starts; it ends where the next starts. */
  readonly first: Int32Array;
}

const built = new WeakMap<Geometry, Slides>();
let lastGeo: Geometry | undefined;
let lastSlides: Slides | undefined;

function build(geo: Geometry): Slides {
  const cells: number[] = [];
  const skip: number[] = [];
  const first = new Int32Array(NUM_CELLS * 3 + 1);
  const { next, liveTo, liveDir, liveAt } = geo;
  for (let cell = 0; cell < NUM_CELLS; cell++)
    for (let role = QUEEN; role < QUEEN + 3; role++) {
      first[cell * 3 + role - QUEEN] = cells.length;
      const base = cell * NUM_DIRS;
      const at = cell * 4;
      for (let i = base + liveAt[at + LIVE_STEP_FROM[role]!]!, end = base + liveAt[at + LIVE_STEP_TO[role]!]!; i < end; i++) {
        cells.push(liveTo[i]!);
        skip.push(cells.length);
      }
      for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
        const d = liveDir[i]!;
        const start = cells.length;
        for (let to = liveTo[i]!; to >= 0; to = next[to * NUM_DIRS + d]!) cells.push(to);
        for (let j = start; j < cells.length; j++) skip.push(cells.length);
      }
    }
  first[NUM_CELLS * 3] = cells.length;
  return { cells: Int8Array.from(cells), skip: Int16Array.from(skip), first };
}

/** The slider lists of a geometry (built on its first use, kept as long as it is). */
export function slidesOf(geo: Geometry): Slides {
  if (geo === lastGeo) return lastSlides!;
  let slides = built.get(geo);
  if (!slides) built.set(geo, (slides = build(geo)));
  lastGeo = geo;
  lastSlides = slides;
  return slides;
}
