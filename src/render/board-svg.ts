// Board picture: a BoardView -> a standalone SVG document (a string).
//
// Pure TypeScript, no DOM, no dependencies. One function, boardSvg(), used by
// the pages (inline or as an <img>) and by e-mail (as an attachment).
//
// ST3D (First Contact, Warp Factor, Curved Space): the three fixed levels are
// 4x4 grids in a staircase, White's level bottom-left, Neutral in the middle,
// Black's top-right, as a player pictures the tower from White's side. Each
// platform is a 2x2 grid beside its pin's corner of its level, in the rank rows
// it really occupies (one row on the level, one outside), raised a little and
// marked with a shadow and "▲" when upright, lowered and marked "▼" when
// inverted. Vacant pins are dashed outlines whose upper half stands for the
// upright position (`Wa1u`) and lower half for the inverted one (`Wa1d`).
//
// Planar: the cube's four levels A (bottom) .. D (top) as four 4x4 grids in the
// same staircase; a piece's orientation is a badge (red "XZ", black "YZ",
// nothing for XY), the checker colours of the original game.
//
// Every square carries data-cell="<canonical name>", every pin position
// data-cell="<pin><u|d>", every platform group data-pin="<pin><u|d>", every
// piece in hand data-hand="<role>" data-color="<color>", so a page script can
// implement click-to-move. The pieces on the board are drawn last, in a layer of
// their own that the pointer passes through (each in a data-piece="<cell>" group),
// so nothing drawn on the cells (Curved Space's worm-hole path) covers them. With `interactive`, those elements are focusable
// buttons with an aria-label; otherwise the whole picture is one image whose
// aria-label describes the position.
//
// All class names start with "ssb-" and the picture uses no ids, so several
// boards can be inlined in one page.
import type { BoardView } from '../engine/types.ts';
import { describeView } from './board-description.ts';
import { STYLE } from './board-style.ts';
import { type BoardSvgOptions, Canvas, cap, num, S, TITLES } from './canvas.ts';
import { drawPlanar, planarBounds } from './planar-board.ts';
import { drawSt3d, st3dBounds } from './st3d-board.ts';
import { escapeXml } from './xml.ts';

/** The board of `view` as a standalone SVG document. */
export function boardSvg(view: BoardView, opts: BoardSvgOptions = {}): string {
  const planar = view.variant === 'planar';
  const bounds = planar ? planarBounds() : st3dBounds(view);
  const c = new Canvas(view, opts, bounds);
  const w = (bounds.maxX - bounds.minX) * S;
  const h = (bounds.maxY - bounds.minY) * S;
  const width = opts.size !== undefined && opts.size > 0 ? opts.size : w;
  const height = (width * h) / w;
  const title = `${TITLES[view.variant] ?? String(view.variant)} \u2014 ${opts.result ?? `${cap(view.sideToMove)} to move${view.check ? ', in check' : ''}`}`;
  const description = describeView(view, opts.result);
  const role = c.interactive ? 'group' : 'img';
  c.out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="ssb" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(w)} ${num(h)}" role="${role}" aria-label="${escapeXml(description)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<desc>${escapeXml(description)}</desc>`,
    `<style>${STYLE}</style>`,
    `<rect width="100%" height="100%" class="ssb-bg"/>`,
  );
  if (planar) drawPlanar(c);
  else drawSt3d(c);
  c.drawPieces();
  c.out.push('</svg>');
  return c.out.join('');
}
