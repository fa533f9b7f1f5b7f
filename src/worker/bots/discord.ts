// Discord HTTP interactions (POST /discord/interactions): every request is checked with
// Ed25519 over timestamp + raw body against DISCORD_PUBLIC_KEY (the runtime's WebCrypto, as
// discord-interactions' verifyKey does it: that package is CommonJS, so a bundle took all of it);
// a missing or bad signature is a 401, as Discord requires. Slash
// commands and buttons act as the Discord user's linked player. Anything slow (the board
// picture) is a deferred answer (type 5) and a follow-up through the interaction's webhook.
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import * as v from 'valibot';
import { discordButtons, pressNotReply } from '../../notify/chat/buttons.ts';
import { codeBlock, DiscordApi, messageJson, type DiscordMessage } from '../../notify/chat/discord-api.ts';
import { jsonError, type AppEnv } from '../http.ts';
import {
  answerChallenge,
  asSentence,
  boardReply,
  buttonReply,
  challengeReply,
  listReply,
  linkedChat,
  playCommand,
  remember,
  spectatorBoard,
  type BotDeps,
  type BotReply,
  type LinkedChat,
  gameSuggestions,
  type Suggestion,
  turnSuggestions,
} from './bot-play.ts';
import { boardPicture, botDeps, later } from './bot-deps.ts';
import { discordLinkUrl, LINK_MINUTES } from './link-codes.ts';

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

/** Discord's signature of a request: Ed25519 by the application's key over the timestamp and the raw body. */
async function signedByDiscord(raw: Uint8Array, signatureHex: string, timestamp: string, publicKeyHex: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', hexBytes(publicKeyHex), { name: 'Ed25519' }, false, ['verify']);
    const stamp = new TextEncoder().encode(timestamp);
    const message = new Uint8Array(stamp.length + raw.length);
    message.set(stamp);
    message.set(raw, stamp.length);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, hexBytes(signatureHex), message);
  } catch {
    return false; // a key that is not 32 bytes of hex: nothing verifies
  }
}

/** Discord's interaction and answer types (the few used here). */
const Interaction = { PING: 1, COMMAND: 2, COMPONENT: 3, AUTOCOMPLETE: 4 } as const;
const Answer = { PONG: 1, MESSAGE: 4, DEFERRED: 5, SUGGESTIONS: 8 } as const;
/** Discord shows at most this many autocomplete choices. */
const MAX_SUGGESTIONS = 25;

type OptionValue = string | number | boolean;
const ValueSchema = v.optional(v.union([v.string(), v.number(), v.boolean()]));
const OptionSchema: v.GenericSchema<{
  name: string;
  value?: OptionValue;
  focused?: boolean;
  options?: { name: string; value?: OptionValue; focused?: boolean }[];
}> = v.object({
  name: v.string(),
  value: ValueSchema,
  focused: v.optional(v.boolean()),
  options: v.optional(v.array(v.object({ name: v.string(), value: ValueSchema, focused: v.optional(v.boolean()) }))),
});
const UserSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,25}$/)),
  username: v.optional(v.string()),
  global_name: v.optional(v.nullable(v.string())),
});
const InteractionSchema = v.object({
  type: v.number(),
  id: v.string(),
  application_id: v.string(),
  token: v.string(),
  data: v.optional(v.object({ name: v.optional(v.string()), custom_id: v.optional(v.string()), options: v.optional(v.array(OptionSchema)) })),
  member: v.optional(v.object({ user: UserSchema })),
  user: v.optional(UserSchema),
});
type Interaction = v.InferOutput<typeof InteractionSchema>;

/** A bot answer as a Discord message: the text in a code block (a failure's as a sentence: the API's reasons begin in lower case), the buttons, ephemeral when private. */
function discordMessage(reply: BotReply, png?: Uint8Array<ArrayBuffer>): DiscordMessage {
  return {
    content: codeBlock(pressNotReply(asSentence(reply))),
    buttons: discordButtons(reply.buttons),
    ...(png ? { png } : {}),
    ...(reply.private ? { ephemeral: true } : {}),
  };
}

const answer = (c: Context<AppEnv>, message: DiscordMessage) => c.json({ type: Answer.MESSAGE, data: messageJson(message) });
const say = (c: Context<AppEnv>, text: string) => answer(c, { content: text, ephemeral: true });

