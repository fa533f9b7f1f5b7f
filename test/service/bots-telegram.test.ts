// Telegram webhook: the secret header (401 without it, nothing done), each update_id once,
// /start <code> from /me's deep link, commands and inline keyboards, every Bot API call
// recorded by the stand-in with its body.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatApis, linkTelegram, mePost, telegramBot, type TelegramBot } from './bot-helpers.ts';
import type { QueueJob } from '../../src/notify/types.ts';
import { BASE, call, fetchWorker, form } from './helpers.ts';
import { captureQueue } from './notify-helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

let bot: TelegramBot;
let apis: ReturnType<typeof chatApis>;
beforeAll(() => {
  bot = telegramBot();
});
beforeEach(() => {
  apis = chatApis();
  // Nothing queued is delivered behind the test's back (turn notifications would call the stand-in too).
  captureQueue<QueueJob>();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const lastText = (chatId: number) =>
  apis
    .telegram('sendMessage')
    .filter((c) => c.body.chat_id === String(chatId))
    .at(-1)?.body.text as string;

describe('Telegram webhook', () => {
  it('refuses a missing or wrong secret with 401 and calls nothing', async () => {
    const none = await bot.update({ message: { chat: { id: 1 }, text: '/help' } }, null);
    expect(none.status).toBe(401);
    const wrong = await bot.update({ message: { chat: { id: 1 }, text: '/help' } }, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatch(/X-Telegram-Bot-Api-Secret-Token/);
    expect(apis.calls).toEqual([]);
  });

  it('an update that is not one says which field is wrong', async () => {
    const bad = await bot.update({ message: { chat: { id: '5001' }, text: '/help' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^not a Telegram update: message\.chat\.id: /);
    expect(apis.calls).toEqual([]);
  });

  it('/start <code> from the /me page ties the chat to the player; a code works once', async () => {
    const spock = await newPlayer('Spock');
    const { start, html, code } = await linkTelegram(bot, 42, spock);
    expect(html).toContain('https://t.me/SubspaceTestBot?start=');
    expect(start.status).toBe(200);
    expect(lastText(42)).toContain('This chat now plays as Spock');
    const [sent] = apis.telegram('sendMessage');
    expect(sent!.body.parse_mode).toBe('HTML');
    expect(sent!.body.text.startsWith('<pre>')).toBe(true);
    // The same code from another chat: refused.
    await bot.text(43, `/start ${code}`);
    expect(lastText(43)).toMatch(/not valid: it was used already or it expired/);
    await bot.text(43, '/games');
    expect(lastText(43)).toMatch(/not tied to a Subspace player/);
    // Start pressed again (a bare /start): a tied chat is told whom it plays as, another how to tie it (tester 6 G4).
    await bot.text(42, '/start');
    expect(lastText(42)).toContain('This chat plays as Spock');
    expect(lastText(42)).not.toContain('Link a Telegram chat');
    await bot.text(43, '/start');
    expect(lastText(43)).toContain('Link a Telegram chat');
    const me = await fetchWorker(new Request(`${BASE}/me`, { headers: { Cookie: `subspace_key=${spock.key}` } }));
    expect(await me.text()).toContain('Telegram chat chat42');
  });

  it('an update is handled once: a retried update_id changes nothing and sends nothing', async () => {
    const [a, b] = [await newPlayer('Scotty'), await newPlayer('McCoy')];
    await linkTelegram(bot, 50, a);
    await linkTelegram(bot, 51, b);
    apis.take();
    const made = await bot.text(50, '/new warp-factor');
    const id = /challenge ([a-z0-9]{12})/.exec(lastText(50))![1]!;
    const body = { update_id: made.updateId, message: { chat: { id: 50 }, text: '/new warp-factor' } };
    const res = await fetchWorker(
      new Request(`${BASE}/telegram/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': 'test-secret_0123456789' },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, duplicate: true });
    expect(apis.telegram('sendMessage')).toHaveLength(1);
    expect((await call('GET', '/api/me/challenges', { token: a.key })).body.challenges.map((c: { id: string }) => c.id)).toEqual([id]);
  });

  it("a challenge made in a chat has no buttons there (only its creator reads it); /challenges and a bare 'challenges' list it", async () => {
    const [a, b] = [await newPlayer('Rand'), await newPlayer('Kyle')];
    await linkTelegram(bot, 70, a);
    apis.take();
    await bot.text(70, `/new planar ${b.id}`);
    const [made] = apis.telegram('sendMessage');
    const id = /challenge ([a-z0-9]{12})/.exec(made!.body.text)![1]!;
    expect(made!.body.reply_markup).toBeUndefined();
    expect(made!.body.text).toContain('They are told, and accept it on its page');
    for (const ask of ['/challenges', 'challenges']) {
      await bot.text(70, ask);
      expect(lastText(70)).toContain(id);
    }
    // The list names Telegram's own commands: /accept and /decline; withdrawing (no command here) on the page.
    expect(lastText(70)).toContain(`Take it back on ${BASE}/challenges/${id}.`);
    await linkTelegram(bot, 71, b);
    await bot.text(71, '/challenges');
    expect(lastText(71)).toContain(`Say "/accept ${id}" or "/decline ${id}".`);
  });

  it('a command addressed to another bot is not obeyed; in a group, talk that is not a command gets no answer', async () => {
    const p = await newPlayer('Rand');
    await linkTelegram(bot, 61, p);
    const sent = () => apis.telegram('sendMessage').length;
    const before = sent();
    await bot.text(61, '/new@SomeOtherBot warp-factor');
    await bot.text(61, '/start@SomeOtherBot');
    expect(sent()).toBe(before);
    expect((await call('GET', '/api/me/challenges', { token: p.key })).body.challenges).toEqual([]);
    // Addressed to this bot by name (any case): obeyed.
    await bot.text(61, '/games@subspacetestbot');
    expect(sent()).toBe(before + 1);
    // A group where the bot sees every message: chatter is not answered, linked or not; commands and turns are.
    const group = (id: number, text: string) => bot.update({ message: { message_id: 1, date: 0, chat: { id, type: 'supergroup', title: 'Bridge' }, text } });
    await group(-700, 'lol did you see that');
    await group(-700, 'ok');
    expect(sent()).toBe(before + 1);
    await group(-700, '/help');
    expect(sent()).toBe(before + 2);
    expect(lastText(-700)).toContain('not tied to a Subspace player');
  });

  it('an unknown command answers with help; a bad variant says which exist', async () => {
    const p = await newPlayer('Chapel');
    await linkTelegram(bot, 60, p);
    await bot.text(60, '/frobnicate');
    expect(lastText(60)).toContain('/move [game] &lt;turn&gt;');
    await bot.text(60, '/new chess');
    expect(lastText(60)).toMatch(/Could not make the challenge: .*first-contact, warp-factor, curved-space, planar/);
    // The variants are named once (the list was given twice).
    expect(lastText(60).split('curved-space')).toHaveLength(2);
  });

  it('/move <game id> <turn>: an unknown id is said to be one; a turn is never taken for an id; /move <turn> plays the one game', async () => {
    const [sisko, dax] = [await newPlayer('Sisko'), await newPlayer('Dax')];
    await linkTelegram(bot, 80, sisko);
    const { game } = await startGame(sisko, dax); // Sisko white, to move
    for (const id of ['abcdefghjkmnpqrs', 'zzzzzzzzzzzz']) {
      await bot.text(80, `/move ${id} Ba3-Ba2`);
      expect(lastText(80)).toMatch(new RegExp(`^(<pre>)?No game with id ${id}`)); // a sentence, as on Discord
      expect(lastText(80)).not.toContain('Could not play');
    }
    // A first word that begins a turn is the turn's, even in a game id's form.
    await bot.text(80, '/move wb2x wb3');
    expect(lastText(80)).toContain('Could not play "wb2x wb3"');
    expect((await call('GET', `/api/games/${game.id}`)).body.ply).toBe(0);
    await bot.text(80, '/move Wb2-Wb3');
    expect(lastText(80)).toContain('You played Wb2-Wb3 (ply 1).');
    // The game named, by id: played there.
    await startGame(dax, sisko, { variant: 'warp-factor', color: 'black' });
    const second = (await call('GET', '/api/me/games', { token: sisko.key })).body.games.find((g: { id: string }) => g.id !== game.id).id as string;
    await bot.text(80, `/move ${second} Wb2-Wb3`);
    expect(lastText(80)).toContain('You played Wb2-Wb3 (ply 1).');
  });

  it('in a private chat, words that no turn begins get the list; a turn that is wrong gets its reason; in a group, talk gets nothing', async () => {
    const [kira, odo] = [await newPlayer('Kira'), await newPlayer('Odo')];
    await linkTelegram(bot, 81, kira);
    const { game } = await startGame(kira, odo);
    await bot.text(81, '/board');
    await call('POST', `/api/games/${game.id}/resign`, { token: kira.key });
    for (const words of ['thanks', 'what can you do?', 'Please', 'Nice game!']) {
      apis.take();
      await bot.text(81, words);
      expect(lastText(81), words).toContain('Subspace commands:');
      expect(lastText(81), words).not.toContain('Could not play');
      expect(apis.telegram('sendPhoto'), words).toEqual([]);
    }
    // What reads as a turn still goes to the game, and gets the engine's reason.
    await bot.text(81, 'Wb2-Wz9');
    expect(lastText(81)).toContain('Could not play "Wb2-Wz9"');
    await bot.text(81, 'Wb2-Wb3');
    expect(lastText(81)).toMatch(/Could not play "Wb2-Wb3": .*over/);
    // A group's talk is not for the bot: no answer, as before.
    const sent = apis.telegram('sendMessage').length;
    await bot.update({ message: { message_id: 1, date: 0, chat: { id: 81, type: 'group', title: 'Ops' }, text: 'thanks' } });
    expect(apis.telegram('sendMessage')).toHaveLength(sent);
  });

  it('the board says whose turn it is once; with two games going, the answer shows how to name one', async () => {
    const [worf, quark, rom] = [await newPlayer('Worf'), await newPlayer('Quark'), await newPlayer('Rom')];
    await linkTelegram(bot, 82, worf);
    const first = (await startGame(worf, quark)).game.id as string;
    const second = (await startGame(worf, rom)).game.id as string;
    await bot.text(82, '/board');
    expect(lastText(82)).toMatch(new RegExp(`You have 2 games going: say which, e\\.g\\. /board (${first}|${second}) \\(your games: `));
    await bot.text(82, 'Wb2-Wb3');
    expect(lastText(82)).toMatch(new RegExp(`e\\.g\\. /move (${first}|${second}) Wb2-Wb3 `));
    await bot.text(82, `/board ${first}`);
    const board = lastText(82);
    expect(board).toMatch(/White to move\nDeadline [^\n]+ \(3 days per move\)\.\nIt is your turn\.\n?<\/pre>$/);
    expect(board).not.toContain("White's turn");
    await bot.text(82, `/move ${first} Wb2-Wb3`);
    expect(lastText(82)).toMatch(/\nBlack to move\n?<\/pre>$/);
    expect(lastText(82)).not.toContain("Black's turn");
  });
  it('a finished current game takes no turn or command that acts: the only game going does, else the answer asks which; errors name the game; /board still shows it, named, as over (tester F7)', async () => {
    const [carol, dave, eve] = [await newPlayer('Carol'), await newPlayer('Dave'), await newPlayer('Eve')];
    await linkTelegram(bot, 83, carol);
    const y = (await startGame(carol, dave)).game.id as string;
    const x = (await startGame(carol, dave)).game.id as string;
    await bot.text(83, `/board ${x}`); // X is the chat's game
    await call('POST', `/api/games/${x}/resign`, { token: dave.key });
    // The bare turn goes to Y, the only game going, not to the finished X.
    await bot.text(83, 'Wb2-Wb3');
    expect(lastText(83)).toContain('You played Wb2-Wb3 (ply 1).');
    expect((await call('GET', `/api/games/${y}`)).body.ply).toBe(1);
    // Now Y is the chat's game; an error there names it.
    await bot.text(83, 'Wc2-Wc3');
    expect(lastText(83)).toContain(`Game ${y}: Could not play "Wc2-Wc3": it is Black's turn, not yours`);
    // X again, then a second game going: a bare command asks which, it does not go to X.
    await bot.text(83, `/board ${x}`);
    // Headed on a line of its own: the diagram's first line keeps its place (tester 6 G6).
    expect(lastText(83)).toMatch(new RegExp(`^(<pre>)?Game ${x}:\\n[A-Z] level [\\s\\S]*Game over: 1-0 \\(resignation\\)`));
    const z = (await startGame(carol, eve)).game.id as string;
    for (const words of ['Wb2-Wb3', '/resign', '/draw']) {
      await bot.text(83, words);
      expect(lastText(83), words).toMatch(/You have 2 games going: say which/);
      expect(lastText(83), words).not.toContain('over');
    }
    // A bare /board still shows the finished game, named.
    await bot.text(83, '/board');
    expect(lastText(83)).toContain(`Game ${x}:\n`);
    expect((await call('GET', `/api/games/${y}`)).body.status).toBe('active');
    expect((await call('GET', `/api/games/${z}`)).body.status).toBe('active');
  });

  it('/board <id> shows any game to anyone, as a spectator; acting in it still needs a seat (tester F3)', async () => {
    const [sisko, jake, nog] = [await newPlayer('Sisko'), await newPlayer('Jake'), await newPlayer('Nog')];
    await linkTelegram(bot, 84, nog);
    const own = (await startGame(nog, jake)).game.id as string;
    const other = (await startGame(sisko, jake)).game.id as string;
    apis.take();
    await bot.text(84, `/board ${other}`);
    const board = lastText(84);
    expect(board).toContain('White to move');
    expect(board).not.toContain('your turn');
    expect(board).not.toContain('do not play');
    const sent = apis.telegram('sendMessage').at(-1)!.body;
    expect(sent.reply_markup?.inline_keyboard?.flat() ?? []).toEqual([]);
    expect(apis.telegram('sendPhoto')).toHaveLength(1);
    await bot.text(84, `/resign ${other}`);
    expect(lastText(84)).toContain(`You do not play in game ${other}`);
    // Its Resign button: refused at once, with the notice as a sentence (tester 6 G2, G3).
    apis.take();
    await bot.press(84, `resign:${other}`);
    expect(apis.telegram('answerCallbackQuery')[0]!.body.text).toBe(`You do not play in game ${other}: only its players can act in it`);
    expect(JSON.stringify(apis.telegram('sendMessage').at(-1)!.body.reply_markup ?? {})).not.toContain('resign-yes');
    // A chat tied to no player sees it too, as on the public page (tester 4 F2); anything else says how to link.
    apis.take();
    await bot.text(85, `/board ${other}`);
    expect(lastText(85)).toContain('White to move');
    expect(apis.telegram('sendPhoto')).toHaveLength(1);
    await bot.text(85, `/resign ${other}`);
    expect(lastText(85)).toContain('This chat is not tied to a Subspace player yet');
    await bot.text(85, '/board');
    expect(lastText(85)).toContain('This chat is not tied to a Subspace player yet');
    // Looking did not move the chat off its own game.
    await bot.text(84, 'Wb2-Wb3');
    expect(lastText(84)).toContain('You played Wb2-Wb3 (ply 1).');
    expect((await call('GET', `/api/games/${own}`)).body.ply).toBe(1);
  });
});

describe('chats tied through a key end with it', () => {
  const links = async (playerId: string) =>
    (
      await env.DB.prepare('select external_id as chat from chat_links where player_id = ? order by external_id').bind(playerId).all<{ chat: string }>()
    ).results.map((r) => Number(r.chat));
  /** A browser signed in with `key` (the /me key form): the key its cookie holds. */
  async function browserKey(key: string) {
    const res = await form('/me/session', { key });
    return decodeURIComponent(/subspace_key=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')![1]!);
  }

  it("ending the other keys unlinks the chats they tied; a device signed out keeps its chats until then; the asker's go on with its new key", async () => {
    const bob = await newPlayer('Bob');
    const [here, there, leaked] = [await browserKey(bob.key), await browserKey(bob.key), await browserKey(bob.key)];
    await linkTelegram(bot, 801, { ...bob, key: here });
    await linkTelegram(bot, 802, { ...bob, key: there });
    // Someone with a leaked key ties their own chat to Bob.
    await linkTelegram(bot, 803, { ...bob, key: leaked });
    expect(await links(bob.id)).toEqual([801, 802, 803]);
    // Signing out on a device leaves the chats tied there working.
    await form('/me/sign-out', {}, undefined, { Cookie: `subspace_key=${there}` });
    expect(await links(bob.id)).toEqual([801, 802, 803]);
    // Sign out everywhere else, from here: only this browser's chat stays, and it still plays for Bob.
    const res = await form('/me/keys', { understood: '1' }, undefined, { Cookie: `subspace_key=${here}` });
    expect(res.status).toBe(303);
    expect(await links(bob.id)).toEqual([801]);
    await bot.text(803, '/games');
    expect(lastText(803)).toContain('This chat is not tied to a Subspace player yet');
    // A code asked for with a key that then ends is void.
    const shown = new URLSearchParams(decodeURIComponent(/subspace_new_key=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')![1]!)).get('key')!;
    const own = decodeURIComponent(/subspace_key=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')![1]!);
    const page = await mePost({ ...bob, key: own }, '/me/link/telegram', {});
    const code = /\/start ([\w-]{43})/.exec(await page.text())![1]!;
    expect((await call('DELETE', '/api/me/keys', { token: shown })).status).toBe(200);
    expect(await links(bob.id)).toEqual([]);
    await bot.text(804, `/start ${code}`);
    expect(lastText(804)).toContain('That link code is not valid');
    expect(await links(bob.id)).toEqual([]);
  });
});
