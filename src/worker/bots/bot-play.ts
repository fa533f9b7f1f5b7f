// What the Discord and Telegram bots share: the linked player of a chat, the side that
// player has in a game, and every command answered through the chat front end's own
// command handling (src/worker/text/), so errors read as in the API ("it is White's turn,
// not yours", the rule a turn breaks). Each platform only reads its updates and writes
// its answers (discord.ts, telegram.ts).
import * as v from 'valibot';
import type { ChatStore } from '../../db/chat-store.ts';
import type { PlayerStore } from '../../db/player-store.ts';
import type { ChatLinkRow, ChatPlatform } from '../../db/schema-chat.ts';
import type { DirectoryRow, PlayerRow } from '../../db/schema.ts';
import { colorName, VARIANT_NAMES } from '../../engine/types.ts';
import type { ChallengeService } from '../../service/challenges.ts';
import type { GameApi } from '../../service/games.ts';
import type { LinkBase } from '../../service/links.ts';
import { CreateChallengeSchema } from '../../service/player-schemas.ts';
import { type PlayerService, sideOfPlayer } from '../../service/players.ts';
import { describeIssues } from '../http-validation.ts';
import type { Command } from '../text/command-parse.ts';
import { printable, runCommand } from '../text/commands.ts';
import { type PlayerCommandWords, runPlayerCommand } from '../text/player-commands.ts';
import { BUTTON, gameButtons, type BotButton } from '../../notify/chat/buttons.ts';
import { otherPauseAsked } from '../../service/pauses.ts';
import { utc } from '../../service/public-state.ts';

export interface BotDeps {
  readonly games: GameApi;
  readonly players: PlayerService;
  readonly challenges: ChallengeService;
  readonly chat: ChatStore;
  readonly playerStore: PlayerStore;
  readonly base: LinkBase;
}

/** An answer of either bot, before the platform dresses it. */
export interface BotReply {
  readonly ok: boolean;
  /** Shown in a monospaced block (boards line up). */
  readonly text: string;
  readonly buttons?: readonly BotButton[];
  /** The game's board picture goes with it (drawn by the picture Worker: slow, so sent later). */
  readonly picture?: string;
  /** The game this answer is about: it becomes the chat's current game (a bare turn goes there). */
  readonly game?: string;
  /** Only for the one who asked (Discord: ephemeral). */
  readonly private?: boolean;
}

const fail = (text: string): BotReply => ({ ok: false, text, private: true });

/** A failure's text as a sentence on a chat platform: the API's reasons begin in lower case. */
export const asSentence = (reply: BotReply): string => (reply.ok ? reply.text : reply.text.charAt(0).toUpperCase() + reply.text.slice(1));

/** A chat and the player it acts for, when it is linked. */
export interface LinkedChat {
  readonly link: ChatLinkRow;
  readonly player: PlayerRow;
}

export async function linkedChat(deps: BotDeps, platform: ChatPlatform, externalId: string): Promise<LinkedChat | undefined> {
  const link = await deps.chat.link(platform, externalId);
  const player = link && (await deps.players.find(link.playerId));
  return link && player ? { link, player } : undefined;
}

