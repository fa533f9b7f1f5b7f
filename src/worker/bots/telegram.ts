// Telegram Bot API webhook (POST /telegram/webhook): the X-Telegram-Bot-Api-Secret-Token
// header must equal TELEGRAM_SECRET (compared in constant time), else 401. Each update_id is
// handled once (Telegram retries). Commands act as the player the chat is tied to; answers go
// back through the Bot API at TELEGRAM_API_BASE (sendMessage, sendPhoto, answerCallbackQuery).
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import * as v from 'valibot';
import { telegramKeyboard } from '../../notify/chat/buttons.ts';
import { TelegramApi } from '../../notify/chat/telegram-api.ts';
import { sha256Hex, timingSafeEqualText } from '../../service/crypto.ts';
import { jsonError, type AppEnv } from '../http.ts';
import { describeIssues } from '../http-validation.ts';
import { GameIdSchema } from '../../service/schemas.ts';
import { parseCommand, readsAsTurn } from '../text/command-parse.ts';
import * as bot from './bot-play.ts';
import { boardPicture, botDeps } from './bot-deps.ts';
import { useCode } from './link-codes.ts';

const ChatSchema = v.object({
  id: v.number(),
  type: v.optional(v.string()),
  title: v.optional(v.string()),
  username: v.optional(v.string()),
  first_name: v.optional(v.string()),
});
const UpdateSchema = v.object({
  update_id: v.pipe(v.number(), v.integer()),
  message: v.optional(v.object({ chat: ChatSchema, text: v.optional(v.string()) })),
  callback_query: v.optional(v.object({ id: v.string(), data: v.optional(v.string()), message: v.optional(v.object({ chat: ChatSchema })) })),
});
type TelegramChat = v.InferOutput<typeof ChatSchema>;

export const TELEGRAM_HELP = [
  'Subspace commands:',
  '  /start <code>           tie this chat to your player (use the link on your Subspace page, /me)',
  '  /new <variant> [player id]   offer a game (first-contact, warp-factor, curved-space, planar) to one player or to anyone',
  '  /accept <id>            accept a challenge;  /decline <id>  decline one',
  '  /games                  your games, those waiting for you first',
  '  /challenges             the open challenges sent to you and made by you',
  '  /move [game] <turn>     play a turn, e.g. /move Wb2-Wb3',
  '  /board [game]           the board as a picture',
  '  /draw [game]            offer a draw (or accept the one offered to you)',
  '  /resign [game]          resign',
  'A bare turn (Wb2-Wb3) or any game command (board, legal, say <words>, takeback, ...) goes to the game this chat is on:',
  'the last one you played or looked at here, or your only game.',
].join('\n');

/**
 * `/move@SubspaceBot a b` -> ['move', 'a', 'b']; undefined for text that is no command; 'another bot'
 * for a command addressed to another bot by name (`/resign@OtherBot`), which is not ours to obey.
 */
function commandWords(text: string, botName: string | undefined): string[] | 'another bot' | undefined {
  const m = /^\/([a-z_]+)(?:@(\w+))?(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!m) return undefined;
  if (m[2] && botName && m[2].toLowerCase() !== botName.replace(/^@/, '').toLowerCase()) return 'another bot';
  return [m[1]!.toLowerCase(), ...(m[3]?.trim().split(/\s+/).filter(Boolean) ?? [])];
}

const inGroup = (chat: TelegramChat) => chat.type === 'group' || chat.type === 'supergroup';

/**
 * A group's chatter that is not for the bot: in a group only commands, the game keywords (board,
 * say …, takeback, …) and what looks like a turn (one word naming a cell, as `Wb2-Wb3`, `Q@Ab2=XZ`)
 * are answered; anything else would be read as a turn and answered with help, to everyone.
 */
function groupChatter(chat: TelegramChat, text: string): boolean {
  if (!inGroup(chat)) return false;
  const line = text.split(/\r?\n/).find((l) => l.trim()) ?? '';
  if (
    ['games', 'challenges'].includes(
      line
        .trim()
        .toLowerCase()
        .replace(/[.!]+$/, ''),
    )
  )
    return false;
  const command = parseCommand(line);
  if (!command) return true;
  if (command.kind !== 'move') return false;
  return !/^\S*[a-d][1-4]\S*$/.test(command.text);
}

/**
 * `/move <first> <rest…>`: is the first word a game (its id or link) rather than the start of the
 * turn? It is when it has a game id's form and no turn begins with it (readsAsTurn), so an unknown
 * id is answered "no game with id …" and a turn is never taken for an id; a word of both forms is
 * an id only when it names a game.
 */
