// The calmer email: a seat on a digest gets no email per event; the cron sends one email per
// interval listing the games waiting for that address.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryRow } from '../../src/db/schema.ts';
import { DigestMailer } from '../../src/notify/digest.ts';
import type { PushStore } from '../../src/notify/push-store.ts';
import type { DigestJob, QueueJob } from '../../src/notify/types.ts';
import worker from '../../src/worker/index.ts';
import { call, newGame, play } from './helpers.ts';
import { captureQueue, confirmAddresses, runQueue } from './notify-helpers.ts';

// The addresses these tests mail were confirmed by their owners (address-confirmation.test.ts tests that step).
beforeEach(() => confirmAddresses('sulu@example.org', 'kor@example.org', 'uhura@example.org'));

afterEach(() => {
  vi.restoreAllMocks();
});

// Reply addresses and unsubscribe links are signed with it.
beforeAll(() => {
  (env as { REPLY_SECRET?: string }).REPLY_SECRET = 'test-reply-secret';
});

describe('email digest', () => {
  it('N moves in M games within the interval give exactly one email listing those games', async () => {
    const t0 = Date.now();
    // Captured from the start: a game-start job left to the local queue could be delivered late,
    // under load after the digest below, and start a second one (a flake seen in CI).
    const queue = captureQueue<QueueJob>();
    const games = [];
    for (let i = 0; i < 3; i++) {
      const g = await newGame('warp-factor', { white: { name: `Kirk ${i}` }, black: { name: 'Kor', email: 'Kor@Example.org' } });
      const set = await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { notify: { digestHours: 2 } } });
      expect(set.body.notify.digestHours).toBe(2);
      games.push(g);
    }
    // A game of Kor's that stays quiet, and one where the email goes out per event (another address).
    const other = await newGame('warp-factor', { white: { name: 'Sulu', email: 'sulu@example.org' }, black: { name: 'Kang' } });
    queue.take(); // the game-start mails: not what this test counts
    // 5 moves in 3 games: White moves in each, Kor answers in game 0, White moves again there.
    await play(games[0]!, 'Wb2-Wb3');
    await play(games[1]!, 'Wb2-Wb3');
    await play(games[2]!, 'Wb2-Wb3');
    await play(games[0]!, 'Bb3-Bb2');
    await play(games[0]!, 'Wc2-Wc3');
    await call('POST', `/api/games/${games[0]!.id}/messages`, { json: { text: 'Your move, Kor.' }, token: games[0]!.tokens.white });
    await call('POST', `/api/games/${games[1]!.id}/draw`, { json: { action: 'offer' }, token: games[1]!.tokens.white });
    await play(other, 'Wb2-Wb3');
    await play(other, 'Bb3-Bb2');
    type Sent = { to: string; subject: string; text: string; html: string; headers: Record<string, string>; replyTo?: string };
    const sent: Sent[] = [];
    const EMAIL = {
      send: async (m: Sent) => (sent.push(m), { messageId: `m${sent.length}` }),
    } as unknown as SendEmail;
    const jobs = queue.take();
    await runQueue(jobs, 1, 'subspace-notify', { ...env, EMAIL });
    // Only Sulu's per-event email went out; Kor's four turn emails wait for the digest.
    expect(sent.map((m) => m.to)).toEqual(['sulu@example.org']);
    sent.length = 0;
    const log = await call('GET', `/api/games/${games[0]!.id}/deliveries`, { token: games[0]!.tokens.black });
    expect(log.body.deliveries.every((d: { status: string }) => d.status === 'digest')).toBe(true);

    const cron = async (at: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/15 * * * *' }), { ...env, EMAIL }, ctx);
      await waitOnExecutionContext(ctx);
      return queue.take();
    };
    // Not yet due within the interval; due after it: one digest job, one email.
    expect((await cron(t0 + 60 * 60_000)).filter((j) => (j as { channel?: string }).channel === 'digest')).toEqual([]);
    const due = (await cron(t0 + 2 * 3_600_000 + 60_000)).filter((j) => (j as { channel?: string }).channel === 'digest');
    expect(due).toHaveLength(1);
    await runQueue(due, 1, 'subspace-notify', { ...env, EMAIL });
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe('kor@example.org');
    expect(mail.subject).toBe('[Subspace] Your move in 3 games');
    for (const g of games) expect(mail.text).toContain(`Warp Factor game ${g.id} against`);
    expect(mail.text).not.toContain(other.id);
    expect(mail.text).toContain('your move');
    // What was played and said since, game by game; how to answer; where the setting truly is.
    expect(mail.text).toContain(`Warp Factor game ${games[0]!.id} against Kirk 0`);
    expect(mail.text).toContain('  Last turn: Kirk 0 (White) played Wc2-Wc3 (ply 3).\n  Kirk 0 (White) wrote (ply 3):\n  > Your move, Kor.');
    expect(mail.text).toContain('  Last turn: Kirk 1 (White) played Wb2-Wb3 (ply 1).');
    expect(mail.html).toContain('Your move, Kor.');
    // How to play by email from a digest, and each game's reply address to write "board" to (tester 12 E8); an offer standing (E15).
    expect(mail.text).toContain('To play by email, write "board" to the reply address given under a game');
    expect(mail.text).toMatch(new RegExp(`To play by email: write "board" to play\\+${games[0]!.id}\\.black\\.[0-9a-f]{16}@`));
    expect(mail.text).toContain('  Kirk 1 (White) offers a draw (answer "accept" or "decline").');
    expect(mail.html).toContain('offers a draw');
    expect(mail.text).toMatch(/Change it on http:\/\/[^ ]+\/me#notify-heading \("What you are told, in all your games"\)\.$/m);
    // No API path: a mail reader cannot send a PATCH (tester 3 F13).
    expect(mail.text).not.toMatch(/PATCH|\/api\//);
    expect(mail.text).not.toContain('game page (Notifications)');
    // Each game has its own way out (a digest covers several seats: no one-click header, no reply address).
    for (const g of games) expect(mail.text).toMatch(new RegExp(`No more emails for this game: http\\S+/unsubscribe\\?game=${g.id}&side=black&t=`));
    expect(mail.html).toContain('no more emails for this game');
    expect(mail.headers['List-Unsubscribe']).toBeUndefined();
    expect(mail.replyTo).toBeUndefined();
    // Nothing more until new news: the next run sends nothing.
    expect((await cron(t0 + 5 * 3_600_000)).filter((j) => (j as { channel?: string }).channel === 'digest')).toEqual([]);
  });
  it("a digest about one game carries that game's one-click unsubscribe and reply address", async () => {
    const t0 = Date.now();
    // Another address than the test above's (its games still wait for Kor).
    const g = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Uhura', email: 'uhura@example.org' } });
    await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { notify: { digestHours: 1 } } });
    const queue = captureQueue<QueueJob>();
    await play(g, 'Wb2-Wb3');
    type Sent = { headers: Record<string, string>; replyTo?: string; text: string };
    const sent: Sent[] = [];
    const EMAIL = { send: async (m: Sent) => (sent.push(m), { messageId: 'm' }) } as unknown as SendEmail;
    await runQueue(queue.take(), 1, 'subspace-notify', { ...env, EMAIL });
    expect(sent).toHaveLength(0);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: t0 + 3_600_000 + 60_000, cron: '*/15 * * * *' }), { ...env, EMAIL }, ctx);
    await waitOnExecutionContext(ctx);
    const due = queue.take().filter((j) => (j as { channel?: string }).channel === 'digest');
    await runQueue(due, 1, 'subspace-notify', { ...env, EMAIL });
    expect(sent).toHaveLength(1);
    const stop = /No more emails for this game: (\S+)/.exec(sent[0]!.text)![1]!;
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent[0]!.replyTo).toBe((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.replyTo);
    // It shows where the game is, as a game's own mail does: a reply is for that position (tester 12 E8).
    expect(sent[0]!.text).toMatch(new RegExp(`^## Subspace ${g.id} ply 1 [0-9a-f]{8}: reply above ##\n`));
  });
});