export const DISCORD_HELP = [
  'Subspace commands:',
  '  /subspace link               tie your Discord account to your Subspace player (do this first)',
  '  /challenge variant [user]    offer a game to a linked Discord user, or to anyone',
  '  /accept id                   accept a challenge (or press its Accept button)',
  '  /move turn [game]            play a turn, e.g. /move turn:Wb2-Wb3',
  '  /board [game]                the board as a picture, and whose turn it is',
  '  /games                       your games, those waiting for you first',
  '  /draw [game]                 offer a draw (or accept the one offered to you)',
  '  /resign [game]               resign',
  '  /takeback [game]             ask to take back your last turn',
  '  /pause days [game]           ask to stop the clock for 1-14 days',
  'Offers to you are answered with the buttons under them.',
  'Without a game id, a command goes to your current game (the last one you played or looked at, anywhere).',
].join('\n');

/** The options of a command (and of its subcommand) by name. */
function optionsOf(i: Interaction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of i.data?.options ?? []) {
    if (o.value !== undefined) out[o.name] = String(o.value);
    for (const sub of o.options ?? []) if (sub.value !== undefined) out[sub.name] = String(sub.value);
  }
  return out;
}

const subcommand = (i: Interaction) => i.data?.options?.find((o) => o.value === undefined)?.name;

/**
 * Autocomplete: Discord asks as the player types an option marked `autocomplete`
 * (discord-commands.ts): `/move turn` gets the legal turns, a `game` option the player's games
 * going. Read only, so not deduplicated like the commands; an unlinked account gets no choices.
 */
async function suggestions(deps: BotDeps, i: Interaction, userId: string): Promise<Suggestion[]> {
  const focused = i.data?.options?.flatMap((o) => [o, ...(o.options ?? [])]).find((o) => o.focused);
  if (!focused) return [];
  const chat = await linkedChat(deps, 'discord', userId);
  if (!chat) return [];
  const typed = String(focused.value ?? '');
  if (focused.name === 'turn') return turnSuggestions(deps, chat, optionsOf(i).game, typed, MAX_SUGGESTIONS);
  if (focused.name === 'game') return gameSuggestions(deps, chat, typed, MAX_SUGGESTIONS);
  return [];
}

async function runCommand(deps: BotDeps, chat: LinkedChat, i: Interaction): Promise<BotReply> {
  const o = optionsOf(i);
  switch (i.data?.name) {
    case 'challenge': {
      let to: string | undefined;
      if (o.user) {
        const them = await deps.chat.link('discord', o.user);
        if (!them) return { ok: false, text: 'That Discord user has not linked a Subspace player yet: they can with /subspace link.', private: true };
        to = them.playerId;
      }
      return challengeReply(deps, chat, o.variant ?? '', to);
    }
    case 'accept':
      return answerChallenge(deps, chat, 'accept', o.id ?? '');
    case 'move':
      return playCommand(deps, chat, o.game, { kind: 'move', text: o.turn ?? '' });
    case 'board':
      return boardReply(deps, chat, o.game);
    case 'games':
      return listReply(deps, chat);
    case 'draw':
      return playCommand(deps, chat, o.game, { kind: 'draw' });
    case 'resign':
      return playCommand(deps, chat, o.game, { kind: 'resign' });
    case 'takeback':
      return playCommand(deps, chat, o.game, { kind: 'takeback', action: 'offer' });
    case 'pause':
      return playCommand(deps, chat, o.game, { kind: 'pause', action: 'offer', days: Number(o.days) });
    default:
      return { ok: false, text: DISCORD_HELP, private: true };
  }
}