async function namesGame(deps: bot.BotDeps, first: string): Promise<boolean> {
  const id = bot.gameIdOf(first);
  if (!v.is(GameIdSchema, { id })) return false;
  return !readsAsTurn(first) || Boolean(await deps.playerStore.game(id));
}

async function chatCommand(deps: bot.BotDeps, chat: bot.LinkedChat, text: string, words: string[] | undefined, privateChat: boolean): Promise<bot.BotReply> {
  if (!words) {
    // Not a /command: the player's lists ("games", "challenges"), else one of the game commands (a
    // bare turn, "board", "say ...") on the chat's game.
    const list = text
      .trim()
      .toLowerCase()
      .replace(/[.!]+$/, '');
    if (list === 'games' || list === 'challenges') return bot.listReply(deps, chat, list);
    const command = parseCommand(text.split(/\r?\n/).find((l) => l.trim()) ?? '');
    // In a private chat every message is for the bot: talk that no turn begins ("thanks") gets the
    // list, not a notation error. A group's talk was left out before (groupChatter).
    if (!command || (privateChat && command.kind === 'move' && !readsAsTurn(command.text))) return { ok: false, text: TELEGRAM_HELP };
    return bot.playCommand(deps, chat, undefined, command);
  }
  const [name, ...args] = words;
  switch (name) {
    case 'new':
    case 'challenge':
      return args[0]
        ? bot.challengeReply(deps, chat, args[0], args[1], false)
        : { ok: false, text: `Say which game: /new warp-factor (or first-contact, curved-space, planar).` };
    case 'accept':
    case 'decline':
      return args[0] ? bot.answerChallenge(deps, chat, name, args[0]) : { ok: false, text: `Say which challenge: /${name} <id>.` };
    case 'games':
    case 'challenges':
      return bot.listReply(deps, chat, name);
    case 'move':
      if (!args.length) return { ok: false, text: 'Say your turn: /move Wb2-Wb3 (or /move <game> Wb2-Wb3).' };
      // "/move <game> <turn>" when the first word names a game; else the whole rest is the turn.
      return args.length > 1 && (await namesGame(deps, args[0]!))
        ? bot.playCommand(deps, chat, args[0], { kind: 'move', text: args.slice(1).join(' ') })
        : bot.playCommand(deps, chat, undefined, { kind: 'move', text: args.join(' ') });
    case 'board':
      return bot.boardReply(deps, chat, args[0]);
    case 'draw':
      return bot.playCommand(deps, chat, args[0], { kind: 'draw' });
    case 'resign':
      return bot.playCommand(deps, chat, args[0], { kind: 'resign' });
    default:
      return { ok: false, text: TELEGRAM_HELP };
  }
}

/** Send an answer: a photo with the text as caption (and the text in full after it when long), or a message. */
async function send(c: Context<AppEnv>, api: TelegramApi, chatId: string, reply: bot.BotReply): Promise<void> {
  const buttons = telegramKeyboard(reply.buttons);
  if (reply.picture) {
    const picture = await boardPicture(c, reply.picture);
    if ('png' in picture) {
      // The caption says whose move it is (or how it ended), not the board text's first row.
      const status = reply.text
        .split('\n')
        .find((l) => /\bto move\b|\bwon\b|\bdraw|\bover\b|\baborted\b/i.test(l))
        ?.trim();
      await api.sendPhoto(chatId, picture.png, `Game ${reply.picture}${status ? `: ${status}` : ''}`);
    }
  }
  const sent = await api.sendText(chatId, bot.asSentence(reply), buttons);
  if (!sent.ok) console.error(`telegram sendMessage to a chat: ${sent.status} ${sent.description ?? ''}`);
}

/** `/start <code>`: tie the chat to the player who made the code on /me. */
async function start(deps: bot.BotDeps, chat: TelegramChat, code: string | undefined): Promise<string> {
  if (!code) {
    // Start pressed again in a chat already tied: say to whom, not how to tie it (tester 6 G4).
    const linked = await bot.linkedChat(deps, 'telegram', String(chat.id));
    if (linked)
      return `Welcome back. This chat plays as ${linked.player.name ?? `player ${linked.player.id}`} (change it on ${deps.base.origin}/me).\n\n${TELEGRAM_HELP}`;
    return `Welcome to Subspace. To play here, open your player page ${deps.base.origin}/me and press "Link a Telegram chat".\n\n${TELEGRAM_HELP}`;
  }
  const used = await useCode(deps.chat, 'telegram', code, Date.now());
  const player = used?.playerId ? await deps.players.find(used.playerId) : undefined;
  if (!player) return `That link code is not valid: it was used already or it expired. Get a new one on ${deps.base.origin}/me.`;
  const label = chat.title ?? chat.username ?? chat.first_name ?? null;
  const linked = await deps.chat.saveLink({
    platform: 'telegram',
    externalId: String(chat.id),
    playerId: player.id,
    label,
    createdAt: Date.now(),
    keyHash: used?.keyHash ?? null,
  });
  if (!linked) return `That link code is not valid: the key it was made with was ended. Get a new one on ${deps.base.origin}/me.`;
  return `This chat now plays as ${player.name ?? `player ${player.id}`}. Turn notifications come here (switch them off on ${deps.base.origin}/me).\n\n${TELEGRAM_HELP}`;
}

