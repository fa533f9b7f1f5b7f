// Replies to game emails say what they did and never guess: a turn (or a takeback) answering an
// email whose position the game has left, even at the same ply after a takeback, is not played;
// a reply with two lines that each read as a turn or command plays neither; a failed command that
// is not a turn says nothing changed.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailText, subject } from '../../src/notify/messages.ts';
import type { EventData } from '../../src/notify/types.ts';
import worker from '../../src/worker/index.ts';
import { call, newGame } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { captureQueue, confirmAddresses, inboundEmail, runQueue } from './notify-helpers.ts';

const KIRK = 'kirk@example.org';
const KOR = 'kor@example.org';

beforeEach(() => confirmAddresses(KIRK, KOR));
beforeAll(() => {
  (env as { REPLY_SECRET?: string }).REPLY_SECRET = 'test-reply-secret';
});

type Sent = { to: string; text: string; replyTo: string; subject: string; headers: Record<string, string> };

/** A mail game whose notifications are delivered into `sent` when `deliver()` runs. */
async function mailGame() {
  const queue = captureQueue();
  const g = await newGame('warp-factor', { white: { name: 'Kirk', email: KIRK }, black: { name: 'Kor', email: KOR } });
  queue.take(); // the game-start mails
  const sent: Sent[] = [];
  const EMAIL = { send: async (m: never) => (sent.push(m), { messageId: 'm' }) } as unknown as SendEmail;
  const deliver = async () => {
    sent.length = 0;
    await runQueue(queue.take(), 1, 'subspace-notify', { ...env, EMAIL });
    return [...sent];
  };
  return { g, deliver, stop: () => queue.spy.mockRestore() };
}

/** A mail game two turns in (Wb2-Wb3, Bb3-Bb2), and the mail that tells Kirk it is his move at ply 2. */
async function kirksTurnMail() {
  const game = await mailGame();
  const { g } = game;
  await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
  await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
  return { ...game, yourMove: (await game.deliver()).find((m) => m.to === KIRK)! };
}

const legal = async (id: string): Promise<string[]> => (await call('GET', `/api/games/${id}/legal`)).body.legal;
const state = async (id: string) => (await call('GET', `/api/games/${id}`)).body;

/** A reply from `from` with `body` above the answered email, quoted as mail clients do. */
async function reply(from: string, to: string, body: string, answered?: string) {
  const quoted = answered
    ? `\n\nOn Sat, 28 Nov 2026 at 09:00, Subspace <${to}> wrote:\n${answered
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}\n`
    : '\n';
  const raw = `From: <${from}>\nTo: ${to}\nSubject: Re: [Subspace] Your move\nMessage-ID: <${crypto.randomUUID()}@example.org>\nDate: Sat, 28 Nov 2026 10:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n${body}${quoted}`;
  const mail = inboundEmail(raw, from, to);
  await worker.email(mail.message, env, createExecutionContext());
  expect(mail.replies).toHaveLength(1);
  return mail.replies[0]!.text!;
}

