// A seat link shared by mistake: POST /api/games/:id/token gives the seat a new token and ends the
// old one, with the seat's push subscriptions made with it and its link still waiting on the
// creator's page; what the seat holds (turns, settings) stays, and the other seat is untouched.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, call, form, location, newGame, play, pushSubscriptionBody } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

const renew = (id: string, token?: string) => call('POST', `/api/games/${id}/token`, token === undefined ? {} : { token });

const subscribeSeat = async (id: string, token: string, name: string) =>
  (await call('POST', `/api/games/${id}/push`, { token, json: await pushSubscriptionBody(`https://push.example.net/send/${name}`) })).status;
const seatEndpoints = async (id: string) =>
  (
    await env.DB.prepare('select side, endpoint from push_subscriptions where game_id = ? order by side').bind(id).all<{ side: string; endpoint: string }>()
  ).results.map((r) => `${r.side} ${r.endpoint.replace('https://push.example.net/send/', '')}`);

describe("renewing a seat's token", () => {
  it('the old token ends everywhere, the new one plays on; the seat keeps its turns and settings, the other seat is untouched', async () => {
    const g = await newGame('warp-factor');
    expect((await play(g, 'Wb2-Wb3', 'white')).status).toBe(200);
    await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.white, json: { name: 'Kirk' } });
    expect([await subscribeSeat(g.id, g.tokens.white, 'leaked'), await subscribeSeat(g.id, g.tokens.black, 'black')]).toEqual([201, 201]);

    const res = await renew(g.id, g.tokens.white);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ side: 'white', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), link: `${BASE}/games/${g.id}?token=${res.body.token}` });
    expect(res.body.token).not.toBe(g.tokens.white);
    // The old token: refused on every route, reads included; the new one holds the seat.
    const old = await call('GET', `/api/games/${g.id}`, { token: g.tokens.white });
    expect([old.status, old.body.code]).toEqual([403, 'bad_token']);
    expect((await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).status).toBe(403);
    expect((await renew(g.id, g.tokens.white)).status).toBe(403);
    const now = await call('GET', `/api/games/${g.id}`, { token: res.body.token });
    expect([now.body.you, now.body.ply, now.body.players.white.name]).toEqual(['white', 1, 'Kirk']);
    // The seat's push subscription made with the old token ended; Black's stays, and Black plays on.
    expect(await seatEndpoints(g.id)).toEqual(['black black']);
    expect((await play(g, 'Bb3-Bb2', 'black')).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: res.body.token, json: { move: 'Wc2-Wc3' } })).status).toBe(200);
  });

  it('a renewal sent again, or at once twice, and the old link afterwards are told the link was renewed, and when (tester 20 T6)', async () => {
    const renewedWords = (id: string) =>
      new RegExp(`^this link to White's seat in game ${id} was renewed at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC and no longer works: use the new link`);
    const g = await newGame('warp-factor');
    const [first, second] = await Promise.all([renew(g.id, g.tokens.white), renew(g.id, g.tokens.white)]);
    expect([first!.status, second!.status].sort()).toEqual([201, 403]);
    const refused = first!.status === 403 ? first! : second!;
    expect(refused.body.code).toBe('bad_token');
    expect(refused.body.error).toMatch(renewedWords(g.id));
    // A retry after a timeout, and any action with the old link: the same words, not "no seat is yours".
    expect((await renew(g.id, g.tokens.white)).body.error).toMatch(renewedWords(g.id));
    const moved = await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, json: { move: 'Wb2-Wb3' } });
    expect([moved.status, moved.body.code]).toEqual([403, 'bad_token']);
    expect(moved.body.error).toMatch(renewedWords(g.id));
    // The no-JavaScript form pressed twice: the second page says so too.
    const again = await form(`/games/${g.id}/new-link`, { token: g.tokens.white });
    expect(again.status).toBe(403);
    expect(again.text).toContain('was renewed at');
    // A token that never held the seat is still told it is no one's.
    expect((await renew(g.id, 'x'.repeat(43))).body.error).toContain('is yours');
  });

  it("cuts the event streams opened with the seat's old token; the other seat's and a spectator's go on", async () => {
    const g = await newGame('planar');
    const open = async (token?: string) => {
      const res = await exports.default.fetch(new Request(`${BASE}/api/games/${g.id}/stream`, token ? { headers: { Authorization: `Bearer ${token}` } } : {}));
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // the opening state
      return reader;
    };
    const [white, black, spectator] = [await open(g.tokens.white), await open(g.tokens.black), await open()];
    const ended = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return 'ended';
    };
    const within = (reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) =>
      Promise.race([ended(reader), new Promise((r) => setTimeout(() => r('still open'), ms))]);
    expect((await renew(g.id, g.tokens.white)).status).toBe(201);
    expect(await within(white, 5000)).toBe('ended');
    expect([await within(black, 300), await within(spectator, 300)]).toEqual(['still open', 'still open']);
    await Promise.all([black.cancel(), spectator.cancel()]);
  });

  it('with a player key: the seat of the player sitting there, and the key holds it still', async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const { game } = await startGame(kirk, kor);
    const res = await renew(game.id, kor.key);
    expect([res.status, res.body.side]).toEqual([201, 'black']);
    expect((await call('GET', `/api/games/${game.id}`, { token: kor.key })).body.you).toBe('black');
    expect((await call('GET', `/api/games/${game.id}`, { token: res.body.token })).body.you).toBe('black');
  });

  it('a player who added the game with the leaked link loses the seat when its holder renews the link (tester 11 S16)', async () => {
    const g = await newGame('warp-factor');
    const claimer = await newPlayer('Claimer');
    const added = await form(`/games/${g.id}/add-to-my-games`, { token: g.tokens.black }, BASE, { Cookie: `subspace_key=${claimer.key}` });
    expect(added.status).toBe(303);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: claimer.key })).body.side).toBe('black');
    // The seat's holder renews its link with the token: the claim made with the old link ends with it.
    const renewed = await call('POST', `/api/games/${g.id}/token`, { token: g.tokens.black });
    expect(renewed.status).toBe(201);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: claimer.key })).status).toBe(403);
    expect((await call('GET', '/api/me/games', { token: claimer.key })).body.games).toEqual([]);
    expect((await call('GET', `/api/games/${g.id}/me`, { token: renewed.body.token })).body.side).toBe('black');
    // A player renewing their own seat (with their key, or signed in on the page) keeps it.
    const owner = await newPlayer('Owner');
    const mine = await call('POST', '/api/games', { json: { variant: 'planar' }, token: owner.key });
    const byKey = await call('POST', `/api/games/${mine.body.id}/token`, { token: owner.key });
    expect(byKey.status).toBe(201);
    expect((await call('GET', `/api/games/${mine.body.id}/me`, { token: owner.key })).status).toBe(200);
    const page = await form(`/games/${mine.body.id}/new-link`, { token: byKey.body.token }, BASE, { Cookie: `subspace_key=${owner.key}` });
    expect(page.status).toBe(303);
    expect((await call('GET', `/api/games/${mine.body.id}/me`, { token: owner.key })).status).toBe(200);
  });

  it('refuses a stranger, a missing token and an unknown game in words', async () => {
    const g = await newGame('planar');
    const stranger = await newPlayer('Stranger');
    const refused = await renew(g.id, stranger.key);
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      403,
      'bad_token',
      `no seat in game ${g.id} is yours: the game token or player key sent is not one of its players'`,
    ]);
    expect((await renew(g.id)).status).toBe(401);
    expect((await renew('zzzzzzzzzzzz', g.tokens.white)).status).toBe(404);
    // Nothing changed: both tokens still hold their seats.
    expect((await call('GET', `/api/games/${g.id}`, { token: g.tokens.white })).body.you).toBe('white');
  });

  it("the opponent's link waiting on the creator's page goes when the opponent renews it", async () => {
    const kirk = await newPlayer('Kirk');
    const cookie = { Cookie: `subspace_key=${kirk.key}` };
    const res0 = await form('/games', { variant: 'warp-factor', white: 'Kirk', days: '3', side: 'black' }, undefined, cookie);
    const to = location(res0);
    const made = res0.headers.getSetCookie().find((c) => c.startsWith('subspace_new_game=')) ?? '';
    const page = await call('GET', to.pathname, { headers: { Cookie: `${cookie.Cookie}; ${made.split(';')[0]}` } });
    const theirs = /value="([^"]+)"/.exec(page.text.slice(page.text.indexOf('id="link-white"')))![1]!.replaceAll('&amp;', '&');
    const link = new URL(theirs);
    const id = link.pathname.split('/')[2]!;
    expect((await call('GET', `/games/${id}`, { headers: cookie })).text).toContain('invitation-link');
    const res = await renew(id, link.searchParams.get('token')!);
    expect([res.status, res.body.side]).toEqual([201, 'white']);
    expect((await call('GET', `/games/${id}`, { headers: cookie })).text).not.toContain('invitation-link');
  });
});

