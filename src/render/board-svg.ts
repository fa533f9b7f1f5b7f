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
// implement click-to-move. With `interactive`, those elements are focusable
// buttons with an aria-label; otherwise the whole picture is one image whose
// aria-label describes the position.
//
// All class names start with "ssb-" and the picture uses no ids, so several
// boards can be inlined in one page.
import { ROLE_NAMES, type BoardView, type Color, type Orientation, type Role, type VariantName } from '../engine/types.ts';
import { PIECE_PATH_SIZE, PIECE_PATHS } from './piece-paths.ts';

export interface BoardSvgOptions {
  /** Cell (or pin) names of the last turn, tinted yellow. */
  readonly lastMove?: readonly string[];
  /** Cell (or pin) names to mark with a dot, e.g. the legal targets of a selected piece. */
  readonly highlight?: readonly string[];
  /** Make cells, pins and pieces in hand focusable buttons. */
  readonly interactive?: boolean;
  /** The game is over: these words (e.g. "White won by checkmate (1-0).") replace the side to move. */
  readonly result?: string;
  /** Width in pixels; the height follows the picture's proportions. */
  readonly size?: number;
  /** Whose side the field is seen from: 'black' turns it round, Black's level and ranks at the bottom. */
  readonly from?: Color;
}

// ---- constants ----------------------------------------------------------------

/** Pixels per cell at the picture's natural size (viewBox units). */
const S = 40;

const TITLES: Record<VariantName, string> = {
  'first-contact': 'First Contact',
  'warp-factor': 'Warp Factor',
  'curved-space': 'Curved Space',
  planar: 'Planar Chess',
};

const ROLE_ORDER: readonly Role[] = ['K', 'Q', 'R', 'B', 'N', 'P'];
const PLURALS: Record<Role, string> = { K: 'kings', Q: 'queens', R: 'rooks', B: 'bishops', N: 'knights', P: 'pawns' };

const FONT = "'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols 2','Noto Sans','Arial Unicode MS',Arial,sans-serif";

