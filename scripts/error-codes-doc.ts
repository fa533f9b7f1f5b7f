// docs/http.md's list of the API's error codes, made from the one list (src/service/error-codes.ts,
// the meanings) and /openapi.json (the statuses each code comes with, over all routes), so the two
// cannot drift: `npx tsx scripts/error-codes-doc.ts` writes it into docs/http.md, and
// test/scripts/error-codes-doc.test.ts fails while the file holds another list.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, type ErrorCode } from '../src/service/error-codes.ts';
import { openApiDocument } from '../src/worker/openapi.ts';
import { codesOf } from '../src/worker/openapi-schema.ts';

export const DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'http.md');
const START = '<!-- error codes: written by scripts/error-codes-doc.ts from src/service/error-codes.ts and /openapi.json -->';
const END = '<!-- end of the error codes -->';

/** Codes that no operation of /openapi.json lists, and where they come from instead. */
const ELSEWHERE: Partial<Record<ErrorCode, string>> = {
  unknown_route: '404 (any path)',
  method_not_allowed: '405 (any path)',
  bad_request: '4xx (any path)',
  internal_error: '500 (any path)',
  unknown_diagram: '404 (`GET /rules/{variant}/{diagram}.svg`)',
  bad_link: '403 (sign-in, confirmation and unsubscribe links: pages and text, not JSON)',
  too_many_lines: '400 (the chat and email `if` command only, in words)',
  no_legal_turn: '409 (a hint with no legal turn: not reached while a game goes on)',
};

/** The markdown table: each code, the statuses it comes with, what it means. */
export function codesTable(): string {
  const statuses = new Map<ErrorCode, Set<string>>();
  const doc = openApiDocument('https://subspace.example.org') as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  for (const ops of Object.values(doc.paths))
    for (const op of Object.values(ops))
      for (const [status, answer] of Object.entries(op.responses))
        if (Number(status) >= 400) for (const code of codesOf(answer)) statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
  const rows = (Object.entries(ERROR_CODES) as [ErrorCode, string][]).map(([code, meaning]) => {
    const where = statuses.has(code) ? [...statuses.get(code)!].sort().join(', ') : (ELSEWHERE[code] ?? '(none)');
    return `| \`${code}\` | ${where} | ${meaning.replace(/\|/g, '\\|')} |`;
  });
  return [START, '| code | status | meaning |', '|---|---|---|', ...rows, END].join('\n');
}

/** `markdown` with its list of codes replaced by the one made now. */
export function withTable(markdown: string): string {
  const from = markdown.indexOf(START);
  const to = markdown.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${DOC} has no list of error codes between ${START} and ${END}`);
  return markdown.slice(0, from) + codesTable() + markdown.slice(to + END.length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) writeFileSync(DOC, withTable(readFileSync(DOC, 'utf8')));
