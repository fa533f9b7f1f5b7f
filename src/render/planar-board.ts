// Planar boards: the cube's four levels in a staircase, the orientation badges and their legend.
import { type Bounds, type Canvas, coords, hand, header } from './canvas.ts';
import { COLORS } from '../engine/types.ts';

const PLANAR_LEVELS = ['A', 'B', 'C', 'D'] as const;
const PLANAR_DX = 1.7;
const PLANAR_DY = 4.75;

export function planarBounds(): Bounds {
  return { minX: -1.6, maxX: 3 * PLANAR_DX + 4 + 0.3, minY: -0.75, maxY: 3 * PLANAR_DY + 4 + 0.3 };
}

export function drawPlanar(c: Canvas): void {
  PLANAR_LEVELS.forEach((level, li) => {
    const ox = li * PLANAR_DX;
    const oy = li * PLANAR_DY;
    // Seen from Black's side each level is turned half round; A stays the lowest.
    for (let r = 0; r < 4; r++)
      for (let f = 0; f < 4; f++) c.cell(`${level}${'abcd'[f]}${r + 1}`, ox + (c.flipped ? 3 - f : f), oy + (c.flipped ? 3 - r : r), (f + r) % 2 === 0, false);
    c.out.push(c.rect(ox, oy, 4, 4, 'ssb-frame'));
    coords(c, ox, oy, level);
  });
  const b = c.bounds;
  const below = header(c, b.minX + 0.1, b.maxY - 0.05);
  const [top, bottom] = c.flipped ? COLORS : (['black', 'white'] as const);
  hand(c, top, b.minX + 0.1, below - 0.15);
  hand(c, bottom, 4.45, 4.1);
  // Legend of the orientation badges, under Black's hand.
  const lx = b.minX + 0.1;
  const ly = 3 * PLANAR_DY - 0.9;
  c.out.push(c.text(lx, ly + 0.45, 'ssb-head', 'Planes'));
  (['XZ', 'YZ'] as const).forEach((o, i) => {
    const y = ly - i * 0.4;
    c.out.push(c.rect(lx, y - 0.05, 0.4, 0.25, o === 'XZ' ? 'ssb-xz' : 'ssb-yz'));
    c.out.push(c.text(lx + 0.2, y + 0.02, 'ssb-badge', o));
    c.out.push(c.text(lx + 0.5, y, 'ssb-status', o === 'XZ' ? 'files \u00D7 levels' : 'ranks \u00D7 levels'));
  });
  c.out.push(c.text(lx, ly - 0.8, 'ssb-status', 'no badge: XY, the level'));
}