const STYLE = [
  `.ssb text{font-family:${FONT}}`,
  // Every rectangle is axis-aligned: without anti-aliasing it looks the same and draws much faster as PNG.
  '.ssb rect{shape-rendering:crispEdges}',
  '.ssb-bg{fill:#fbfaf7}',
  '.ssb-l{fill:#f0d9b5}.ssb-d{fill:#b58863}',
  '.ssb-pl{fill:#dfe8f0}.ssb-pd{fill:#8aa2ba}',
  '.ssb-frame{fill:none;stroke:#5b4630;stroke-width:1.5}',
  '.ssb-pframe{fill:none;stroke:#2f4a66;stroke-width:1.5}',
  '.ssb-inv{stroke-dasharray:5 3}',
  // fill-opacity, not opacity: the same look, but a PNG renderer needs no extra layer for it.
  '.ssb-shadow{fill:#000;fill-opacity:.22}',
  '.ssb-arm{stroke:#666;stroke-width:3;stroke-linecap:round}',
  '.ssb-post{fill:#555}',
  '.ssb-ghost{fill:#fff;fill-opacity:0;stroke:#aaa;stroke-width:1;stroke-dasharray:3 3}',
  '.ssb-ghostmark{fill:#aaa;font-size:11px;text-anchor:middle}',
  '.ssb-coord{fill:#6b5a48;font-size:11px;text-anchor:middle}',
  '.ssb-level{fill:#3d3328;font-size:26px;font-weight:bold;text-anchor:middle}',
  '.ssb-tiny{font-size:8px;fill:#000;fill-opacity:.45}',
  '.ssb-wl{font-size:9px;font-weight:bold;fill:#6a1b9a;text-anchor:end;pointer-events:none}',
  '.ssb-plabel{fill:#1f3347;font-size:12px;font-weight:bold;text-anchor:middle}',
  '.ssb-w{fill:#fff;stroke:#1a1a1a;stroke-width:2;paint-order:stroke;stroke-linejoin:round}',
  '.ssb-b{fill:#161616;stroke:#f2f2f2;stroke-width:1.6;paint-order:stroke;stroke-linejoin:round}',
  '.ssb-last{fill:#ffd600;fill-opacity:.5}',
  '.ssb-lastpin{fill:none;stroke:#f5c400;stroke-width:4}',
  '.ssb-dot{fill:#1b5e20;fill-opacity:.55}',
  '.ssb-ring{fill:none;stroke:#1b5e20;stroke-width:3;stroke-opacity:.6}',
  '.ssb-check{fill:#e53935;fill-opacity:.28;stroke:#d50000;stroke-width:3}',
  '.ssb-xz{fill:#c62828}.ssb-yz{fill:#111}',
  '.ssb-badge{fill:#fff;font-size:9px;font-weight:bold;text-anchor:middle}',
  '.ssb-title{fill:#222;font-size:18px;font-weight:bold}',
  '.ssb-status{fill:#333;font-size:13px}',
  '.ssb-checktext{fill:#c62828;font-size:13px;font-weight:bold}',
  '.ssb-head{fill:#333;font-size:12px;font-weight:bold}',
  '.ssb-count{fill:#333;font-size:13px}',
  '.ssb-none{fill:#888;font-size:12px;font-style:italic}',
  '.ssb-worm{fill:#4a148c;font-size:13px}',
  '.ssb-wormhead{fill:#4a148c;font-size:13px;font-weight:bold}',
  '.ssb-path{fill:none;stroke:#7b1fa2;stroke-width:3;stroke-opacity:.7;stroke-linejoin:round;pointer-events:none}',
  '.ssb-link{fill:none;stroke:#7b1fa2;stroke-width:2;stroke-opacity:.7;stroke-dasharray:6 4;pointer-events:none}',
  '.ssb-step{fill:#6a1b9a;stroke:#fff;stroke-width:1.5;pointer-events:none}',
  '.ssb-stepn{fill:#fff;font-size:10px;font-weight:bold;text-anchor:middle;pointer-events:none}',
  // Scoped to the picture: an inline SVG's <style> applies to the whole page.
  '.ssb [tabindex]{cursor:pointer;outline:none}',
  '.ssb [tabindex]:focus-visible>.ssb-sq,.ssb [tabindex]:focus-visible>.ssb-ghost{stroke:#1565c0;stroke-width:3;stroke-dasharray:none}',
].join('');

// ---- text helpers ---------------------------------------------------------------

/** Escape text for XML content and double- or single-quoted attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const num = (v: number) => String(Math.round(v * 10) / 10);

type Piece = BoardView['cells'][number];
type Platform = NonNullable<BoardView['platforms']>[number];

function pieceWords(p: Piece): string {
  const o = p.orientation && p.orientation !== 'XY' ? `, ${p.orientation}` : '';
  return `${p.color} ${ROLE_NAMES[p.role]}${o}`;
}

// ---- the drawing context -------------------------------------------------------

interface Bounds {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** Layout in cell units, y upwards; converted to pixels (y downwards) on output. */
class Canvas {
  readonly out: string[] = [];
  readonly pieces = new Map<string, Piece>();
  readonly last: ReadonlySet<string>;
  readonly marks: ReadonlySet<string>;
  readonly interactive: boolean;
  /** Seen from Black's side: the field is turned round (text stays upright). */
  readonly flipped: boolean;
  /** The cell of the king in check, if any. */
  readonly checkCell: string | undefined;

  constructor(
    readonly view: BoardView,
    readonly opts: BoardSvgOptions,
    readonly bounds: Bounds,
  ) {
    for (const p of view.cells) this.pieces.set(p.cell, p);
    this.last = new Set(opts.lastMove ?? []);
    this.marks = new Set(opts.highlight ?? []);
    this.interactive = opts.interactive === true;
    this.flipped = opts.from === 'black';
    this.checkCell = view.check ? view.cells.find((p) => p.role === 'K' && p.color === view.sideToMove)?.cell : undefined;
  }

