// The chat-bot endpoint, player settings, and reminders from the cron.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import worker from '../../src/worker/index.ts';
import { BASE, call, newGame } from './helpers.ts';
import { captureQueue } from './notify-helpers.ts';

const DAY = 86_400_000;
afterEach(() => {
  vi.restoreAllMocks();
});

const chat = (id: string, token: string, text: string, headers: Record<string, string> = {}) => call('POST', `/api/games/${id}/chat`, { text, token, headers });

describe('chat bot', () => {
  it('plays turns in plain text, with or without "move"', async () => {
    const g = await newGame('warp-factor');
    const res = await chat(g.id, g.tokens.white, 'Wb2-Wb3');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.reply).toMatch(/^You played Wb2-Wb3 \(ply 1\)\./);
    expect(res.body.reply).toContain('B level');
    // Whose turn it is, said once: the board's last line.
    expect(res.body.reply).toMatch(/\nBlack to move$/);
    expect(res.body.state).toMatchObject({ ply: 1, sideToMove: 'black', you: 'white' });
    const second = await chat(g.id, g.tokens.black, 'move Bb3-Bb2');
    expect(second.body.reply).toMatch(/^You played Bb3-Bb2/);
  });

  it('board says what the picture does not: the last turn, the deadline, an open offer and how to answer it (tester)', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 3 } });
    expect((await chat(g.id, g.tokens.white, 'move Wb2-Wb3')).body.ok).toBe(true);
    expect((await chat(g.id, g.tokens.white, 'draw')).body.ok).toBe(true);
    const reply: string = (await chat(g.id, g.tokens.black, 'board')).body.reply;
    const deadline = (await call('GET', `/api/games/${g.id}`)).body.clock.deadline as string;
    expect(reply).toContain('\nLast turn: White played Wb2-Wb3 (ply 1).\n');
    expect(reply).toContain(`\nDeadline ${deadline.slice(0, 16).replace('T', ' ')} UTC (3 days per move).\n`);
    expect(reply).toMatch(/\nWhite offers a draw \("accept" or "decline"\)\.\nIt is your turn\.$/);
  });

  it('board, legal, help; errors are answers (200, ok: false) with the reason', async () => {
    const g = await newGame('warp-factor');
    const board = await chat(g.id, g.tokens.black, 'board');
    expect(board.body.reply).toContain('White to move');
    expect(board.body.reply).not.toContain("It is White's turn.");
    expect((await chat(g.id, g.tokens.white, 'board')).body.reply).toMatch(/\nWhite to move\nIt is your turn\.$/);
    const legal = await chat(g.id, g.tokens.white, 'legal');
    expect(legal.body.reply).toMatch(/^It is your turn\. You \(White\) have \d+ legal turns: .*Wb2-Wb3/);
    const help = (await chat(g.id, g.tokens.white, 'help')).body.reply;
    expect(help).toContain('Commands:');
    expect(help).toContain(
      `ask for a rematch on your player page ${BASE}/me (in a game played by links alone, without player keys: the Rematch button on the game's page, once it is over)`,
    );
    expect(help).toContain(`"accept <id>", "decline <id>" or "games" to ${BASE}/api/me/chat`);
    expect(help).toContain(`The rules, with diagrams: ${BASE}/rules/warp-factor`);
    expect((await chat(g.id, g.tokens.white, '')).body.reply).toContain('Commands:');
    const illegal = await chat(g.id, g.tokens.white, 'Wc1-Wc3');
    expect(illegal.status).toBe(200);
    expect(illegal.body).toMatchObject({ ok: false, status: 422 });
    expect(illegal.body.reply).toMatch(/^Could not play "Wc1-Wc3": .*bishop/);
    const notYours = await chat(g.id, g.tokens.black, 'Bb3-Bb2');
    expect(notYours.body.reply).toContain("it is White's turn, not yours");
  });

  it('draw and resign', async () => {
    const g = await newGame('warp-factor');
    expect((await chat(g.id, g.tokens.white, 'draw')).body.reply).toMatch(/^You offered a draw\./);
    expect((await chat(g.id, g.tokens.black, 'decline')).body.reply).toMatch(/^You declined/);
    const resigned = await chat(g.id, g.tokens.black, 'resign');
    expect(resigned.body.reply).toMatch(/^You resigned\./);
    expect(resigned.body.reply).toContain('Game over: 1-0 (resignation), White wins');
    expect(resigned.body.state.status).toBe('finished');
  });

  it('Slack-style form posts (token in the query), and Accept: text/plain', async () => {
    const g = await newGame('warp-factor');
    const form = await call('POST', `/api/games/${g.id}/chat?token=${g.tokens.white}`, {
      body: 'token=slack-verification&team_id=T1&command=%2Fsubspace&text=Wb2-Wb3&user_name=kirk',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.body.reply).toMatch(/^You played Wb2-Wb3/);
    expect(form.body.text).toContain('You played Wb2-Wb3');
    const plain = await chat(g.id, g.tokens.black, 'board', { Accept: 'text/plain' });
    expect(plain.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(plain.text).toContain('It is your turn.');
    // `curl --data 'Bb3-Bb2'` sends a form body without a field name: it is the command.
    const bare = await call('POST', `/api/games/${g.id}/chat`, {
      body: 'Bb3-Bb2',
      token: g.tokens.black,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(bare.body.reply).toMatch(/^You played Bb3-Bb2/);
    // A stray "%" is read as itself, not a crash.
    const stray = await call('POST', `/api/games/${g.id}/chat`, {
      body: 'garbage%',
      token: g.tokens.white,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect([stray.status, stray.body.ok]).toEqual([200, false]);
    expect(stray.body.reply).toContain('garbage%');
    // Such a body is the command as written: "&", "+" and "=" are words, not form syntax (they cut
    // the message, made spaces, or dropped it to the help list); `--data-urlencode` is decoded.
    for (const [body, said] of [
      ['say fish & chips', 'fish & chips'],
      ['say C++ rocks', 'C++ rocks'],
      ['say 2+2=4', '2+2=4'],
      ['say%20hi%20%26%20bye%2B', 'hi & bye+'],
    ]) {
      const sent = await call('POST', `/api/games/${g.id}/chat`, {
        body,
        token: g.tokens.white,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect([sent.status, sent.body.ok], body).toEqual([200, true]);
    }
    const read = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white });
    expect(read.body.messages.map((m: { text: string }) => m.text)).toEqual(['fish & chips', 'C++ rocks', '2+2=4', 'hi & bye+']);
    const json = await call('POST', `/api/games/${g.id}/chat`, { json: { text: 'legal' }, token: g.tokens.white });
    expect(json.body.reply).toMatch(/^It is your turn\. You \(White\) have \d+ legal turns/);
  });

  it("legal on the opponent's turn says whose turns they are", async () => {
    const g = await newGame('warp-factor');
    const reply = (await chat(g.id, g.tokens.black, 'legal')).body.reply as string;
    const [first, second] = reply.split('\n');
    expect(first).toBe("It is White's turn, not yours: you have no legal turns until White has played.");
    expect(second).toMatch(/^White \(your opponent\) has \d+ legal turns: .*Wb2-Wb3/);
    expect(reply).not.toMatch(/^White has/);
    const help = (await chat(g.id, g.tokens.black, 'help')).body.reply as string;
    expect(help).toContain("legal    your legal turns; on your opponent's turn, says so and lists theirs");
  });

  it('help shows turns that the game at hand accepts, in its notation', async () => {
    const examplesOf = (help: string) => {
      const line = help.split('\n').find((l) => l.trim().startsWith('turns look like'));
      if (!line) throw new Error(`no examples in:\n${help}`);
      return [...line.slice(line.indexOf(': ') + 2).matchAll(/(\S+) \(([^)]+)\)/g)].map((m) => m[1]!);
    };
    for (const [variant, options] of [
      ['planar', {}],
      ['warp-factor', {}],
      ['first-contact', {}],
      ['curved-space', {}],
      ['curved-space', { platforms: 2 }],
      ['curved-space', { platforms: 2, platformMoves: 'after-capture' }],
    ] as const) {
      const g = await newGame(variant, { options });
      // Two turns in: the examples follow the phase and the side to move.
      for (let ply = 0; ply < 3; ply++) {
        const state = (await call('GET', `/api/games/${g.id}`)).body;
        const mover = state.sideToMove as 'white' | 'black';
        const help = (await chat(g.id, g.tokens[mover], 'help')).body.reply as string;
        const examples = examplesOf(help);
        expect(examples.length, help).toBeGreaterThan(0);
        expect(help).toContain(`${examples[0]} (or: move ${examples[0]})`);
        for (const text of examples) {
          const game = Game.create(variant, options, state.position);
          if (!game.ok) throw new Error(game.error.message);
          expect(game.value.play(text).ok, `${variant} ${JSON.stringify(options)} ${state.position}: ${text}`).toBe(true);
        }
        // The player who waits sees the same turns, marked as the other side's.
        const waiting = (await chat(g.id, g.tokens[mover === 'white' ? 'black' : 'white'], 'help')).body.reply as string;
        expect(waiting).toContain(`turns look like (${mover === 'white' ? 'White' : 'Black'}'s turns now): `);
        expect(examplesOf(waiting)).toEqual(examples);
        // ...and its command line is not the other side's turn (it was, as if the waiting player could play it).
        expect(waiting).toContain('<turn> (or: move <turn>)  play a turn');
        expect(waiting).not.toContain(`${examples[0]} (or: move`);
        const played = await chat(g.id, g.tokens[mover], examples[0]!);
        expect(played.body.ok, played.body.reply).toBe(true);
      }
    }
    // Two platforms: never "3@Wa1u".
    const two = await newGame('curved-space', { options: { platforms: 2 } });
    expect((await chat(two.id, two.tokens.white, 'help')).body.reply).toMatch(/turns look like: [12]@W/);
  }, 240_000);

  it('never echoes control characters from the input', async () => {
    const g = await newGame('warp-factor');
    for (const text of ['Wb2\u0000-Wb3', 'Wb2-Wb3\u0001', 'board\u007f', '\u001b[2Jlegal', 'move Wb2\u0085-Wb3']) {
      const res = await chat(g.id, g.tokens.white, text);
      expect(res.status, JSON.stringify(text)).toBe(200);
      expect(res.body.reply, JSON.stringify(text)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      const plain = await chat(g.id, g.tokens.white, text, { Accept: 'text/plain' });
      expect(plain.text, JSON.stringify(text)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    }
    // Nor bidirectional overrides, which would turn the rest of the line around.
    const rlo = await chat(g.id, g.tokens.white, '\u202eevil');
    expect(rlo.body.reply).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(rlo.body.reply).toContain('\\u202eevil');
    const nul = await chat(g.id, g.tokens.white, 'Wb2\u0000-Wb3');
    expect(nul.body).toMatchObject({ ok: false, status: 400 });
    expect(nul.body.reply).toMatch(/^Could not read "Wb2\\x00-Wb3": must be one line of printable text/);
    expect((await chat(g.id, g.tokens.white, 'Wb2-Wb3\u0001', { Accept: 'text/plain' })).text).toMatch(/^Could not read "Wb2-Wb3\\x01"/);
    // Nothing was played.
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
  });

  it('say takes a whole message (500 characters); longer is refused in words, never cut short', async () => {
    const g = await newGame('warp-factor');
    const whole = await call('POST', `/api/games/${g.id}/chat`, { json: { text: `say ${'x'.repeat(500)}` }, token: g.tokens.white });
    expect([whole.status, whole.body.ok]).toEqual([200, true]);
    const over = await chat(g.id, g.tokens.white, `say ${'y'.repeat(501)}`);
    expect([over.status, over.body.ok]).toEqual([200, false]);
    expect(over.body.reply).toMatch(/^Could not send the message: .*500/);
    for (const res of [
      await chat(g.id, g.tokens.white, `say ${'z'.repeat(1000)}`),
      await call('POST', `/api/games/${g.id}/chat`, { json: { text: `say ${'z'.repeat(1000)}` }, token: g.tokens.white }),
    ])
      expect([res.status, res.body.error]).toEqual([400, 'text: is longer than 1000 characters']);
    // Counted as messages count them: 500 emoji are 500 characters (1000 UTF-16 units).
    const emoji = await call('POST', `/api/games/${g.id}/chat`, { json: { text: `say ${'😀'.repeat(500)}` }, token: g.tokens.white });
    expect([emoji.status, emoji.body.ok]).toEqual([200, true]);
    const messages = (await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.black })).body.messages;
    expect(messages.map((m: { text: string }) => [...m.text].length)).toEqual([500, 500]);
  });

  it('needs a player token', async () => {
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/chat`, { text: 'board' })).status).toBe(401);
    expect((await call('POST', `/api/games/${g.id}/chat`, { text: 'board', token: 'x'.repeat(43) })).status).toBe(403);
    expect((await call('POST', `/api/games/zzzzzzzz/chat`, { text: 'board', token: g.tokens.white })).status).toBe(404);
  });
});

describe('player settings', () => {
  it('GET and PATCH .../me', async () => {
    const g = await newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' } });
    const me = await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      side: 'white',
      name: 'Kirk',
      email: 'kirk@example.org',
      webhook: null,
      webhookDisabled: false,
      notify: {
        email: true,
        webhook: true,
        events: [
          'turn',
          'game-over',
          'draw-offer',
          'reminder',
          'game-start',
          'message',
          'takeback-offer',
          'takeback',
          'pause-offer',
          'pause',
          'pause-end',
          'offer-declined',
          'offer-withdrawn',
          'last-call',
          'deadline-passed',
          'plan-played',
          'rematch-offer',
          'rematch',
          'challenge',
        ],
      },
      reminderPercent: 80,
    });
    expect(me.body).toHaveProperty('replyTo');
    const patched = await call('PATCH', `/api/games/${g.id}/me`, {
      token: g.tokens.white,
      json: { email: null, webhook: 'https://kirk.example/hook', notify: { events: ['turn', 'game-over'] }, reminderPercent: 90 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      email: null,
      webhook: 'https://kirk.example/hook',
      notify: { email: true, events: ['turn', 'game-over'] },
      reminderPercent: 90,
    });
    expect(patched.body.webhookSecret).toMatch(/^whsec_/);
    // The same URL again keeps its secret (and is not shown again).
    const again = await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.white, json: { webhook: 'https://kirk.example/hook' } });
    expect(again.body.webhookSecret).toBeUndefined();
    expect((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body).toMatchObject({ side: 'black', webhook: null });
  });

  it('refuses bad input', async () => {
    const g = await newGame('warp-factor');
    const bad = async (json: unknown) => (await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.white, json })).body.error;
    expect(await bad({ reminderPercent: 99 })).toMatch(/^reminderPercent: must be at most 95/);
    expect(await bad({ webhook: 'http://hooks.example' })).toMatch(/^webhook: must be an https/);
    expect(await bad({ notify: { events: ['everything'] } })).toMatch(/^notify\.events\.0: must be one of/);
    expect(await bad({ token: 'x' })).toMatch(/^token: is not a field we know/);
    expect((await call('PATCH', `/api/games/${g.id}/me`, { json: {} })).status).toBe(401);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: 'y'.repeat(43) })).status).toBe(403);
  });
});

describe('reminders', () => {
  const runCron = async (scheduledTime: number) => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
  };

  it('once per turn when 80% (or the chosen share) of the time is used', async () => {
    const queue = captureQueue();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const g = await newGame('warp-factor', { white: { webhook: 'https://w.example/h' }, black: { email: 'kor@example.org' }, clock: { daysPerMove: 10 } });
    queue.take(); // the game-start mail
    const created = (await env.DB.prepare('select deadline from games where id = ?').bind(g.id).first<{ deadline: number }>())!.deadline - 10 * DAY;
    await runCron(created + 7.9 * DAY);
    expect(queue.take()).toEqual([]);
    await runCron(created + 8 * DAY);
    const reminders = queue.take();
    expect(reminders.map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['reminder:white:webhook']);
    expect(reminders[0]!.id).toBe(`msg_${g.id}_0_reminder_white_webhook`);
    await runCron(created + 9 * DAY);
    // No second reminder this turn; with 10% of the turn left, the last call (issue 29) goes out once.
    expect(queue.take().map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['last-call:white:webhook']);
    await runCron(created + 9.5 * DAY);
    expect(queue.take()).toEqual([]); // once per turn

    // Next turn: Black chose 60%.
    await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { reminderPercent: 60 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(created + 9 * DAY);
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    vi.useRealTimers();
    queue.take();
    await runCron(created + 9 * DAY + 5.9 * DAY);
    expect(queue.take()).toEqual([]);
    await runCron(created + 9 * DAY + 6 * DAY);
    expect(queue.take().map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['reminder:black:email']);
    await runCron(created + 9 * DAY + 7 * DAY);
    expect(queue.take()).toEqual([]);
  });
});
