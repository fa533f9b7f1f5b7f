// The move path near the platform floor: how many D1 round trips and statements one
// request costs. Counts are deterministic, unlike times (the benchmark has the times).
// A game lives in its Durable Object (issue 28): a move reads and writes the game there, and the
// only D1 round trip is the directory's copy of the row, written after the answer. The bindings are
// counted where they are (the Worker and the game's object share them), for the whole request.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Directory } from '../../src/db/directory.ts';
import worker from '../../src/worker/index.ts';
import { BASE, call, fetchWorker, newGame, objectEnv, play } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { chatApis, linkTelegram, telegramBot } from './bot-helpers.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import type { QueueJob } from '../../src/notify/types.ts';

/**
 * Nothing this file sends reaches the real local queues: their consumers would run in the background
 * and their D1 statements and sends would be counted with a later request's (the bindings are
 * counted where they are, for the Worker and the game's objects alike). Tests count or hold a queue
 * on top of this and leave it silent again.
 */
function silenceQueues() {
  for (const queue of [env.NOTIFY_QUEUE!, env.COMPUTER_QUEUE!]) {
    vi.spyOn(queue, 'send').mockResolvedValue(undefined as never);
    vi.spyOn(queue, 'sendBatch').mockResolvedValue(undefined as never);
  }
}
beforeEach(() => {
  vi.restoreAllMocks();
  silenceQueues();
});

interface Counts {
  roundTrips: number;
  statements: number;
  batches: number;
  sql: string[];
}

/**
 * Count what reaches the database until `restore`: every execution of a prepared statement
 * (first/all/run/raw) is a round trip with one statement; a batch is one round trip with all of
 * its statements. The D1 binding itself is wrapped, so the game's object is counted too.
 */
function countD1(): { counts: Counts; restore: () => void } {
  const db = env.DB;
  const base = { prepare: db.prepare.bind(db), batch: db.batch.bind(db), withSession: db.withSession.bind(db) } as unknown as D1Database;
  const { db: counted, counts } = countingD1(base);
  const spies = [
    vi.spyOn(db, 'prepare').mockImplementation((text: string) => counted.prepare(text)),
    vi.spyOn(db, 'batch').mockImplementation((statements) => counted.batch(statements)),
    vi.spyOn(db, 'withSession').mockImplementation((constraint?: string) => counted.withSession(constraint)),
  ];
  return { counts, restore: () => spies.forEach((s) => s.mockRestore()) };
}

