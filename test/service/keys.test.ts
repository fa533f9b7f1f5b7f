// A player key shared by mistake can be ended (tester 3 F4): POST /api/me/key (a new key, every
// other one ended), DELETE /api/me/keys (every other one ended), and on /me "Sign out on this
// device" (the browser's own key ends) and "Sign out everywhere else".
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, call, form, pushSubscriptionBody } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { PushService } from '../../src/notify/push-service.ts';
import { PushStore } from '../../src/notify/push-store.ts';
import { PlayerStore } from '../../src/db/player-store.ts';
import { sha256Hex } from '../../src/service/crypto.ts';

const works = async (key: string) => (await call('GET', '/api/me', { token: key })).status;
const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });
/** The key a page answer keeps in the browser's cookie. */
const kept = (res: { headers: Headers }) => decodeURIComponent(/subspace_key=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1] ?? '');
/** The page a key-making form leads to (303 to GET /me/key, which shows the key from its own cookie): the key shown, and the page. */
async function shownPage(res: { status: number; headers: Headers }): Promise<{ key: string; text: string }> {
  expect(res.status).toBe(303);
  expect(res.headers.get('Location')).toBe('/me/key');
  const made = /subspace_new_key=([^;]*)/.exec(res.headers.get('Set-Cookie') ?? '')![1]!;
  const shown = await call('GET', '/me/key', { headers: { Cookie: `subspace_new_key=${made}; subspace_key=${encodeURIComponent(kept(res))}` } });
  expect(shown.status).toBe(200);
  return { key: /id="player-key"[^>]*>([^<]+)</.exec(shown.text)![1]!.trim(), text: shown.text };
}
/** A browser signed in with `key` through /me's key form (as the /me#key= link does): the key its cookie holds. */
async function browser(key: string): Promise<string> {
  const res = await form('/me/session', { key });
  expect(res.status).toBe(303);
  return kept(res);
}

describe('ending keys through the API', () => {
  it('POST /api/me/key: a new key, shown once; every other key ends, the one that asked too', async () => {
    const bob = await newPlayer('Bob');
    const other = await browser(bob.key);
    expect(await works(other)).toBe(200);
    const res = await call('POST', '/api/me/key', { token: bob.key });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: bob.id,
      key: expect.stringMatching(new RegExp(`^${bob.id}_[A-Za-z0-9_-]{43}$`)),
      link: `http://subspace.test/me#key=${res.body.key}`,
    });
    expect(await works(res.body.key)).toBe(200);
    for (const old of [bob.key, other]) {
      const refused = await call('GET', '/api/me', { token: old });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('bad_key');
    }
    // The old key asks again: nothing more changes.
    expect((await call('POST', '/api/me/key', { token: bob.key })).status).toBe(403);
    expect(await works(res.body.key)).toBe(200);
  });

  it('two new keys asked for at once with the same key: one answer has a key, and only that key works', async () => {
    const bob = await newPlayer('Bob');
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/me/key', { token: bob.key })));
    const made = answers.filter((a) => a.status === 201);
    expect(made.length).toBe(1);
    expect(answers.filter((a) => a.status === 403).length).toBe(2);
    expect(await works(made[0]!.body.key)).toBe(200);
    expect(await works(bob.key)).toBe(403);
  });

  it('DELETE /api/me/keys from two keys at once: the one whose own key the other ended is told so, not 200 (tester 8 K11)', async () => {
    const bob = await newPlayer('Bob');
    const other = await browser(bob.key);
    const store = new PlayerStore(env.DB);
    // The other request came first and ended this one's key, between its check of the key and its write.
    expect(await store.rekey(bob.id, await sha256Hex(bob.key), [], Date.now())).toBe(1);
    expect(await store.rekey(bob.id, await sha256Hex(other), [], Date.now())).toBeUndefined();
    expect([await works(bob.key), await works(other)]).toEqual([200, 403]);
  });

  it('DELETE /api/me/keys: every other key ends (browsers, a game seat held with one); the one that asked works on', async () => {
    const bob = await newPlayer('Bob');
    const kor = await newPlayer('Kor');
    const { game } = await startGame(kor, bob);
    const leaked = await call('POST', '/api/me/key', { token: bob.key }).then((r) => r.body.key as string);
    const [mine, other] = [await browser(leaked), await browser(leaked)];
    const res = await call('DELETE', '/api/me/keys', { token: mine });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect(await works(mine)).toBe(200);
    expect(await works(leaked)).toBe(403);
    expect(await works(other)).toBe(403);
    // The ended key no longer acts in the player's games either.
    const resign = await call('POST', `/api/games/${game.id}/resign`, { token: leaked });
    expect(resign.status).toBe(403);
    expect((await call('GET', `/api/games/${game.id}`)).body.status).toBe('active');
    expect((await call('DELETE', '/api/me/keys', { token: mine })).body).toEqual({ ended: 0 });
    // Another player's keys are not touched.
    expect(await works(kor.key)).toBe(200);
  });
});

