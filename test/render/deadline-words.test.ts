// The countdowns of the game page (src/browser/deadline.ts, as the built GAME_JS sends it) and
// /me (ME_JS): whole minutes down, the same on both, and the last minute said as such, never
// "0 min" (tester 3 F6).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_JS } from '../../src/worker/pages/game-js.gen.ts';
import { ME_JS } from '../../src/worker/pages/page-scripts.ts';

/** A piece of a page script, as sent: from `start` to the first line that closes it at `indent`. */
const piece = (script: string, start: string, indent: string) => {
  const at = script.indexOf(start);
  return script.slice(at, script.indexOf(`\n${indent}}`, at) + indent.length + 2);
};
const showTimes = new Function(
  'document',
  `var plural = ${/var plural = ([^;]*);/.exec(GAME_JS)![1]}; ${piece(GAME_JS, 'function localTime(', '  ')} ${piece(GAME_JS, 'function showTimes(', '  ')} return showTimes;`,
);

const NOW = Date.UTC(2026, 10, 29, 16, 0, 0);
afterEach(() => vi.useRealTimers());

/** The game page's words for a deadline `ms` away, through a stand-in of the two elements it reads and writes. */
function gamePage(ms: number): string {
  const deadline = { textContent: '' };
  const live = { querySelectorAll: () => [], getAttribute: () => new Date(NOW + ms).toISOString() };
  showTimes({ getElementById: () => deadline })(live);
  return /\(([^)]*)\)$/.exec(deadline.textContent)![1]!;
}

/** /me's words: its script's `left` function, taken from the script as the page sends it. */
const meLeft = new Function(`${piece(ME_JS, 'function left(', '  ')} return left;`)() as (ms: number) => string;

describe('deadline countdowns', () => {
  it('count whole minutes down on both pages, and say the last minute as such', () => {
    vi.useFakeTimers({ now: NOW });
    expect([gamePage(48 * 60_000 + 30_000), meLeft(48 * 60_000 + 30_000)]).toEqual(['in 48 min', '48 min left']);
    expect([gamePage(61 * 60_000), meLeft(61 * 60_000)]).toEqual(['in 1 h 1 min', '1 h 1 min left']);
    expect([gamePage(48_000), meLeft(48_000)]).toEqual(['in under a minute', 'under a minute left']);
    expect([gamePage(-1000), meLeft(-1000)]).toEqual(['the deadline has passed', 'time is up']);
  });
});
