// The text form of a game record (notation.md): `[Key "Value"]` header lines, a blank line,
// numbered turns in canonical form with their comments, then the result. Writing it and reading it
// back; what the record means (the game it exports or imports) is record.ts.
import type { GameResult } from '../engine/types.ts';

export type RecordResult = GameResult | '*';
export const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

export interface GameRecord {
  /** Header tags in the order they were written. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Turn texts in play order. */
  readonly turns: readonly string[];
  /** When each turn was played (ISO 8601), written after it as a `{[%at …]}` comment, as PGN's [%clk] are. */
  readonly times?: readonly (string | undefined)[];
  /** The result written after the turns, if any. */
  readonly result?: RecordResult;
  /** Comments written after that many turns (0: before the first), such as a takeback. Reading drops them. */
  readonly notes?: ReadonlyMap<number, readonly string[]>;
  /** The computer's analysis per turn: a glyph written after the turn (`??`) and its evaluation as a `{[%eval …]}` comment. */
  readonly annotations?: readonly (TurnAnnotation | undefined)[];
  /** Black played the first turn (a set-up with Black to move): numbered "1... X 2. Y", as PGN does. */
  readonly blackFirst?: boolean;
}

/** What the analysis adds to a turn in the record: `Wb4-Wa4u:b2?? {[%eval #-1]}`. */
export interface TurnAnnotation {
  readonly glyph?: string;
  /** As `evalText` writes it: pawns from White's side (`0.35`), `#n` a mate, or a result. */
  readonly eval?: string;
}

const escape = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');

