// The position in words, for screen readers (the board picture's aria-label and description).
import { ROLE_NAMES, type BoardView, COLORS } from '../engine/types.ts';
import { cap, PLURALS, ROLE_ORDER, TITLES } from './canvas.ts';

/** A sentence-per-part description of the position for screen readers. */
export function describeView(view: BoardView, result?: string): string {
  const parts: string[] = [];
  const title = TITLES[view.variant] ?? String(view.variant);
  parts.push(result ? `${title}. ${result}` : `${title}. ${cap(view.sideToMove)} to move, phase ${view.phase}.`);
  if (view.check) parts.push(`${cap(view.sideToMove)} is in check.`);
  for (const color of COLORS) {
    const groups: string[] = [];
    for (const role of ROLE_ORDER) {
      const cells = view.cells
        .filter((p) => p.color === color && p.role === role)
        .map((p) => (p.orientation && p.orientation !== 'XY' ? `${p.cell} ${p.orientation}` : p.cell));
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
  for (const color of COLORS) {
    const items = ROLE_ORDER.filter((r) => (view.hands[color][r] ?? 0) > 0).map(
      (r) => `${view.hands[color][r]} ${view.hands[color][r] === 1 ? ROLE_NAMES[r] : PLURALS[r]}`,
    );
    if (items.length) parts.push(`${cap(color)} in hand: ${items.join(', ')}.`);
  }
  if (view.wormhole !== undefined) parts.push(`Worm-hole: ${view.wormhole}.`);
  return parts.join(' ');
}