function countingD1(db: D1Database): { db: D1Database; counts: Counts } {
  const counts: Counts = { roundTrips: 0, statements: 0, batches: 0, sql: [] };
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, text: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), text);
        if (key === 'first' || key === 'all' || key === 'run' || key === 'raw')
          return (...args: unknown[]) => {
            counts.roundTrips++;
            counts.statements++;
            counts.sql.push(text);
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    real.set(wrapped, statement);
    return wrapped;
  };
  // The binding and the D1 session a request reads through (withSession) are counted alike.
  const count = <T extends object>(binding: T): T =>
    new Proxy(binding, {
      get(target, key) {
        const d1 = target as unknown as D1Database;
        if (key === 'prepare') return (text: string) => wrap(d1.prepare(text), text);
        if (key === 'batch')
          return (statements: D1PreparedStatement[]) => {
            counts.roundTrips++;
            counts.batches++;
            counts.statements += statements.length;
            counts.sql.push(`batch of ${statements.length}`);
            return d1.batch(statements.map((s) => real.get(s) ?? s));
          };
        if (key === 'withSession') return (constraint?: string) => count(d1.withSession(constraint));
        if (key === 'exec' || key === 'dump') throw new Error(`D1 ${String(key)} is not expected on the move path`);
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const counted = count(db);
  return { db: counted, counts };
}

/** The shared queue binding counted in place until `restore` (the game's object sends through it too). */
function countQueue(binding: Queue) {
  const counting = countingQueue();
  const spies = [
    vi.spyOn(binding, 'send').mockImplementation((body) => counting.queue.send(body)),
    vi.spyOn(binding, 'sendBatch').mockImplementation((messages) => counting.queue.sendBatch(messages)),
  ];
  return { ...counting, restore: () => (spies.forEach((s) => s.mockRestore()), silenceQueues()) };
}

/** The shared queue binding held in place (see heldQueue) until `restore`. */
function holdQueue(binding: Queue, failure?: Error) {
  const held = heldQueue(failure);
  const spies = [
    vi.spyOn(binding, 'send').mockImplementation((body) => held.queue.send(body)),
    vi.spyOn(binding, 'sendBatch').mockImplementation((messages) => held.queue.sendBatch(messages)),
  ];
  return { ...held, restore: () => (spies.forEach((s) => s.mockRestore()), silenceQueues()) };
}

/** A queue producer that counts what is sent (and keeps the bodies, `queued`). */
function countingQueue() {
  const sent = { calls: 0, messages: 0 };
  const queued: unknown[] = [];
  const queue = {
    async send(body: unknown) {
      sent.calls++;
      sent.messages++;
      queued.push(body);
    },
    async sendBatch(messages: Iterable<{ body: unknown }>) {
      sent.calls++;
      for (const m of messages) {
        sent.messages++;
        queued.push(m.body);
      }
    },
  } as unknown as Queue;
  return { queue, sent, queued };
}

/** A queue producer whose sends wait until the test lets them through (then succeed, or fail with `failure`). */
function heldQueue(failure?: Error) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const sends = { started: 0, finished: 0 };
  const hold = async () => {
    sends.started++;
    await gate;
    if (failure) throw failure;
    sends.finished++;
  };
  return { queue: { send: hold, sendBatch: hold } as unknown as Queue, sends, release };
}

/** A browser's PushSubscription (a real P-256 key: the API checks it). */
async function subscription(name: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const b64u = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const p256dh = b64u((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { endpoint: `https://push.example.net/send/${name}`, expirationTime: null, keys: { p256dh, auth: b64u(crypto.getRandomValues(new Uint8Array(16))) } };
}

/** The request of one move (`extra`: more of the body, e.g. a message). */
const moveRequest = (gameId: string, token: string, move: string, ply?: number, extra: Record<string, unknown> = {}) =>
  new Request(`${BASE}/api/games/${gameId}/moves`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ move, ...(ply === undefined ? {} : { ply }), ...extra }),
  });

/** POST one move through the whole Worker with counting bindings (counted once the work after the answer is done too). */
async function countedMove(gameId: string, token: string, move: string, ply?: number, extra: Record<string, unknown> = {}) {
  const d1 = countD1();
  const q = countQueue(env.NOTIFY_QUEUE!);
  const computer = countQueue(env.COMPUTER_QUEUE!);
  try {
    const res = await fetchWorker(moveRequest(gameId, token, move, ply, extra));
    const body = (await res.json()) as { state?: { status: string; reason: string | null }; message?: { id: number; text: string } };
    return { status: res.status, body, counts: d1.counts, sent: q.sent, queued: q.queued, askedComputer: computer.sent };
  } finally {
    for (const counted of [d1, q, computer]) counted.restore();
  }
}

/** The one D1 round trip of an accepted move: the game's row copied to the directory. */
const DIRECTORY_WRITE =
  /^insert into "games" .* on conflict \("games"\."id"\) do update set .* where excluded\.revision > "games"\."revision" returning "push_subscribed"$/;

