// The search's exact behaviour on fixed positions, for the check that a speed change
// searches the same tree (issue 34): per variant, each of the nps bench's positions
// (npsGames in bench/engine.ts: a start, fixed-seed random games) searched at levels 1-6 with
// small node budgets; the chosen turn, its score, the depth and the node count.
// `npx tsx bench/search-fixture.ts` rewrites test/engine/search-fixture.json from the code
// as it is; test/engine/search-identity.test.ts compares the code with that file.
import { writeFileSync } from 'node:fs';
import { chooseMoveInGame, type Level } from '../src/engine/search/index.ts';
import type { VariantName } from '../src/engine/types.ts';
import { variantNames } from '../src/engine/variants/index.ts';
import { npsGames } from './engine.ts';

/** Node budgets by level (1-6): small, so the whole record takes a few seconds. */
const BUDGETS: Readonly<Record<Level, number>> = { 1: 60, 2: 300, 3: 600, 4: 1_000, 5: 1_500, 6: 2_500 };

export type SearchRecord = Record<string, string[]>;

/** "level seed: text score depth nodes" per position and level, keyed by variant and position. */
export function searchRecord(): SearchRecord {
  const record: SearchRecord = {};
  for (const variant of variantNames() as VariantName[]) {
    for (const [i, game] of npsGames(variant).entries()) {
      const rows: string[] = [];
      for (const level of [1, 2, 3, 4, 5, 6] as Level[]) {
        const c = chooseMoveInGame(game, { level, seed: i, nodes: BUDGETS[level] });
        rows.push(c ? `${level} ${i}: ${c.text} ${c.score} ${c.depth} ${c.nodes}` : `${level} ${i}: none`);
      }
      record[`${variant} ${i}`] = rows;
    }
  }
  return record;
}

if (process.argv[1]?.endsWith('search-fixture.ts')) {
  writeFileSync('test/engine/search-fixture.json', `${JSON.stringify(searchRecord(), null, 2)}\n`);
  console.log('written test/engine/search-fixture.json');
}