describe('the player stream', () => {
  it('is cut when keys end, so a stream opened with an ended key does not go on', async () => {
    const bob = await newPlayer('Bob');
    const open = await exports.default.fetch(new Request(`${BASE}/api/stream/events`, { headers: { Authorization: `Bearer ${bob.key}` } }));
    expect(open.status).toBe(200);
    const reader = open.body!.getReader();
    const ended = async () => {
      for (;;) {
        const read = await reader.read().catch(() => ({ done: true }));
        if (read.done) return 'ended';
      }
    };
    expect((await call('POST', '/api/me/key', { token: bob.key })).status).toBe(201);
    expect(await Promise.race([ended(), new Promise((r) => setTimeout(() => r('still open'), 5000))])).toBe('ended');
    expect((await call('GET', '/api/stream/events', { token: bob.key })).status).toBe(403);
  });
});

describe("a game's stream opened with a player key (tester 5 F1)", () => {
  it("is cut when the player's keys end; the other seat's goes on, and the ended key cannot open it again", async () => {
    const [dave, alice] = [await newPlayer('Dave'), await newPlayer('Alice')];
    const { game } = await startGame(dave, alice);
    const open = async (key: string) => {
      const res = await exports.default.fetch(new Request(`${BASE}/api/games/${game.id}/stream`, { headers: { Authorization: `Bearer ${key}` } }));
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // the opening state
      return reader;
    };
    const [daves, alices] = [await open(dave.key), await open(alice.key)];
    const ended = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return 'ended';
    };
    const within = (reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) =>
      Promise.race([ended(reader), new Promise((r) => setTimeout(() => r('still open'), ms))]);
    const fresh = await call('POST', '/api/me/key', { token: dave.key });
    expect(fresh.status).toBe(201);
    expect(await within(daves, 5000)).toBe('ended');
    expect(await within(alices, 300)).toBe('still open');
    await alices.cancel();
    expect((await call('GET', `/api/games/${game.id}/stream`, { token: dave.key })).status).toBe(403);
  });
});

describe("a game's Web Push subscription made with a player key (tester 5 F2)", () => {
  const seatEndpoints = async (gameId: string) =>
    (await env.DB.prepare('select endpoint from push_subscriptions where game_id = ? order by endpoint').bind(gameId).all<{ endpoint: string }>()).results.map(
      (r) => r.endpoint.replace('https://push.example.net/send/', ''),
    );
  const subscribeSeat = async (gameId: string, token: string, endpoint: string) =>
    (await call('POST', `/api/games/${gameId}/push`, { token, json: await pushSubscriptionBody(`https://push.example.net/send/${endpoint}`) })).status;

  it("ends with the key; the asking key's goes on with its new key, and a renewed seat link keeps it", async () => {
    const [dave, alice] = [await newPlayer('Dave'), await newPlayer('Alice')];
    const { game } = await startGame(dave, alice);
    const mine = await browser(dave.key);
    expect([await subscribeSeat(game.id, dave.key, 'leaked'), await subscribeSeat(game.id, mine, 'mine')]).toEqual([201, 201]);
    expect((await call('DELETE', '/api/me/keys', { token: mine })).status).toBe(200);
    expect(await seatEndpoints(game.id)).toEqual(['mine']);
    // The seat's link renewed (with the key): what the key made stays, the key still holds the seat.
    expect((await call('POST', `/api/games/${game.id}/token`, { token: mine })).status).toBe(201);
    expect(await seatEndpoints(game.id)).toEqual(['mine']);
    // A new key in place of the asking one takes its subscription over, and ends it in its turn.
    const renewed = await call('POST', '/api/me/key', { token: mine });
    expect(await seatEndpoints(game.id)).toEqual(['mine']);
    expect((await call('DELETE', '/api/me/keys', { token: await browser(renewed.body.key) })).status).toBe(200);
    expect(await seatEndpoints(game.id)).toEqual([]);
  });
});