  x(u: number): string {
    return num((u - this.bounds.minX) * S);
  }
  y(u: number): string {
    return num((this.bounds.maxY - u) * S);
  }
  /** A rectangle given in units by its lower-left corner. */
  rect(x: number, y: number, w: number, h: number, cls: string): string {
    return `<rect x="${this.x(x)}" y="${this.y(y + h)}" width="${num(w * S)}" height="${num(h * S)}" class="${cls}"/>`;
  }
  text(x: number, y: number, cls: string, content: string, extra = ''): string {
    return `<text x="${this.x(x)}" y="${this.y(y)}" class="${cls}"${extra}>${escapeXml(content)}</text>`;
  }
  circle(x: number, y: number, r: number, cls: string): string {
    return `<circle cx="${this.x(x)}" cy="${this.y(y)}" r="${num(r * S)}" class="${cls}"/>`;
  }
  /**
   * A piece, `px` pixels high, centred on x with its baseline at y: its ready-made outline, so
   * nothing has to shape text with a font (and it looks the same in every browser and the PNG).
   */
  piece(x: number, y: number, px: number, role: Role, color: Color, cls: string): string {
    const scale = px === PIECE_PATH_SIZE ? '' : ` scale(${Math.round((px / PIECE_PATH_SIZE) * 1000) / 1000})`;
    return `<path transform="translate(${this.x(x)} ${this.y(y)})${scale}" class="${cls} ${color === 'white' ? 'ssb-w' : 'ssb-b'}" d="${PIECE_PATHS[role]}"/>`;
  }
  /**
   * Marks an element the game page's script turns into a focusable button (interactive pictures
   * only): without the script clicking does nothing, so it must not sit in the Tab order.
   */
  button(label: string): string {
    return this.interactive ? ` data-button="" aria-label="${escapeXml(label)}"` : '';
  }

  /**
   * One square: background, last-move tint, corner notes, check ring, piece,
   * orientation badge, target dot. (x, y) is the lower-left corner in units.
   */
  cell(name: string, x: number, y: number, dark: boolean, platform: boolean, notes: { tl?: string; br?: string } = {}): void {
    const piece = this.pieces.get(name);
    // The label starts with what the cell shows (its name, then its worm-hole letter), so speech matches sight.
    const words = [notes.br ? `${name} ${notes.br}` : name, piece ? pieceWords(piece) : 'empty'];
    if (name === this.checkCell) words.push('in check');
    if (this.last.has(name)) words.push('last move');
    if (this.marks.has(name)) words.push('highlighted');
    const o = this.out;
    o.push(`<g data-cell="${escapeXml(name)}"${this.button(words.join(', '))}>`);
    o.push(this.rect(x, y, 1, 1, `ssb-sq ${platform ? (dark ? 'ssb-pd' : 'ssb-pl') : dark ? 'ssb-d' : 'ssb-l'}`));
    if (this.last.has(name)) o.push(this.rect(x, y, 1, 1, 'ssb-last'));
    if (notes.tl) o.push(this.text(x + 0.05, y + 0.8, 'ssb-tiny', notes.tl));
    const cx = x + 0.5;
    const cy = y + 0.5;
    if (name === this.checkCell) o.push(this.circle(cx, cy, 0.45, 'ssb-check'));
    if (piece) {
      const badged = piece.orientation === 'XZ' || piece.orientation === 'YZ';
      // A badged piece is a little smaller and up-left, leaving the lower-right corner to the badge.
      o.push(this.piece(badged ? cx - 0.1 : cx, badged ? cy - 0.2 : cy - 0.3, badged ? 27 : 32, piece.role, piece.color, 'ssb-p'));
      if (badged) badge(this, x, y, piece.orientation);
    }
    if (this.marks.has(name)) o.push(piece ? this.circle(cx, cy, 0.44, 'ssb-ring') : this.circle(cx, cy, 0.14, 'ssb-dot'));
    o.push('</g>');
    // The worm-hole letter sits over the cell, outside its button (the label says it in words).
    if (notes.br) o.push(this.text(x + 0.95, y + 0.06, 'ssb-wl', notes.br));
  }
}

function badge(c: Canvas, x: number, y: number, orientation: Orientation | undefined): void {
  if (orientation !== 'XZ' && orientation !== 'YZ') return;
  c.out.push(c.rect(x + 0.56, y + 0.04, 0.4, 0.25, orientation === 'XZ' ? 'ssb-xz' : 'ssb-yz'));
  c.out.push(c.text(x + 0.76, y + 0.1, 'ssb-badge', orientation));
}

