// docs/http.md lists every error code with its meaning and statuses as the one list
// (src/service/error-codes.ts) and /openapi.json have them (issue 31): written by
// scripts/error-codes-doc.ts, so a code added, dropped, reworded or documented on another status
// fails here until `npx tsx scripts/error-codes-doc.ts` is run again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codesTable, DOC, withTable } from '../../scripts/error-codes-doc.ts';
import { ERROR_CODES } from '../../src/service/error-codes.ts';

describe('the error codes in docs/http.md', () => {
  it('are the list as it is now', () => {
    const markdown = readFileSync(DOC, 'utf8');
    expect(markdown).toBe(withTable(markdown));
  });

  it('name every code once, each with its statuses and meaning', () => {
    const rows = codesTable()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(Object.keys(ERROR_CODES));
    for (const row of rows) expect(row, row).toMatch(/^\| `\w+` \| ([1-5]\d\d|4xx)/);
  });
});