describe("the game page's new link", () => {
  it('the form makes a new link: the page opens at its new address with the word, and the old link is refused', async () => {
    const g = await newGame('curved-space');
    const before = await call('GET', `/games/${g.id}?token=${g.tokens.black}`);
    expect(before.text).toContain('action="/games/' + g.id + '/new-link"');
    expect(before.text).toContain('Make a new link');
    // A spectator has no such form.
    expect((await call('GET', `/games/${g.id}`)).text).not.toContain('new-link');
    const res = await form(`/games/${g.id}/new-link`, { token: g.tokens.black });
    expect(res.status).toBe(303);
    const to = location(res);
    const fresh = to.searchParams.get('token')!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(g.tokens.black);
    const after = await call('GET', to.pathname + to.search);
    expect(after.text).toContain('This page&#39;s address is your new link');
    expect(after.text).toContain('you are Black');
    expect((await call('GET', `/games/${g.id}?token=${g.tokens.black}`)).status).toBe(403);
    // The old token posted again (a second tab, a double press): refused in words that say it was renewed (tester 20 T6).
    const again = await form(`/games/${g.id}/new-link`, { token: g.tokens.black }, BASE, { Accept: 'text/html' });
    expect(again.status).toBe(403);
    expect(again.text).toContain(`This link to Black&#39;s seat in game ${g.id} was renewed at`);
  });
});