/** File letters below and rank numbers left of a 4x4 grid whose lower-left corner is (ox, oy). */
function coords(c: Canvas, ox: number, oy: number, level: string): void {
  for (let i = 0; i < 4; i++) {
    const j = c.flipped ? 3 - i : i;
    c.out.push(c.text(ox + i + 0.5, oy - 0.3, 'ssb-coord', 'abcd'[j]!));
    c.out.push(c.text(ox - 0.18, oy + i + 0.38, 'ssb-coord', String(j + 1)));
  }
  c.out.push(c.text(ox - 1.05, oy + 1.7, 'ssb-level', level));
}

/** The pieces in one side's hand, laid out three to a row from (x, yTop) downwards. */
function hand(c: Canvas, color: Color, x: number, yTop: number): void {
  const view = c.view;
  const toMove = view.sideToMove === color && !c.opts.result;
  c.out.push(c.text(x, yTop - 0.35, 'ssb-head', `${cap(color)} in hand${toMove ? ' \u2014 to move' : ''}`));
  const entries = ROLE_ORDER.filter((r) => (view.hands[color][r] ?? 0) > 0);
  if (entries.length === 0) {
    c.out.push(c.text(x, yTop - 0.8, 'ssb-none', 'none'));
    return;
  }
  entries.forEach((role, i) => {
    const n = view.hands[color][role] ?? 0;
    const ex = x + (i % 3) * 1.55;
    // One cell high: at least 24 CSS px as a click target on a 360 px phone.
    const ey = yTop - 0.5 - Math.floor(i / 3) * 1.05;
    const label = `${cap(color)} ${n === 1 ? ROLE_NAMES[role] : PLURALS[role]} in hand: ${n}`;
    c.out.push(`<g data-hand="${role}" data-color="${color}"${c.button(label)}>`);
    c.out.push(c.rect(ex, ey - 1, 1.45, 1, 'ssb-bg'));
    c.out.push(c.piece(ex + 0.42, ey - 0.8, 26, role, color, 'ssb-hp'));
    c.out.push(c.text(ex + 0.82, ey - 0.66, 'ssb-count', `\u00D7${n}`));
    c.out.push('</g>');
  });
}

/** Title, side to move and phase, from (x, yTop) downwards; returns the y below it. */
function header(c: Canvas, x: number, yTop: number): number {
  const view = c.view;
  c.out.push(c.text(x, yTop - 0.45, 'ssb-title', TITLES[view.variant] ?? String(view.variant)));
  const result = c.opts.result;
  c.out.push(result ? c.text(x, yTop - 0.9, 'ssb-head', result) : c.text(x, yTop - 0.9, 'ssb-status', `${cap(view.sideToMove)} to move \u00B7 ${view.phase}`));
  if (view.check) {
    c.out.push(c.text(x, yTop - 1.3, 'ssb-checktext', `${cap(view.sideToMove)} is in check`));
    return yTop - 1.5;
  }
  return yTop - 1.15;
}

// ---- ST3D ---------------------------------------------------------------------

const ST3D_LEVELS = ['W', 'N', 'B'] as const;
const CORNERS = ['a1', 'd1', 'a4', 'd4'] as const;
/** Staircase offsets between fixed levels, in cells. */
const ST3D_DX = 2.4;
const ST3D_DY = 6.2;
/** Gap between a level and its platforms, and the raise/drop of upright/inverted platforms. */
const GAP = 0.35;
const LIFT = 0.25;

const FIXED_RE = /^([WNB])([a-d])([1-4])$/;
const PLATFORM_CELL_RE = /^([WNB](?:a1|d1|a4|d4)[ud]):([ab])([12])$/;
const PIN_RE = /^([WNB])(a1|d1|a4|d4)([ud])$/;

/** Lower-left corner (in units) of a platform's 2x2 grid, before the lift. */
function platformOrigin(level: number, corner: string): [number, number] {
  const ox = level * ST3D_DX;
  const oy = level * ST3D_DY;
  const x = corner[0] === 'a' ? ox - 2 - GAP : ox + 4 + GAP;
  const y = corner[1] === '1' ? oy - 1 : oy + 3;
  return [x, y];
}

