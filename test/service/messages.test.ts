// Game messages: players write to each other, on their own or with a move; spectators read
// them only when both players allow it; the limit holds under racing sends; escaped everywhere.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailHtml, emailText } from '../../src/notify/messages.ts';
import { MESSAGE_RATE } from '../../src/service/schemas.ts';
import { BASE, call, form, gameDb, location, newGame } from './helpers.ts';
import { captureQueue } from './notify-helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const say = (id: string, token: string | undefined, text: unknown) =>
  call('POST', `/api/games/${id}/messages`, { json: { text }, ...(token ? { token } : {}) });
const storedMessages = async (id: string) =>
  (
    await gameDb(id)
      .prepare('select side, ply, text from game_messages where game_id = ? order by id')
      .bind(id)
      .all<{ side: string; ply: number; text: string }>()
  ).results;
const moveRows = async (id: string) =>
  (await gameDb(id).prepare('select ply, text from moves where game_id = ? order by ply').bind(id).all<{ ply: number; text: string }>()).results;
const mailGame = () => newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: 'kor@example.org' } });

describe('game messages (API)', () => {
  it('on their own and with a move; both players read them, spectators only when both allow', async () => {
    const g = await newGame('warp-factor');
    const first = await say(g.id, g.tokens.white, '  Good luck!\r\nHave fun.  ');
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({ side: 'white', ply: 0, text: 'Good luck!\nHave fun.' });
    const moved = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', ply: 1, message: 'Your move, Kor.' }, token: g.tokens.white });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatchObject({ side: 'white', ply: 1, text: 'Your move, Kor.' });
    expect(await storedMessages(g.id)).toEqual([
      { side: 'white', ply: 0, text: 'Good luck!\nHave fun.' },
      { side: 'white', ply: 1, text: 'Your move, Kor.' },
    ]);
    for (const token of [g.tokens.white, g.tokens.black]) {
      const read = await call('GET', `/api/games/${g.id}/messages`, { token });
      expect(read.status).toBe(200);
      expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual(['Good luck!\nHave fun.', 'Your move, Kor.']);
    }
    // Spectators: private until both players allow it; either can take it back.
    const hidden = await call('GET', `/api/games/${g.id}/messages`);
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toMatch(/private.*both players allow/);
    const one = await call('PUT', `/api/games/${g.id}/messages/visibility`, { json: { spectators: true }, token: g.tokens.white });
    expect(one.status).toBe(200);
    expect(one.body.spectatorMessages).toEqual({ white: true, black: false });
    expect((await call('GET', `/api/games/${g.id}/messages`)).status).toBe(403);
    await call('PUT', `/api/games/${g.id}/messages/visibility`, { json: { spectators: true }, token: g.tokens.black });
    const shown = await call('GET', `/api/games/${g.id}/messages`);
    expect(shown.status).toBe(200);
    expect(shown.body.messages).toHaveLength(2);
    expect((await call('GET', `/api/games/${g.id}`)).body.spectatorMessages).toEqual({ white: true, black: true });
    await call('PUT', `/api/games/${g.id}/messages/visibility`, { json: { spectators: false }, token: g.tokens.black });
    expect((await call('GET', `/api/games/${g.id}/messages`)).status).toBe(403);
  });

  it('bad input is a 4xx that says why, and writes nothing', async () => {
    const g = await newGame('warp-factor');
    const cases: [unknown, RegExp][] = [
      ['', /text: the message is empty/],
      ['   ', /text: the message is empty/],
      ['x'.repeat(501), /at most 500 characters/],
      ['bell\u0007', /control characters/],
      ['turn \u202Earound', /control characters/],
      [42, /text: must be text/],
    ];
    for (const [text, error] of cases) {
      const res = await say(g.id, g.tokens.white, text);
      expect(res.status, String(text)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    // 500 characters are fine, counted as characters (not UTF-16 units).
    expect((await say(g.id, g.tokens.white, '🚀'.repeat(500))).status).toBe(201);
    expect((await call('POST', `/api/games/${g.id}/messages`, { json: { text: 'hi', extra: 1 }, token: g.tokens.white })).body.error).toMatch(
      /extra: is not a field we know/,
    );
    expect((await call('POST', `/api/games/${g.id}/messages`, { text: 'hi', token: g.tokens.white })).status).toBe(415);
    expect((await say(g.id, undefined, 'hi')).status).toBe(401);
    expect((await say(g.id, 'not-a-token-of-this-game', 'hi')).status).toBe(403);
    expect((await say('nosuchgame1', g.tokens.white, 'hi')).status).toBe(404);
    expect((await call('GET', `/api/games/${g.id}/messages`, { token: 'someone-elses-token' })).status).toBe(403);
    expect((await call('PUT', `/api/games/${g.id}/messages/visibility`, { json: { spectators: 'yes' }, token: g.tokens.white })).body.error).toMatch(
      /spectators: must be true or false/,
    );
    // A move whose message is bad is not played; a move that is refused keeps no message.
    const badMessage = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', message: '' }, token: g.tokens.white });
    expect(badMessage.status).toBe(400);
    const illegal = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wc1-Wc3', message: 'watch this' }, token: g.tokens.white });
    expect(illegal.status).toBe(422);
    const stale = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', ply: 3, message: 'from the future' }, token: g.tokens.white });
    expect(stale.status).toBe(409);
    expect(await moveRows(g.id)).toEqual([]);
    expect((await storedMessages(g.id)).map((m) => m.text)).toEqual(['🚀'.repeat(500)]);
  });

  it('the same message sent twice (a double press, a retry) is stored and told once, and answered as the first (tester 20 T8)', async () => {
    const g = await mailGame();
    const queue = captureQueue();
    const [a, b] = await Promise.all([say(g.id, g.tokens.white, 'hello there'), say(g.id, g.tokens.white, 'hello there')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.message).toEqual(b.body.message);
    expect((await say(g.id, g.tokens.white, 'hello there')).body.message).toEqual(a.body.message);
    expect(await storedMessages(g.id)).toEqual([{ side: 'white', ply: 0, text: 'hello there' }]);
    expect(queue.jobs.filter((job) => JSON.stringify(job).includes('hello there'))).toHaveLength(1);
    // The no-JavaScript form pressed twice: the same.
    for (let i = 0; i < 2; i++) await form(`/games/${g.id}/message`, { token: g.tokens.white, text: 'by form' });
    expect((await storedMessages(g.id)).map((m) => m.text)).toEqual(['hello there', 'by form']);
    // Another text, the other side's same words, or the same text ten seconds on: messages of their own.
    expect((await say(g.id, g.tokens.black, 'hello there')).status).toBe(201);
    await gameDb(g.id).prepare("update game_messages set created_at = created_at - 10000 where text = 'hello there'").run();
    expect((await say(g.id, g.tokens.white, 'hello there')).status).toBe(201);
    expect((await storedMessages(g.id)).map((m) => `${m.side} ${m.text}`)).toEqual([
      'white hello there',
      'white by form',
      'black hello there',
      'white hello there',
    ]);
  });

  it('two moves race for one ply, each with a message: one move and only its message land', async () => {
    for (let round = 0; round < 4; round++) {
      const g = await newGame('warp-factor');
      const [a, b] = await Promise.all([
        call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', ply: 1, message: 'from a' }, token: g.tokens.white }),
        call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wa2-Wa3', ply: 1, message: 'from b' }, token: g.tokens.white }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? a : b;
      expect(await moveRows(g.id)).toEqual([{ ply: 1, text: winner.body.move.text }]);
      expect(await storedMessages(g.id)).toEqual([{ side: 'white', ply: 1, text: winner === a ? 'from a' : 'from b' }]);
    }
  });

  it(`rate limited: ${MESSAGE_RATE.max} an hour per player, also when sent all at once`, async () => {
    const g = await newGame('warp-factor');
    const burst = await Promise.all(Array.from({ length: MESSAGE_RATE.max + 5 }, (_, i) => say(g.id, g.tokens.black, `message ${i}`)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(MESSAGE_RATE.max);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error).toMatch(/too many messages/);
    expect(await storedMessages(g.id)).toHaveLength(MESSAGE_RATE.max);
    // The other player is not limited by them; a move with a message over the limit is not played.
    expect((await say(g.id, g.tokens.white, 'still me')).status).toBe(201);
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const over = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Bb3-Bb2', message: 'one more' }, token: g.tokens.black });
    expect(over.status).toBe(429);
    expect(await moveRows(g.id)).toHaveLength(1);
    // Retry-After says when the oldest counted message leaves the hour: about an hour now, ...
    const waitNow = Number(over.headers.get('Retry-After'));
    expect(waitNow).toBeGreaterThan(3000);
    expect(waitNow).toBeLessThanOrEqual(3600);
    // The moment in words too, as every message writes one (an answer by mail is read later; tester 3 F16).
    expect(over.body.error).toMatch(
      new RegExp(
        `the turn sent with it was not played either; send it without the message, or try again at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\(in ${Math.ceil(waitNow / 60)} minutes\\)$`,
      ),
    );
    // ... and ten minutes when the messages were sent fifty minutes ago.
    await gameDb(g.id)
      .prepare('update game_messages set created_at = created_at - ? where game_id = ?')
      .bind(50 * 60_000, g.id)
      .run();
    const later = await say(g.id, g.tokens.black, 'too soon');
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('Retry-After'))).toBeGreaterThan(500);
    expect(Number(later.headers.get('Retry-After'))).toBeLessThanOrEqual(600);
    // Ten minutes on (an hour after the burst) the window has moved on.
    await gameDb(g.id)
      .prepare('update game_messages set created_at = created_at - ? where game_id = ?')
      .bind(10 * 60_000, g.id)
      .run();
    expect((await say(g.id, g.tokens.black, 'back again')).status).toBe(201);
  });
});

describe('game messages in OpenAPI', () => {
  it('documents the routes and the message field of a move', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(doc.paths['/api/games/{id}/messages'].get).toBeTruthy();
    expect(doc.paths['/api/games/{id}/messages'].post.responses).toHaveProperty('429');
    expect(doc.paths['/api/games/{id}/messages/visibility'].put).toBeTruthy();
    expect(doc.components.schemas.Message.required).toEqual(['text']);
    expect(doc.components.schemas.Move.properties).toHaveProperty('message');
  });
});

describe('game messages in notifications', () => {
  it('go to the opponent only (email and webhook data), quoted, escaped in the HTML mail', async () => {
    const g = await mailGame();
    const q = captureQueue();
    const words = '<script>alert("x")</script> & "gg"';
    expect((await say(g.id, g.tokens.white, words)).status).toBe(201);
    const jobs = q.take();
    expect(jobs.map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['message:black:email']);
    const job = jobs[0]!;
    expect(job.data.message).toMatchObject({ side: 'white', text: words });
    const links = { replyTo: null, unsubscribe: null };
    expect(emailText(job.event, job.data, links)).toContain(`Kirk (White) wrote:\n> ${words}`);
    const html = emailHtml(job.event, job.data, links);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;gg&quot;');
    // With a move: the opponent's turn notification carries the message; two messages at one ply are two jobs.
    await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', message: 'your turn' }, token: g.tokens.white });
    const turn = q.take();
    expect(turn.map((j) => `${j.event}:${j.side}`)).toEqual(['turn:black']);
    expect(turn[0]!.data.message?.text).toBe('your turn');
    expect(emailText(turn[0]!.event, turn[0]!.data, links)).toMatch(/It is your move as Black\.[\s\S]*> your turn/);
    await say(g.id, g.tokens.black, 'one');
    await say(g.id, g.tokens.black, 'two');
    const ids = q.take().map((j) => j.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('the chat bot sends with "say", and its help lists it', async () => {
    const g = await newGame('warp-factor');
    const chat = (text: string) => call('POST', `/api/games/${g.id}/chat`, { text, token: g.tokens.black });
    const sent = await chat('say Nice opening!');
    expect(sent.body.ok).toBe(true);
    expect(sent.body.reply).toMatch(/^Your message was sent to White:\n> /);
    expect((await storedMessages(g.id)).map((m) => m.text)).toEqual(['Nice opening!']);
    expect((await chat('help')).body.reply).toContain('say <words>  send your opponent a message');
    const bad = await chat(`say bad\u0007`);
    expect(bad.body.ok).toBe(false);
    expect(bad.body.reply).toMatch(/^Could not send the message: .*control characters/);
  });
});

describe('game messages on the pages', () => {
  it('both game pages show them escaped; the spectator page only when both allow', async () => {
    const g = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    const sent = await form(`/games/${g.id}/message`, { token: g.tokens.white, text: '<b>Qapla</b>' });
    expect(sent.status).toBe(303);
    expect(location(sent).searchParams.get('ok')).toBe('Message sent.');
    const moved = await form(`/games/${g.id}/move`, { token: g.tokens.white, move: 'Wb2-Wb3', ply: '1', message: 'with my move' });
    expect(location(moved).searchParams.get('ok')).toMatch(/^You played Wb2-Wb3/);
    const empty = await form(`/games/${g.id}/move`, { token: g.tokens.black, move: 'Bb3-Bb2', ply: '2', message: '  ' });
    expect(location(empty).searchParams.get('ok')).toMatch(/^You played Bb3-Bb2/);
    expect((await storedMessages(g.id)).map((m) => m.text)).toEqual(['<b>Qapla</b>', 'with my move']);
    const tooLong = await form(`/games/${g.id}/message`, { token: g.tokens.black, text: 'x'.repeat(501) });
    expect(location(tooLong).searchParams.get('error')).toMatch(/^Message not sent: .*at most 500 characters/);
    const pageOf = async (token?: string) => (await call('GET', `/games/${g.id}${token ? `?token=${token}` : ''}`)).text;
    for (const token of [g.tokens.white, g.tokens.black]) {
      const html = await pageOf(token);
      expect(html).toContain('&lt;b&gt;Qapla&lt;/b&gt;');
      expect(html).not.toContain('<b>Qapla</b>');
      expect(html).toContain('with my move');
      expect(html).toContain('id="message-form"');
      // Labelled by the turn as the move list numbers it, not by ply.
      expect(html).toMatch(/\(before the first turn\)<\/span>: <span class="message-text">&lt;b&gt;Qapla/);
      expect(html).toMatch(/\(after 1\. Wb2-Wb3\)<\/span>: <span class="message-text">with my move/);
      expect(html).not.toContain('(after ply');
    }
    expect(await pageOf()).not.toContain('Qapla');
    for (const token of [g.tokens.white, g.tokens.black]) {
      const res = await form(`/games/${g.id}/message-visibility`, { token, spectators: 'yes' });
      expect(res.status).toBe(303);
      // After White's, Black's page says White waits for Black's (tester 9 U23).
      if (token === g.tokens.white)
        expect((await call('GET', `/games/${g.id}?token=${g.tokens.black}`)).text).toContain(
          'Your opponent lets spectators read these messages; they see them once you do too.',
        );
    }
    const spectator = await pageOf();
    expect(spectator).toContain('&lt;b&gt;Qapla&lt;/b&gt;');
    expect(spectator).not.toContain('id="message-form"');
    expect(spectator).toContain(`${BASE}/games/${g.id}`);
  });

  it('a game against the computer offers no messages to it (nobody reads them); the game between players does', async () => {
    const solo = await newGame('warp-factor', { black: { computer: 1 } });
    const page = (await call('GET', `/games/${solo.id}?token=${solo.tokens.white}`)).text;
    expect(page).toContain('id="move-form"');
    for (const part of ['id="message-form"', 'id="move-message"', 'Message to Computer']) expect(page).not.toContain(part);
    const pair = await newGame('warp-factor');
    const both = (await call('GET', `/games/${pair.id}?token=${pair.tokens.white}`)).text;
    for (const part of ['id="message-form"', 'id="move-message"']) expect(both).toContain(part);
  });
});

describe('the leaderboard page', () => {
  it('takes ?variant= as the API does, and marks the variant shown', async () => {
    const asked = await call('GET', '/leaderboard?variant=planar');
    expect([asked.status, asked.headers.get('Location')]).toEqual([302, '/leaderboard/planar']);
    expect((await call('GET', '/leaderboard?variant=chess')).headers.get('Location')).toBe('/leaderboard/first-contact');
    const page = (await call('GET', '/leaderboard/planar')).text;
    expect(page).toMatch(/<a href="\/leaderboard\/planar" aria-current="page">/);
  });
});
