// A game's variant options in words, where they differ from the variant's defaults (only Curved Space
// has options): said before a player accepts a challenge or joins a tournament (tester 14 P2).

/** "9 platforms, platforms may move after a capture"; '' for the defaults. */
export function optionWords(options: unknown): string {
  const o = (options ?? {}) as { platforms?: unknown; platformMoves?: unknown };
  const words: string[] = [];
  if (typeof o.platforms === 'number' && o.platforms !== 4) words.push(`${o.platforms} platforms`);
  if (o.platformMoves === 'after-capture') words.push('platforms may move after a capture');
  return words.join(', ');
}

/** The options' words after a comma, or nothing. */
export const withOptions = (options: unknown) => {
  const words = optionWords(options);
  return words ? `, ${words}` : '';
};