describe('a reply is for the position its email showed', () => {
  it('after a takeback and another turn at the same ply, a turn in reply to the old email is not played', async () => {
    const { g, deliver, stop, yourMove } = await kirksTurnMail();
    expect(yourMove.text.split('\n')[0]).toMatch(/ ply 2 [0-9a-f]{8}: reply above ##$/);
    // Kor takes his turn back (Kirk agrees) and plays another one: ply 2 again, another position.
    await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens.white });
    const other = (await legal(g.id)).find((t) => t !== 'Bb3-Bb2')!;
    await call('POST', `/api/games/${g.id}/moves`, { text: other, token: g.tokens.black });
    await deliver();
    const turn = (await legal(g.id))[0]!;
    const answer = await reply(KIRK, yourMove.replyTo, turn, yourMove.text);
    expect(answer).toContain(
      `The game has moved on since the email you answered: turns were taken back and others played since, so it is at ply 2 again, in another position, so your turn "${turn}" was not played.`,
    );
    expect((await state(g.id)).ply).toBe(2);
    // Nor with the turn's own "#ply" for the ply after the mail's, as the mails suggest (tester 12 E23).
    const guarded = await reply(KIRK, yourMove.replyTo, `${turn} #3`, yourMove.text);
    expect(guarded).toContain('The game has moved on since the email you answered: turns were taken back and others played since');
    expect((await state(g.id)).ply).toBe(2);
    // A takeback asked by reply to that email is not carried out either: it would be about another turn.
    const takeback = await reply(KIRK, yourMove.replyTo, 'takeback', yourMove.text);
    expect(takeback).toContain('your takeback request was not carried out');
    expect((await state(g.id)).takebackOffer ?? null).toBeNull();
    // The mail of the new position plays; an email sent before markers carried the position plays by its ply, as then.
    const oldStyle = yourMove.text.replace(/^.*\n/, `## Subspace game ${g.id} at ply 2: write your reply above this line ##\n`);
    expect(await reply(KIRK, yourMove.replyTo, turn, oldStyle)).toContain(`You played ${turn} (ply 3).`);
    stop();
  });

  it('the marker wrapped over two quoted lines by the mail program still guards the turn (tester 12 E2)', async () => {
    const { g, deliver, stop, yourMove } = await kirksTurnMail();
    const marker = yourMove.text.split('\n')[0]!;
    // Short enough for a quote wrapped at 72 columns ("> " and the line).
    expect(marker.length).toBeLessThanOrEqual(64);
    // Kirk plays from the page; then answers the old mail, its marker wrapped (and, for mail sent before, the long one).
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3', token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bc3-Bc2', token: g.tokens.black });
    await deliver();
    const turn = (await legal(g.id))[0]!;
    const position = /ply 2 ([0-9a-f]{8})/.exec(marker)![1]!;
    const rest = yourMove.text.replace(/^.*\n/, '');
    for (const wrapped of [
      marker.replace(' ply 2', '\nply 2'),
      `## Subspace game ${g.id} at ply 2 (position ${position}): write your\nreply above this line ##`,
    ]) {
      const answer = await reply(KIRK, yourMove.replyTo, turn, `${wrapped}\n${rest}`);
      expect(answer).toContain('The game has moved on since the email you answered');
      expect((await state(g.id)).ply).toBe(4);
    }
    stop();
  });

  it('"accept" under an old draw offer\'s mail does not accept a later offer in another position (tester 12 E20)', async () => {
    const { g, deliver, stop } = await mailGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.black });
    const offer = (await deliver()).find((m) => m.to === KIRK && m.headers['X-Subspace-Event'] === 'draw-offer')!;
    // Kor plays (the offer stands), Kirk plays (it lapses), Kor plays and offers again.
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3', token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bc3-Bc2', token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.black });
    await deliver();
    for (const answer of ['accept', 'draw', 'decline']) {
      const said = await reply(KIRK, offer.replyTo, answer, offer.text);
      expect(said, answer).toContain(`The game has moved on since the email you answered: it is at ply 4 now, so your "${answer}" was not carried out.`);
      expect(await state(g.id), answer).toMatchObject({ status: 'active', drawOffer: 'black' });
    }
    stop();
  });

  it('a planned line in reply to an email of a position the game has left is not stored (tester 10 C3)', async () => {
    const { g, deliver, stop, yourMove } = await kirksTurnMail();
    // Kirk plays from the page instead; then answers the old email with a line meant for ply 2.
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3', token: g.tokens.white });
    await deliver();
    const answer = await reply(KIRK, yourMove.replyTo, 'if Bc3-Bc2 then Wd2-Wd3', yourMove.text);
    expect(answer).toContain('your planned line "if Bc3-Bc2 then Wd2-Wd3" was not carried out');
    expect((await call('GET', `/api/games/${g.id}/conditional`, { token: g.tokens.white })).body.lines).toEqual([]);
    stop();
  });

  it('a takeback by reply names the turn it is about', async () => {
    const { g, deliver, stop } = await mailGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const mail = (await deliver()).find((m) => m.to === KOR)!;
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    const blackMail = (await deliver()).find((m) => m.to === KIRK)!;
    expect(await reply(KIRK, blackMail.replyTo, 'takeback', blackMail.text)).toContain('You asked to take back your last turn, Wb2-Wb3 (ply 1).');
    expect(mail.to).toBe(KOR);
    stop();
  });
});

