// Nobody floods anyone (issue 26): an address gets nothing but its confirmation link until that
// link is opened; confirmation mail is limited per address (D1, an hour), sign-in mail per address
// by the link already mailed there, and both per client (a minute);
// POST /me/new has the new-game limit; challenges are limited per player key. Each limit answers
// 429 with Retry-After.
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, call } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

type Mail = { to: string; subject: string; text: string };
function watchMail() {
  const sent: Mail[] = [];
  vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: unknown) => (sent.push(m as Mail), { messageId: 'x' }) as never);
  return sent;
}

/** A client address of its own for each use, so the per-client limits of one test do not touch another's. */
const client = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const unique = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.org`;

describe('an address is confirmed before it gets mail', () => {
  it('POST /api/players with an email sends only the confirmation link; sign-in mail waits for it', async () => {
    const sent = watchMail();
    const address = unique('uhura');
    const created = await call('POST', '/api/players', { json: { name: 'Uhura', email: address } });
    expect(created.status).toBe(201);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[address, '[Subspace] Confirm your email address']]);
    expect(sent[0]!.text).not.toContain(created.body.key);
    expect((await call('GET', '/api/me', { token: created.body.key })).body).toMatchObject({ email: address, emailConfirmed: false });
    // Not confirmed: a sign-in asked for it mails nothing (and answers as ever).
    const early = await call('POST', '/api/players/sign-in', { json: { email: address } });
    expect(early.status).toBe(202);
    expect(sent).toHaveLength(1);
    // The link confirms it, once.
    const link = /http:\/\/subspace\.test(\/me\/confirm-email\?t=[A-Za-z0-9_-]{43})/.exec(sent[0]!.text)![1]!;
    // Opening it shows a button (a mail scanner confirms nothing); the button's POST confirms, once.
    const shown = await call('GET', link);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`Confirm ${address}`);
    expect((await call('GET', '/api/me', { token: created.body.key })).body.emailConfirmed).toBe(false);
    const opened = await call('POST', link, { headers: { Origin: BASE } });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(`${address} is confirmed`);
    expect((await call('POST', link, { headers: { Origin: BASE } })).status).toBe(403);
    expect((await call('GET', link)).status).toBe(403);
    expect((await call('GET', '/api/me', { token: created.body.key })).body.emailConfirmed).toBe(true);
    await call('POST', '/api/players/sign-in', { json: { email: address } });
    expect(sent.map((m) => m.subject)).toEqual(['[Subspace] Confirm your email address', '[Subspace] Your sign-in link']);
  });

  it('a new address by PATCH /api/me is unconfirmed again, and a link for the old address no longer confirms', async () => {
    const sent = watchMail();
    const first = unique('sulu');
    const created = await call('POST', '/api/players', { json: { email: first } });
    const oldLink = /(\/me\/confirm-email\?t=[A-Za-z0-9_-]{43})/.exec(sent[0]!.text)![1]!;
    const second = unique('sulu2');
    const patched = await call('PATCH', '/api/me', { token: created.body.key, json: { email: second } });
    expect(patched.body).toMatchObject({ email: second, emailConfirmed: false });
    expect(sent.map((m) => m.to)).toEqual([first, second]);
    expect((await call('GET', oldLink)).status).toBe(403);
    expect((await call('GET', '/api/me', { token: created.body.key })).body.emailConfirmed).toBe(false);
  });

  it('a challenge to a player with an unconfirmed address is not mailed', async () => {
    const a = await newPlayer('A');
    const created = await call('POST', '/api/players', { json: { name: 'B', email: unique('b') } });
    const sent = watchMail();
    const ch = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: created.body.id } });
    expect(ch.status).toBe(201);
    expect(sent).toHaveLength(0);
  });
});

describe('sign-in mail limits', () => {
  it('per address: no new sign-in mail while one mailed there still works, whoever asks; so nobody locks the owner out (tester 11 S11)', async () => {
    const sent = watchMail();
    const address = unique('chekov');
    await newPlayer('Chekov', address);
    const ask = (email: string) => call('POST', '/api/players/sign-in', { json: { email }, headers: { 'CF-Connecting-IP': client() } });
    const signInMails = () => sent.filter((m) => m.subject === '[Subspace] Your sign-in link');
    // A stranger asks again and again, from many client addresses: one mail, every answer the same 202.
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask(address));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(signInMails()).toHaveLength(1);
    // The owner, asking in another letter case, is not refused: the link already mailed is theirs.
    const owner = await ask(address.toUpperCase());
    expect(owner.status).toBe(202);
    expect(owner.body.message).toMatch(/unless one went in the last 15 minutes and is unused: then that one is the link/);
    const link = /(\/me\/sign-in\?t=[A-Za-z0-9_-]{43})/.exec(signInMails()[0]!.text)![1]!;
    expect((await call('POST', link, { headers: { Origin: BASE } })).status).toBe(303);
    // Used, it no longer holds the next one back.
    expect((await ask(address)).status).toBe(202);
    expect(signInMails()).toHaveLength(2);
    expect((await ask(address)).status).toBe(202);
    expect(signInMails()).toHaveLength(2);
    // An unknown address answers alike, however often.
    const nobody = unique('nobody');
    for (let i = 0; i < 8; i++) expect((await ask(nobody)).body).toEqual(answers[0]!.body);
    // The page form says the same.
    const form = await call('POST', '/me/sign-in', {
      body: new URLSearchParams({ email: address }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, 'CF-Connecting-IP': client() },
    });
    expect(form.status).toBe(200);
    expect(form.text).toContain('then that one is the link');
  });

  it('confirmation mail to one address: 5 an hour whoever asks, then 429 with Retry-After; other addresses unaffected', async () => {
    const address = unique('sulu');
    watchMail();
    const create = (email: string) => call('POST', '/api/players', { json: { email }, headers: { 'CF-Connecting-IP': client() } });
    for (let i = 0; i < 5; i++) expect((await create(address)).status).toBe(201);
    const refused = await create(address);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^too many emails to .* in the last hour \(at most 5\); try again at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in \d+ (minutes?|seconds?)\)$/,
    );
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    // A new address by PATCH counts the same; another address is its own.
    const other = await newPlayer('Other');
    expect((await call('PATCH', '/api/me', { token: other.key, json: { email: address } })).status).toBe(429);
    expect((await create(unique('other'))).status).toBe(201);
  });

  it('per client: 10 a minute from one address, then 429 with Retry-After: 60', async () => {
    const ip = client();
    let accepted = 0;
    let last = await call('POST', '/api/players/sign-in', { json: { email: unique('x') }, headers: { 'CF-Connecting-IP': ip } });
    while (last.status === 202 && accepted < 25) {
      accepted++;
      last = await call('POST', '/api/players/sign-in', { json: { email: unique('x') }, headers: { 'CF-Connecting-IP': ip } });
    }
    // Fixed one-minute windows: at least 10, at most 20 before the first refusal.
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(20);
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBe('60');
    expect(last.body.error).toMatch(/too many emails asked for from your address/);
    expect((await call('POST', '/api/players/sign-in', { json: { email: unique('x') }, headers: { 'CF-Connecting-IP': client() } })).status).toBe(202);
  });
});

describe('new players and challenges', () => {
  it('the home form refused by the new-game limit comes back as it was sent (tester 17 X2)', async () => {
    const ip = client();
    let last = await call('POST', '/api/games', { json: { variant: 'planar' }, headers: { 'CF-Connecting-IP': ip } });
    for (let made = 0; last.status === 201 && made < 125; made++)
      last = await call('POST', '/api/games', { json: { variant: 'planar' }, headers: { 'CF-Connecting-IP': ip } });
    expect(last.status).toBe(429);
    const page = await call('POST', '/games', {
      body: new URLSearchParams({ variant: 'curved-space', opponent: 'human', side: 'white', days: '2', white: 'Zed', leave: '0', timeout: 'auto' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Accept: 'text/html', 'CF-Connecting-IP': ip },
    });
    expect(page.status).toBe(429);
    expect(page.headers.get('Retry-After')).toBe('60');
    expect(page.text).toContain('Too many new games from your address in the last minute');
    expect(page.text).toMatch(/<input[^>]*value="Zed"/);
    expect(page.text).toMatch(/<input[^>]*value="curved-space"[^>]*checked=""/);
  }, 60_000);

  it('POST /me/new has the same 60-a-minute limit per client address as POST /api/players', async () => {
    const ip = client();
    const make = () =>
      exports.default.fetch(
        new Request(`${BASE}/me/new`, {
          method: 'POST',
          redirect: 'manual',
          body: 'name=Flood',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, 'CF-Connecting-IP': ip },
        }),
      );
    let made = 0;
    let last = await make();
    while (last.status === 303 && made < 125) {
      made++;
      last = await make();
    }
    expect(made).toBeGreaterThanOrEqual(60);
    expect(made).toBeLessThanOrEqual(120);
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBe('60');
    expect(await last.text()).toContain('too many new player keys from your address');
    // The same bucket as the API's.
    const player = await call('POST', '/api/players', { json: {}, headers: { 'CF-Connecting-IP': ip } });
    expect(player.status).toBe(429);
    // ... told in its own words.
    expect(player.body.error).toContain('too many new players from your address');
  });

  it('open challenges: 20 at once per player, then 409 too_many_challenges; a withdrawn one makes room (tester 5)', async () => {
    const p = await newPlayer('Seeker');
    const made: string[] = [];
    // Each a different game (days per move, variant, colour), so none is taken for a double click of another.
    const kinds = (['planar', 'warp-factor', 'curved-space', 'first-contact'] as const).flatMap((variant) =>
      [1, 2, 3, 5, 7].map((days) => ({ variant, clock: { daysPerMove: days } })),
    );
    for (const json of kinds) {
      const res = await call('POST', '/api/challenges', { token: p.key, json });
      expect(res.status, res.text).toBe(201);
      made.push(res.body.id);
    }
    const over = await call('POST', '/api/challenges', { token: p.key, json: { variant: 'planar', clock: { daysPerMove: 10 } } });
    expect([over.status, over.body.code]).toEqual([409, 'too_many_challenges']);
    expect(over.body.error).toMatch(/^you have 20 open challenges, the most a player may have at once: withdraw one/);
    const mine = await call('GET', '/api/me/challenges', { token: p.key });
    expect(mine.body.challenges.filter((c: { from: { id: string }; status: string }) => c.from.id === p.id && c.status === 'open')).toHaveLength(20);
    expect((await call('DELETE', `/api/challenges/${made[0]}`, { token: p.key })).status).toBe(200);
    expect((await call('POST', '/api/challenges', { token: p.key, json: { variant: 'planar', clock: { daysPerMove: 10 } } })).status).toBe(201);
    // Another player is not counted with this one.
    const other = await newPlayer('Other');
    expect((await call('POST', '/api/challenges', { token: other.key, json: { variant: 'planar' } })).status).toBe(201);
  });

  it('challenges per player key: 30 a minute, then 429 with Retry-After; another key is unaffected', async () => {
    const p = await newPlayer('Flood');
    let made = 0;
    let last = await call('POST', '/api/challenges', { token: p.key, json: { variant: 'planar' } });
    while (last.status === 201 && made < 70) {
      made++;
      last = await call('POST', '/api/challenges', { token: p.key, json: { variant: 'planar' } });
    }
    expect(made).toBeGreaterThanOrEqual(30);
    expect(made).toBeLessThanOrEqual(60);
    expect(last.status).toBe(429);
    expect(last.headers.get('Retry-After')).toBe('60');
    expect(last.body.error).toMatch(/too many challenges from your player key/);
    const other = await newPlayer('Calm');
    expect((await call('POST', '/api/challenges', { token: other.key, json: { variant: 'planar' } })).status).toBe(201);
  });
});

// Last in the file: placed before 'sign-in mail limits', that describe's mail spy saw no mail at all
// (the confirmation either) after it; alone or last, every test passes. Not understood yet.
describe('an address confirmed in a signed-in browser', () => {
  it("confirmed in a browser signed in to the player, the page's way on is its games, not the sign-in forms (tester 18 Y3)", async () => {
    const sent = watchMail();
    const address = unique('rand');
    const created = await call('POST', '/api/players', { json: { name: 'Rand', email: address } });
    const other = await newPlayer('Chapel');
    const link = /http:\/\/subspace\.test(\/me\/confirm-email\?t=[A-Za-z0-9_-]{43})/.exec(sent[0]!.text)![1]!;
    // Signed in as someone else: the page is the signed-out one (it says nothing of that player).
    const elsewhere = await call('GET', link, { headers: { Cookie: `subspace_key=${other.key}` } });
    expect(elsewhere.status).toBe(200);
    const opened = await call('POST', link, { headers: { Origin: BASE, Cookie: `subspace_key=${created.body.key}` } });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('<h1>Address confirmed</h1>');
    expect(opened.text).toContain(`${address} is confirmed`);
    expect(opened.text).toContain('<a href="/me">Your games</a>');
    expect(opened.text).not.toContain('Make me a player');
    expect(opened.text).not.toContain('name="key"');
    expect((await call('GET', '/api/me', { token: created.body.key })).body.emailConfirmed).toBe(true);
  });
});
