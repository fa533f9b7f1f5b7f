// A key that ended (tester 18 Y6): signed out on its device, or ended by "sign out everywhere else"
// or a new key. Sent to the API it is told it ended, and how to go on, not sent to make a second
// player; a browser whose cookie's key ended is told on /me that it was signed out.
import { describe, expect, it } from 'vitest';
import { call, form } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const ENDED = "this player key was ended (signed out, or replaced by a new key): use the player's new key, or sign in again at /me";
const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });
const kept = (res: { headers: Headers }) => decodeURIComponent(/subspace_key=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1] ?? '');
async function browser(key: string): Promise<string> {
  const res = await form('/me/session', { key });
  expect(res.status).toBe(303);
  return kept(res);
}

describe('an ended key on the API', () => {
  it('is told it ended (a new key asked for, every other one ended; a browser signed out); one that never was a key is not', async () => {
    const bob = await newPlayer('Bob');
    const own = await browser(bob.key);
    const made = await call('POST', '/api/me/key', { token: bob.key });
    expect(made.status).toBe(201);
    for (const old of [bob.key, own]) {
      const refused = await call('GET', '/api/me', { token: old });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'bad_key', error: ENDED });
      // Where a player key makes a game too.
      const game = await call('POST', '/api/games', { token: old, json: { variant: 'warp-factor' } });
      expect(game.status).toBe(403);
      expect(game.body).toEqual({ code: 'bad_key', error: ENDED });
    }
    // Signed out on its own device.
    const there = await browser(made.body.key);
    await form('/me/sign-out', {}, undefined, cookie(there));
    expect((await call('GET', '/api/me/games', { token: there })).body).toEqual({ code: 'bad_key', error: ENDED });
    // DELETE /api/me/keys ends the others too.
    const other = await browser(made.body.key);
    expect((await call('DELETE', '/api/me/keys', { token: made.body.key })).body).toEqual({ ended: 1 });
    expect((await call('GET', '/api/me', { token: other })).body.error).toBe(ENDED);
    expect((await call('GET', '/api/me', { token: made.body.key })).status).toBe(200);
    // A key of the right form for a real player that never was one, and nonsense: not "ended".
    for (const key of [`${bob.id}_${'A'.repeat(43)}`, 'nonsense']) {
      const res = await call('GET', '/api/me', { token: key });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'bad_key',
        error: 'that is not a player key: check that you copied all of it (create a player with POST /api/players if you have none)',
      });
    }
  });
});

describe('/me for a browser signed out', () => {
  it('elsewhere ("sign out everywhere else"): told so once, and the dead cookie goes', async () => {
    const bob = await newPlayer('Bob');
    const a = await browser(bob.key);
    const b = await browser(bob.key);
    expect((await form('/me/keys', { understood: '1' }, undefined, cookie(b))).status).toBe(303);
    const page = await call('GET', '/me', { headers: { ...cookie(a), Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('This browser was signed out: its key was ended (signed out everywhere else from another device, or replaced by a new key).');
    expect(page.text).toContain('action="/me/session"');
    expect(page.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^subspace_key=;.*Max-Age=0/));
    // The key typed in again: said it ended, not that it is no key.
    const typed = await form('/me/session', { key: bob.key });
    expect(typed.status).toBe(403);
    expect(typed.text).toContain('That key was ended (signed out, or replaced by a new key): use the newer key, or get a sign-in link by email.');
    // A plain visit without a cookie: no notice.
    expect((await call('GET', '/me', { headers: { Accept: 'text/html' } })).text).not.toContain('signed out');
  });

  it('here ("Sign out on this device"): the page it goes back to says so', async () => {
    const bob = await newPlayer('Bob');
    const own = await browser(bob.key);
    const out = await form('/me/sign-out', {}, undefined, cookie(own));
    expect(out.status).toBe(303);
    expect(out.headers.get('Location')).toBe('/me?out=1');
    const page = await call('GET', '/me?out=1', { headers: { Accept: 'text/html' } });
    expect(page.text).toContain('You are signed out in this browser.');
  });
});
