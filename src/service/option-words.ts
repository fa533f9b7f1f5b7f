// What a game offers in words, where it differs from the defaults: the variant's options (only Curved
// Space has options) and the clock's rules, said before a player accepts a challenge or joins a
// tournament (tester 14 P2, tester 16 R9).
import { plural } from '../engine/types.ts';

/** "9 platforms, platforms may move after a capture"; '' for the defaults. */
function optionWords(options: unknown): string {
  const o = (options ?? {}) as { platforms?: unknown; platformMoves?: unknown };
  const words: string[] = [];
  if (typeof o.platforms === 'number' && o.platforms !== 4) words.push(`${o.platforms} platforms`);
  if (o.platformMoves === 'after-capture') words.push('platforms may move after a capture');
  return words.join(', ');
}

/** The options' words after `separator`, or nothing for the defaults. */
export const withOptions = (options: unknown, separator = ', ') => {
  const words = optionWords(options);
  return words ? `${separator}${words}` : '';
};

/** A clock in words: "5 days per move (the win on time claimed), 3 leave days each". */
export const clockRuleWords = (clock: { readonly daysPerMove: number; readonly timeout: string; readonly leaveDays: number }) =>
  `${plural(clock.daysPerMove, 'day')} per move${clock.timeout === 'claim' ? ' (the win on time claimed)' : ''}${clock.leaveDays ? `, ${plural(clock.leaveDays, 'leave day')} each` : ''}`;