describe('D1 round trips of POST /api/games/:id/moves', () => {
  it("an accepted move: one D1 round trip, the directory's copy of the game; the notification queued once", async () => {
    const g = await newGame('warp-factor', { white: { webhook: 'https://kirk.example/hook' }, black: { webhook: 'https://koloth.example/hook' } });
    const accepted = await countedMove(g.id, g.tokens.white, 'Wa1-Wb3', 1);
    expect(accepted.status).toBe(200);
    expect(accepted.counts).toMatchObject({ roundTrips: 1, statements: 1, batches: 0 });
    expect(accepted.counts.sql[0]).toMatch(DIRECTORY_WRITE);
    // Black's turn now: one message batch for the player to move.
    expect(accepted.sent).toEqual({ calls: 1, messages: 1 });
  });

  it('the answer does not wait for D1: with the directory write held, the move is answered; the write lands after it', async () => {
    const g = await newGame('warp-factor');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const put = Directory.prototype.put;
    const spy = vi.spyOn(Directory.prototype, 'put').mockImplementation(async function (this: Directory, row) {
      await held;
      return put.call(this, row);
    });
    const ctx = createExecutionContext();
    const res = await worker.fetch(moveRequest(g.id, g.tokens.white, 'Wa1-Wb3', 1), env, ctx);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { state: { ply: number } }).state.ply).toBe(1);
    // Answered while the directory still has the game before the move.
    expect((await new Directory(env.DB).game(g.id))?.ply).toBe(0);
    release();
    await waitOnExecutionContext(ctx);
    spy.mockRestore();
    expect((await new Directory(env.DB).game(g.id))?.ply).toBe(1);
  });

  it('with browsers subscribed to pushes: still the one directory write (which answers that the game is heard); one fan-out message, which the queue consumer expands', async () => {
    // A seat's subscription (a game played by links), and a player's for all their games (keys).
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/push`, { token: g.tokens.black, json: await subscription('seat') })).status).toBe(201);
    const seat = await countedMove(g.id, g.tokens.white, 'Wa1-Wb3', 1);
    expect(seat.status).toBe(200);
    expect(seat.counts).toMatchObject({ roundTrips: 1, batches: 0 });
    expect(seat.sent).toEqual({ calls: 1, messages: 1 });
    expect(seat.queued).toEqual([
      expect.objectContaining({ channel: 'push-fanout', gameId: g.id, pushes: [expect.objectContaining({ side: 'black', event: 'turn' })] }),
    ]);

    const [kirk, koloth] = [await newPlayer('Kirk'), await newPlayer('Koloth')];
    expect((await call('POST', '/api/me/push', { token: koloth.key, json: await subscription('player') })).status).toBe(201);
    const { game } = await startGame(kirk, koloth); // Kirk plays White; the game is Koloth's too, so it is subscribed
    const player = await countedMove(game.id, kirk.key, 'Wa1-Wb3', 1);
    expect(player.status).toBe(200);
    expect(player.counts).toMatchObject({ roundTrips: 2, batches: 0 }); // the key's hashes, the directory write
    expect(player.queued).toEqual([
      expect.objectContaining({ channel: 'push-fanout', pushes: [expect.objectContaining({ side: 'black', playerId: koloth.id })] }),
    ]);
  });

  it('with chat bots set up and a linked chat: still no read of the chats; one fan-out message, which the queue consumer expands', async () => {
    const e = env as Cloudflare.Env;
    const saved = { ...e };
    const apis = chatApis();
    try {
      const bot = telegramBot(); // a Telegram bot token: chats are reachable
      const [kirk, koloth] = [await newPlayer('Kirk'), await newPlayer('Koloth')];
      await linkTelegram(bot, 5400, koloth);
      const setup = captureQueue<QueueJob>();
      const { game } = await startGame(kirk, koloth); // Kirk plays White
      setup.spy.mockRestore();
      silenceQueues();
      await objectEnv(game.id, e); // the bot's configuration, in the game's object too
      const move = await countedMove(game.id, kirk.key, 'Wa1-Wb3', 1);
      expect(move.status).toBe(200);
      expect(move.counts).toMatchObject({ roundTrips: 2, batches: 0 }); // the key's hashes, the directory write: no chat links read
      expect(move.counts.sql.join('\n')).not.toMatch(/chat_links/);
      expect(move.sent).toEqual({ calls: 1, messages: 1 });
      expect(move.queued).toEqual([
        expect.objectContaining({
          channel: 'chat-fanout',
          gameId: game.id,
          events: [expect.objectContaining({ side: 'black', playerId: koloth.id, event: 'turn' })],
        }),
      ]);
      // The consumer reads the links and queues one message for Koloth's chat, which Telegram gets.
      const fanout = countingQueue();
      expect((await runQueue(move.queued as QueueJob[], 1, 'subspace-notify', { ...e, NOTIFY_QUEUE: fanout.queue })).explicitAcks).toHaveLength(1);
      expect(fanout.queued).toEqual([
        expect.objectContaining({
          id: expect.stringMatching(new RegExp(`^chat_telegram_5400_${game.id}_1_turn_black_[0-9a-z]+$`)),
          chat: { platform: 'telegram', externalId: '5400', playerId: koloth.id },
        }),
      ]);
      apis.take();
      expect((await runQueue(fanout.queued as QueueJob[])).explicitAcks).toHaveLength(1);
      const [sent] = apis.telegram('sendMessage');
      expect(sent!.body.chat_id).toBe('5400');
      expect(sent!.body.text).toContain(`game ${game.id}: White played Wa1-Wb3`);
    } finally {
      apis.spy.mockRestore();
      for (const key of Object.keys(e)) if (!(key in saved)) delete (e as unknown as Record<string, unknown>)[key];
      Object.assign(e, saved);
    }
  });

  it('a refused move (illegal, stale, out of turn, wrong token) costs no D1 round trip and writes nothing', async () => {
    const g = await newGame('warp-factor');
    for (const [token, move, ply, status] of [
      [g.tokens.white, 'Wa1-Wa3', 1, 422],
      [g.tokens.white, 'Wa1-Wb3', 7, 409],
      [g.tokens.black, 'Ba4-Bb2', 1, 403],
      ['not-a-token-of-this-game', 'Wa1-Wb3', 1, 403],
    ] as const) {
      const refused = await countedMove(g.id, token, move, ply);
      expect(refused.status, move).toBe(status);
      expect(refused.counts).toMatchObject({ roundTrips: 0, statements: 0, batches: 0 });
      expect(refused.sent.calls).toBe(0);
    }
  });

  it('the move that repeats a position a third time ends the game in the same write', async () => {
    const g = await newGame('warp-factor');
    const cycle = ['Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4']; // knights out and back
    // The start position is reached again after every cycle; the third time is a draw.
    for (const move of [...cycle, ...cycle.slice(0, 3)]) expect((await play(g, move)).status, move).toBe(200);
    const last = await countedMove(g.id, g.tokens.black, cycle[3]!);
    expect(last.status).toBe(200);
    expect(last.body.state).toMatchObject({ status: 'finished', reason: 'repetition' });
    expect(last.counts).toMatchObject({ roundTrips: 1, statements: 1, batches: 0 });
    expect(last.counts.sql[0]).toMatch(DIRECTORY_WRITE);
    // A repetition that is not the third does not end the game.
    const h = await newGame('warp-factor');
    for (const move of cycle.slice(0, 3)) expect((await play(h, move)).status).toBe(200);
    const second = await countedMove(h.id, h.tokens.black, cycle[3]!);
    expect(second.body.state).toMatchObject({ status: 'active' });
  });

  it('a move with a message: still the one directory write (the message stays in the game); over the limit, no D1 at all', async () => {
    const g = await newGame('warp-factor', { white: { webhook: 'https://kirk.example/hook' }, black: { webhook: 'https://koloth.example/hook' } });
    const sent = await countedMove(g.id, g.tokens.white, 'Wa1-Wb3', 1, { message: 'Your move, Commander.' });
    expect(sent.status).toBe(200);
    expect(sent.counts).toMatchObject({ roundTrips: 1, batches: 0, statements: 1 });
    expect(sent.counts.sql[0]).toMatch(DIRECTORY_WRITE);
    // The turn and its message go to Black in one notification.
    expect(sent.sent).toEqual({ calls: 1, messages: 1 });
    // The id answered is the stored message's (returned by the batch, not read again).
    const stored = await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.black });
    expect(stored.body.messages).toEqual([expect.objectContaining({ id: sent.body.message!.id, text: 'Your move, Commander.', ply: 1, side: 'white' })]);

    // Black uses up the hour's messages; a turn with one more is refused, and nothing lands (the
    // game's own storage decides, and answers the Retry-After).
    const h = await newGame('warp-factor');
    expect((await play(h, 'Wa1-Wb3')).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await call('POST', `/api/games/${h.id}/messages`, { token: h.tokens.black, json: { text: `hail ${i}` } })).status).toBe(201);
    const refused = await countedMove(h.id, h.tokens.black, 'Ba4-Bb2', 2, { message: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.counts).toMatchObject({ roundTrips: 0, statements: 0, batches: 0 });
    expect((await call('GET', `/api/games/${h.id}`)).body.ply).toBe(1);
    // Without a message Black's turn lands; the limit is per side, so White's next turn may carry one.
    const bare = await countedMove(h.id, h.tokens.black, 'Ba4-Bb2', 2);
    expect(bare.counts).toMatchObject({ roundTrips: 1, batches: 0 });
    expect((await countedMove(h.id, h.tokens.white, 'Wb3-Wa1', 3, { message: 'Still here.' })).status).toBe(200);
  });

  it('against the computer: the one directory write, and the computer asked for its reply once', async () => {
    const g = await newGame('warp-factor', { black: { computer: 1 } });
    const accepted = await countedMove(g.id, g.tokens.white, 'Wa1-Wb3', 1);
    expect(accepted.status).toBe(200);
    expect(accepted.counts).toMatchObject({ roundTrips: 1, batches: 0 });
    expect(accepted.askedComputer).toEqual({ calls: 1, messages: 1 });
    expect(accepted.sent.calls).toBe(0); // the computer is asked, never notified
  });

  it("with a player's key: one more read (the key's hashes); a key of someone else costs nothing more", async () => {
    const [kirk, koloth, stranger] = [await newPlayer('Kirk'), await newPlayer('Koloth'), await newPlayer('Stranger')];
    const { game } = await startGame(kirk, koloth); // Kirk plays White
    const accepted = await countedMove(game.id, kirk.key, 'Wa1-Wb3', 1);
    expect(accepted.status).toBe(200);
    expect(accepted.counts).toMatchObject({ roundTrips: 2, batches: 0 });
    expect(accepted.counts.sql[0]).toMatch(/from "player_keys"/);
    expect(accepted.counts.sql[1]).toMatch(DIRECTORY_WRITE);
    const outOfTurn = await countedMove(game.id, kirk.key, 'Wb3-Wa1', 2);
    expect(outOfTurn.status).toBe(403);
    expect(outOfTurn.counts).toMatchObject({ roundTrips: 1, batches: 0 });
    const notHere = await countedMove(game.id, stranger.key, 'Ba4-Bb2', 2);
    expect(notHere.status).toBe(403);
    expect(notHere.counts).toMatchObject({ roundTrips: 0, batches: 0 });
  });
});

describe('what the answer to a move waits for', () => {
  const webhooks = { white: { webhook: 'https://kirk.example/hook' }, black: { webhook: 'https://koloth.example/hook' } };

  // If the answer waited for a held send, the fetch below would never finish and the test would fail on its time limit.
  it.each([
    ['the notifications', 'NOTIFY_QUEUE', webhooks],
    ["the computer's request", 'COMPUTER_QUEUE', { black: { computer: 1 } }],
  ] as const)(
    'not %s: sent after the answer, from the same request',
    async (_what, binding, players) => {
      const g = await newGame('warp-factor', players);
      const held = holdQueue(env[binding]!);
      try {
        const ctx = createExecutionContext();
        const res = await worker.fetch(moveRequest(g.id, g.tokens.white, 'Wa1-Wb3', 1), env, ctx);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ move: { ply: 1, text: 'Wa1-Wb3' }, state: { ply: 1 } });
        expect(held.sends.finished).toBe(0);
        held.release();
        await waitOnExecutionContext(ctx);
        expect(held.sends).toEqual({ started: 1, finished: 1 });
      } finally {
        held.restore();
      }
    },
    60_000,
  );

  it('a notifier that fails after the answer: the move stands, the failure is logged', async () => {
    const g = await newGame('warp-factor', webhooks);
    const notify = holdQueue(env.NOTIFY_QUEUE!, new Error('queue unavailable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const ctx = createExecutionContext();
      const res = await worker.fetch(moveRequest(g.id, g.tokens.white, 'Wa1-Wb3', 1), env, ctx);
      expect(res.status).toBe(200);
      notify.release();
      await waitOnExecutionContext(ctx);
      expect(logged).toHaveBeenCalledWith(`game ${g.id}: could not queue notifications:`, expect.objectContaining({ message: 'queue unavailable' }));
    } finally {
      logged.mockRestore();
      notify.restore();
    }
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ ply: 1, sideToMove: 'black' });
  }, 60_000);
});
