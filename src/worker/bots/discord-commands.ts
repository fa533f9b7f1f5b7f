// The Discord slash commands, as `npm run discord:register` sends them to Discord
// (PUT /applications/{id}/commands) and as the interactions endpoint reads them.
// Plain data (its one import, the engine's list of variants, is plain too), so the register script
// runs it under Node as it is.

import { VARIANTS } from '../../engine/types.ts';

/** Option types of Discord's API: 1 subcommand, 3 string, 4 integer, 6 user. */
const SUB = 1;
const STRING = 3;
const INTEGER = 4;
const USER = 6;
/** The longest pause by agreement (the API's MAX_PAUSE_DAYS; a test keeps them equal). */
export const DISCORD_MAX_PAUSE_DAYS = 14;

/** The variants, from the engine's one list. */
export const DISCORD_VARIANTS = VARIANTS.map((v) => ({ name: v.title, value: v.id }));

const game = (required: boolean) => ({
  type: STRING,
  name: 'game',
  description: 'The game id (or link); without it, the game this chat is on',
  required,
  max_length: 200,
  // Discord asks the interactions endpoint for choices as it is typed: the player's games going.
  autocomplete: true,
});

export const DISCORD_COMMANDS = [
  {
    name: 'subspace',
    description: 'Subspace: link your Discord account to your player, or get help',
    options: [
      { type: SUB, name: 'link', description: 'A one-time link that ties your Discord account to your Subspace player' },
      { type: SUB, name: 'help', description: 'What the commands do' },
    ],
  },
  {
    name: 'challenge',
    description: 'Offer a game: to one player, or to anyone',
    options: [
      { type: STRING, name: 'variant', description: 'Which game', required: true, choices: DISCORD_VARIANTS },
      { type: USER, name: 'user', description: 'The player to challenge (their Discord account must be linked)', required: false },
    ],
  },
  {
    name: 'accept',
    description: 'Accept a challenge: the game starts',
    options: [{ type: STRING, name: 'id', description: 'The challenge id (or link)', required: true, max_length: 200 }],
  },
  {
    name: 'move',
    description: 'Play a turn, e.g. Wb2-Wb3',
    options: [
      {
        type: STRING,
        name: 'turn',
        description: 'Your turn, e.g. Wb2-Wb3 (add #<ply> to guard against a stale board)',
        required: true,
        max_length: 100,
        // The legal turns are offered as it is typed (choices are suggestions: any text can still be sent).
        autocomplete: true,
      },
      game(false),
    ],
  },
  { name: 'board', description: 'The board as a picture, and whose turn it is', options: [game(false)] },
  { name: 'games', description: 'Your games, those waiting for you first' },
  { name: 'draw', description: 'Offer a draw, or accept the one offered to you', options: [game(false)] },
  { name: 'resign', description: 'Resign a game', options: [game(false)] },
  // Asked here, answered with the buttons the opponent gets (they need the opponent's yes).
  { name: 'takeback', description: 'Ask to take back your last turn (your opponent agrees or not)', options: [game(false)] },
  {
    name: 'pause',
    description: 'Ask to stop the clock for some days (your opponent agrees or not)',
    options: [
      {
        type: INTEGER,
        name: 'days',
        description: `How many days, 1 to ${DISCORD_MAX_PAUSE_DAYS}`,
        required: true,
        min_value: 1,
        max_value: DISCORD_MAX_PAUSE_DAYS,
      },
      game(false),
    ],
  },
];
