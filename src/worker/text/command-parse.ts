// A line of text read as a command of the chat bots and reply-to-play email (src/worker/text/commands.ts
// carries them out): a keyword, `move <turn>`, `say <words>`, `if X then Y`, `pause …`, `leave …`, or a
// turn, as keyboards and mail programs leave it. Whether a line reads as a turn at all (readsAsTurn).
import { Game } from '../../engine/game.ts';
import { VARIANT_NAMES } from '../../engine/types.ts';

export type Command =
  | {
      readonly kind: 'move';
      readonly text: string;
      /** Sent with the turn (an email's `say` line). */
      readonly message?: string;
      /** Offer a draw once the turn is played (an email's `draw` line with the turn). */
      readonly offerDraw?: true;
    }
  | { readonly kind: 'say'; readonly text: string }
  | { readonly kind: 'takeback'; readonly action: 'offer' | 'accept' | 'decline' }
  /** `if <turn> then <turn> [then <turn> ...]`: one more conditional line. */
  | { readonly kind: 'if'; readonly line: readonly string[] }
  | { readonly kind: 'conditional'; readonly clear: boolean }
  /** `days` is checked when run (PauseSchema), so a wrong number gets its own answer. */
  | { readonly kind: 'pause'; readonly action: 'offer'; readonly days?: number }
  | { readonly kind: 'pause'; readonly action: 'accept' | 'decline' | 'cancel' }
  | { readonly kind: 'leave'; readonly days: number }
  | { readonly kind: 'board' | 'legal' | 'resign' | 'draw' | 'accept' | 'decline' | 'claim' | 'help' };

const KEYWORDS = ['board', 'legal', 'resign', 'draw', 'accept', 'decline', 'claim', 'help'] as const;

/**
 * The dashes phones and mail programs put for a typed hyphen (U+2010-2015: hyphen, non-breaking hyphen,
 * figure dash, en and em dash, bar; U+2212 minus) as the notation's "-": they mean nothing else in a turn.
 */
export const plainDashes = (text: string) => text.replace(/[\u2010-\u2015\u2212]/g, '-');

/** A line -> a command: a keyword (any case, trailing punctuation ignored), `move <turn>` (or `move: <turn>`), or a turn. */
export function parseCommand(line: string): Command | undefined {
  const text = line.trim().replace(/^\/?subspace\s+/i, '');
  if (!text) return undefined;
  const word = text.toLowerCase().replace(/[.!]+$/, '');
  if ((KEYWORDS as readonly string[]).includes(word)) return { kind: word as (typeof KEYWORDS)[number] };
  if (word === 'offer draw' || word === 'draw offer' || word === 'offer a draw') return { kind: 'draw' };
  const takeback = /^take\s?back(?:\s+(offer|accept|decline))?$/.exec(word);
  if (takeback) return { kind: 'takeback', action: (takeback[1] ?? 'offer') as 'offer' | 'accept' | 'decline' };
  const conditional = /^(?:conditional|conditionals)(\s+clear)?$/.exec(word);
  if (conditional) return { kind: 'conditional', clear: conditional[1] !== undefined };
  // `if X then Y [then ...]`, or the turns apart by spaces only, as the page's box takes them. An empty
  // step ("then then", a trailing "then") stays an empty turn, refused when run, not quietly dropped
  // (tester 10 C2); "if X" alone is a line begun and not finished, said so when run.
  if (/^if\s+\S/i.test(text)) {
    const body = plainDashes(text)
      .replace(/[.!]+$/, '')
      .replace(/^if\s+/i, '')
      .trim();
    return { kind: 'if', line: (/\bthen\b/i.test(body) ? body.split(/\s*\bthen\b\s*/i) : body.split(/\s+/)).map((t) => t.trim()) };
  }
  const pause = /^pause(?:\s+(\d{1,6})(?:\s+days?)?|\s+(accept|decline|cancel))?$/.exec(word);
  if (pause)
    return pause[2]
      ? { kind: 'pause', action: pause[2] as 'accept' | 'decline' | 'cancel' }
      : { kind: 'pause', action: 'offer', ...(pause[1] ? { days: Number(pause[1]) } : {}) };
  const leave = /^leave\s+(\d{1,6})(?:\s+days?)?$/.exec(word);
  if (leave) return { kind: 'leave', days: Number(leave[1]) };
  const said = /^say\s+([\s\S]+)$/i.exec(text);
  if (said) return { kind: 'say', text: said[1]!.trim() };
  const m = /^(?:move|play)(?:\s*:\s*|\s+)(.+)$/i.exec(text);
  return { kind: 'move', text: asTyped(m ? m[1]! : text) };
}

/**
 * A turn as keyboards and mail programs leave it, as it was meant (tester 12 E7): full-width forms
 * (an IME's "Ｗｄ１－Ｗｂ２") as their plain letters, characters that show as nothing dropped, and
 * a turn wrapped whole in quotes, straight or curly (as the answers quote an example), unwrapped.
 */
function asTyped(text: string): string {
  const plain = plainDashes(text.normalize('NFKC'))
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .trim();
  return /^(["'\u201C\u201D\u2018\u2019\u00AB\u00BB\u201E])\s*(\S+)\s*(["'\u201C\u201D\u2018\u2019\u00AB\u00BB])$/.exec(plain)?.[2] ?? plain;
}

/** Each variant's parser and its starting position, made on first use (a turn's syntax does not depend on the position). */
let turnReaders: readonly Game[] | undefined;

/**
 * Whether a chat line reads as a turn, legal or not: some variant's turn parser gets past its first
 * character (a syntax error's `at` beyond it, or no syntax error). A cell (`Wb2`, `Ab1`), a drop
 * (`N@…`) or a piece letter and a cell (`NWb1-…`) begin a turn; `thanks`, `what can you do?`, and
 * words whose capital is only a piece letter (`Please`, `Nice`, `Kthx`) do not.
 */
export function readsAsTurn(text: string): boolean {
  turnReaders ??= VARIANT_NAMES.flatMap((name) => {
    const created = Game.create(name);
    return created.ok ? [created.value] : [];
  });
  const lead = text.length - text.trimStart().length;
  return turnReaders.some((game) => {
    const parsed = game.variant.parseMove(game.position, text);
    return parsed.ok || parsed.error.kind !== 'syntax' || (parsed.error.at ?? lead) > lead + 1;
  });
}

/**
 * Words that are no turn at all (`status`, `board please`, `Nice`): no digit (every cell has one) and
 * no variant reads them past their first letter. A mistyped turn (`Wz9`, `Kb1`, `e2e4`) is not such words.
 */
export const plainWords = (text: string): boolean => !/\d/.test(text) && !readsAsTurn(text);