describe('/me: signing in with a key', () => {
  it('takes the key pasted as the link it came in, or with "Bearer", or with spaces around it (tester 3 F14)', async () => {
    const uhura = await newPlayer('Uhura');
    for (const pasted of [`http://subspace.test/me#key=${uhura.key}`, `Bearer ${uhura.key}`, `  ${uhura.key}\n`]) {
      const signedIn = await browser(pasted);
      expect((await call('GET', '/api/me', { token: signedIn })).body.id).toBe(uhura.id);
    }
    // A text with no key in it is refused in words.
    const refused = await form('/me/session', { key: `http://subspace.test/me#key=${uhura.key.slice(0, -1)}` });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('That is not a player key (nor a link with one).');
  });
});

describe('/me: signing out', () => {
  it("a browser gets a key of its own: signing out there ends it, the key typed in (a bot's, one written down) stays", async () => {
    const bob = await newPlayer('Bob');
    const own = await browser(bob.key);
    expect(own).toMatch(new RegExp(`^${bob.id}_`));
    expect(own).not.toBe(bob.key);
    const out = await form('/me/sign-out', {}, undefined, cookie(own));
    expect(out.status).toBe(303);
    expect(kept(out)).toBe('');
    expect(await works(own)).toBe(403);
    expect(await works(bob.key)).toBe(200);
    // A cookie from before browsers had keys of their own holds a key that may be a bot's: only forgotten.
    await form('/me/sign-out', {}, undefined, cookie(bob.key));
    expect(await works(bob.key)).toBe(200);
  });

  it("Make me a player: the key shown is not the cookie's, so signing out leaves it working", async () => {
    const made = await form('/me/new', { name: 'Sulu' });
    const shown = (await shownPage(made)).key;
    const own = kept(made);
    expect(own).not.toBe(shown);
    const out = await form('/me/sign-out', {}, undefined, cookie(own));
    expect([await works(own), await works(shown)]).toEqual([403, 200]);
    // ... and the page that showed it forgets it: the next person at this browser finds no key there (tester 11 S10).
    expect(out.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^subspace_new_key=;.*Max-Age=0.*Path=\/me\/key/));
  });

  it('Make me a player, then reload or go Back: the same key is shown and no second player is made (tester 9 U1)', async () => {
    const made = await form('/me/new', { name: 'Uhura' });
    const first = await shownPage(made);
    expect(first.text).toContain('data-copy-what="your player key"');
    expect(first.text).toContain(`href="http://subspace.test/me#key=${first.key}"`);
    // The reload is a GET of /me/key: the same key, the same player.
    const again = await shownPage(made);
    expect(again.key).toBe(first.key);
    const me = await call('GET', '/api/me', { token: first.key });
    expect(me.body.name).toBe('Uhura');
    expect((await call('GET', '/api/me', { token: kept(made) })).body.id).toBe(me.body.id);
    // The address alone shows nothing: the key is in the cookie of the browser that made it.
    const elsewhere = await call('GET', '/me/key', { headers: { Accept: 'text/html' } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).toContain('shown only in the browser that made it');
    expect(elsewhere.text).not.toContain(first.key);
  });

  it("Sign out everywhere else: every other key ends, the cookie's too; the browser stays signed in and is shown a new key once", async () => {
    const bob = await newPlayer('Bob');
    const other = await browser(bob.key);
    const me = await call('GET', '/me', { headers: cookie(bob.key) });
    expect(me.text).toContain('action="/me/keys"');
    expect(me.text).toMatch(/name="understood" value="1" required/);
    expect(me.text).toContain('Sign out everywhere else');
    // From another site: refused, nothing ended.
    const foreign = await form('/me/keys', { understood: '1' }, 'https://elsewhere.example', cookie(bob.key));
    expect(foreign.status).toBe(403);
    expect([await works(bob.key), await works(other)]).toEqual([200, 200]);
    // This browser's cookie holds the key shown once (signed in before browsers had keys of their own): it ends too.
    // Without the tick: nothing changes (tester 9 U14).
    const unticked = await form('/me/keys', {}, undefined, cookie(bob.key));
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain('Nothing was changed');
    expect([await works(bob.key), await works(other)]).toEqual([200, 200]);
    const res = await form('/me/keys', { understood: '1' }, undefined, cookie(bob.key));
    const { key: shown, text } = await shownPage(res);
    expect(text).toMatch(
      /Signed out everywhere else: your other keys no longer work, browsers subscribed with them get no more notifications, and Discord or Telegram\s+chats tied through them are unlinked\./,
    );
    expect(text).toContain('A webhook you set is not a key and keeps working');
    const own = kept(res);
    expect(new Set([shown, own, bob.key, other]).size).toBe(4);
    expect([await works(bob.key), await works(other), await works(shown), await works(own)]).toEqual([403, 403, 200, 200]);
    expect((await call('GET', '/me', { headers: cookie(own) })).text).toContain('Sign out on this device');
    // The browser's new key is its own: signing out ends it, the key shown stays.
    await form('/me/sign-out', {}, undefined, cookie(own));
    expect([await works(own), await works(shown)]).toEqual([403, 200]);
    // Not signed in: said in words.
    const nobody = await form('/me/keys', { understood: '1' }, undefined, { ...cookie(bob.key), Accept: 'text/html' });
    expect(nobody.status).toBe(403);
    expect(nobody.text).toContain('Not signed in');
  });
});