describe('the digest list', () => {
  it('lists the games waiting by deadline, nearest first, untimed last, and names the computer (tester 3 F13)', async () => {
    const address = 'uhura@example.org';
    const row = (id: string, deadline: number | null, extra: Partial<DirectoryRow> = {}) =>
      ({
        id,
        variant: 'warp-factor',
        status: 'active',
        result: '*',
        reason: null,
        ply: 1,
        sideToMove: 'black',
        whiteName: 'Kirk',
        blackName: 'Uhura',
        whiteEmail: null,
        blackEmail: address,
        whiteComputer: null,
        blackComputer: null,
        deadline,
        linkOrigin: 'https://subspace.test',
        ...extra,
      }) as DirectoryRow;
    const waiting = [
      row('untimedvscomputer', null, { whiteName: null, whiteComputer: 2 }),
      row('latedeadline', Date.UTC(2026, 11, 3)),
      row('nearestdeadline', Date.UTC(2026, 11, 1)),
    ];
    const store = { waitingFor: async () => waiting, gamesById: async () => [] } as unknown as PushStore;
    const mailer = new DigestMailer(undefined, { from: 'Subspace <play@subspace.test>', domain: 'subspace.test', secret: undefined }, store, undefined);
    const mail = await mailer.compose({ id: 'd1', address, games: [], since: Date.UTC(2026, 10, 28), origin: 'https://subspace.test' } as unknown as DigestJob);
    const order = ['nearestdeadline', 'latedeadline', 'untimedvscomputer'].map((id) => mail!.text.indexOf(`game ${id} `));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(mail!.text).toContain('Warp Factor game untimedvscomputer against Computer (level 2) (you play Black');
    expect(mail!.text).toContain('Warp Factor game nearestdeadline against Kirk (you play Black, ply 1): your move, deadline 2026-12-01 00:00 UTC');
  });
});
