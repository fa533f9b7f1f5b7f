// Board pictures: drawing the SVG of a busy position, and the first PNG of it (SVG + resvg +
// stamps + PNG encoding: what `board.png` costs a Worker the first time; after that it is
// cached), as CPU time of this process, which a busy machine disturbs less than the clock.
// The very first picture of an isolate costs more (resvg's code is not optimised yet, and the
// stamps of pieces and characters are drawn once): measured apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Game } from '../src/engine/game.ts';
import { variantNames } from '../src/engine/variants/index.ts';
import { boardSvg } from '../src/render/board-svg.ts';
import { loadResvg, svgToPng } from '../src/render/board-png.ts';
import { ROOT as root } from '../test/e2e/server.ts';
import { busyGame, cpuMs, stats } from './engine.ts';

/**
 * The first PNG's median CPU before the pieces became paths and the PNG encoder changed (text
 * glyphs, layer opacity, resvg's encoder), measured the same way on this machine, main at 8b35964.
 */
export const PNG_CPU_MS_BEFORE: Record<string, number> = { 'first-contact': 46.4, 'warp-factor': 43.9, 'curved-space': 42.3, planar: 40.7 };
export const PNG_CPU_MS_TARGET = 25;

export async function pictureBench(runs = 25) {
  await loadResvg(readFileSync(path.join(root, 'node_modules/@resvg/resvg-wasm/index_bg.wasm')));
  // The very first picture: resvg's code is not optimised yet and every stamp is drawn.
  const first = Game.replay('first-contact', {}, busyGame('first-contact', 40));
  if (!first.ok) throw new Error(first.error.message);
  const c0 = cpuMs();
  svgToPng(boardSvg(first.value.variant.view(first.value.position), { size: 600 }));
  const isolateFirstCpuMs = cpuMs() - c0;
  // Warm-up on other pictures (each variant's start, from both sides), so the variant timed first is not the one that warms resvg up.
  for (let round = 0; round < 3; round++)
    for (const name of variantNames()) {
      const start = Game.create(name);
      if (!start.ok) throw new Error(start.error.message);
      for (const from of ['white', 'black'] as const) svgToPng(boardSvg(start.value.variant.view(start.value.position), { size: 600, from }));
    }
  const rows: { variant: string; svgMs: ReturnType<typeof stats>; pngCpuMs: ReturnType<typeof stats>; pngBytes: number }[] = [];
  for (const name of variantNames()) {
    const game = Game.replay(name, {}, busyGame(name, 40));
    if (!game.ok) throw new Error(game.error.message);
    const view = game.value.variant.view(game.value.position);
    const svgTimes: number[] = [];
    const pngTimes: number[] = [];
    let pngBytes = 0;
    for (let i = 0; i < runs; i++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      const svg = boardSvg(view, { size: 600 });
      svgTimes.push(performance.now() - t0);
      pngBytes = svgToPng(svg).length;
      pngTimes.push(cpuMs() - c0);
    }
    rows.push({ variant: name, svgMs: stats(svgTimes), pngCpuMs: stats(pngTimes), pngBytes });
  }
  return { rows, isolateFirstCpuMs };
}