export function formatRecord(record: GameRecord): string {
  const lines = record.headers.map(([key, value]) => `[${key} "${escape(value)}"]`);
  const words: string[] = [];
  const notesAfter = (n: number) => (record.notes?.get(n) ?? []).forEach((note) => words.push(`{${note.replaceAll('}', ')')}}`));
  notesAfter(0);
  const first = record.blackFirst ? 1 : 0;
  record.turns.forEach((turn, i) => {
    if ((i + first) % 2 === 0) words.push(`${(i + first) / 2 + 1}.`);
    else if (i === 0) words.push('1...');
    const note = record.annotations?.[i];
    words.push(turn + (note?.glyph ?? ''));
    const at = record.times?.[i];
    if (at) words.push(`{[%at ${at}]}`);
    if (note?.eval) words.push(`{[%eval ${note.eval}]}`);
    notesAfter(i + 1);
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

type ParseRecordResult = { ok: true; record: GameRecord } | { ok: false; error: string };

/** Marks a turn's time among the movetext words (a character no turn text holds). */
const TIME_MARK = '\u0001';

const HEADER = /^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$/;
/** Bounds on a record's header tags (ours writes about ten short ones). */
const MAX_TAGS = 40;
const MAX_TAG_VALUE = 1000;

/** Read a record. Turn texts are not checked here: the engine does that on replay. */
export function parseRecord(text: string): ParseRecordResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers: [string, string][] = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) {
      // Blank lines before the headers, or between them (hand-edited records have them):
      // the headers end at a blank line only when what follows is not another header.
      let next = i + 1;
      while (next < lines.length && !lines[next]!.trim()) next++;
      if (headers.length && !lines[next]?.trim().startsWith('[')) break;
      i = next - 1;
      continue;
    }
    if (!line.startsWith('[')) break;
    const m = HEADER.exec(line);
    if (!m) return { ok: false, error: `line ${i + 1}: a header must look like [Key "Value"]` };
    const key = m[1]!;
    if (headers.some(([k]) => k === key)) return { ok: false, error: `line ${i + 1}: header ${key} is given twice` };
    if (headers.length === MAX_TAGS) return { ok: false, error: `at most ${MAX_TAGS} header tags` };
    if (m[2]!.length > MAX_TAG_VALUE) return { ok: false, error: `line ${i + 1}: the value of ${key} is longer than ${MAX_TAG_VALUE} characters` };
    headers.push([key, m[2]!.replace(/\\(.)/g, '$1')]);
  }
  // Movetext: drop ;comments and {comments}, keeping a turn's time ({[%at …]}) as a marked word.
  const movetext = lines
    .slice(i)
    .map((l) => l.replace(/;.*$/, ''))
    .join('\n')
    .replace(/\{([^}]*)\}/g, (_, comment: string) => {
      const at = /\[%at\s+([^\]\s]+)\s*\]/.exec(comment)?.[1];
      return at ? ` ${TIME_MARK}${at} ` : ' ';
    });
  if (movetext.includes('{')) return { ok: false, error: 'an unclosed { comment } in the moves' };
  if (movetext.includes('}')) return { ok: false, error: 'a } that closes no { comment } in the moves' };
  // Variations in ( ), nested or not, are another line than the game's, as PGN readers take them: left out.
  // One pass with a depth count (tester 8 K7: a pass per level took minutes on a record nested 100 000 deep).
  let played = '';
  let depth = 0;
  for (let k = 0, kept = 0; k <= movetext.length; k++) {
    const ch = movetext[k];
    if (ch !== '(' && ch !== ')' && k < movetext.length) continue;
    if (depth === 0) played += movetext.slice(kept, k);
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return { ok: false, error: 'a ) that closes no ( variation ) in the moves' };
    if (depth === 0 && ch !== undefined) played += ' ';
    kept = k + 1;
  }
  if (depth > 0) return { ok: false, error: 'an unclosed ( variation ) in the moves' };
  const turns: string[] = [];
  const times: (string | undefined)[] = [];
  let result: RecordResult | undefined;
  let expectedNumber = 1;
  // 1 when the record starts with "1..." (Black played the first turn, from a set-up); the import checks it against the position.
  let first = 0;
  // A piece letter written apart from its turn ("P Wb2-Wb3", as typed turns may be) goes with the word after it.
  const words = played.split(/\s+/).filter(Boolean);
  const joined = words.flatMap((w, k) =>
    /^[KQRBNP]$/.test(w) && k + 1 < words.length ? [] : /^[KQRBNP]$/.test(words[k - 1] ?? '') ? [`${words[k - 1]} ${w}`] : [w],
  );
  for (const word of joined) {
    if (result !== undefined) return { ok: false, error: `"${word}" after the result ${result}` };
    if (word.startsWith(TIME_MARK)) {
      const at = word.slice(1);
      if (!turns.length || Number.isNaN(Date.parse(at)))
        return { ok: false, error: `[%at ${at}] must follow a turn and be a time like 2026-11-23T10:54:43.764Z` };
      times[turns.length - 1] = new Date(Date.parse(at)).toISOString();
      continue;
    }
    if (RESULTS.includes(word)) {
      result = word as RecordResult;
      continue;
    }
    // Move numbers: "12." before White's turn, "12..." before Black's.
    const number = /^(\d+)\.(\.\.)?$/.exec(word);
    if (number) {
      const n = Number(number[1]);
      if (!turns.length && n === 1 && number[2]) first = 1;
      const expectedPly = (n - 1) * 2 + (number[2] ? 1 : 0);
      if (n !== expectedNumber || expectedPly !== turns.length + first)
        return {
          ok: false,
          error: `move number ${word} is out of order (expected ${(turns.length + first) % 2 ? `${expectedNumber}...` : `${expectedNumber}.`})`,
        };
      continue;
    }
    // Numeric annotation glyphs ($2, $4, ...) say what a glyph says: dropped.
    if (/^\$\d{1,3}$/.test(word)) continue;
    // "12.Wb2-Wb3" written without a space; a glyph after the turn (`??`, `!?`) is dropped, the turn kept.
    const glued = /^(\d+)\.(\.\.)?(\S+)$/.exec(word);
    const turn = (glued ? glued[3]! : word).replace(/(?<=[^!?])(?:!!|\?\?|!\?|\?!|!|\?)$/, '');
    turns.push(turn);
    if ((turns.length + first) % 2 === 0) expectedNumber++;
  }
  return { ok: true, record: { headers, turns, ...(times.length ? { times } : {}), ...(result ? { result } : {}), ...(first ? { blackFirst: true } : {}) } };
}

export const headerValue = (record: GameRecord, key: string): string | undefined => record.headers.find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