describe('a reply with more than one command plays none', () => {
  it('an unreadable turn line is not skipped for a later one, and a second turn is not dropped silently', async () => {
    const { g, stop } = await mailGame();
    const to = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.replyTo;
    for (const body of ['Wc1-Wq3\nWa3-Wa4\n', 'Hello Kor,\nWc2-Wc3\nWd2-Wd3\nCheers\n', 'Wb2-Wb3\nresign\n']) {
      const answer = await reply(KIRK, to, body);
      expect(answer, body).toMatch(/Your reply has 2 lines that each read as a turn or a command:/);
      for (const line of body.split('\n').filter((l) => /\d|resign/.test(l))) expect(answer, body).toContain(`  ${line}`);
      expect(answer, body).toContain('nothing was played or changed');
    }
    expect(await state(g.id)).toMatchObject({ ply: 0, status: 'active' });
    // One mistyped turn alone is answered as one, with its reason.
    expect(await reply(KIRK, to, 'Hi,\nWc1-Wq3\n')).toMatch(/^Could not play "Wc1-Wq3"/m);
    stop();
  });
});

describe('answers to commands that are not turns', () => {
  it('a failed accept says nothing was changed, not "reply with a corrected turn"', async () => {
    const { g, stop } = await mailGame();
    const to = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.replyTo;
    const answer = await reply(KIRK, to, 'accept\n');
    expect(answer).toMatch(/^Could not accept/m);
    expect(answer).toContain('Nothing was changed.');
    expect(answer).not.toContain('corrected turn');
    // The log says what was done: a message sent is not "played".
    const log = vi.spyOn(console, 'log');
    await reply(KIRK, to, 'say Good luck\n');
    await reply(KIRK, to, 'legal\n');
    const said = log.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('email to '));
    expect(said).toEqual([`email to ${to}: done (say)`, `email to ${to}: answered (legal)`]);
    log.mockRestore();
    stop();
  });
});

describe('what an email asks is what its reply can answer', () => {
  it('a takeback request says "takeback accept", lists it in the footer, and the reply works; no API path', async () => {
    const { g, deliver, stop } = await mailGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    await deliver();
    await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.white });
    const request = (await deliver()).find((m) => m.to === KOR)!;
    expect(request.text).toContain('Kirk (White) asks to take back their last turn, Wb2-Wb3 (ply 1). Reply "takeback accept" or "takeback decline"');
    expect(request.text).toContain('or one of: takeback accept, takeback decline, resign, draw (offer a draw);');
    expect(request.text).not.toContain('/api/');
    expect(request.text).not.toMatch(/, accept;/);
    // A bare "accept" is the draw's: the answer says what answers the request.
    const bare = await reply(KOR, request.replyTo, 'accept', request.text);
    expect(bare).toMatch(/^Could not accept: .*\. To answer White's takeback request, reply "takeback accept"\./m);
    expect(bare).toContain('Nothing was changed.');
    expect(await reply(KOR, request.replyTo, 'takeback accept', request.text)).toContain('You accepted the takeback of Wb2-Wb3 (ply 1).');
    expect((await state(g.id)).ply).toBe(0);
    // A draw offered: the footer says "accept" is for it.
    await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.black });
    const offer = (await deliver()).find((m) => m.to === KIRK && m.headers['X-Subspace-Event'] === 'draw-offer')!;
    expect(offer.text).toContain('or one of: accept (the draw offered to you), decline, resign;');
    stop();
  });

  it('a takeback asked after the other side replied says that accepting takes back that reply too (tester 3 F15)', async () => {
    const { g, deliver, stop } = await mailGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    await deliver();
    await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.white });
    const request = (await deliver()).find((m) => m.to === KOR)!;
    expect(request.text).toContain(
      'Kirk (White) asks to take back their last turn (ply 1); accepting also takes back your reply, Bb3-Bb2 (ply 2), and it is their move again.',
    );
    expect(await reply(KOR, request.replyTo, 'takeback accept', request.text)).toContain('Wb2-Wb3');
    expect((await state(g.id)).ply).toBe(0);
    stop();
  });
});

