// An address a game's seat was given gets nothing but one confirmation mail (a day at most) until
// its owner follows the link in it: GET shows a button, POST confirms; then the game's mail flows.
// Nothing anyone else wrote reaches an unconfirmed address (tester's report: a message in a move
// went to any address given for the other seat).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newGame } from './helpers.ts';
import { captureQueue, inboundEmail, runQueue } from './notify-helpers.ts';
import { createExecutionContext } from 'cloudflare:test';
import worker from '../../src/worker/index.ts';
import { newPlayer } from './player-helpers.ts';
import { unsubscribeTag } from '../../src/notify/signing.ts';

const mutableEnv = env as { REPLY_SECRET?: string };
beforeAll(() => {
  mutableEnv.REPLY_SECRET = 'test-reply-secret';
});

/** The side to move plays its first legal turn (with a message, if given). */
async function anyTurn(g: { id: string; tokens: { white: string; black: string } }, message?: string) {
  const state = (await call('GET', `/api/games/${g.id}`)).body;
  const legal = (await call('GET', `/api/games/${g.id}/legal`)).body.legal as string[];
  const side = state.sideToMove as 'white' | 'black';
  const res = await call('POST', `/api/games/${g.id}/moves`, { json: { move: legal[0], ...(message ? { message } : {}) }, token: g.tokens[side] });
  expect(res.status).toBe(200);
}

async function deliver(jobs: Parameters<typeof runQueue>[0]) {
  const sent: { to: string; subject: string; text: string; html?: string; headers: Record<string, string> }[] = [];
  const EMAIL = { send: async (m: (typeof sent)[number]) => (sent.push(m), { messageId: `m${sent.length}` }) } as unknown as SendEmail;
  await runQueue(jobs, 1, 'subspace-notify', { ...env, EMAIL });
  return sent;
}

