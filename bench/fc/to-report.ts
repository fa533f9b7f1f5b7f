// The games of bench/fc/resume.ts (its shard files OUT.k-n) as a match runner report, for `npm run match --
// ... --resume REPORT`: the runner then counts them as played pairs and prints its own pentanomial Elo (and plays
// any pair left out with --omit, to check that its games are resume.ts's). The per-move tallies are the base's
// (resume.ts does not time its searches): the report's perMove is the base match's, not the candidate's.
// `npx tsx bench/fc/to-report.ts BASE OUT SHARDS OPTIONS REPORT [--omit 1,2]`
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseEngine } from '../match/cli.ts';

const args = process.argv.slice(2);
const omitAt = args.indexOf('--omit');
const omit = new Set(omitAt >= 0 ? args[omitAt + 1]!.split(',').map(Number) : []);
const [baseFile, outFile, shardsText, optionText, reportFile] = args;
const base = JSON.parse(readFileSync(baseFile!, 'utf8'));
const games: Record<string, { firstWhite: boolean; result: string; reason: string; plies: number; firstScore: number; moves: string[] }> = {};
for (let i = 0; i < Number(shardsText); i++) {
  const file = `${outFile}.${i}-${shardsText}`;
  if (existsSync(file)) Object.assign(games, JSON.parse(readFileSync(file, 'utf8')).games);
}
const a = parseEngine(optionText!, 'a');
const results = [];
for (const pair of base.results) {
  if (omit.has(pair.index)) continue;
  const mine = pair.games.map((g: { firstWhite: boolean }) => games[`${pair.index}${g.firstWhite ? 'W' : 'B'}`]);
  if (mine.some((g: unknown) => !g)) throw new Error(`pair ${pair.index} is not complete`);
  results.push({
    index: pair.index,
    games: mine.map(({ firstWhite, result, reason, plies, firstScore, moves }: (typeof games)[string]) => ({
      firstWhite,
      result,
      reason,
      plies,
      firstScore,
      moves,
    })),
    tally: pair.tally,
  });
}
writeFileSync(
  reportFile!,
  `${JSON.stringify({ variant: base.variant, engines: [{ name: a.name, checkout: '.', options: a.options }, base.engines[1]], rules: base.rules, results }, null, 1)}\n`,
);
console.log(`${results.length} pairs written to ${reportFile}`);