describe('dates in mail and chat answers read as the subjects write them', () => {
  it('pause and leave answers: "YYYY-MM-DD HH:MM UTC", never an ISO time', async () => {
    const g = await newGame('warp-factor', {
      white: { name: 'Kirk', email: KIRK },
      black: { name: 'Kor', email: KOR },
      clock: { daysPerMove: 3, leaveDays: 2 },
    });
    const white = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.replyTo;
    const black = (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black })).body.replyTo;
    expect(await reply(KIRK, white, 'leave 1')).toMatch(/^You took 1 day of leave: your deadline is \d{4}-\d\d-\d\d \d\d:\d\d UTC; 1 left\./m);
    await reply(KIRK, white, 'pause 3');
    expect(await reply(KOR, black, 'pause accept')).toMatch(
      /^The game is paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC; then White's deadline is \d{4}-\d\d-\d\d \d\d:\d\d UTC\./m,
    );
  });

  it('the reminder email gives its deadline as its subject does', () => {
    const data = {
      gameId: 'g1',
      variant: 'warp-factor',
      you: 'white',
      ply: 2,
      status: 'active',
      sideToMove: 'white',
      result: '*',
      reason: null,
      winner: null,
      check: false,
      lastMove: { ply: 2, side: 'black', text: 'Bb3-Bb2', at: '2026-11-27T10:00:00.000Z' },
      position: 'x',
      board: '(board)',
      legalCount: 20,
      drawOffer: null,
      pause: null,
      pauseOffer: null,
      deadline: '2026-11-28T12:14:45.547Z',
      players: { white: 'Kirk', black: 'Kor' },
      link: 'https://subspace.example/games/g1',
      image: 'https://subspace.example/g1.png',
    } as const satisfies EventData;
    expect(subject('reminder', data)).toContain('(deadline 2026-11-28 12:14 UTC)');
    const text = emailText('reminder', data, { replyTo: 'play@x', unsubscribe: null });
    expect(text).toContain('the deadline is 2026-11-28 12:14 UTC.');
    expect(text).not.toContain('12:14:45');
  });
});

