// Fits the analysis's winning-chances curve per variant (src/engine/search/win-curve.ts):
// the computer plays itself from the match runner's fixed openings; every position it
// searched gives its score (centipawns from White's side) and, at the end, what White
// scored in that game (1, 1/2, 0; a game still going at the ply cap is adjudicated on
// material as in the strength tables). k is the constant of 1 / (1 + e^(-k cp)) that
// fits those outcomes best (least cross-entropy; a golden-section search on log k).
//
//   npm run fit:win-curve                       # 40 games per variant at level 3, prints k
//   npm run fit:win-curve -- --games 80 --write # and writes src/engine/search/win-curve.ts
//   options: --games N, --level 1-5, --variant NAME (one variant), --write
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Game } from '../src/engine/game.ts';
import { chooseMoveInGame, isLevel, type Level } from '../src/engine/search/index.ts';
import { MATE_BOUND } from '../src/engine/search/search-settings.ts';
import { WIN_CURVE } from '../src/engine/search/win-curve.ts';
import type { VariantName } from '../src/engine/types.ts';
import { MATCH_RULES, matchOpenings } from './match/openings.ts';
import { material } from './search-games.ts';

const VARIANTS: readonly VariantName[] = ['first-contact', 'warp-factor', 'curved-space', 'planar'];

interface Sample {
  readonly cp: number;
  /** White's score in the game: 1, 0.5, 0. */
  readonly score: number;
}

function selfPlay(variant: VariantName, opening: readonly string[], level: Level, seed: number): { samples: number[]; score: number } {
  const created = Game.create(variant);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  for (const text of opening) game.play(text);
  const cps: number[] = [];
  while (!game.outcome() && game.ply < MATCH_RULES.maxPlies) {
    const choice = chooseMoveInGame(game, { level, seed: seed + game.ply })!;
    // The mover's score, turned to White's side; mates are left out (the curve is for the rest).
    if (Math.abs(choice.score) < MATE_BOUND) cps.push(game.variant.turn(game.position) === 'white' ? choice.score : -choice.score);
    game.play(choice.text);
  }
  const outcome = game.outcome();
  let result: string;
  if (outcome && outcome.result !== '*') result = outcome.result;
  else {
    const balance = material(game);
    result = balance >= MATCH_RULES.adjudicateMargin ? '1-0' : balance <= -MATCH_RULES.adjudicateMargin ? '0-1' : '1/2-1/2';
  }
  return { samples: cps, score: result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5 };
}

/** Mean cross-entropy of the outcomes under the curve with constant k. */
function loss(samples: readonly Sample[], k: number): number {
  let sum = 0;
  for (const s of samples) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-k * s.cp))));
    sum -= s.score * Math.log(p) + (1 - s.score) * Math.log(1 - p);
  }
  return sum / samples.length;
}

/** The k in [1e-4, 0.05] with the least loss (golden-section search on log k). */
export function fitK(samples: readonly Sample[]): number {
  let a = Math.log(1e-4);
  let b = Math.log(0.05);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 80; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (loss(samples, Math.exp(c)) < loss(samples, Math.exp(d))) b = d;
    else a = c;
  }
  return Math.exp((a + b) / 2);
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const games = Number(opt('games') ?? 40);
  const level = Number(opt('level') ?? 3);
  if (!isLevel(level)) throw new Error('--level must be 1-6');
  const only = opt('variant');
  const fitted: Record<string, number> = { ...WIN_CURVE };
  const report: string[] = [];
  for (const variant of VARIANTS.filter((v) => !only || v === only)) {
    const started = Date.now();
    const samples: Sample[] = [];
    const tally = { white: 0, draw: 0, black: 0 };
    for (const [i, opening] of matchOpenings(variant, games).entries()) {
      const game = selfPlay(variant, opening, level, 1_000 * i);
      for (const cp of game.samples) samples.push({ cp, score: game.score });
      if (game.score === 1) tally.white++;
      else if (game.score === 0) tally.black++;
      else tally.draw++;
    }
    const k = fitK(samples);
    fitted[variant] = Number(k.toPrecision(3));
    const line = `${variant}: k = ${k.toPrecision(3)} per centipawn (a pawn ahead: ${(100 / (1 + Math.exp(-100 * k))).toFixed(0)} %) from ${samples.length} positions of ${games} games (level ${level} against itself; White ${tally.white}, drawn ${tally.draw}, Black ${tally.black}), ${((Date.now() - started) / 1000).toFixed(0)} s`;
    report.push(line);
    console.log(line);
  }
  if (args.includes('--write')) {
    const file = path.join(import.meta.dirname, '..', 'src', 'engine', 'search', 'win-curve.ts');
    const body = `// The analysis's winning-chances curve per variant: White's chances are 1 / (1 + e^(-k cp)) for an
// evaluation of cp centipawns from White's side. Written by \`npm run fit:win-curve -- --write\`
// (bench/fit-win-curve.ts): the computer's games against itself, k fitted to their outcomes.
// Last fit (${new Date().toISOString().slice(0, 10)}, level ${level}, ${games} games per variant${only ? `, ${only} only` : ''}):
${report.map((l) => `//   ${l}`).join('\n')}
import type { VariantName } from '../types.ts';

export const WIN_CURVE: Readonly<Record<VariantName, number>> = {
${VARIANTS.map((v) => `  ${v.includes('-') ? `'${v}'` : v}: ${fitted[v]},`).join('\n')}
};
`;
    writeFileSync(file, body);
    console.log(`wrote ${file}`);
  }
}

main();
