// The drawing context of the board pictures (board-svg.ts): layout in cell units, and the
// shapes every board has (cells with their pieces and marks, coordinates, hands, header).
import { ROLE_NAMES, type BoardView, type Color, type Orientation, type Role, type VariantName } from '../engine/types.ts';
import { PIECE_PATH_SIZE, PIECE_PATHS } from './piece-paths.ts';
import { escapeXml } from './xml.ts';

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

/** Pixels per cell at the picture's natural size (viewBox units). */
export const S = 40;

export const TITLES: Record<VariantName, string> = {
  'first-contact': 'First Contact',
  'warp-factor': 'Warp Factor',
  'curved-space': 'Curved Space',
  planar: 'Planar Chess',
};

export const ROLE_ORDER: readonly Role[] = ['K', 'Q', 'R', 'B', 'N', 'P'];
export const PLURALS: Record<Role, string> = { K: 'kings', Q: 'queens', R: 'rooks', B: 'bishops', N: 'knights', P: 'pawns' };

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const num = (v: number) => String(Math.round(v * 10) / 10);

type Piece = BoardView['cells'][number];
export type Platform = NonNullable<BoardView['platforms']>[number];

function pieceWords(p: Piece): string {
  const o = p.orientation && p.orientation !== 'XY' ? `, ${p.orientation}` : '';
  return `${p.color} ${ROLE_NAMES[p.role]}${o}`;
}

export interface Bounds {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** Layout in cell units, y upwards; converted to pixels (y downwards) on output. */
export class Canvas {
  readonly out: string[] = [];
  /**
   * The pieces on the board, drawn last (`drawPieces`) over the cells and whatever is drawn on them
   * (Curved Space's worm-hole path: tester 19 Z6), each in a `data-piece` group naming its cell.
   * The layer ignores the pointer: a click on a piece falls through to its cell's button.
   */
  readonly top: string[] = [];
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
   * only): without the script clicking does nothing, so it must not sit in the Tab order; until the
   * script makes it a button it is an image with its label (a label needs a role: tester 17 X6).
   */
  button(label: string): string {
    return this.interactive ? ` data-button="" role="img" aria-label="${escapeXml(label)}"` : '';
  }

  /** The pieces' layer, over everything drawn before it; hidden from screen readers (each cell's button names its piece). */
  drawPieces(): void {
    if (this.top.length) this.out.push('<g class="ssb-pieces" aria-hidden="true">', ...this.top, '</g>');
  }

  /**
   * One square: background, last-move tint, corner notes, check ring, target dot; its piece and
   * orientation badge go to the pieces' layer (`top`). (x, y) is the lower-left corner in units.
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
    if (this.marks.has(name)) o.push(piece ? this.circle(cx, cy, 0.44, 'ssb-ring') : this.circle(cx, cy, 0.14, 'ssb-dot'));
    o.push('</g>');
    if (piece) {
      const badged = piece.orientation === 'XZ' || piece.orientation === 'YZ';
      const t = this.top;
      t.push(`<g data-piece="${escapeXml(name)}">`);
      // A badged piece is a little smaller and up-left, leaving the lower-right corner to the badge.
      t.push(this.piece(badged ? cx - 0.1 : cx, badged ? cy - 0.2 : cy - 0.3, badged ? 27 : 32, piece.role, piece.color, 'ssb-p'));
      if (badged) badge(this, x, y, piece.orientation);
      t.push('</g>');
    }
    // The worm-hole letter sits over the cell, outside its button (the label says it in words).
    if (notes.br) o.push(this.text(x + 0.95, y + 0.06, 'ssb-wl', notes.br));
  }
}

function badge(c: Canvas, x: number, y: number, orientation: Orientation | undefined): void {
  if (orientation !== 'XZ' && orientation !== 'YZ') return;
  c.top.push(c.rect(x + 0.56, y + 0.04, 0.4, 0.25, orientation === 'XZ' ? 'ssb-xz' : 'ssb-yz'));
  c.top.push(c.text(x + 0.76, y + 0.1, 'ssb-badge', orientation));
}

/** File letters below and rank numbers left of a 4x4 grid whose lower-left corner is (ox, oy). */
export function coords(c: Canvas, ox: number, oy: number, level: string): void {
  for (let i = 0; i < 4; i++) {
    const j = c.flipped ? 3 - i : i;
    c.out.push(c.text(ox + i + 0.5, oy - 0.3, 'ssb-coord', 'abcd'[j]!));
    c.out.push(c.text(ox - 0.18, oy + i + 0.38, 'ssb-coord', String(j + 1)));
  }
  c.out.push(c.text(ox - 1.05, oy + 1.7, 'ssb-level', level));
}

/** The pieces in one side's hand, laid out three to a row from (x, yTop) downwards. */
export function hand(c: Canvas, color: Color, x: number, yTop: number): void {
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

/**
 * The most characters on a line of the result: about 180 px of 12 px bold, what the header has
 * before the attack board at its right (Star Trek boards); a longer result wraps at a space.
 */
const RESULT_LINE = 26;

function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= max) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Title, side to move and phase (or the result), from (x, yTop) downwards; returns the y below it. */
export function header(c: Canvas, x: number, yTop: number): number {
  const view = c.view;
  c.out.push(c.text(x, yTop - 0.45, 'ssb-title', TITLES[view.variant] ?? String(view.variant)));
  const result = c.opts.result;
  const lines = result ? wrapWords(result, RESULT_LINE) : [];
  for (const [i, line] of lines.entries()) c.out.push(c.text(x, yTop - 0.9 - i * 0.4, 'ssb-head', line));
  if (!result) c.out.push(c.text(x, yTop - 0.9, 'ssb-status', `${cap(view.sideToMove)} to move \u00B7 ${view.phase}`));
  const top = yTop - Math.max(0, lines.length - 1) * 0.4;
  if (view.check) {
    c.out.push(c.text(x, top - 1.3, 'ssb-checktext', `${cap(view.sideToMove)} is in check`));
    return top - 1.5;
  }
  return top - 1.15;
}
