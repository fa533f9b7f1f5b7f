// The text game record (notation.md): `[Key "Value"]` header lines, a blank
// line, numbered turns in canonical form, then the result.
import type { GameResult } from '../engine/types.ts';

export type RecordResult = GameResult | '*';
const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

export interface GameRecord {
  /** Header tags in the order they were written. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Turn texts in play order. */
  readonly turns: readonly string[];
  /** The result written after the turns, if any. */
  readonly result?: RecordResult;
}

const escape = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');

export function formatRecord(record: GameRecord): string {
  const lines = record.headers.map(([key, value]) => `[${key} "${escape(value)}"]`);
  const words: string[] = [];
  record.turns.forEach((turn, i) => {
    if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
    words.push(turn);
  });
  words.push(record.result ?? '*');
  // Wrap the movetext at 80 columns, never inside a word.
  const body: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > 80) {
      body.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) body.push(line);
  return `${lines.join('\n')}\n\n${body.join('\n')}\n`;
}

export type ParseRecordResult = { ok: true; record: GameRecord } | { ok: false; error: string };

const HEADER = /^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$/;

/** Read a record. Turn texts are not checked here: the engine does that on replay. */
export function parseRecord(text: string): ParseRecordResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers: [string, string][] = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) {
      if (headers.length) break;
      continue; // blank lines before the headers
    }
    if (!line.startsWith('[')) break;
    const m = HEADER.exec(line);
    if (!m) return { ok: false, error: `line ${i + 1}: a header must look like [Key "Value"]` };
    const key = m[1]!;
    if (headers.some(([k]) => k === key)) return { ok: false, error: `line ${i + 1}: header ${key} is given twice` };
    headers.push([key, m[2]!.replace(/\\(.)/g, '$1')]);
  }
  // Movetext: drop {comments} and ;comments, then read words.
  const movetext = lines
    .slice(i)
    .map((l) => l.replace(/;.*$/, ''))
    .join('\n')
    .replace(/\{[^}]*\}/g, ' ');
  if (movetext.includes('{') || movetext.includes('}')) return { ok: false, error: 'an unclosed { comment } in the moves' };
  const turns: string[] = [];
  let result: RecordResult | undefined;
  let expectedNumber = 1;
  for (const word of movetext.split(/\s+/).filter(Boolean)) {
    if (result !== undefined) return { ok: false, error: `"${word}" after the result ${result}` };
    if (RESULTS.includes(word)) {
      result = word as RecordResult;
      continue;
    }
    // Move numbers: "12." before White's turn, "12..." before Black's.
    const number = /^(\d+)\.(\.\.)?$/.exec(word);
    if (number) {
      const n = Number(number[1]);
      const expectedPly = (n - 1) * 2 + (number[2] ? 1 : 0);
      if (n !== expectedNumber || expectedPly !== turns.length)
        return { ok: false, error: `move number ${word} is out of order (expected ${turns.length % 2 ? `${expectedNumber}...` : `${expectedNumber}.`})` };
      continue;
    }
    // "12.Wb2-Wb3" written without a space.
    const glued = /^(\d+)\.(\.\.)?(\S+)$/.exec(word);
    const turn = glued ? glued[3]! : word;
    turns.push(turn);
    if (turns.length % 2 === 0) expectedNumber++;
  }
  return { ok: true, record: { headers, turns, ...(result ? { result } : {}) } };
}

export const headerValue = (record: GameRecord, key: string): string | undefined =>
  record.headers.find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
