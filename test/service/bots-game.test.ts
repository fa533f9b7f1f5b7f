// A whole game between a Discord user and a Telegram chat, played only through the bots'
// commands and buttons: signed interactions (a key pair made here) on one side, webhook updates
// on the other, turn notifications through the notification queue to both, every Bot API call
// recorded by the stand-in. A replayed update and a bad signature change nothing.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatJob } from '../../src/notify/types.ts';
import type { QueueJob } from '../../src/notify/types.ts';
import { chatApis, discordApp, linkDiscord, linkTelegram, telegramBot, TELEGRAM_SECRET, type DiscordApp, type TelegramBot } from './bot-helpers.ts';
import { BASE, call, fetchWorker } from './helpers.ts';
import { captureQueue, runQueue, takeWithChats } from './notify-helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { positionKey } from '../../src/service/public-state.ts';

let app: DiscordApp;
let bot: TelegramBot;
beforeAll(async () => {
  app = await discordApp();
  bot = telegramBot();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const DISCORD_USER = '4100';
const TELEGRAM_CHAT = 4200;

describe('a whole game: a Discord user against a Telegram chat', () => {
  it('is challenged, played, offered a draw, looked at and resigned through commands and buttons, with notifications on both sides', async () => {
    const apis = chatApis();
    const queue = captureQueue<QueueJob>();
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    await linkDiscord(app, DISCORD_USER, kirk);
    await linkTelegram(bot, TELEGRAM_CHAT, kor);
    apis.take();

    /** Deliver what the game queued for the chats; answer the Telegram texts and Discord DMs sent. */
    const deliver = async () => {
      const jobs = (await takeWithChats(queue)).filter((j): j is ChatJob => 'chat' in j);
      apis.take();
      if (jobs.length) expect((await runQueue(jobs)).explicitAcks.length).toBe(jobs.length);
      const sent = apis.take();
      return {
        jobs,
        telegram: sent.filter((c) => c.platform === 'telegram' && c.path === 'sendMessage').map((c) => c.body),
        discord: sent.filter((c) => c.platform === 'discord' && c.path.startsWith('/channels/')).map((c) => c.body),
        dmOpened: sent.filter((c) => c.platform === 'discord' && c.path === '/users/@me/channels').map((c) => c.body),
      };
    };

    // Kirk offers a game to anyone from Discord; Kor accepts it from Telegram.
    const ch = await app.command(DISCORD_USER, 'challenge', { variant: 'warp-factor' });
    expect(ch.status).toBe(200);
    const challengeId = /challenge ([a-z0-9]{12})/.exec(ch.body.data.content)![1]!;
    expect(ch.body.data.components[0].components.map((b: { label: string }) => b.label)).toEqual(['Accept']);
    await bot.text(TELEGRAM_CHAT, `/accept ${challengeId}`);
    const accepted = apis.telegram('sendMessage').at(-1)!.body;
    const gameId = /game ([a-z0-9]{16}) has started/.exec(accepted.text)![1]!;
    expect(accepted.reply_markup.inline_keyboard[0].map((b: { text: string }) => b.text)).toEqual(['Offer draw', 'Resign', 'Board picture']);
    const game = async () => (await call('GET', `/api/games/${gameId}`)).body;
    expect((await game()).players).toMatchObject({ white: { name: expect.any(String) }, black: { name: expect.any(String) } });

    // The game's start reaches both chats; then each turn reaches the one to move, who plays the turn it suggests.
    let notes = await deliver();
    expect(notes.jobs.map((j) => `${j.chat.platform}:${j.event}`).sort()).toEqual(['discord:game-start', 'telegram:game-start']);
    expect(notes.dmOpened).toEqual([{ recipient_id: DISCORD_USER }]);
    const dm = JSON.parse(notes.discord[0].payload_json ?? JSON.stringify(notes.discord[0]));
    expect(dm.embeds[0]).toEqual({
      title: expect.stringContaining(gameId),
      url: `${BASE}/games/${gameId}`,
      image: { url: `${BASE}/api/games/${gameId}/board.png?ply=0&at=${positionKey((await call('GET', `/api/games/${gameId}`)).body.startPosition)}` },
    });
    expect(notes.telegram[0].text).toContain(`New Warp Factor game ${gameId}`);

    const played: string[] = [];
    let lastTelegramMove: { updateId: number; text: string } | undefined;
    for (let ply = 1; ply <= 6; ply++) {
      const state = await game();
      expect(state.ply).toBe(ply - 1);
      const kirkSide = state.players.white.name === 'Kirk' ? 'white' : 'black';
      if (state.sideToMove === kirkSide) {
        // Discord: the direct message says whose move and which turn would do; play it with /move (no game id: the notified game).
        const text: string = (notes.discord.map((b) => JSON.parse(b.payload_json ?? JSON.stringify(b)).content) as string[]).find((t) =>
          t.includes('/move turn:'),
        )!;
        const turn = /\/move turn:(\S+)/.exec(text)![1]!;
        const res = await app.command(DISCORD_USER, 'move', { turn });
        expect(res.body.data.content).toContain(`You played ${turn} (ply ${ply}).`);
        expect(res.body.data.flags).toBeUndefined();
        played.push(`discord ${turn}`);
        if (ply === 3) {
          // A forged copy of the next move (signed, then changed) is refused and changes nothing.
          const forged = await app.send(
            { type: 2, member: { user: { id: DISCORD_USER } }, data: { name: 'move', options: [{ name: 'turn', type: 3, value: 'X' }] } },
            { tamper: (raw) => raw.replace('"X"', '"Wa2-Wa3"') },
          );
          expect(forged.status).toBe(401);
          expect((await game()).ply).toBe(ply);
        }
      } else {
        // Telegram: a bare turn in the chat tied to this game (the notification made it the chat's game).
        const text = notes.telegram.find((b) => b.text.includes('Answer here'))!.text as string;
        const turn = new RegExp(`/move ${gameId} (\\S+)`).exec(text)![1]!;
        apis.take();
        const res = await bot.text(TELEGRAM_CHAT, turn);
        expect(res.status).toBe(200);
        expect(apis.telegram('sendMessage').at(-1)!.body.text).toContain(`You played ${turn} (ply ${ply}).`);
        lastTelegramMove = { updateId: res.updateId, text: turn };
        played.push(`telegram ${turn}`);
      }
      expect((await game()).ply).toBe(ply);
      notes = await deliver();
      // The one to move now is told, on their platform only.
      const next = (await game()).sideToMove === kirkSide ? 'discord' : 'telegram';
      expect(notes.jobs.map((j) => `${j.chat.platform}:${j.event}`)).toEqual([`${next}:turn`]);
    }
    expect(played.filter((p) => p.startsWith('discord'))).toHaveLength(3);

    // Telegram's retry of an update already handled (the last bare turn) changes nothing and sends nothing.
    apis.take();
    const retried = await fetchWorker(
      new Request(`${BASE}/telegram/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': TELEGRAM_SECRET },
        body: JSON.stringify({
          update_id: lastTelegramMove!.updateId,
          message: { message_id: 1, date: 0, chat: { id: TELEGRAM_CHAT, type: 'private' }, text: lastTelegramMove!.text },
        }),
      }),
    );
    expect(await retried.json()).toEqual({ ok: true, duplicate: true });
    expect(apis.calls).toEqual([]);
    expect((await game()).ply).toBe(6);

    // The board: Discord's picture comes as a deferred answer and its follow-up; Telegram's as sendPhoto.
    const board = await app.command(DISCORD_USER, 'board');
    expect(board.body.type).toBe(5);
    const patch = apis.discord().find((c) => c.method === 'PATCH')!;
    expect(patch.body['files[0]'].type).toBe('image/png');
    apis.take();
    await bot.text(TELEGRAM_CHAT, '/board');
    const [photo] = apis.telegram('sendPhoto');
    expect(photo!.body.photo.type).toBe('image/png');
    expect(photo!.body.caption).toMatch(new RegExp(`^Game ${gameId}: .*(White|Black) to move`));

    // Telegram offers a draw with its button; Discord is told, and declines with the button under the notification.
    apis.take();
    await bot.press(TELEGRAM_CHAT, `draw:${gameId}`);
    expect(apis.telegram('answerCallbackQuery')).toHaveLength(1);
    expect(apis.telegram('sendMessage').at(-1)!.body.text).toMatch(/draw/i);
    expect((await game()).drawOffer).not.toBeNull();
    notes = await deliver();
    expect(notes.jobs.map((j) => `${j.chat.platform}:${j.event}`)).toEqual(['discord:draw-offer']);
    const offer = JSON.parse(notes.discord[0].payload_json ?? JSON.stringify(notes.discord[0]));
    const declineButton = offer.components[0].components.find((b: { label: string }) => b.label === 'Decline draw');
    const declined = await app.press(DISCORD_USER, declineButton.custom_id);
    expect(declined.body.data.content).toMatch(/declined/i);
    expect((await game()).drawOffer).toBeNull();
    await deliver();

    // Discord resigns with the button under its board: asked once more (privately), then done.
    const resign = await app.press(DISCORD_USER, `resign:${gameId}`);
    expect(resign.body.data.flags).toBe(64);
    const yes = resign.body.data.components[0].components[0];
    expect(yes.label).toBe('Yes, resign');
    expect((await game()).status).toBe('active');
    const over = await app.press(DISCORD_USER, yes.custom_id);
    expect(over.status).toBe(200);
    const end = await game();
    expect(end.status).toBe('finished');
    expect(end.reason).toBe('resignation');
    expect(end.result).toBe(end.players.white.name === 'Kor' ? '1-0' : '0-1');
    notes = await deliver();
    expect(notes.jobs.map((j) => `${j.chat.platform}:${j.event}`).sort()).toEqual(['discord:game-over', 'telegram:game-over']);
    expect(notes.telegram[0].text).toContain('won by resignation');
    expect(notes.telegram[0].reply_markup).toBeUndefined();

    // Every Bot API call went to the stand-in with the bot's token, and each carried its body.
    for (const c of apis.calls.filter((x) => x.platform === 'telegram')) expect(c.body).toBeTruthy();
  }, 60_000);

  it('a takeback or pause asked of a Discord player comes with Accept and Decline buttons, which answer it (tester 6 G7)', async () => {
    const apis = chatApis();
    const queue = captureQueue<QueueJob>();
    const [sisko, dukat] = [await newPlayer('Sisko'), await newPlayer('Dukat')];
    await linkDiscord(app, '4300', sisko);
    const { game } = await startGame(sisko, dukat, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } });
    const gameId: string = game.id;
    const state = async () => (await call('GET', `/api/games/${gameId}`)).body;
    /** The Discord direct messages the queued notifications became: their words and buttons. */
    const dms = async () => {
      const jobs = (await takeWithChats(queue)).filter((j): j is ChatJob => 'chat' in j);
      apis.take();
      if (jobs.length) await runQueue(jobs);
      return apis
        .take()
        .filter((c) => c.platform === 'discord' && c.path.startsWith('/channels/'))
        .map(
          (c) =>
            JSON.parse(c.body.payload_json ?? JSON.stringify(c.body)) as {
              content: string;
              components?: { components: { label: string; custom_id: string }[] }[];
            },
        );
    };
    await dms();
    expect((await call('POST', `/api/games/${gameId}/moves`, { text: 'Wb2-Wb3', token: sisko.key })).status).toBe(200);
    expect((await call('POST', `/api/games/${gameId}/moves`, { text: 'Bb3-Bb2', token: dukat.key })).status).toBe(200);
    await dms();
    const buttonsOf = (dm: Awaited<ReturnType<typeof dms>>[number]) => dm.components![0]!.components.map((b) => b.label);

    // A takeback: the message says to press, and the buttons do it.
    expect((await call('POST', `/api/games/${gameId}/takeback`, { token: dukat.key, json: { action: 'offer' } })).status).toBe(200);
    let [dm] = await dms();
    expect(dm!.content).toContain('Press Accept takeback or Decline takeback');
    expect(dm!.content).not.toContain('Reply "takeback accept"');
    expect(buttonsOf(dm!)).toEqual(['Accept takeback', 'Decline takeback', 'Board picture']);
    const accepted = await app.press('4300', dm!.components![0]!.components[0]!.custom_id);
    expect(accepted.status).toBe(200);
    expect(await state()).toMatchObject({ ply: 1, takebackOffer: null });
    await dms();

    // A pause: the same, declined.
    expect((await call('POST', `/api/games/${gameId}/pause`, { token: dukat.key, json: { action: 'offer', days: 2 } })).status).toBe(200);
    [dm] = await dms();
    expect(dm!.content).toContain('Press Accept pause or Decline pause');
    expect(buttonsOf(dm!)).toEqual(['Accept pause', 'Decline pause', 'Board picture']);
    const declined = await app.press('4300', dm!.components![0]!.components[1]!.custom_id);
    expect(declined.body.data.content).toMatch(/declined/i);
    expect(await state()).toMatchObject({ pauseOffer: null, pause: null });

    // A draw offered, then a pause asked: the pause's message carries its own buttons first, a row
    // each, and the draw's after them (tester 7 H3).
    expect((await call('POST', `/api/games/${gameId}/draw`, { token: dukat.key, json: { action: 'offer' } })).status).toBe(200);
    await dms();
    expect((await call('POST', `/api/games/${gameId}/pause`, { token: dukat.key, json: { action: 'offer', days: 1 } })).status).toBe(200);
    [dm] = await dms();
    expect(dm!.components!.map((row) => row.components.map((b) => b.label))).toEqual([
      ['Accept pause', 'Decline pause'],
      ['Accept draw', 'Decline draw', 'Board picture'],
    ]);
    // The board without a game named: headed by its game, its offers answered by pressing (H1, H2).
    apis.take();
    expect((await app.command('4300', 'board')).body.type).toBe(5);
    const board = JSON.parse(apis.discord().find((c) => c.method === 'PATCH')!.body.payload_json);
    expect(board.content).toMatch(new RegExp(`^\`\`\`\nGame ${gameId}:\n`));
    expect(board.content).toContain('Black offers a draw (press Accept draw or Decline draw).');
    expect(board.content).toContain('Black asks for a pause of 1 day (press Accept pause or Decline pause).');
    // The one who asked is not told to answer it; a pause of one day is one day (H2, H4).
    const asker = await call('POST', `/api/games/${gameId}/chat`, { token: dukat.key, text: 'board' });
    expect(asker.body.reply).toContain('Black offers a draw.');
    expect(asker.body.reply).not.toMatch(/"accept" or|"pause accept"/);
    expect((await call('POST', `/api/games/${gameId}/chat`, { token: sisko.key, text: 'board' })).body.reply).toContain(
      'Black offers a draw ("accept" or "decline").',
    );
    expect((await call('POST', `/api/games/${gameId}/chat`, { token: dukat.key, text: 'pause cancel' })).status).toBe(200);
    expect((await call('POST', `/api/games/${gameId}/chat`, { token: dukat.key, text: 'pause 1' })).body.reply).toContain('You asked for a pause of 1 day.');

    // That request taken back and another asked: the old message's Accept does not grant the new one (tester 7 H11).
    const oneDay = dm!.components!.flatMap((row) => row.components).find((b) => b.label === 'Accept pause')!;
    expect((await call('POST', `/api/games/${gameId}/pause`, { token: dukat.key, json: { action: 'cancel' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${gameId}/pause`, { token: dukat.key, json: { action: 'offer', days: 3 } })).status).toBe(200);
    const [threeDays] = (await dms()).filter((d) => d.content.includes('3 days'));
    const stale = await app.press('4300', oneDay.custom_id);
    expect(stale.body.data.content).toContain('That request was taken back: Black now asks for a pause of 3 days.');
    expect(await state()).toMatchObject({ pause: null, pauseOffer: { by: 'black', days: 3 } });
    // Its own message's button does.
    const fresh = threeDays!.components!.flatMap((row) => row.components).find((b) => b.label === 'Decline pause')!;
    expect((await app.press('4300', fresh.custom_id)).body.data.content).toMatch(/declined/i);
    expect((await state()).pauseOffer).toBeNull();

    // A finished game's Resign button says it is over at once, asking nothing (tester 7 H14).
    expect((await call('POST', `/api/games/${gameId}/resign`, { token: dukat.key })).status).toBe(200);
    const late = await app.press('4300', `resign:${gameId}`);
    expect(late.body.data.content).toContain('the game is over');
    expect(late.body.data.components ?? []).toEqual([]);
  }, 60_000);
});