describe("a player's new address, until it is confirmed", () => {
  it('takes nothing from the confirmed one: the games in progress still mail it and take its replies (tester 3 F7: a typo cut the player off)', async () => {
    const queue = captureQueue();
    const address = `bob-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const bob = await newPlayer('Bob', address); // confirmed, as by the player's own link
    const alice = await newPlayer('Alice');
    const { game } = await startGame(alice, bob);
    const quiet = vi.spyOn(env.EMAIL!, 'send').mockImplementation(async () => ({ messageId: 'confirm' }) as never);
    const typo = address.replace('example.org', 'exmaple.org');
    expect((await call('PATCH', '/api/me', { token: bob.key, json: { email: typo } })).body).toMatchObject({ email: typo, emailConfirmed: false });
    quiet.mockRestore();
    queue.take();
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: 'Wb2-Wb3', token: alice.key })).status).toBe(200);
    const sent: Sent[] = [];
    const EMAIL = { send: async (m: never) => (sent.push(m), { messageId: 'm' }) } as unknown as SendEmail;
    await runQueue(queue.take(), 1, 'subspace-notify', { ...env, EMAIL });
    const yourMove = sent.find((m) => m.to === address);
    expect([yourMove?.subject, yourMove?.headers['X-Subspace-Event']]).toEqual([`[Subspace] Warp Factor game ${game.id}: you play Black`, 'turn']);
    expect(sent.map((m) => m.to)).not.toContain(typo);
    const answer = await reply(address, yourMove!.replyTo, 'Bb3-Bb2', yourMove!.text);
    expect(answer).toContain('Bb3-Bb2');
    expect((await state(game.id)).ply).toBe(2);
    queue.spy.mockRestore();
  });
});

describe('a turn written as people write it (tester 3 F5)', () => {
  const replyTo = async (g: { id: string; tokens: { white: string; black: string } }, side: 'white' | 'black') =>
    (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens[side] })).body.replyTo as string;

  it('"Move: <turn>" plays, and so do turns whose hyphen became an en dash, a non-breaking hyphen or a minus', async () => {
    const { g, stop } = await mailGame();
    expect(await reply(KIRK, await replyTo(g, 'white'), 'Move: Wb2-Wb3\n')).toContain('You played Wb2-Wb3 (ply 1).');
    expect(await reply(KOR, await replyTo(g, 'black'), 'Bb3\u2013Bb2\n')).toContain('You played Bb3-Bb2 (ply 2).');
    expect(await reply(KIRK, await replyTo(g, 'white'), 'move Wc2\u2011Wc3.\n')).toContain('You played Wc2-Wc3 (ply 3).');
    expect(await reply(KOR, await replyTo(g, 'black'), 'play: Bc3\u2212Bc2\n')).toContain('You played Bc3-Bc2 (ply 4).');
    // The chat reads lines the same way.
    const chat = await call('POST', `/api/games/${g.id}/chat`, { text: 'Move: Wd2\u2014Wd3', token: g.tokens.white });
    expect(chat.body.reply).toMatch(/^You played Wd2-Wd3 \(ply 5\)\./);
    stop();
  });

  it('a line with a turn in a sentence is not played, and the answer says so and how to write it', async () => {
    const { g, stop } = await mailGame();
    const to = await replyTo(g, 'white');
    for (const body of ['My move is Wb2-Wb3.\n', 'Hello,\nWb2-Wb3 and I offer a draw\nKirk\n']) {
      const line = body.split('\n').find((l) => l.includes('Wb2'))!;
      const answer = await reply(KIRK, to, body);
      expect(answer, body).toContain(
        `Your line "${line}" was not played: write the turn alone on a line ("Wb2-Wb3"), and "draw" on a line below it to offer a draw.`,
      );
      expect(answer, body).not.toContain('could not find a turn');
    }
    expect(await state(g.id)).toMatchObject({ ply: 0, drawOffer: null });
    stop();
  });

  it('a turn line and a "draw" line play the turn and then offer a draw, as the game page can', async () => {
    const { g, stop } = await mailGame();
    const answer = await reply(KIRK, await replyTo(g, 'white'), 'Wb2-Wb3\ndraw\n');
    expect(answer).toContain('You played Wb2-Wb3 (ply 1). You offered a draw.');
    expect(await state(g.id)).toMatchObject({ ply: 1, drawOffer: 'white' });
    // An illegal turn with a draw line: neither.
    const refused = await reply(KOR, await replyTo(g, 'black'), 'offer draw\nBb3-Bb9\n');
    expect(refused).toContain('Nothing was played, and no draw was offered. Reply again with a corrected turn (and "draw" below it).');
    expect(await state(g.id)).toMatchObject({ ply: 1, drawOffer: 'white' });
    // A refused turn alone says nothing of a draw.
    const alone = await reply(KOR, await replyTo(g, 'black'), 'Bb3-Bb9\n');
    expect(alone).toContain('Nothing was played. Reply again with a corrected turn.');
    // A turn on the opponent's move: nothing to correct, only to wait (tester 12 E22).
    const early = await reply(KIRK, await replyTo(g, 'white'), 'Wc2-Wc3\n');
    expect(early).toContain("Nothing was played: it is Black's move, and you will get an email when they have played.");
    stop();
  });
});
