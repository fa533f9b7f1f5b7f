// A speed change to the search must search the same tree (issue 34): on fixed positions
// and levels, the same turn, score, depth and node count as recorded in
// search-fixture.json (written by `npx tsx bench/search-fixture.ts` from the code before).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchRecord } from '../../bench/search-fixture.ts';

describe('search identity', () => {
  it('chooses the same turns with the same node counts as the recorded search', () => {
    const recorded = JSON.parse(readFileSync(new URL('./search-fixture.json', import.meta.url), 'utf8'));
    expect(searchRecord()).toEqual(recorded);
  });
});
