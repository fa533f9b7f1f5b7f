// Where a 200-ply rebuild (Game.replay: what import and the replay check do) spends its CPU:
// each step of Game.play timed alone over the whole game, so the split needs no clock per ply.
// (The board's verdict is not a step: a turn that parses as legal shows the game is not over.)
// The position text is not a step of the replay check either (repetition is counted by hash and
// the text written when asked for), but an import stores every one, so it is timed beside them.
import { Game } from '../src/engine/game.ts';
import { getVariant, variantNames } from '../src/engine/variants/index.ts';
import { busyGame, cpuMs, stats } from './engine.ts';

/** The steps of one turn in Game.play, in its order. */
const STEPS = ['parse + validate', 'canonical text (with the check/mate mark)', 'apply', 'position hash', 'position text (import)'] as const;

export function rebuildParts(runs = 15) {
  return variantNames().map((name) => {
    const variant = getVariant(name)!;
    const texts = busyGame(name, 200, 3); // the game the rebuild target is measured on
    const replayed = Game.replay(name, {}, texts);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const before = replayed.value.allPositions.slice(0, -1);
    const moves = before.map((pos, i) => {
      const parsed = variant.parseMove(pos, texts[i]!);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    });
    const after = replayed.value.allPositions.slice(1);
    const step: Record<(typeof STEPS)[number], (i: number) => unknown> = {
      'parse + validate': (i) => variant.parseMove(before[i], texts[i]!),
      'canonical text (with the check/mate mark)': (i) => variant.formatMove(before[i], moves[i], after[i]),
      apply: (i) => variant.play(before[i], moves[i]),
      'position hash': (i) => variant.hashPosition(after[i]),
      'position text (import)': (i) => variant.formatPosition(after[i]),
    };
    const ms = Object.fromEntries(
      STEPS.map((label) => {
        const samples: number[] = [];
        for (let r = 0; r < runs; r++) {
          const t0 = cpuMs();
          for (let i = 0; i < texts.length; i++) step[label](i);
          samples.push(cpuMs() - t0);
        }
        return [label, +stats(samples).median.toFixed(2)];
      }),
    ) as Record<(typeof STEPS)[number], number>;
    return { variant: name, plies: texts.length, ms };
  });
}

export function printRebuildParts(rows: ReturnType<typeof rebuildParts>): void {
  console.log('\n## Where a 200-ply rebuild goes (CPU ms per game, median; each step timed alone)\n');
  console.log(`| variant | ${STEPS.join(' | ')} |`);
  console.log(`|---|${STEPS.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.variant} | ${STEPS.map((s) => row.ms[s].toFixed(2)).join(' | ')} |`);
}
