// Board pictures: drawing the SVG of a busy position, and turning it into a PNG with
// resvg (what `board.png` costs a Worker the first time; after that it is cached).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Game } from '../src/engine/game.ts';
import { variantNames } from '../src/engine/variants/index.ts';
import { boardSvg } from '../src/render/board-svg.ts';
import { loadResvg, svgToPng } from '../src/render/board-png.ts';
import { ROOT as root } from '../test/e2e/server.ts';
import { busyGame, stats } from './engine.ts';

export async function pictureBench(runs = 25) {
  await loadResvg(readFileSync(path.join(root, 'node_modules/@resvg/resvg-wasm/index_bg.wasm')));
  const fonts = ['DejaVuSans-subset.ttf', 'DejaVuSans-Bold-subset.ttf'].map((f) => new Uint8Array(readFileSync(path.join(root, 'assets/fonts', f))));
  const rows: { variant: string; svgMs: ReturnType<typeof stats>; pngMs: ReturnType<typeof stats>; pngBytes: number }[] = [];
  for (const name of variantNames()) {
    const game = Game.replay(name, {}, busyGame(name, 40));
    if (!game.ok) throw new Error(game.error.message);
    const view = game.value.variant.view(game.value.position);
    const svgTimes: number[] = [];
    const pngTimes: number[] = [];
    let pngBytes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const svg = boardSvg(view, { size: 600 });
      const t1 = performance.now();
      pngBytes = svgToPng(svg, fonts).length;
      pngTimes.push(performance.now() - t1);
      svgTimes.push(t1 - t0);
    }
    rows.push({ variant: name, svgMs: stats(svgTimes), pngMs: stats(pngTimes), pngBytes });
  }
  return rows;
}
