// Writes sample board pictures for the four variants to test-artifacts/.
// Run: npx tsx bench/render-sample.ts   (then e.g. rsvg-convert -o x.png test-artifacts/warp-factor.svg)
import { mkdirSync, writeFileSync } from 'node:fs';
import { Game } from '../src/engine/game.ts';
import type { BoardView } from '../src/engine/types.ts';
import { boardSvg } from '../src/render/board-svg.ts';
import { busyGame } from './engine.ts';

const OUT = 'test-artifacts';
mkdirSync(OUT, { recursive: true });

/** Cells named by a canonical turn text, for the last-move tint. */
function turnCells(text: string): string[] {
  const body = text.replace(/[+#]$/, '').split('&');
  const cells: string[] = [];
  for (const part of body) {
    const t = part.replace(/^[KQRBNP1-9]*@/, '').replace(/=..$/, '');
    cells.push(...t.split(/[-x]/).filter(Boolean));
  }
  return cells;
}

function fromGame(variant: string, turns: string[]): { view: BoardView; last: string[]; targets: string[] } {
  const created = Game.replay(variant, {}, turns);
  if (!created.ok) throw new Error(`${variant}: ${created.error.message}`);
  const game = created.value;
  const view = game.variant.view(game.position) as BoardView;
  const lastText = game.lastTurn?.text;
  return { view, last: lastText ? turnCells(lastText) : [], targets: [] };
}

function write(name: string, svg: string): void {
  writeFileSync(`${OUT}/${name}.svg`, svg);
  console.log(`${OUT}/${name}.svg  ${svg.length} bytes`);
}

// First Contact: platforms placed, kings placed, a few drops.
{
  const g = fromGame('first-contact', ['@Wa1u', '@Bd4d', '@Nd1d', '@Na4u', 'K@Wb1', 'K@Bc4', 'N@Wc1', 'Q@Bb4']);
  write('first-contact', boardSvg(g.view, { lastMove: g.last }));
  const start = fromGame('first-contact', []);
  write('first-contact-start', boardSvg(start.view));
}

// Warp Factor: the start, then after one move with legal targets of a knight shown.
{
  const start = fromGame('warp-factor', []);
  write('warp-factor-start', boardSvg(start.view));
  const created = Game.replay('warp-factor', {}, []);
  if (!created.ok) throw new Error(created.error.message);
  const legal = created.value.legalTexts();
  const first = legal.find((t) => t.startsWith('Wb1-')) ?? legal[0]!;
  const after = fromGame('warp-factor', [first]);
  const replies = Game.replay('warp-factor', {}, [first]);
  const targets = replies.ok
    ? replies.value
        .legalTexts()
        .filter((t) => t.startsWith('Bb4-') || t.startsWith('Bb4x'))
        .map((t) => turnCells(t)[1]!)
    : [];
  write('warp-factor', boardSvg(after.view, { lastMove: after.last, highlight: targets, interactive: true }));
}

// Curved Space and Planar: middlegames of fixed-seed random games (the benchmarks' "busy" positions).
for (const variant of ['curved-space', 'planar']) {
  const g = fromGame(variant, busyGame(variant, 40));
  write(variant, boardSvg(g.view, { lastMove: g.last }));
}
