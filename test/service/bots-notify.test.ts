// What is sent where: a webhook URL that is a Discord channel webhook gets Discord's own body
// (content, an embed with the board picture and the game link) for a game's seat and for a
// player's own webhook; chat notifications follow the player's choice on /me, and a chat that
// blocked the bot gets no more of them.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { GameObject } from '../../src/worker/game-object.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatNotificationText } from '../../src/notify/chat/channel.ts';
import { pushWords } from '../../src/notify/push-publisher.ts';
import { isChatFanoutJob, isChatJob, type ChatJob } from '../../src/notify/types.ts';
import type { EventData } from '../../src/notify/types.ts';
import { isDiscordWebhook } from '../../src/notify/chat/discord-webhook.ts';
import type { QueueJob } from '../../src/notify/types.ts';
import { chatApis, linkTelegram, mePost, telegramBot } from './bot-helpers.ts';
import { BASE, call, fetchWorker, inGame, newGame } from './helpers.ts';
import { captureQueue, runQueue, takeWithChats } from './notify-helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { positionKey } from '../../src/service/public-state.ts';

const DISCORD_HOOK = 'https://discord.com/api/webhooks/112233445566778899/AbC-dEf_123';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every POST the Worker makes, with its body. */
function receiver(answers: number[] = []) {
  const posts: { url: string; headers: Headers; body: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    posts.push({ url: request.url, headers: request.headers, body: JSON.parse(await request.text()) });
    return new Response(null, { status: answers.length ? answers.shift()! : 204 });
  });
  return posts;
}