async function handle(c: Context<AppEnv>, deps: BotDeps, i: Interaction): Promise<Response> {
  const user = i.member?.user ?? i.user;
  if (!user) return say(c, 'Subspace could not tell who sent this.');
  if (i.type === Interaction.COMMAND && i.data?.name === 'subspace') {
    if (subcommand(i) !== 'link') return say(c, DISCORD_HELP);
    // Named by what Discord keeps unique (the @username and the id), the display name beside them:
    // a display name is anyone's to choose, the victim's own too (tester 11 S3).
    const label = `${user.global_name ? `${user.global_name} ` : ''}@${user.username ?? '?'} (id ${user.id})`;
    const url = await discordLinkUrl(deps.chat, deps.base.origin, user.id, label, Date.now());
    return say(
      c,
      `Open this link while signed in on your Subspace page (${deps.base.origin}/me) to tie your Discord account to your player. It works once, for ${LINK_MINUTES} minutes; keep it to yourself.\n${url}`,
    );
  }
  const chat = await linkedChat(deps, 'discord', user.id);
  // A named game's board is public, as its page is: shown to an account tied to no player too.
  const spectating = !chat && i.type === Interaction.COMMAND && i.data?.name === 'board' ? optionsOf(i).game : undefined;
  if (!chat && !spectating) return say(c, `Your Discord account is not linked to a Subspace player yet: use /subspace link first.\n\n${DISCORD_HELP}`);
  const reply = !chat
    ? await spectatorBoard(deps, spectating!)
    : i.type === Interaction.COMPONENT
      ? await buttonReply(deps, chat, i.data?.custom_id ?? '')
      : await runCommand(deps, chat, i);
  if (chat) await remember(deps, chat, reply);
  if (!reply.picture) return answer(c, discordMessage(reply));
  // The picture takes longer than Discord's 3 s may allow: "thinking…" now, the board in the follow-up.
  const gameId = reply.picture;
  later(
    c,
    (async () => {
      const picture = await boardPicture(c, gameId);
      const message = 'png' in picture ? discordMessage(reply, picture.png) : discordMessage({ ...reply, text: `${reply.text}\n\n(${picture.error})` });
      const sent = await DiscordApi.from(c.var.services.config.discord).editOriginal(i.application_id, i.token, message);
      if (!sent.ok) console.error(`discord follow-up for ${gameId}: ${sent.error}`);
    })(),
  );
  return c.json({ type: Answer.DEFERRED, ...(reply.private ? { data: { flags: 64 } } : {}) });
}

export const discord = new Hono<AppEnv>().post('/interactions', async (c) => {
  const key = c.var.services.config.discord.publicKey;
  if (!key) return jsonError(c, 404, 'not_set_up', 'Discord is not set up on this server (DISCORD_PUBLIC_KEY is not set)');
  const signature = c.req.header('X-Signature-Ed25519');
  const timestamp = c.req.header('X-Signature-Timestamp');
  if (!signature || !timestamp) return jsonError(c, 401, 'bad_signature', 'missing request signature (X-Signature-Ed25519, X-Signature-Timestamp)');
  // Discord sends Unix seconds. Their age is not checked (Discord asks for none; a replayed command changes
  // nothing, each interaction id being handled once), but a timestamp of another shape is no Discord's.
  if (!/^\d{1,12}$/.test(timestamp)) return jsonError(c, 401, 'bad_signature', 'X-Signature-Timestamp: must be the Unix time in seconds');
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (!/^[0-9a-f]{128}$/i.test(signature) || !(await signedByDiscord(raw, signature, timestamp, key)))
    return jsonError(c, 401, 'bad_signature', 'invalid request signature');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return jsonError(c, 400, 'malformed_json', 'body: malformed JSON');
  }
  const parsed = v.safeParse(InteractionSchema, body);
  if (!parsed.success) return jsonError(c, 400, 'invalid_body', 'body: not a Discord interaction');
  const i = parsed.output;
  if (i.type === Interaction.PING) return c.json({ type: Answer.PONG });
  if (i.type === Interaction.AUTOCOMPLETE) {
    const user = i.member?.user ?? i.user;
    const choices = user ? await suggestions(botDeps(c), i, user.id) : [];
    return c.json({ type: Answer.SUGGESTIONS, data: { choices } });
  }
  if (i.type !== Interaction.COMMAND && i.type !== Interaction.COMPONENT) return say(c, DISCORD_HELP);
  // Discord sends each interaction once; the same one again is a replay, and changes nothing.
  const deps = botDeps(c);
  if (!(await deps.chat.firstTime('discord', i.id, Date.now()))) return say(c, 'This interaction was handled already.');
  try {
    return await handle(c, deps, i);
  } catch (e) {
    await deps.chat.forget('discord', i.id);
    throw e;
  }
});