function st3dBounds(view: BoardView): Bounds {
  return {
    minX: -2.9,
    maxX: 2 * ST3D_DX + 6 + GAP + 0.5,
    minY: view.wormhole !== undefined ? -2.75 : -1.95,
    maxY: 2 * ST3D_DY + 5 + LIFT + 0.6,
  };
}

function drawSt3d(c: Canvas): void {
  const view = c.view;
  const wormholeNotes = view.variant === 'curved-space';
  const o = c.out;
  // Seen from Black's side the field is turned half round about the middle of the N level:
  // boxes are reflected through that point, text inside them stays upright.
  const cx2 = 2 * (ST3D_DX + 2);
  const cy2 = 2 * (ST3D_DY + 2);
  const box = (x: number, y: number, w: number, h: number): [number, number] => (c.flipped ? [cx2 - x - w, cy2 - y - h] : [x, y]);
  const point = (x: number, y: number): [number, number] => (c.flipped ? [cx2 - x, cy2 - y] : [x, y]);
  /** Where the worm-hole path passes: each level's centre and each numbered platform's. */
  const layerCentres = new Map<string, [number, number]>();

  // Platforms as given, plus any implied by an occupied platform cell (a defensive measure).
  const platforms = new Map<string, Platform>();
  for (const p of view.platforms ?? []) platforms.set(p.pin.slice(0, 3), p);
  for (const p of view.cells) {
    const m = PLATFORM_CELL_RE.exec(p.cell);
    if (m && !platforms.has(m[1]!.slice(0, 3))) platforms.set(m[1]!.slice(0, 3), { pin: m[1]!, up: m[1]!.endsWith('u') });
  }

  ST3D_LEVELS.forEach((level, li) => {
    const [ox, oy] = box(li * ST3D_DX, li * ST3D_DY, 4, 4);
    layerCentres.set(level, [ox + 2, oy + 2]);

    // Pins: a platform, or a vacant position.
    for (const corner of CORNERS) {
      const base = level + corner;
      const [ux, uy] = platformOrigin(li, corner);
      const [px, py] = box(ux, uy, 2, 2);
      // Which side of the level the platform shows on, after any turning round.
      const left = (corner[0] === 'a') !== c.flipped;
      const below = (corner[1] === '1') !== c.flipped;
      const platform = platforms.get(base);
      if (!platform) {
        vacantPin(c, base, px, py);
        continue;
      }
      const up = platform.up;
      const pin = base + (up ? 'u' : 'd');
      const y0 = py + (up ? LIFT : -LIFT);
      const [cornerX, cornerY] = point(corner[0] === 'a' ? li * ST3D_DX : li * ST3D_DX + 4, corner[1] === '1' ? li * ST3D_DY : li * ST3D_DY + 4);
      o.push(`<line x1="${c.x(left ? px + 2 : px)}" y1="${c.y(y0 + 1)}" x2="${c.x(cornerX)}" y2="${c.y(cornerY)}" class="ssb-arm"/>`);
      o.push(`<g data-pin="${pin}">`);
      if (up) o.push(c.rect(px + 0.1, y0 - 0.1, 2, 2, 'ssb-shadow'));
      for (let pr = 0; pr < 2; pr++)
        for (let pf = 0; pf < 2; pf++) {
          const local = `${'ab'[pf]}${pr + 1}`;
          // Same colour as the level square under/over it: file offset -1 (z..e = -1..4) and rank row -1..4.
          const fx = (corner[0] === 'a' ? -1 : 3) + pf;
          const ry = (corner[1] === '1' ? -1 : 3) + pr;
          const [sx, sy] = c.flipped ? [px + 1 - pf, y0 + 1 - pr] : [px + pf, y0 + pr];
          c.cell(`${pin}:${local}`, sx, sy, (fx + ry + 2) % 2 === 0, true, {
            tl: local,
            ...(wormholeNotes ? { br: 'yzwx'[pr * 2 + pf] } : {}),
          });
        }
      o.push(c.rect(px, y0, 2, 2, up ? 'ssb-pframe' : 'ssb-pframe ssb-inv'));
      if (c.last.has(pin)) o.push(c.rect(px - 0.05, y0 - 0.05, 2.1, 2.1, 'ssb-lastpin'));
      if (c.marks.has(pin)) o.push(c.circle(px + 1, y0 + 1, 0.16, 'ssb-dot'));
      platformLabel(c, platform, pin, px, below ? y0 - 0.42 : y0 + 2.12);
      o.push('</g>');
      if (platform.number !== undefined) layerCentres.set(`P${platform.number}`, [px + 1, y0 + 1]);
      // The same pin in the other orientation: a target of a flip, shown when it may be clicked or is marked.
      const flipped = base + (up ? 'd' : 'u');
      if (c.interactive || c.marks.has(flipped) || c.last.has(flipped)) flipMarker(c, flipped, left ? px - 0.05 : px + 2.05, y0 + 1, left);
    }
    o.push(c.circle(ox, oy, 0.07, 'ssb-post'), c.circle(ox + 4, oy, 0.07, 'ssb-post'));
    o.push(c.circle(ox, oy + 4, 0.07, 'ssb-post'), c.circle(ox + 4, oy + 4, 0.07, 'ssb-post'));

    // The fixed level.
    for (let r = 0; r < 4; r++)
      for (let f = 0; f < 4; f++) {
        const name = `${level}${'abcd'[f]}${r + 1}`;
        const centre = wormholeNotes && (f === 1 || f === 2) && (r === 1 || r === 2);
        const [sx, sy] = box(li * ST3D_DX + f, li * ST3D_DY + r, 1, 1);
        c.cell(name, sx, sy, (f + r) % 2 === 0, false, centre ? { br: r === 2 ? (f === 1 ? 'w' : 'x') : f === 1 ? 'y' : 'z' } : {});
      }
    o.push(c.rect(ox, oy, 4, 4, 'ssb-frame'));
    coords(c, ox, oy, level);
  });
  if (view.wormhole !== undefined) wormholePath(c, view.wormhole, layerCentres);

  const b = c.bounds;
  const below = header(c, b.minX + 0.15, b.maxY - 0.05);
  const [top, bottom] = c.flipped ? (['white', 'black'] as const) : (['black', 'white'] as const);
  hand(c, top, b.minX + 0.15, below - 0.15);
  hand(c, bottom, 4 + GAP + 2 + 0.45, 4.2);
  if (view.wormhole !== undefined) {
    o.push(`<text x="${c.x(b.minX + 0.15)}" y="${c.y(b.minY + 0.3)}" class="ssb-worm"><tspan class="ssb-wormhead">Worm-hole:</tspan> ${escapeXml(view.wormhole)}</text>`);
  }
}