describe('Discord channel webhooks as webhook URLs', () => {
  it('a draw offer says to press Accept on Discord (it takes no typed replies), to reply "accept" elsewhere', () => {
    let data = {
      gameId: 'g1',
      variant: 'warp-factor',
      title: 'Warp Factor',
      you: 'black',
      ply: 3,
      status: 'active',
      sideToMove: 'black',
      result: '*',
      reason: null,
      winner: null,
      check: false,
      lastMove: null,
      position: '',
      board: 'BOARD',
      legalCount: 3,
      drawOffer: 'white',
      pause: null,
      pauseOffer: null,
      deadline: null,
      players: { white: 'Kirk', black: 'Kor' },
      link: 'http://x/games/g1',
      image: '',
    } as unknown as EventData;
    const text = (platform: 'discord' | 'telegram') =>
      chatNotificationText({
        id: 'j',
        chat: { platform, externalId: '1', playerId: 'p' },
        gameId: 'g1',
        side: 'black',
        event: 'draw-offer',
        at: 0,
        origin: 'http://x',
        data,
      } as ChatJob);
    expect(text('discord')).toContain('Kirk (White) offers a draw. Press Accept draw to agree');
    expect(text('telegram')).toContain('Kirk (White) offers a draw. Reply "accept" to agree, or just play your move to decline.');
    // Offered on the offerer's own move: playing on is not the recipient's to do; and the board says whose move it is, once.
    data = { ...data, sideToMove: 'white', board: 'BOARD\nWhite to move' } as EventData;
    expect(text('telegram')).toContain('Reply "accept" to agree, or reply "decline" to decline.');
    expect(text('discord')).toContain('Press Accept draw to agree, or press Decline draw to decline.');
    expect(text('telegram').match(/White to move/g)).toHaveLength(1);
    // A Web Push notification takes no typed reply: a takeback or pause is answered on the game's page (tester 7 H6).
    const asked = { ...data, pauseOffer: { by: 'white', days: 3 } } as EventData;
    for (const event of ['takeback-offer', 'pause-offer'] as const) {
      expect(pushWords(event, asked).body).toContain('Answer on the game page');
      expect(pushWords(event, asked).body).not.toMatch(/Reply "/);
    }
  });

  it('knows a Discord webhook URL when it sees one', () => {
    for (const url of [DISCORD_HOOK, 'https://discordapp.com/api/webhooks/1/x', 'https://ptb.discord.com/api/v10/webhooks/1/x?thread_id=2'])
      expect(isDiscordWebhook(url), url).toBe(true);
    for (const url of [
      'https://discord.com.evil.example/api/webhooks/1/x',
      'http://discord.com/api/webhooks/1/x',
      'https://discord.com/api/channels/1/messages',
    ])
      expect(isDiscordWebhook(url), url).toBe(false);
  });

  it("a game's seat webhook gets content and an embed with the board picture and the game link; a 404 disables it", async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor', webhook: DISCORD_HOOK } });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const posts = receiver([204, 404]);
    const jobs = queue.take();
    expect((await runQueue(jobs)).explicitAcks).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe(DISCORD_HOOK);
    expect(posts[0]!.headers.get('content-type')).toBe('application/json');
    const body = posts[0]!.body;
    expect(body.content).toContain(`**Your move in Warp Factor game ${g.id}: White played Wb2-Wb3**`);
    expect(body.content).toContain('It is your move as Black.');
    expect(body.content).toMatch(/```\n[\s\S]+\n```$/);
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(body.embeds).toEqual([
      {
        title: `Warp Factor game ${g.id}`,
        url: `${BASE}/games/${g.id}`,
        image: { url: `${BASE}/api/games/${g.id}/board.png?ply=1&at=${positionKey((await call('GET', `/api/games/${g.id}`)).body.position)}` },
      },
    ]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.components).toBeUndefined();
    expect(body.type).toBeUndefined(); // not the Standard Webhooks body
    // Discord says 404 when the webhook was deleted: it is switched off like a 410.
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3', token: g.tokens.white });
    await runQueue(queue.take());
    const me = await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black });
    expect(me.body).toMatchObject({ webhook: DISCORD_HOOK, webhookDisabled: true });
  });

  it("the players' names and messages reach the channel word for word: no masked link, heading or bold of theirs (tester 6 G8)", async () => {
    const queue = captureQueue();
    const g = await newGame('planar', { white: { name: '[Support](https://evil.example/x)' }, black: { name: 'Kor', webhook: DISCORD_HOOK } });
    queue.take();
    const sent = await call('POST', `/api/games/${g.id}/messages`, {
      token: g.tokens.white,
      json: { text: '[Claim](https://evil.example/s)\n# Big **news**\n1. first\n+ more' },
    });
    expect(sent.status).toBe(201);
    const posts = receiver();
    await runQueue(queue.take());
    const content: string = posts[0]!.body.content;
    const words = content.slice(0, content.indexOf('```'));
    // Every markdown character of theirs is escaped (Discord shows it and drops the backslash).
    expect(words).toContain('\\[Support\\]\\(https://evil.example/x\\)');
    expect(words).toContain('> \\[Claim\\]\\(https://evil.example/s\\)');
    expect(words).toContain('> \\# Big \\*\\*news\\*\\*');
    expect(words).not.toMatch(/(^|[^\\])\[[^\]]*[^\\]\]\(/);
    expect(words).not.toMatch(/^(> )?#/m);
    // Nor a list of theirs: "1." and "+" at a line's start are escaped too.
    expect(words).toContain('> 1\\. first');
    expect(words).toContain('> \\+ more');
  });

  it("a player's own webhook gets a challenge in Discord's body", async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    expect((await call('PATCH', '/api/me', { token: kor.key, json: { webhook: DISCORD_HOOK } })).status).toBe(200);
    const queue = captureQueue<QueueJob>();
    const made = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: kor.id } });
    expect(made.status).toBe(201);
    const posts = receiver();
    await runQueue(queue.take());
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.content).toContain('Kirk challenges you');
    expect(posts[0]!.body.embeds[0]).toEqual({ title: `Challenge ${made.body.id}`, url: made.body.link });
  });
});

