// Chat-bot commands of a player rather than of one game (POST /api/me/chat, player key):
// `games`, `challenges`, `accept <id>`, `decline <id>`, `withdraw <id>`, `help`.
// Each answers with a short text with links; a game is then played on its own chat
// endpoint (POST /api/games/:id/chat) with the same key.
import * as v from 'valibot';
import type { PlayerRow } from '../../db/schema.ts';
import { plural } from '../../engine/types.ts';
import { challengeLines } from '../../notify/messages.ts';
import type { ChallengeService, PublicChallenge } from '../../service/challenges.ts';
import { ChallengeIdSchema } from '../../service/player-schemas.ts';
import type { LinkBase } from '../../service/links.ts';
import type { MyGame, PlayerService } from '../../service/players.ts';
import { utc } from '../../service/public-state.ts';
import type { CommandAnswer } from './commands.ts';
import { printable } from './commands.ts';

type PlayerCommand = { readonly kind: 'games' | 'challenges' | 'help' } | { readonly kind: 'accept' | 'decline' | 'withdraw'; readonly id: string };

/** A line -> a player command, or undefined when it is none (the answer is then the help). */
export function parsePlayerCommand(line: string): PlayerCommand | undefined {
  const [word, arg, ...rest] = line
    .trim()
    .replace(/^\/?subspace\s+/i, '')
    .replace(/[.!]+$/, '')
    .toLowerCase()
    .split(/\s+/);
  if (rest.length) return undefined;
  if ((word === 'games' || word === 'challenges' || word === 'help') && arg === undefined) return { kind: word };
  if ((word === 'accept' || word === 'decline' || word === 'withdraw') && arg) return { kind: word, id: arg.replace(/^.*\/challenges\//, '') };
  return undefined;
}

export const PLAYER_HELP = [
  'Commands (with your player key):',
  '  games             your games, those waiting for you first, with their links',
  '  challenges        the open challenges sent to you and made by you',
  '  accept <id>       accept a challenge (its id or link): the game starts',
  '  decline <id>      decline a challenge sent to you',
  '  withdraw <id>     withdraw a challenge you made',
  '  help              this list',
  'Play a game by posting its commands (a turn, board, legal, ...) to /api/games/<game id>/chat with the same key.',
].join('\n');

const opponent = (g: MyGame) => g.opponent.name ?? g.opponent.id ?? 'a player without a key';
const gameLine = (g: MyGame) =>
  `- ${g.title ?? g.variant} ${g.id} against ${opponent(g)}: ${g.yourTurn ? 'your move' : 'their move'}${g.deadline ? ` (deadline ${utc(g.deadline)})` : ''} ${g.link}`;
const challengeTo = (ch: PublicChallenge) => (ch.to ? (ch.to.name ?? ch.to.id) : 'anyone');

/**
 * How the player writes a player command where they type (`accept <id>` here, `/accept <id>` on
 * Telegram, `/accept id:<id>` on Discord); null where there is no such command: the hints then
 * point at the page instead.
 */
export type PlayerCommandWords = (command: 'challenges' | 'accept' | 'decline' | 'withdraw', id?: string) => string | null;

/** POST /api/me/chat's own words: the command and its id. */
export const PLAIN_COMMAND_WORDS: PlayerCommandWords = (command, id) => (id ? `${command} ${id}` : command);

export async function runPlayerCommand(
  deps: { players: PlayerService; challenges: ChallengeService },
  player: PlayerRow,
  command: PlayerCommand,
  base: LinkBase,
  words: PlayerCommandWords = PLAIN_COMMAND_WORDS,
): Promise<CommandAnswer> {
  const listCommand = words('challenges');
  /** `Say "accept x" or "decline x".`, with only what can be said here; else where the page does it. */
  const sayOr = (commands: readonly ('accept' | 'decline' | 'withdraw')[], id: string, what: string, onPage: string) => {
    const said = commands.flatMap((c) => words(c, id) ?? []);
    return said.length ? `Say ${said.map((w) => `"${w}"`).join(' or ')}${what}.` : `${onPage} on ${base.origin}/challenges/${id}.`;
  };
  switch (command.kind) {
    case 'help':
      return { ok: true, reply: PLAYER_HELP };
    case 'games': {
      const games = await deps.players.games(player, 'active', base);
      const waiting = games.filter((g) => g.yourTurn).length;
      if (!games.length) return { ok: true, reply: `You have no game going. Offer one on ${base.origin}/me${listCommand ? ` or say "${listCommand}"` : ''}.` };
      const head = waiting ? `Your turn in ${waiting} of ${plural(games.length, 'game')}:` : `Not your turn in any of your ${plural(games.length, 'game')}:`;
      return { ok: true, reply: [head, ...games.map(gameLine)].join('\n') };
    }
    case 'challenges': {
      const mine = await deps.challenges.mine(player, base);
      const toYou = mine.filter((ch) => ch.to?.id === player.id);
      const yours = mine.filter((ch) => ch.from.id === player.id);
      const lines = [
        toYou.length ? 'Sent to you:' : 'No challenge is waiting for you.',
        ...toYou.map((ch) => `- ${ch.id}: ${challengeLines(ch)[0]} ${sayOr(['accept', 'decline'], ch.id, '', 'Answer it')}`),
        ...(yours.length
          ? [
              'Yours:',
              ...yours.map(
                (ch) =>
                  `- ${ch.id}: ${ch.title ?? ch.variant} to ${challengeTo(ch)}, expires ${utc(ch.expiresAt)}. ${sayOr(['withdraw'], ch.id, ' to take it back', 'Take it back')}`,
              ),
            ]
          : []),
        `Open challenges to anyone: ${base.origin}/lobby`,
      ];
      return { ok: true, reply: lines.join('\n') };
    }
    case 'accept':
    case 'decline':
    case 'withdraw':
      if (!v.is(ChallengeIdSchema, { id: command.id }))
        return {
          ok: false,
          status: 404,
          reply: `There is no challenge with id ${printable(command.id.slice(0, 40))}. ${listCommand ? `Say "${listCommand}" for the list.` : `Your challenges are listed on ${base.origin}/me.`}`,
        };
      return command.kind === 'accept' ? accept(deps.challenges, player, command.id, base) : close(deps.challenges, player, command.kind, command.id, base);
  }
}

async function accept(challenges: ChallengeService, player: PlayerRow, id: string, base: LinkBase): Promise<CommandAnswer> {
  const game = await challenges.accept(id, player, base);
  if (!game.ok) return { ok: false, status: game.status, reply: `Could not accept ${id}: ${game.error}` };
  const side = game.value.white.id === player.id ? 'white' : 'black';
  return { ok: true, reply: `You accepted challenge ${id}: game ${game.value.id} has started, you play ${side}. ${game.value.link}`, state: game.value.state };
}

async function close(challenges: ChallengeService, player: PlayerRow, kind: 'decline' | 'withdraw', id: string, base: LinkBase): Promise<CommandAnswer> {
  const closed = kind === 'decline' ? await challenges.decline(id, player, base) : await challenges.withdraw(id, player, base);
  if (!closed.ok) return { ok: false, status: closed.status, reply: `Could not ${kind} ${id}: ${closed.error}` };
  return { ok: true, reply: `Challenge ${id} ${kind === 'decline' ? 'declined' : 'withdrawn'}.` };
}