/**
 * The worm-hole as a path to follow: a line through its layers in order, each visit
 * numbered (a level met twice gets two numbers side by side), and the default links
 * between levels (", W-N") dashed. Drawn over the cells, ignored by the pointer.
 */
function wormholePath(c: Canvas, text: string, centres: ReadonlyMap<string, [number, number]>): void {
  const [sequence = '', ...links] = text.split(',').map((part) => part.trim());
  const visits = new Map<string, number>();
  const stops: [number, number][] = [];
  for (const layer of sequence.split(/\s+/).filter(Boolean)) {
    const at = centres.get(layer);
    if (!at) continue;
    const n = visits.get(layer) ?? 0;
    visits.set(layer, n + 1);
    stops.push([at[0] + n * 0.5, at[1]]);
  }
  const o = c.out;
  for (const link of links) {
    const [a, b] = link.split('-').map((l) => centres.get(l));
    if (a && b) o.push(`<line x1="${c.x(a[0])}" y1="${c.y(a[1])}" x2="${c.x(b[0])}" y2="${c.y(b[1])}" class="ssb-link"/>`);
  }
  if (stops.length > 1) o.push(`<polyline points="${stops.map(([x, y]) => `${c.x(x)},${c.y(y)}`).join(' ')}" class="ssb-path"/>`);
  stops.forEach(([x, y], i) => {
    o.push(c.circle(x, y, 0.2, 'ssb-step'));
    o.push(c.text(x, y - 0.09, 'ssb-stepn', String(i + 1)));
  });
}