describe('chat notifications', () => {
  it('follow the choice on /me, and stop for a chat that blocked the bot', async () => {
    const bot = telegramBot();
    const apis = chatApis();
    const [sulu, chekov] = [await newPlayer('Sulu'), await newPlayer('Chekov')];
    await linkTelegram(bot, 5100, sulu);
    const queue = captureQueue<QueueJob>();
    const game = await startGame(chekov, sulu, { variant: 'warp-factor', color: 'white' });
    const gameId: string = game.game.id;
    const chatJobs = async () => (await takeWithChats(queue)).filter((j): j is ChatJob => isChatJob(j));
    expect((await chatJobs()).map((j) => j.event)).toEqual(['game-start']);
    // Off on /me: no job at all.
    const off = await mePost(sulu, '/me/chat-links', { platform: 'telegram', id: '5100', action: 'notify-off' });
    expect(off.status).toBe(303);
    expect((await call('POST', `/api/games/${gameId}/moves`, { text: 'Wb2-Wb3', token: chekov.key })).status).toBe(200);
    expect(await chatJobs()).toEqual([]);
    // On again; the chat has blocked the bot meanwhile (Telegram says 403): acked, and switched off.
    await mePost(sulu, '/me/chat-links', { platform: 'telegram', id: '5100', action: 'notify-on' });
    await call('POST', `/api/games/${gameId}/moves`, { text: 'Bb3-Bb2', token: sulu.key });
    await call('POST', `/api/games/${gameId}/moves`, { text: 'Wa2-Wa3', token: chekov.key });
    const jobs = await chatJobs();
    expect(jobs.map((j) => `${j.chat.platform}:${j.event}:${j.side}`)).toEqual(['telegram:turn:black']);
    apis.spy.mockImplementation(async () =>
      Response.json({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }, { status: 403 }),
    );
    const result = await runQueue(jobs);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    const page = await (await fetchWorker(new Request(`${BASE}/me`, { headers: { Cookie: `subspace_key=${sulu.key}` } }))).text();
    expect(page).toContain('notifications off');
    // A network failure is retried by the queue.
    await mePost(sulu, '/me/chat-links', { platform: 'telegram', id: '5100', action: 'notify-on' });
    apis.spy.mockImplementation(async () => Response.json({ ok: false, description: 'Too Many Requests' }, { status: 429 }));
    expect((await runQueue(jobs)).retryMessages).toHaveLength(1);
    // Telegram's own wait (retry_after) is kept: not asked again sooner.
    apis.spy.mockImplementation(async () =>
      Response.json({ ok: false, description: 'Too Many Requests: retry after 120', parameters: { retry_after: 120 } }, { status: 429 }),
    );
    expect((await runQueue(jobs)).delays).toEqual([120]);
    // The group became a supergroup: the link follows its new id and the message goes there.
    const sentTo: string[] = [];
    apis.spy.mockImplementation(async (_input, init) => {
      const chatId = String(JSON.parse(String(init?.body ?? '{}')).chat_id);
      sentTo.push(chatId);
      return chatId === '5100'
        ? Response.json(
            { ok: false, description: 'Bad Request: group chat was upgraded to a supergroup chat', parameters: { migrate_to_chat_id: -1005100 } },
            { status: 400 },
          )
        : Response.json({ ok: true, result: { message_id: 1 } });
    });
    expect((await runQueue(jobs)).explicitAcks).toHaveLength(1);
    expect(sentTo).toEqual(['5100', '-1005100']);
    const moved = await (await fetchWorker(new Request(`${BASE}/me`, { headers: { Cookie: `subspace_key=${sulu.key}` } }))).text();
    expect(moved).toContain('-1005100');
  });

  it("the clock's reminder and last call reach the linked chat of the player to move (tester 6 G1)", async () => {
    const bot = telegramBot();
    chatApis();
    const [scott, gaila] = [await newPlayer('Scott'), await newPlayer('Gaila')];
    await linkTelegram(bot, 5400, scott);
    const queue = captureQueue<QueueJob>();
    const { game } = await startGame(scott, gaila, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 1 } });
    const gameId: string = game.id;
    const chatEvents = async () =>
      (await takeWithChats(queue))
        .filter((j): j is ChatJob => isChatJob(j))
        .map((j) => `${j.chat.externalId}:${j.event}:${j.side}:${chatNotificationText(j).split('\n')[0]!.slice(0, 12)}`);
    expect(await chatEvents()).toEqual(['5400:game-start:white:New Warp Fac']);
    const deadline = (await inGame(gameId, (store) => store.game(gameId)))!.deadline!;
    // The game's alarm, delivered with the object's clock at `at`.
    const fireAt = async (at: number) => {
      const stub = env.GAMES.get(env.GAMES.idFromName(gameId));
      await runInDurableObject(stub, (o: GameObject) => {
        o.clock = () => at;
      });
      expect(await runDurableObjectAlarm(stub)).toBe(true);
    };
    const DAY = 86_400_000;
    await fireAt(deadline - 0.2 * DAY);
    expect(await chatEvents()).toEqual(['5400:reminder:white:Reminder: yo']);
    await fireAt(deadline - 0.05 * DAY);
    expect(await chatEvents()).toEqual(['5400:last-call:white:Last call: y']);
  });

  it("the player's own choice of events (/me, PATCH /api/me/notify) holds for their chats, as the seat's does (tester 7 H15)", async () => {
    const bot = telegramBot();
    chatApis();
    const [quiet, loud] = [await newPlayer('Quiet'), await newPlayer('Loud')];
    await linkTelegram(bot, 5500, quiet);
    const events = ['game-start', 'game-over', 'message'];
    expect((await call('PATCH', '/api/me/notify', { token: quiet.key, json: { events } })).status).toBe(200);
    const queue = captureQueue<QueueJob>();
    const { game } = await startGame(loud, quiet, { variant: 'warp-factor', color: 'white' });
    const heard = async () => (await takeWithChats(queue)).filter((j): j is ChatJob => isChatJob(j)).map((j) => j.event);
    expect(await heard()).toEqual(['game-start']);
    // Loud's move: Quiet's turn, which Quiet turned off for every channel.
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: 'Wb2-Wb3', token: loud.key })).status).toBe(200);
    expect(await heard()).toEqual([]);
    expect((await call('POST', `/api/games/${game.id}/messages`, { token: loud.key, json: { text: 'hello' } })).status).toBe(201);
    expect(await heard()).toEqual(['message']);
    // The seat's own choice wins over the player's.
    expect((await call('PATCH', `/api/games/${game.id}/me`, { token: quiet.key, json: { notify: { events: ['turn'] } } })).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: 'Bb3-Bb2', token: quiet.key })).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: 'Wa2-Wa3', token: loud.key })).status).toBe(200);
    expect(await heard()).toEqual(['turn']);
  });

  it('a challenge to a linked player reaches their chat with Accept and Decline; Accept starts the game', async () => {
    const bot = telegramBot();
    const apis = chatApis();
    const [uhura, rand] = [await newPlayer('Uhura'), await newPlayer('Rand')];
    await linkTelegram(bot, 5200, uhura);
    const queue = captureQueue<QueueJob>();
    const made = await call('POST', '/api/challenges', { token: rand.key, json: { variant: 'curved-space', to: uhura.id } });
    expect(made.status).toBe(201);
    const jobs = queue.take().filter((j) => isChatJob(j));
    expect(jobs).toHaveLength(1);
    apis.take();
    expect((await runQueue(jobs)).explicitAcks).toHaveLength(1);
    const [sent] = apis.telegram('sendMessage');
    expect(sent!.body.chat_id).toBe('5200');
    expect(sent!.body.text).toContain('Rand challenges you to a game of Curved Space');
    expect(sent!.body.text).toContain(`/accept ${made.body.id}`);
    const keyboard = sent!.body.reply_markup.inline_keyboard[0];
    expect(keyboard.map((b: { text: string }) => b.text)).toEqual(['Accept', 'Decline']);
    await bot.press(5200, keyboard[0].callback_data);
    expect(apis.telegram('answerCallbackQuery')).toHaveLength(1);
    expect(apis.telegram('sendMessage').at(-1)!.body.text).toMatch(/game [a-z0-9]{16} has started/);
    expect((await call('GET', '/api/me/games', { token: rand.key })).body.games).toHaveLength(1);
  });

  it('no bot token set: nothing is looked up or queued for chats', async () => {
    // The link's own answers go to the stand-in APIs, not out to a host the test machine cannot look up.
    const apis = chatApis();
    const bot = telegramBot();
    const [a, b] = [await newPlayer('Rand'), await newPlayer('Riley')];
    await linkTelegram(bot, 5300, b);
    const e = env as Cloudflare.Env;
    const token = e.TELEGRAM_BOT_TOKEN;
    const discordToken = e.DISCORD_BOT_TOKEN;
    delete e.TELEGRAM_BOT_TOKEN;
    delete e.DISCORD_BOT_TOKEN;
    try {
      const queue = captureQueue<QueueJob>();
      const { game } = await startGame(a, b);
      expect((await call('POST', `/api/games/${game.id}/moves`, { text: 'Wb2-Wb3', token: a.key })).status).toBe(200);
      expect(queue.take().filter((j) => isChatJob(j) || isChatFanoutJob(j))).toEqual([]);
      // The link was answered in its chat (through the stand-in); the game's turn sent nothing to a chat.
      expect(apis.take().map((a) => [a.platform, a.path])).toEqual([['telegram', 'sendMessage']]);
    } finally {
      e.TELEGRAM_BOT_TOKEN = token;
      if (discordToken) e.DISCORD_BOT_TOKEN = discordToken;
    }
  });
});
