// The board as plain text, for chat replies, emails and webhook payloads.
// ST3D (First Contact, Warp Factor, Curved Space): the fixed levels B, N, W as 4x4
// grids side by side, then each platform as a 2x2 with its pin; Planar: the four
// 4x4 levels A-D with an orientation mark after each piece. White is upper case,
// Black lower case, "." an empty cell.
import { colorName, type BoardView, type Color, type Orientation, type Role, COLORS } from '../engine/types.ts';

const FILES = 'abcd';
const ORIENTATION_MARK: Record<Orientation, string> = { XY: '-', XZ: '/', YZ: '|' };

const pieceLetter = (color: Color, role: Role) => (color === 'white' ? role : role.toLowerCase());

/** Blocks of lines placed side by side, `gap` spaces apart. */
function sideBySide(blocks: readonly string[][], gap = 3): string[] {
  const height = Math.max(...blocks.map((b) => b.length));
  const widths = blocks.map((b) => Math.max(...b.map((l) => l.length)));
  const lines: string[] = [];
  for (let i = 0; i < height; i++)
    lines.push(
      blocks
        .map((b, j) => (b[i] ?? '').padEnd(widths[j]!))
        .join(' '.repeat(gap))
        .trimEnd(),
    );
  return lines;
}

/** A square grid: `size` files a.., ranks from `size` down to 1; `at(file0, rank0)` gives the cell text. */
function grid(title: string, size: number, at: (file0: number, rank0: number) => string, cellWidth = 1): string[] {
  const lines = [title];
  for (let r = size - 1; r >= 0; r--) {
    const row: string[] = [];
    for (let f = 0; f < size; f++) row.push(at(f, r).padEnd(cellWidth));
    lines.push(`${r + 1} ${row.join(' ')}`.trimEnd());
  }
  lines.push(
    `  ${Array.from(FILES.slice(0, size))
      .map((f) => f.padEnd(cellWidth))
      .join(' ')}`.trimEnd(),
  );
  return lines;
}

function handsLine(view: BoardView): string | undefined {
  const parts: string[] = [];
  for (const color of COLORS) {
    const hand = Object.entries(view.hands[color]).filter(([, n]) => n && n > 0);
    if (hand.length) parts.push(`${colorName(color)} ${hand.map(([role, n]) => `${pieceLetter(color, role as Role)}${n! > 1 ? n : ''}`).join(' ')}`);
  }
  return parts.length ? `In hand: ${parts.join('; ')}` : undefined;
}

function st3d(view: BoardView): string[] {
  const at = new Map(view.cells.map((c) => [c.cell, pieceLetter(c.color, c.role)]));
  const levels = (['B', 'N', 'W'] as const).map((level) => grid(`${level} level`, 4, (f, r) => at.get(`${level}${FILES[f]}${r + 1}`) ?? '.'));
  const lines = sideBySide(levels);
  const platforms = view.platforms ?? [];
  if (platforms.length) {
    lines.push('', 'Platforms:');
    const blocks = platforms.map((p) => {
      const mark = p.owner ? ` ${p.owner === 'white' ? 'W' : 'B'}` : p.number !== undefined ? ` #${p.number}` : '';
      return grid(`${p.pin}${mark}${p.locked ? ' *' : ''}`, 2, (f, r) => at.get(`${p.pin}:${'ab'[f]}${r + 1}`) ?? '.');
    });
    for (let i = 0; i < blocks.length; i += 5) lines.push(...sideBySide(blocks.slice(i, i + 5)));
  }
  if (view.wormhole) lines.push(`Worm hole: ${view.wormhole}`);
  return lines;
}

function planar(view: BoardView): string[] {
  const at = new Map(view.cells.map((c) => [c.cell, pieceLetter(c.color, c.role) + (c.orientation ? ORIENTATION_MARK[c.orientation] : '')]));
  const levels = ['A', 'B', 'C', 'D'].map((level) => grid(`${level} level`, 4, (f, r) => at.get(`${level}${FILES[f]}${r + 1}`) ?? '.', 2));
  return [...sideBySide(levels, 2), 'Orientation: - XY, / XZ, | YZ'];
}

/** The board of a view as text; `status` adds the line saying whose turn it is. */
export function boardText(view: BoardView, status?: { readonly over?: string }): string {
  const lines = view.variant === 'planar' ? planar(view) : st3d(view);
  const hands = handsLine(view);
  if (hands) lines.push(hands);
  if (status?.over) lines.push(status.over);
  else
    lines.push(`${colorName(view.sideToMove)} to move${view.phase && view.phase !== 'play' ? ` (${view.phase} phase)` : ''}${view.check ? ', in check' : ''}`);
  return lines.join('\n');
}