function platformLabel(c: Canvas, p: Platform, pin: string, px: number, baseline: number): void {
  const parts = [pin, p.up ? '\u25B2' : '\u25BC'];
  if (p.number !== undefined) parts.push(`P${p.number}`);
  const text = parts.join(' ');
  const words = [`platform ${pin}`, p.up ? 'upright' : 'inverted'];
  if (p.owner) words.push(`owned by ${p.owner}`);
  if (p.number !== undefined) words.push(`number ${p.number}`);
  if (p.locked) words.push('locked: moved last');
  if (c.last.has(pin)) words.push('last move');
  if (c.marks.has(pin)) words.push('highlighted');
  // Starts with the text shown, so what is read out matches what is seen.
  const label = `${text}: ${words.join(', ')}`;
  // Rough text width (12px bold): 7.3px a character, 12px for the arrow.
  const width = (text.length * 7.3 + 6) / S;
  const ownerW = p.owner ? 0.3 : 0;
  const lockW = p.locked ? 0.3 : 0;
  const start = px + 1 - (width + ownerW + lockW) / 2;
  const o = c.out;
  // Not a button of its own: too small to tap, and every cell of the platform already picks its pin.
  o.push(`<g data-cell="${escapeXml(pin)}"><title>${escapeXml(label)}</title>`);
  o.push(c.rect(start - 0.05, baseline - 0.1, width + ownerW + lockW + 0.1, 0.4, 'ssb-bg'));
  if (p.owner) o.push(c.circle(start + 0.12, baseline + 0.1, 0.11, p.owner === 'white' ? 'ssb-w' : 'ssb-b'));
  o.push(c.text(start + ownerW + width / 2, baseline, 'ssb-plabel', text));
  if (p.locked) lockIcon(c, start + ownerW + width + 0.05, baseline);
  o.push('</g>');
}

function lockIcon(c: Canvas, x: number, y: number): void {
  const X = (u: number) => c.x(x + u);
  const Y = (u: number) => c.y(y + u);
  c.out.push(
    `<path d="M${X(0.05)} ${Y(0.3)}V${Y(0.33)}A${num(0.07 * S)} ${num(0.07 * S)} 0 0 1 ${X(0.19)} ${Y(0.33)}V${Y(0.2)}" fill="none" stroke="#7a2e00" stroke-width="2"/>`,
    `<rect x="${X(0)}" y="${Y(0.2)}" width="${num(0.24 * S)}" height="${num(0.2 * S)}" rx="1.5" fill="#b34700"/>`,
  );
}

function vacantPin(c: Canvas, base: string, px: number, py: number): void {
  for (const [o, y, mark] of [
    ['u', py + 1, '\u25B3'],
    ['d', py, '\u25BD'],
  ] as const) {
    const pin = base + o;
    const words = [`vacant pin ${pin}`, o === 'u' ? 'upright position' : 'inverted position'];
    if (c.last.has(pin)) words.push('last move');
    if (c.marks.has(pin)) words.push('highlighted');
    c.out.push(`<g data-cell="${pin}"${c.button(words.join(', '))}>`);
    c.out.push(c.rect(px, y, 2, 1, 'ssb-ghost'));
    if (c.last.has(pin)) c.out.push(c.rect(px, y, 2, 1, 'ssb-last'));
    c.out.push(c.text(px + 1, y + 0.36, 'ssb-ghostmark', `${pin} ${mark}`));
    if (c.marks.has(pin)) c.out.push(c.circle(px + 1, y + 0.78, 0.12, 'ssb-dot'));
    c.out.push('</g>');
  }
}