/** A game named by its id or its link: the id. */
export const gameIdOf = (named: string) =>
  named
    .trim()
    .replace(/^.*\/games\//, '')
    .replace(/[?#].*$/, '');

/**
 * How a player writes things on each platform, for the hints in answers: a command with a game
 * (`/board <id>` on Telegram, `/board game:<id>` on Discord), and the player commands it has
 * (listing, accepting, declining, withdrawing challenges; null where it has none: the hint then
 * points at the page).
 */
const PLATFORM_WORDS: Record<
  ChatPlatform,
  { readonly withGame: (command: string, id: string, turn?: string) => string; readonly playerCommand: PlayerCommandWords }
> = {
  telegram: {
    withGame: (command, id, turn) => `/${command} ${id}${turn ? ` ${turn}` : ''}`,
    // Telegram's commands (TELEGRAM_HELP): no /withdraw.
    playerCommand: (command, id) => (command === 'withdraw' ? null : `/${command}${id ? ` ${id}` : ''}`),
  },
  discord: {
    withGame: (command, id, turn) => `/${command}${turn ? ` turn:${turn}` : ''} game:${id}`,
    // Discord's commands (DISCORD_HELP): /accept only.
    playerCommand: (command, id) => (command === 'accept' && id ? `/accept id:${id}` : null),
  },
};

/** The command as the player would write it for one game: a turn with `/move`, a draw or resignation as such, else `/board`, which puts the chat on the game. */
function withGameExample(platform: ChatPlatform, id: string, command: Command | undefined): string {
  const { withGame } = PLATFORM_WORDS[platform];
  if (command?.kind === 'move') return withGame('move', id, printable(command.text.slice(0, 40)) || undefined);
  if (command?.kind === 'draw' || command?.kind === 'resign' || command?.kind === 'board') return withGame(command.kind, id);
  return `${withGame('board', id)}, which puts this chat on that game`;
}

/**
 * The game a command is about: the one named, else the chat's current game, else the player's only
 * active game. A finished current game is still shown by a bare board; commands that act go to the
 * player's only game going instead (or ask which), and to it only when none is going (it says it is over).
 */
async function whichGame(
  deps: BotDeps,
  chat: LinkedChat,
  named: string | undefined,
  command?: Command,
): Promise<{ id: string; row?: DirectoryRow | undefined } | { error: string }> {
  if (named) return { id: gameIdOf(named) };
  const current = chat.link.currentGame;
  if (current && command?.kind === 'board') return { id: current };
  // The current game's row, read once: its status here, its seats in sideIn.
  const row = current ? await deps.playerStore.game(current) : undefined;
  if (current && row?.status === 'active') return { id: current, row };
  // Those waiting for the player first: the example names one of them.
  const active = await deps.players.games(chat.player, 'active', deps.base);
  if (active.length === 1) return { id: active[0]!.id };
  // No game going: the finished one answers that it is over.
  if (current && !active.length) return { id: current };
  return {
    error: active.length
      ? `You have ${active.length} games going: say which, e.g. ${withGameExample(chat.link.platform, active[0]!.id, command)} (your games: ${active.map((g) => g.id).join(', ')}).`
      : 'You have no game going. Start one with a challenge.',
  };
}

/** The side the chat's player has in a game, or why they cannot act in it. */
async function sideIn(
  deps: BotDeps,
  player: PlayerRow,
  gameId: string,
  read?: DirectoryRow,
): Promise<{ side: 'white' | 'black' } | { error: string; spectator?: true }> {
  const row = read ?? (await deps.playerStore.game(gameId));
  if (!row) return { error: `no game with id ${printable(gameId.slice(0, 40))}` };
  const side = sideOfPlayer(row, player.id);
  return side ? { side } : { error: `you do not play in game ${gameId}: only its players can act in it`, spectator: true };
}

/** One of the game commands of src/worker/text/commands.ts, as the chat's player. */
export async function playCommand(deps: BotDeps, chat: LinkedChat, named: string | undefined, command: Command): Promise<BotReply> {
  const game = await whichGame(deps, chat, named, command);
  if ('error' in game) return fail(game.error);
  const seat = await sideIn(deps, chat.player, game.id, game.row);
  // The board is public: anyone who names a game sees it, as a spectator ('' is no token).
  if ('error' in seat && !(command.kind === 'board' && seat.spectator)) return fail(seat.error);
  return commandReply(deps, game.id, 'side' in seat ? seat.side : undefined, command, named !== undefined);
}

/** `/board <id>` from a chat tied to no player: the game's public board, as its page shows it to anyone. */
export function spectatorBoard(deps: BotDeps, named: string): Promise<BotReply> {
  return commandReply(deps, gameIdOf(named), undefined, { kind: 'board' });
}

/** A game command's answer in game `id`, as the player of `side` (none: a spectator's board). */
async function commandReply(deps: BotDeps, id: string, side: 'white' | 'black' | undefined, command: Command, named = true): Promise<BotReply> {
  const answer = await runCommand(deps.games, id, side ? { side } : '', command, deps.base.origin);
  const buttons = answer.state && side ? gameButtons(answer.state, side) : [];
  // Every answer says which game it is about when the game is over or the command failed, and so
  // does a command that acted in the chat's current game without naming it (tester 6 G9: a Discord
  // account's current game follows it from channel to channel).
  // A board's heading is a line of its own: on the diagram's first line it would push the levels' titles off their boards (tester 6 G6).
  const headed = !named || !answer.ok || (command.kind === 'board' && answer.state?.status !== 'active');
  const text = headed ? `Game ${id}:${answer.ok && command.kind === 'board' ? '\n' : ' '}${answer.reply}` : answer.reply;
  // A spectator's board does not become the chat's game (a bare turn would not be theirs).
  const picture = command.kind === 'board' && answer.ok ? { picture: id } : {};
  return { ok: answer.ok, text, buttons, ...(side ? { game: id } : {}), ...picture, private: !answer.ok };
}

/** A suggestion as a chat's autocomplete shows it: what the list says, and what goes in the box. */
export interface Suggestion {
  readonly name: string;
  readonly value: string;
}

/**
 * While a player types a turn: the legal turns of the game that begin with what is typed (any case),
 * then those that hold it elsewhere; none when it is not their turn or they do not play the game.
 */
export async function turnSuggestions(deps: BotDeps, chat: LinkedChat, named: string | undefined, typed: string, max: number): Promise<Suggestion[]> {
  const game = await whichGame(deps, chat, named);
  if ('error' in game) return [];
  const seat = await sideIn(deps, chat.player, game.id, game.row);
  if ('error' in seat) return [];
  const legal = await deps.games.legal(game.id);
  if (!legal.ok || legal.value.sideToMove !== seat.side) return [];
  const needle = typed.trim().toLowerCase();
  const starts = legal.value.legal.filter((t) => t.toLowerCase().startsWith(needle));
  const holds = needle ? legal.value.legal.filter((t) => !t.toLowerCase().startsWith(needle) && t.toLowerCase().includes(needle)) : [];
  return [...starts, ...holds].slice(0, max).map((t) => ({ name: t, value: t }));
}

/** While a player types a game id: their games going, those waiting for them first, matched on the id or the opponent. */
export async function gameSuggestions(deps: BotDeps, chat: LinkedChat, typed: string, max: number): Promise<Suggestion[]> {
  const needle = typed.trim().toLowerCase();
  const games = await deps.players.games(chat.player, 'active', deps.base);
  return games
    .filter((g) => !needle || g.id.includes(needle) || (g.opponent.name ?? '').toLowerCase().includes(needle))
    .sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn))
    .slice(0, max)
    .map((g) => {
      const against = g.opponent.computer ? `the computer (level ${g.opponent.computer})` : (g.opponent.name ?? 'anyone with the link');
      return { name: `${g.title ?? g.variant} against ${against}${g.yourTurn ? ', your turn' : ''} (${g.id})`.slice(0, 100), value: g.id };
    });
}

/** The board as text and, later, as a picture. */
export async function boardReply(deps: BotDeps, chat: LinkedChat, named: string | undefined): Promise<BotReply> {
  return playCommand(deps, chat, named, { kind: 'board' });
}

/** The player's games (`games`) or their open challenges, sent and received (`challenges`), with links. */
export async function listReply(deps: BotDeps, chat: LinkedChat, kind: 'games' | 'challenges' = 'games'): Promise<BotReply> {
  const answer = await runPlayerCommand(deps, chat.player, { kind }, deps.base, PLATFORM_WORDS[chat.link.platform].playerCommand);
  return { ok: answer.ok, text: answer.reply, private: true };
}

/**
 * A new challenge: to one player (their id) or to anyone. `seenByOthers`: the answer is posted
 * where others read it (a Discord channel), so it has buttons for whoever may answer it; in a chat
 * only its creator reads (Telegram's), it has none: nobody there may accept it.
 */
export async function challengeReply(deps: BotDeps, chat: LinkedChat, variant: string, to?: string, seenByOthers = true): Promise<BotReply> {
  const input = v.safeParse(CreateChallengeSchema, { variant: variant.trim().toLowerCase(), ...(to ? { to } : {}) });
  if (!input.success) {
    const why = describeIssues(input.issues, 'challenge');
    // The variants named once: the schema's own words may list them already.
    return fail(`Could not make the challenge: ${why}${why.includes(VARIANT_NAMES[0]!) ? '' : ` (variants: ${VARIANT_NAMES.join(', ')})`}`);
  }
  const made = await deps.challenges.create(chat.player, input.output, deps.base);
  if (!made.ok) return fail(`Could not make the challenge: ${made.error}`);
  const ch = made.value;
  const whom = ch.to ? (ch.to.name ?? `player ${ch.to.id}`) : 'anyone';
  const expires = `Expires ${utc(ch.expiresAt)}.`;
  const headline = `${chat.player.name ?? `Player ${chat.player.id}`} challenges ${whom} to ${ch.title ?? ch.variant} (challenge ${ch.id}).`;
  if (!seenByOthers)
    return {
      ok: true,
      text: [
        headline,
        `${ch.to ? 'They are told, and accept it' : 'It is in the lobby: anyone may accept it'} on its page. ${expires} Withdraw it there.`,
        ch.link,
      ].join('\n'),
    };
  const text = [headline, `Accept with the button, or with /accept ${ch.id}. ${expires}`, ch.link].join('\n');
  return { ok: true, text, buttons: ch.to ? [BUTTON.accept(ch.id), BUTTON.decline(ch.id)] : [BUTTON.accept(ch.id)] };
}

/** Accept or decline a challenge; an accepted one answers with the new game and its buttons. */
export async function answerChallenge(deps: BotDeps, chat: LinkedChat, action: 'accept' | 'decline', id: string): Promise<BotReply> {
  const answer = await runPlayerCommand(
    deps,
    chat.player,
    { kind: action, id: id.trim().replace(/^.*\/challenges\//, '') },
    deps.base,
    PLATFORM_WORDS[chat.link.platform].playerCommand,
  );
  if (!answer.ok) return fail(answer.reply);
  const state = answer.state;
  if (!state) return { ok: true, text: answer.reply };
  const seat = await sideIn(deps, chat.player, state.id);
  const you = 'side' in seat ? seat.side : undefined;
  const turn = you === state.sideToMove ? 'It is your move.' : `${colorName(state.sideToMove)} moves first.`;
  return { ok: true, text: `${answer.reply}\n${turn}`, game: state.id, buttons: gameButtons(state, you) };
}

/** A pressed button (Discord custom_id, Telegram callback_data): `<action>:<id>`. */
export async function buttonReply(deps: BotDeps, chat: LinkedChat, data: string): Promise<BotReply> {
  const [action, id, pinned] = data.split(':', 3);
  if (!id) return fail('That button is not one of ours.');
  if (pinned !== undefined && action && /^(takeback|pause)-/.test(action)) {
    const moved = await anotherRequest(deps, id, action.startsWith('pause') ? 'pause' : 'takeback', Number(pinned));
    if (moved) return fail(moved);
  }
  switch (action) {
    case 'accept':
    case 'decline':
      return answerChallenge(deps, chat, action, id);
    case 'draw':
      return playCommand(deps, chat, id, { kind: 'draw' });
    case 'draw-accept':
      return playCommand(deps, chat, id, { kind: 'accept' });
    case 'draw-decline':
      return playCommand(deps, chat, id, { kind: 'decline' });
    case 'takeback-accept':
    case 'takeback-decline':
      return playCommand(deps, chat, id, { kind: 'takeback', action: action === 'takeback-accept' ? 'accept' : 'decline' });
    case 'pause-accept':
    case 'pause-decline':
      return playCommand(deps, chat, id, { kind: 'pause', action: action === 'pause-accept' ? 'accept' : 'decline' });
    case 'resign': {
      // Asked only of a player of the game (tester 6 G2: anyone was asked "Resign game …?").
      const row = await deps.playerStore.game(id);
      const seat = await sideIn(deps, chat.player, id, row);
      if ('error' in seat) return fail(seat.error);
      // A finished game's button: its answer says the game is over, at once (tester 7 H14).
      if (row && row.status !== 'active') return playCommand(deps, chat, id, { kind: 'resign' });
      // One press of a button should not lose a game: ask once more.
      return { ok: true, text: `Resign game ${id}? This ends the game: your opponent wins.`, buttons: [BUTTON.resignYes(id)], private: true };
    }
    case 'resign-yes':
      return playCommand(deps, chat, id, { kind: 'resign' });
    case 'claim':
      return playCommand(deps, chat, id, { kind: 'claim' });
    case 'board':
      return boardReply(deps, chat, id);
    default:
      return fail('That button is not one of ours.');
  }
}

/**
 * Why a takeback's or pause's button no longer answers what stands: the request it was shown under
 * (at that ply, for those days) was taken back and another asked since (tester 7 H11).
 */
async function anotherRequest(deps: BotDeps, id: string, offer: 'takeback' | 'pause', pinned: number): Promise<string | undefined> {
  const state = await deps.games.load(id);
  if (!state.ok) return undefined;
  const s = state.value;
  const otherPause = offer === 'pause' ? otherPauseAsked(s, pinned) : undefined;
  if (otherPause) return `That request was taken back: ${otherPause}. Answer it with the buttons under its own message.`;
  if (offer === 'takeback' && s.takebackOffer && s.ply !== pinned)
    return `That request is not the one standing: ${colorName(s.takebackOffer)} now asks to take back a turn at ply ${s.ply}. Answer it with the buttons under its own message.`;
  return undefined;
}

/** Record which game the chat is on, so a bare turn goes there. */
export async function remember(deps: BotDeps, chat: LinkedChat, reply: BotReply): Promise<void> {
  if (reply.game && reply.game !== chat.link.currentGame) await deps.chat.setCurrentGame(chat.link.platform, chat.link.externalId, reply.game);
}