describe('an address a seat was given', () => {
  it('gets one confirmation, nothing written by others, and the game mail only once confirmed', async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', { white: { name: 'Your bank' }, black: { email: 'Victim@Example.net' } });
    queue.take();
    const lure = 'Your account is locked. Verify at https://phish.example/login';
    await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', message: lure }, token: g.tokens.white });
    const first = await deliver(queue.take());
    expect(first.map((m) => [m.to, m.subject])).toEqual([['victim@example.net', `[Subspace] Confirm your address for Warp Factor game ${g.id}`]]);
    const mail = first[0]!;
    for (const foreign of [lure, 'phish.example', 'Your bank', 'Wb2-Wb3']) expect(mail.text).not.toContain(foreign);
    const link = /(http:\/\/subspace\.test\/confirm-address\?\S+)/.exec(mail.text)![1]!;
    expect(link).toMatch(/\?email=victim%40example\.net&t=[0-9a-f]{16}$/);

    // The next event within the day: nothing at all (the delivery log, newest first, says why).
    await anyTurn(g);
    await anyTurn(g);
    expect(await deliver(queue.take())).toEqual([]);
    const log = (await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black })).body.deliveries as {
      channel: string;
      status: string;
      error: string;
    }[];
    expect(log.filter((d) => d.channel === 'email').map((d) => [d.status, d.error])).toEqual([
      ['skipped', 'the address is not confirmed by its owner yet: a confirmation was mailed in the last day'],
      ['skipped', 'the address is not confirmed by its owner yet: a confirmation was mailed instead'],
    ]);

    // Opening the link (a person, or a mail scanner) shows a button and confirms nothing.
    const shown = await call('GET', link.replace('http://subspace.test', ''), { headers: { Accept: 'text/html' } });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<button type="submit">Confirm victim@example.net</button>');
    // A link with another address or a broken tag is refused.
    const forged = link.replace('victim%40', 'other%40');
    expect((await call('POST', forged.replace('http://subspace.test', ''))).status).toBe(403);
    // ... on the GET already, as the other mailed links are (tester 5 F6): no button for a link that is not ours.
    const wrongTag = link.replace(/t=[0-9a-f]{16}$/, 't=0000000000000000');
    for (const bad of [forged, wrongTag]) {
      const refused = await call('GET', bad.replace('http://subspace.test', ''), { headers: { Accept: 'text/html' } });
      expect([refused.status, refused.text.includes('Confirm victim@example.net</button>')], bad).toEqual([403, false]);
      expect(refused.text).toContain('This confirmation link is not valid');
    }
    expect((await call('POST', link.replace('http://subspace.test', '').slice(0, -1))).status).toBe(403);
    await anyTurn(g);
    await anyTurn(g);
    expect(await deliver(queue.take())).toEqual([]);

    // Pressing it confirms; the game's mail goes out from the next event on.
    const confirmed = await call('POST', link.replace('http://subspace.test', ''));
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('victim@example.net is confirmed');
    // It is Black's move: the turn mail the confirmation stood in for comes now, with its reply address (tester 12 E1).
    const told = await deliver(queue.take());
    expect(told.map((m) => [m.to, m.headers['X-Subspace-Event']])).toEqual([['Victim@Example.net', 'turn']]);
    expect(told[0]!.text).toMatch(/^## Subspace \S+ ply 5 [0-9a-f]{8}: reply above ##/);
    expect(told[0]!.text).toContain('It is your move as Black.');
    await anyTurn(g);
    await anyTurn(g, 'now it may');
    const after = await deliver(queue.take());
    expect(after.map((m) => m.to)).toEqual(['Victim@Example.net']);
    expect(after[0]!.headers['X-Subspace-Event']).toBe('turn');
    expect(after[0]!.text).toContain('now it may');
  });

  it('its owner can stop all mail to it, from any game, later ones too; confirming it again lifts that (tester 3 F10)', async () => {
    const queue = captureQueue();
    const address = `carol-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const first = await newGame('warp-factor', { black: { email: address } });
    queue.take();
    await anyTurn(first);
    const ask = await deliver(queue.take());
    const confirmLink = /(http:\/\/subspace\.test\/confirm-address\?\S+)/.exec(ask[0]!.text)![1]!.replace('http://subspace.test', '');
    expect((await call('POST', confirmLink)).status).toBe(200);
    await anyTurn(first);
    await anyTurn(first);
    const mail = (await deliver(queue.take()))[0]!;
    expect(mail.to).toBe(address);
    const unsubscribe = /(\/unsubscribe\?\S+)/.exec(mail.text)![1]!;

    // The page offers both: this game's mail, or every mail to the address.
    const page = await call('GET', unsubscribe, { headers: { Accept: 'text/html' } });
    expect(page.text).toContain(`no more email from Subspace to ${address} at all`);
    const all = /action="([^"]*scope=all[^"]*)"/.exec(page.text)![1]!.replaceAll('&amp;', '&');
    const forged = all.replace(/t=[0-9a-f]{16}/, 't=0000000000000000');
    expect((await call('POST', forged)).status).toBe(403);
    const closed = await call('POST', all);
    expect([closed.status, closed.text]).toEqual([
      200,
      `Done: no more email from Subspace to ${address}, from any game. Confirming the address again lifts that.\n`,
    ]);

    // A reply from the closed address plays nothing, and the refusal says why as it is (tester 12 E14).
    const replyTo = (await call('GET', `/api/games/${first.id}/me`, { token: first.tokens.black })).body.replyTo as string;
    const bounced = inboundEmail(
      `From: <${address}>\nTo: ${replyTo}\nSubject: Re: move\nMessage-ID: <${crypto.randomUUID()}@example.org>\n\nresign\n`,
      address,
      replyTo,
    );
    await worker.email(bounced.message, env, createExecutionContext());
    expect(bounced.rejected[0]).toMatch(/^Not accepted: you asked Subspace to send no more email to carol-/);
    expect((await call('GET', `/api/games/${first.id}`)).body.status).toBe('active');
    // A stranger's new game naming the address: nothing goes there, not even a confirmation.
    const spam = await newGame('warp-factor', { white: { name: 'Prize Dept' }, black: { email: address } });
    queue.take();
    await anyTurn(spam, 'You won a prize');
    await anyTurn(first);
    await anyTurn(first);
    expect(await deliver(queue.take())).toEqual([]);
    const log = (await call('GET', `/api/games/${spam.id}/deliveries`, { token: spam.tokens.black })).body.deliveries as { channel: string; error: string }[];
    expect(log.find((d) => d.channel === 'email')?.error).toBe(
      "the address's owner asked for no more email from Subspace (confirming the address again lifts that)",
    );

    // Its owner confirms it again (the old confirmation link still works): the mail flows again.
    expect((await call('POST', confirmLink)).status).toBe(200);
    // (The games waiting for its owner mail their turn at once, this one and the stranger's.)
    expect((await deliver(queue.take())).map((m) => m.headers['X-Subspace-Event'])).toEqual(['turn', 'turn']);
    await anyTurn(first);
    await anyTurn(first);
    expect((await deliver(queue.take())).map((m) => m.to)).toEqual([address]);
  });

  it("a seat's unsubscribe link acts only on the address it was mailed to: pointed at another address, it stops nothing (tester 11 S5)", async () => {
    const queue = captureQueue();
    const own = `mallory-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const victim = `victim-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const g = await newGame('warp-factor', { black: { email: own } });
    queue.take();
    await anyTurn(g);
    const ask = await deliver(queue.take());
    expect((await call('POST', /(\/confirm-address\?\S+)/.exec(ask[0]!.text)![1]!)).status).toBe(200);
    await anyTurn(g);
    await anyTurn(g);
    const unsubscribe = /(\/unsubscribe\?\S+)/.exec((await deliver(queue.take()))[0]!.text)![1]!;
    // The seat's holder points the seat at someone else's address, then uses the old mail's link.
    expect((await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { email: victim } })).status).toBe(200);
    const all = await call('POST', `${unsubscribe}&scope=all`);
    expect(all.status).toBe(403);
    expect(all.text).toContain('mailed to an address this seat no longer has');
    expect((await call('POST', unsubscribe)).status).toBe(403);
    const page = await call('GET', unsubscribe, { headers: { Accept: 'text/html' } });
    expect(page.text).not.toContain(victim);
    // Pointed back at the address it was mailed to, the link works again (this game's mail).
    expect((await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { email: own } })).status).toBe(200);
    expect((await call('POST', unsubscribe)).status).toBe(200);
    // A link of a mail sent before links named their address stops this game's mail, never all mail to the address.
    const before = `/unsubscribe?game=${g.id}&side=black&t=${await unsubscribeTag(mutableEnv.REPLY_SECRET!, g.id, 'black')}`;
    expect((await call('GET', before, { headers: { Accept: 'text/html' } })).text).not.toContain('at all');
    expect((await call('POST', `${before}&scope=all`)).status).toBe(403);
    expect((await call('POST', before)).status).toBe(200);
  });

  it("a player's confirmed address needs no second confirmation", async () => {
    const queue = captureQueue();
    await newPlayer('Chekov', 'chekov@example.org'); // confirmed by the helper, as by the player's own link
    const g = await newGame('warp-factor', { black: { email: 'chekov@example.org' } });
    queue.take();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const sent = await deliver(queue.take());
    expect(sent.map((m) => [m.subject, m.headers['X-Subspace-Event']])).toEqual([[`[Subspace] Warp Factor game ${g.id}: you play Black`, 'turn']]);
  });
});