async function handleUpdate(c: Context<AppEnv>, deps: bot.BotDeps, api: TelegramApi, update: v.InferOutput<typeof UpdateSchema>): Promise<void> {
  const query = update.callback_query;
  const tgChat = query ? query.message?.chat : update.message?.chat;
  if (!tgChat) {
    if (query) await api.call('answerCallbackQuery', { callback_query_id: query.id });
    return;
  }
  const chatId = String(tgChat.id);
  const text = update.message?.text ?? '';
  const words = commandWords(text, c.var.services.config.telegram.botName);
  if (!query && words === 'another bot') return;
  const command = words === 'another bot' ? undefined : words;
  // In a group the bot may see every message (an admin, or privacy mode off): talk is not for it.
  if (!query && !command && groupChatter(tgChat, text)) return;
  if (!query && command?.[0] === 'start') return void (await api.sendText(chatId, await start(deps, tgChat, command[1])));
  const chat = await bot.linkedChat(deps, 'telegram', chatId);
  // A named game's board is public, as its page is: shown to a chat tied to no player too.
  if (!chat && !query && command?.[0] === 'board' && command[1]) return send(c, api, chatId, await bot.spectatorBoard(deps, command[1]));
  if (!chat) {
    const notLinked = `This chat is not tied to a Subspace player yet: open ${deps.base.origin}/me and press "Link a Telegram chat".`;
    if (query) await api.call('answerCallbackQuery', { callback_query_id: query.id, text: notLinked, show_alert: true });
    else if (text) await api.sendText(chatId, command?.[0] === 'help' ? `${notLinked}\n\n${TELEGRAM_HELP}` : notLinked);
    return;
  }
  if (!query && !text.trim()) return;
  const reply = query ? await bot.buttonReply(deps, chat, query.data ?? '') : await chatCommand(deps, chat, text, command, !inGroup(tgChat));
  await bot.remember(deps, chat, reply);
  if (query)
    await api.call('answerCallbackQuery', { callback_query_id: query.id, ...(reply.ok ? {} : { text: bot.asSentence(reply).split('\n')[0]!.slice(0, 190) }) });
  await send(c, api, chatId, reply);
}

/** The secret header against TELEGRAM_SECRET: both hashed first, so neither length nor content leaks through timing. */
async function secretMatches(given: string | undefined, secret: string): Promise<boolean> {
  return given !== undefined && timingSafeEqualText(await sha256Hex(given), await sha256Hex(secret));
}

export const telegram = new Hono<AppEnv>().post('/webhook', async (c) => {
  const secret = c.var.services.config.telegram.secret;
  if (!secret) return jsonError(c, 404, 'not_set_up', 'Telegram is not set up on this server (TELEGRAM_SECRET is not set)');
  if (!(await secretMatches(c.req.header('X-Telegram-Bot-Api-Secret-Token'), secret)))
    return jsonError(c, 401, 'bad_signature', 'missing or wrong X-Telegram-Bot-Api-Secret-Token');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return jsonError(c, 400, 'malformed_json', 'body: malformed JSON');
  }
  const parsed = v.safeParse(UpdateSchema, body);
  if (!parsed.success) return jsonError(c, 400, 'invalid_body', `not a Telegram update: ${describeIssues(parsed.issues, 'body')}`);
  const update = parsed.output;
  const deps = botDeps(c);
  // Telegram resends an update until it gets a 2xx: each one is handled once.
  if (!(await deps.chat.firstTime('telegram', String(update.update_id), Date.now()))) return c.json({ ok: true, duplicate: true });
  const api = TelegramApi.from(c.var.services.config.telegram);
  if (!api) {
    console.error('telegram update: TELEGRAM_BOT_TOKEN is not set, so nothing can be answered');
    return c.json({ ok: true });
  }
  try {
    await handleUpdate(c, deps, api, update);
  } catch (e) {
    // Our own failure: forget the update so Telegram's retry is handled.
    await deps.chat.forget('telegram', String(update.update_id));
    throw e;
  }
  return c.json({ ok: true });
});
