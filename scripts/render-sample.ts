// Writes sample board pictures for the four variants to test-artifacts/.
// Run: npx tsx scripts/render-sample.ts   (then e.g. rsvg-convert -o x.png test-artifacts/warp-factor.svg)
import { mkdirSync, writeFileSync } from 'node:fs';
import { Game } from '../src/engine/game.ts';
import type { BoardView } from '../src/engine/types.ts';
import { boardSvg } from '../src/render/board-svg.ts';

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

// Curved Space: hand-built (the variant may not be registered yet).
{
  const view: BoardView = {
    variant: 'curved-space',
    sideToMove: 'black',
    phase: 'play',
    cells: [
      { cell: 'Wb1', color: 'white', role: 'K' },
      { cell: 'Wc3', color: 'white', role: 'Q' },
      { cell: 'Wa1u:b2', color: 'white', role: 'N' },
      { cell: 'Nd1d:a1', color: 'white', role: 'P' },
      { cell: 'Bc4', color: 'black', role: 'K' },
      { cell: 'Bb2', color: 'black', role: 'R' },
      { cell: 'Na4u:a2', color: 'black', role: 'B' },
      { cell: 'Nc2', color: 'black', role: 'P' },
    ],
    platforms: [
      { pin: 'Wa1u', up: true, number: 1 },
      { pin: 'Nd1d', up: false, number: 2 },
      { pin: 'Bd4u', up: true, number: 3 },
      { pin: 'Na4u', up: true, number: 4 },
    ],
    hands: { white: { Q: 0, R: 2, B: 2, N: 1, P: 7 }, black: { Q: 1, R: 1, B: 1, N: 2, P: 7 } },
    wormhole: 'W P1 P2 N B P3 N P4',
    check: true,
  };
  write('curved-space', boardSvg(view, { lastMove: ['Wc3', 'Bb2'], highlight: ['Wc2', 'Wd1', 'Nc2'] }));
}

// Planar: hand-built.
{
  const view: BoardView = {
    variant: 'planar',
    sideToMove: 'white',
    phase: 'play',
    cells: [
      { cell: 'Ab1', color: 'white', role: 'K', orientation: 'XY' },
      { cell: 'Bc2', color: 'white', role: 'R', orientation: 'XZ' },
      { cell: 'Cb3', color: 'white', role: 'N', orientation: 'YZ' },
      { cell: 'Dc4', color: 'black', role: 'K', orientation: 'XZ' },
      { cell: 'Ca2', color: 'black', role: 'Q', orientation: 'YZ' },
      { cell: 'Bd3', color: 'black', role: 'P' },
      { cell: 'Aa4', color: 'black', role: 'B', orientation: 'XZ' },
    ],
    hands: { white: { Q: 1, R: 1, B: 2, N: 1, P: 8 }, black: { R: 2, B: 1, N: 2, P: 7 } },
    check: false,
  };
  write('planar', boardSvg(view, { lastMove: ['Cb3'], highlight: ['Ca2', 'Cc1'] }));
}