function flipMarker(c: Canvas, pin: string, x: number, y: number, left: boolean): void {
  const words = [`pin ${pin}`, pin.endsWith('u') ? 'upright position' : 'inverted position'];
  if (c.last.has(pin)) words.push('last move');
  if (c.marks.has(pin)) words.push('highlighted');
  const dx = left ? -0.2 : 0.2;
  c.out.push(`<g data-cell="${pin}"${c.button(words.join(', '))}><title>${escapeXml(words.join(', '))}</title>`);
  c.out.push(c.circle(x + dx, y, 0.17, c.marks.has(pin) ? 'ssb-dot' : c.last.has(pin) ? 'ssb-last' : 'ssb-ghost'));
  c.out.push(c.text(x + dx, y - 0.1, 'ssb-ghostmark', pin.endsWith('u') ? '\u25B3' : '\u25BD'));
  c.out.push('</g>');
}

// ---- Planar -------------------------------------------------------------------

const PLANAR_LEVELS = ['A', 'B', 'C', 'D'] as const;
const PLANAR_DX = 1.7;
const PLANAR_DY = 4.75;

function planarBounds(): Bounds {
  return { minX: -1.6, maxX: 3 * PLANAR_DX + 4 + 0.3, minY: -0.75, maxY: 3 * PLANAR_DY + 4 + 0.3 };
}

function drawPlanar(c: Canvas): void {
  PLANAR_LEVELS.forEach((level, li) => {
    const ox = li * PLANAR_DX;
    const oy = li * PLANAR_DY;
    // Seen from Black's side each level is turned half round; A stays the lowest.
    for (let r = 0; r < 4; r++)
      for (let f = 0; f < 4; f++)
        c.cell(`${level}${'abcd'[f]}${r + 1}`, ox + (c.flipped ? 3 - f : f), oy + (c.flipped ? 3 - r : r), (f + r) % 2 === 0, false);
    c.out.push(c.rect(ox, oy, 4, 4, 'ssb-frame'));
    coords(c, ox, oy, level);
  });
  const b = c.bounds;
  const below = header(c, b.minX + 0.1, b.maxY - 0.05);
  const [top, bottom] = c.flipped ? (['white', 'black'] as const) : (['black', 'white'] as const);
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

// ---- description ----------------------------------------------------------------

/** A sentence-per-part description of the position for screen readers. */
export function describeView(view: BoardView, result?: string): string {
  const parts: string[] = [];
  const title = TITLES[view.variant] ?? String(view.variant);
  parts.push(result ? `${title}. ${result}` : `${title}. ${cap(view.sideToMove)} to move, phase ${view.phase}.`);
  if (view.check) parts.push(`${cap(view.sideToMove)} is in check.`);
  for (const color of ['white', 'black'] as const) {
    const groups: string[] = [];
    for (const role of ROLE_ORDER) {
      const cells = view.cells.filter((p) => p.color === color && p.role === role).map((p) => (p.orientation && p.orientation !== 'XY' ? `${p.cell} ${p.orientation}` : p.cell));
      if (cells.length) groups.push(`${cells.length === 1 ? ROLE_NAMES[role] : PLURALS[role]} ${cells.join(', ')}`);
    }
    parts.push(`${cap(color)}: ${groups.length ? groups.join('; ') : 'no pieces on the board'}.`);
  }
  if (view.variant !== 'planar') {
    const platforms = (view.platforms ?? []).map((p) => {
      const extra = [p.up ? 'upright' : 'inverted'];
      if (p.owner) extra.push(`${p.owner}'s`);
      if (p.number !== undefined) extra.push(`number ${p.number}`);
      if (p.locked) extra.push('locked');
      return `${p.pin} (${extra.join(', ')})`;
    });
    parts.push(`Platforms: ${platforms.length ? platforms.join(', ') : 'none'}.`);
  }
  for (const color of ['white', 'black'] as const) {
    const items = ROLE_ORDER.filter((r) => (view.hands[color][r] ?? 0) > 0).map((r) => `${view.hands[color][r]} ${view.hands[color][r] === 1 ? ROLE_NAMES[r] : PLURALS[r]}`);
    if (items.length) parts.push(`${cap(color)} in hand: ${items.join(', ')}.`);
  }
  if (view.wormhole !== undefined) parts.push(`Worm-hole: ${view.wormhole}.`);
  return parts.join(' ');
}

// ---- entry point ---------------------------------------------------------------

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
  c.out.push('</svg>');
  return c.out.join('');
}