describe("a player's push subscriptions end with the key that made them", () => {
  const subscribe = async (key: string, endpoint: string) =>
    (await call('POST', '/api/me/push', { token: key, json: await pushSubscriptionBody(`https://push.example.net/send/${endpoint}`) })).status;
  /** The player's subscriptions: endpoint name to whether it is still there. */
  const endpoints = async (playerId: string) =>
    (
      await env.DB.prepare('select endpoint from push_subscriptions where player_id = ? order by endpoint').bind(playerId).all<{ endpoint: string }>()
    ).results.map((r) => r.endpoint.replace('https://push.example.net/send/', ''));

  it('ending other keys ends their subscriptions; the asking key keeps its own, and a new key takes them over', async () => {
    const bob = await newPlayer('Bob');
    const mine = await browser(bob.key);
    // The key Bob gave away by mistake subscribes a browser of someone else's; Bob's own browser subscribes too.
    expect([await subscribe(bob.key, 'stranger'), await subscribe(mine, 'mine')]).toEqual([201, 201]);
    // One made before subscriptions noted their key: no key to end it with, so it ends with the others.
    await env.DB.prepare(
      "insert into push_subscriptions (owner, player_id, endpoint, p256dh, auth, created_at) values (?, ?, 'https://push.example.net/send/old', 'x', 'y', 0)",
    )
      .bind(`player:${bob.id}`, bob.id)
      .run();
    expect(await endpoints(bob.id)).toEqual(['mine', 'old', 'stranger']);
    expect((await call('DELETE', '/api/me/keys', { token: mine })).status).toBe(200);
    expect(await endpoints(bob.id)).toEqual(['mine']);
    // A new key in place of the asking one: its subscription goes on with the new key, which ends it in turn.
    const renewed = await call('POST', '/api/me/key', { token: mine });
    expect(await endpoints(bob.id)).toEqual(['mine']);
    expect(await subscribe(renewed.body.key, 'bot')).toBe(201);
    const other = await browser(renewed.body.key);
    expect((await call('DELETE', '/api/me/keys', { token: other })).status).toBe(200);
    expect(await endpoints(bob.id)).toEqual([]);
  });

  it('a key ended between its check and the write: a 403, no subscription kept', async () => {
    const bob = await newPlayer('Bob');
    const player = (await env.DB.prepare('select * from players where id = ?').bind(bob.id).first())!;
    const anyUrl = { problem: async () => undefined };
    const service = new PushService(new PushStore(env.DB), { game: async () => undefined }, anyUrl);
    // As if the key had been checked a moment before it ended: no row holds its hash.
    const late = await service.subscribePlayer(player as never, `${bob.id}_ended-meanwhile`, await pushSubscriptionBody('https://push.example.net/send/late'));
    expect(late).toEqual({ ok: false, status: 403, code: 'bad_key', error: 'that key was ended meanwhile' });
    expect(await endpoints(bob.id)).toEqual([]);
    expect((await service.subscribePlayer(player as never, bob.key, await pushSubscriptionBody('https://push.example.net/send/kept'))).ok).toBe(true);
    expect(await endpoints(bob.id)).toEqual(['kept']);
  });

  it("signing out on a device ends the subscription its browser key made; /me's sign-out everywhere else keeps this browser's", async () => {
    const bob = await newPlayer('Bob');
    const [here, there] = [await browser(bob.key), await browser(bob.key)];
    expect([await subscribe(here, 'here'), await subscribe(there, 'there')]).toEqual([201, 201]);
    await form('/me/sign-out', {}, undefined, cookie(there));
    expect(await endpoints(bob.id)).toEqual(['here']);
    expect(await subscribe(bob.key, 'written-down')).toBe(201);
    const res = await form('/me/keys', { understood: '1' }, undefined, cookie(here));
    expect(res.status).toBe(303);
    expect(await endpoints(bob.id)).toEqual(['here']);
    // It went on with the browser's new key: signing out there ends it.
    await form('/me/sign-out', {}, undefined, cookie(kept(res)));
    expect(await endpoints(bob.id)).toEqual([]);
  });
});
