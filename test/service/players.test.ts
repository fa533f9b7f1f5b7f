// Players across games: keys, sign-in links, challenges (parallel accepts too),
// a player's games with their yourTurn flags, rematch, and what keys never show up in.
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, call, fetchWorker, form, location } from './helpers.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import { newPlayer, startGame, type Player } from './player-helpers.ts';
import { PlayerStore } from '../../src/db/player-store.ts';
import { Services } from '../../src/worker/services.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const myGames = async (p: Player, query = '') => (await call('GET', `/api/me/games${query}`, { token: p.key })).body.games as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('paging the open challenges', () => {
  it('never skips or repeats challenges made in the same millisecond', async () => {
    const kirk = await newPlayer('Kirk');
    const ids: string[] = [];
    // Five different challenges (the same one sent again within seconds would be the first one).
    for (const daysPerMove of [1, 2, 3, 5, 7])
      ids.push((await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', clock: { daysPerMove } } })).body.id);
    // Newest first, ahead of every other open challenge: one, then three made at once, then one.
    const t = Date.now() + 86_400_000;
    const times = [t + 3, t + 2, t + 2, t + 2, t + 1];
    for (const [i, id] of ids.entries()) await env.DB.prepare('update challenges set created_at = ? where id = ?').bind(times[i], id).run();
    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let before = '';
      for (let page = 0; page < 10 && !seen.includes(ids[4]!); page++) {
        const res = await call('GET', `/api/challenges?limit=${limit}${before}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.challenges.map((c: { id: string }) => c.id));
        if (res.body.next === null) break;
        before = `&before=${res.body.next}`;
      }
      const mine = seen.filter((id) => ids.includes(id));
      expect(mine.length, `limit ${limit}: ${mine}`).toBe(5);
      expect(new Set(mine).size).toBe(5);
      expect([mine[0], mine[4]]).toEqual([ids[0], ids[4]]);
    }
  });
});

describe('players and keys', () => {
  it('creates a player: a key of 256 random bits shown once, only its hash stored', async () => {
    const res = await call('POST', '/api/players', { json: { name: 'Sulu', email: 'Sulu@Example.org' } });
    expect(res.status).toBe(201);
    const { id, key, link } = res.body;
    expect(id).toMatch(/^[a-z0-9]{12}$/);
    expect(key).toMatch(new RegExp(`^${id}_[A-Za-z0-9_-]{43}$`));
    expect(link).toBe(`http://subspace.test/me#key=${key}`);
    const rows = JSON.stringify(await env.DB.prepare('select * from player_keys, players where players.id = ?').bind(id).all());
    expect(rows).not.toContain(key.slice(13));
    const me = await call('GET', '/api/me', { token: key });
    expect(me.body).toEqual({ id, name: 'Sulu', email: 'sulu@example.org', emailConfirmed: false, webhook: null, webhookDisabled: false });
    // Others see the name only.
    const pub = await call('GET', `/api/players/${id}`);
    expect(pub.body).toEqual({ id, name: 'Sulu', ratings: [], ratingChanges: [], recentGames: [] });
  });

  it('no key is a 401, a wrong or mangled key a 403', async () => {
    const p = await newPlayer('Uhura');
    expect((await call('GET', '/api/me/games')).status).toBe(401);
    const forged = `${p.id}_${'A'.repeat(43)}`;
    for (const key of [forged, 'nonsense', p.key.slice(0, -1)]) {
      const res = await call('GET', '/api/me/games', { token: key });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/not a player key/);
    }
  });

  it('rejects bad input in words', async () => {
    const bad = await call('POST', '/api/players', { json: { name: 'x', email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^email: /);
    const extra = await call('POST', '/api/players', { json: { key: 'mine' } });
    expect(extra.status).toBe(400);
    const p = await newPlayer();
    const ch = await call('POST', '/api/challenges', { token: p.key, json: { variant: 'chess' } });
    expect(ch.status).toBe(400);
    expect(ch.body.error).toMatch(/^variant: /);
    const q = await call('GET', '/api/me/games?status=lost', { token: p.key });
    expect(q.status).toBe(400);
  });

  it('no person or seat is named as the computer is ("Computer (level N)"); a record says what it says (tester 3 F8)', async () => {
    const refused = 'must not start with "Computer": that is how the computer player is named';
    const created = await call('POST', '/api/players', { json: { name: 'Computer (level 6)' } });
    expect([created.status, created.body.error]).toEqual([400, `name: ${refused}`]);
    const p = await newPlayer('Computerfan');
    for (const name of [
      'computer (level 2)',
      'COMPUTER',
      'Ｃｏｍｐｕｔｅｒ (level 5)',
      'C\u200Domputer (level 6)',
      'C\u200Computer (level 6)',
      'Co\u0301mputer',
    ]) {
      const renamed = await call('PATCH', '/api/me', { token: p.key, json: { name } });
      expect([renamed.status, renamed.body.error]).toEqual([400, `name: ${refused}`]);
    }
    const seat = await call('POST', '/api/games', { json: { variant: 'planar', white: { name: 'Computer (level 1)' } } });
    expect([seat.status, seat.body.error]).toEqual([400, `white.name: ${refused}`]);
    // A game against the computer exports its name, and the record imports again as written.
    const vsComputer = await call('POST', '/api/games', { json: { variant: 'planar', black: { computer: 1 } } });
    const record = (await call('GET', `/api/games/${vsComputer.body.id}/record`)).text;
    expect(record).toContain('[Black "Computer (level 1)"]');
    const imported = await call('POST', '/api/games/import', { text: record });
    expect(imported.status).toBe(201);
    expect(imported.body.state.players.black.name).toBe('Computer (level 1)');
  });

  it('sign-in: the same answer for a known and an unknown address; the link works once', async () => {
    const p = await newPlayer('Chekov', 'chekov@example.org');
    const sent: { to: string; text: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: any) => (sent.push(m), { messageId: 'x' }) as never); // eslint-disable-line @typescript-eslint/no-explicit-any
    const known = await call('POST', '/api/players/sign-in', { json: { email: 'Chekov@example.org' } });
    const unknown = await call('POST', '/api/players/sign-in', { json: { email: 'nobody@example.org' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(sent.map((m) => m.to)).toEqual(['chekov@example.org']);
    expect(sent[0]!.text).not.toContain(p.key);
    const link = /http:\/\/subspace\.test\/me\/sign-in\?t=([A-Za-z0-9_-]{43})/.exec(sent[0]!.text)!;
    expect(link).not.toBeNull();
    // Opening the link (a person, or a mail scanner) shows a button and uses nothing up.
    const look = (t: string) => exports.default.fetch(new Request(`${BASE}/me/sign-in?t=${t}`, { headers: { Accept: 'text/html' } }));
    for (const _ of [1, 2]) {
      const shown = await look(link[1]!);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('Set-Cookie') ?? '').not.toContain('subspace_key');
      // Sent once by the page's script (data-once): a second press would find the link used and hide the first's sign-in.
      expect(await shown.text()).toContain(`<form method="post" action="/me/sign-in?t=${link[1]}" data-once="true">`);
    }
    const open = (t: string) =>
      exports.default.fetch(
        new Request(`${BASE}/me/sign-in?t=${t}`, { method: 'POST', redirect: 'manual', headers: { Origin: BASE, 'Sec-Fetch-Site': 'same-origin' } }),
      );
    const first = await open(link[1]!);
    expect(first.status).toBe(303);
    expect(first.headers.get('Location')).toBe('/me');
    const cookie = first.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/subspace_key=[a-z0-9]{12}_/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The cookie holds a fresh key of the same player.
    const key = decodeURIComponent(/subspace_key=([^;]+)/.exec(cookie)![1]!);
    expect((await call('GET', '/api/me', { token: key })).body.id).toBe(p.id);
    const again = await open(link[1]!);
    expect(again.status).toBe(403);
    // Pressed twice (a double click shows the second answer): it says the first press signed in (tester 20 T14).
    expect(await again.text()).toMatch(
      /used a moment ago \(at \d{4}-\d\d-\d\d \d\d:\d\d UTC\), and works once: if that was you pressing twice, this browser is signed in/,
    );
    // Used: the link's page says so instead of showing the button.
    const used = await look(link[1]!);
    expect(used.status).toBe(403);
    expect(await used.text()).toContain('used already');
  });
});

describe('a player key on a game it sits at', () => {
  it("acts for the seat's own settings too: notifications, delivery log and Web Push of that game", async () => {
    const kirk = await newPlayer('Kirk');
    const kor = await newPlayer('Kor');
    const { game } = await startGame(kirk, kor);
    const settings = await call('PATCH', `/api/games/${game.id}/me`, { token: kirk.key, json: { name: 'Jim' } });
    expect(settings.status).toBe(200);
    expect(settings.body.side).toBe('white');
    expect((await call('GET', `/api/games/${game.id}/me`, { token: kor.key })).body.side).toBe('black');
    expect((await call('GET', `/api/games/${game.id}/deliveries`, { token: kirk.key })).status).toBe(200);
    const gone = await call('DELETE', `/api/games/${game.id}/push`, { token: kirk.key, json: { endpoint: 'https://push.example/x' } });
    expect([gone.status, gone.body.code]).toEqual([404, 'unknown_subscription']);
    // Someone else's key is still not a seat here.
    const stranger = await newPlayer('Mudd');
    expect((await call('GET', `/api/games/${game.id}/me`, { token: stranger.key })).status).toBe(403);
  });
});

describe('the key of the /me cookie never goes into an address or a page (tester 11 S6)', () => {
  it('not by the no-script Preview, nor the new webhook secret page, nor an address that carries it', async () => {
    const p = await newPlayer('Keyholder');
    const made = await call('POST', '/api/games', { json: { variant: 'warp-factor' }, token: p.key });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const signedIn = { Cookie: `subspace_key=${p.key}` };
    // Preview without the page's script: back to the game page with the turn, no key.
    const preview = await form(`/games/${id}/move`, { move: 'Wb2-Wb3', do: 'preview' }, BASE, signedIn);
    expect(preview.status).toBe(303);
    expect(location(preview).searchParams.get('token')).toBeNull();
    expect(location(preview).searchParams.get('move')).toBe('Wb2-Wb3');
    const shown = await fetchWorker(new Request(location(preview), { headers: signedIn }));
    const html = await shown.text();
    expect(shown.status).toBe(200);
    expect(html).not.toContain(p.key);
    expect(html).toContain('Wb2-Wb3');
    // A new webhook: its secret's page links back without the key.
    const settings = await form(`/games/${id}/settings`, { webhook: 'https://example.com/hook' }, BASE, signedIn);
    expect(settings.status).toBe(200);
    expect(settings.text).toContain('whsec_');
    expect(settings.text).not.toContain(p.key);
    expect(settings.text).toContain(`href="/games/${id}"`);
    // The key in an address (an old link, a bookmark) is taken out of it before anything is drawn.
    const addressed = await fetchWorker(new Request(`${BASE}/games/${id}?token=${p.key}&from=black`, { headers: signedIn, redirect: 'manual' }));
    expect(addressed.status).toBe(303);
    expect(addressed.headers.get('Location')).toBe(`/games/${id}?from=black`);
    // A seat token in the address (a seat link) stays: it is what that page is opened with.
    const seat = await fetchWorker(new Request(`${BASE}/games/${id}?token=${made.body.tokens.black}`, { headers: signedIn, redirect: 'manual' }));
    expect(seat.status).toBe(200);
  });
});

describe('/me: finished games', () => {
  it('say how each ended for the player: won, lost, drawn or aborted', async () => {
    const kirk = await newPlayer('Kirk');
    const kor = await newPlayer('Kor');
    const aborted = (await startGame(kirk, kor)).game;
    expect((await call('POST', `/api/games/${aborted.id}/abort`, { token: kirk.key })).status).toBe(200);
    const won = (await startGame(kirk, kor)).game;
    expect((await call('POST', `/api/games/${won.id}/resign`, { token: kor.key })).status).toBe(200);
    const page = (key: string) => call('GET', '/me?status=finished', { headers: { Cookie: `subspace_key=${key}`, 'Sec-Fetch-Site': 'same-origin' } });
    const mine = (await page(kirk.key)).text;
    expect(mine).toMatch(new RegExp(`href="/games/${won.id}"[^]*?1-0, you won`));
    expect(mine).toMatch(new RegExp(`href="/games/${aborted.id}"[^]*?· aborted`));
    expect((await page(kor.key)).text).toMatch(new RegExp(`href="/games/${won.id}"[^]*?1-0, you lost`));
  });
});

describe('challenges', () => {
  it('challenge, list, accept; the game is in both players’ lists with the right yourTurn; play with keys', async () => {
    // The game's notifications stay out of the real queue: its consumer could deliver Kirk's
    // start email late, into a later test's mail spy.
    captureQueue();
    const kirk = await newPlayer('Kirk', 'kirk@example.org');
    const spock = await newPlayer('Spock');
    const ch = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } } });
    expect(ch.status).toBe(201);
    expect(ch.body).toMatchObject({ variant: 'warp-factor', color: 'white', status: 'open', from: { id: kirk.id, name: 'Kirk' }, to: null });
    expect(ch.body.link).toBe(`http://subspace.test/challenges/${ch.body.id}`);
    expect(Date.parse(ch.body.expiresAt) - Date.parse(ch.body.createdAt)).toBe(7 * 86_400_000);

    const list = await call('GET', '/api/challenges');
    expect(list.body.challenges.map((c: { id: string }) => c.id)).toContain(ch.body.id);
    for (const secret of [kirk.key, spock.key, 'kirk@example.org']) expect(list.text).not.toContain(secret);

    const accepted = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: spock.key });
    expect(accepted.status).toBe(201);
    const game = accepted.body;
    expect(game).toMatchObject({ challenge: ch.body.id, white: { id: kirk.id, name: 'Kirk' }, black: { id: spock.id, name: 'Spock' } });
    expect(game.state).toMatchObject({ variant: 'warp-factor', sideToMove: 'white', players: { white: { name: 'Kirk' }, black: { name: 'Spock' } } });
    expect(game.state.clock.daysPerMove).toBe(3);
    for (const secret of [kirk.key, spock.key, 'kirk@example.org']) expect(JSON.stringify(game)).not.toContain(secret);
    expect((await call('GET', '/api/challenges')).body.challenges.map((c: { id: string }) => c.id)).not.toContain(ch.body.id);
    expect((await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: spock.key })).status).toBe(409);

    let [k] = await myGames(kirk);
    let [s] = await myGames(spock);
    expect(k).toMatchObject({
      id: game.id,
      variant: 'warp-factor',
      side: 'white',
      opponent: { id: spock.id, name: 'Spock' },
      status: 'active',
      yourTurn: true,
      ply: 0,
    });
    expect(k.link).toBe(`http://subspace.test/games/${game.id}`);
    expect(k.deadline).toBe(game.state.clock.deadline);
    expect(s).toMatchObject({ id: game.id, side: 'black', yourTurn: false });

    // The key plays the player's own side, and only that side.
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: spock.key, text: 'Wb2-Wb3' })).status).toBe(403);
    const moved = await call('POST', `/api/games/${game.id}/moves`, { token: kirk.key, text: 'Wb2-Wb3' });
    expect(moved.status).toBe(200);
    expect(moved.body.state.you).toBe('white');
    [k] = await myGames(kirk);
    [s] = await myGames(spock);
    expect([k.yourTurn, s.yourTurn, s.ply]).toEqual([false, true, 1]);
    expect((await call('GET', `/api/games/${game.id}`, { token: spock.key })).body.you).toBe('black');
    // A third player's key is nobody in this game.
    const other = await newPlayer('Other');
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: other.key, text: 'Ba3-Ba2' })).status).toBe(403);
  });

  it('lists games waiting for you first, then by the nearest deadline; finished ones apart', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const slow = (await startGame(a, b, { variant: 'warp-factor', color: 'black', clock: { daysPerMove: 14 } })).game; // b to move
    const untimed = (await startGame(a, b, { variant: 'warp-factor', color: 'white' })).game; // a to move
    const fast = (await startGame(a, b, { variant: 'warp-factor', color: 'black', clock: { daysPerMove: 1 } })).game; // b to move
    expect((await myGames(a)).map((g) => [g.id, g.yourTurn])).toEqual([
      [untimed.id, true],
      [fast.id, false],
      [slow.id, false],
    ]);
    expect((await myGames(b)).map((g) => g.id)).toEqual([fast.id, slow.id, untimed.id]);
    expect((await call('POST', `/api/games/${untimed.id}/resign`, { token: a.key })).status).toBe(200);
    expect((await myGames(a)).map((g) => g.id)).not.toContain(untimed.id);
    const finished = await myGames(a, '?status=finished');
    expect(finished).toEqual([expect.objectContaining({ id: untimed.id, status: 'finished', result: '0-1', yourTurn: false })]);
  });

  it('two accepts at once make exactly one game', async () => {
    const a = await newPlayer('A');
    const racers = await Promise.all([1, 2, 3, 4].map((i) => newPlayer(`R${i}`)));
    const ch = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar' } });
    const answers = await Promise.all(racers.map((r) => call('POST', `/api/challenges/${ch.body.id}/accept`, { token: r.key })));
    const won = answers.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(racers.length - 1);
    const games = await env.DB.prepare('select id from games where white_player_id = ?1 or black_player_id = ?1').bind(a.id).all();
    expect(games.results.map((g) => g.id)).toEqual([won[0]!.body.id]);
    expect((await call('GET', `/api/challenges/${ch.body.id}`)).body).toMatchObject({ status: 'accepted', gameId: won[0]!.body.id });
    // The one who accepted, again (a retry after a timeout, a double click): the answer names the
    // game, and the lobby's form opens it (tester 20 T13); the others are told it is closed.
    const winner = racers[answers.indexOf(won[0]!)]!;
    const again = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: winner.key });
    expect(again.body).toMatchObject({ code: 'challenge_closed' });
    expect(again.body.error).toBe(`challenge ${ch.body.id} was accepted already, by you: game ${won[0]!.body.id}, ${BASE}/games/${won[0]!.body.id}`);
    const pressed = await form(`/challenges/${ch.body.id}/accept`, {}, undefined, { Cookie: `subspace_key=${winner.key}` });
    expect([pressed.status, location(pressed).pathname]).toEqual([303, `/games/${won[0]!.body.id}`]);
    const loser = racers.find((r) => r !== winner)!;
    expect((await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: loser.key })).body.error).toBe(
      `challenge ${ch.body.id} is no longer open (accepted)`,
    );
  });

  it('a challenge to a player whose address its owner closed to all mail is not mailed (tester 3 F10); it is once the address is confirmed again', async () => {
    const address = `closed-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const a = await newPlayer('A');
    const b = await newPlayer('B', address);
    await env.DB.prepare('insert into mail_addresses (email, blocked_at) values (?, ?)').bind(address, Date.now()).run();
    const sent: { to: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: any) => (sent.push(m), { messageId: 'x' }) as never); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect((await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: b.id } })).status).toBe(201);
    expect(sent).toEqual([]);
    await env.DB.prepare('update mail_addresses set blocked_at = null where email = ?').bind(address).run();
    expect((await call('POST', '/api/challenges', { token: a.key, json: { variant: 'warp-factor', to: b.id } })).status).toBe(201);
    expect(sent.map((m) => m.to)).toEqual([address]);
  });

  it("a challenge's mail follows the player's own choices: no challenge emails, or no email at all (tester 12 E19)", async () => {
    const address = `choosy-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const a = await newPlayer('A');
    const b = await newPlayer('B', address);
    await env.DB.prepare('update mail_addresses set blocked_at = null where email = ?').bind(address).run();
    const sent: { to: string; text: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: any) => (sent.push(m), { messageId: 'x' }) as never); // eslint-disable-line @typescript-eslint/no-explicit-any
    // (Each in a variant of its own: a second open challenge in the same variant is the first.)
    const variants = ['planar', 'warp-factor', 'curved-space', 'first-contact'];
    const challenge = async () =>
      expect((await call('POST', '/api/challenges', { token: a.key, json: { variant: variants.shift(), to: b.id } })).status).toBe(201);
    await challenge();
    expect(sent.map((m) => m.to)).toEqual([address]);
    expect(sent[0]!.text).toContain('Fewer emails (no challenges, or none at all): "What you are told" on your page, http://subspace.test/me#notify-form');
    const events = (await call('GET', '/api/me/notify', { token: b.key })).body.events as string[];
    expect((await call('PATCH', '/api/me/notify', { token: b.key, json: { emailEvents: events.filter((e) => e !== 'challenge') } })).status).toBe(200);
    await challenge();
    expect(sent).toHaveLength(1);
    expect((await call('PATCH', '/api/me/notify', { token: b.key, json: { emailEvents: events, email: false } })).status).toBe(200);
    await challenge();
    expect(sent).toHaveLength(1);
    expect((await call('PATCH', '/api/me/notify', { token: b.key, json: { email: true } })).status).toBe(200);
    await challenge();
    expect(sent).toHaveLength(2);
  });

  it('a challenge to one player: only they may accept or decline; unknown players are a 404', async () => {
    const a = await newPlayer('A', 'a@example.org');
    const b = await newPlayer('B', 'b@example.org');
    const c = await newPlayer('C');
    expect((await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: 'zzzzzzzzzzzz' } })).status).toBe(404);
    expect((await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: a.id } })).status).toBe(400);
    const sent: { to: string; subject: string; text: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: any) => (sent.push(m), { messageId: 'x' }) as never); // eslint-disable-line @typescript-eslint/no-explicit-any
    const ch = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: b.id } });
    expect(ch.status).toBe(201);
    expect(ch.body.to).toEqual({ id: b.id, name: 'B' });
    // B is told by email, with the link; nothing of A's but the name.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'b@example.org' });
    expect(sent[0]!.text).toContain(ch.body.link);
    for (const secret of [a.key, b.key, 'a@example.org']) expect(JSON.stringify(sent[0])).not.toContain(secret);
    // Not in the public list; in B's own.
    expect((await call('GET', '/api/challenges')).body.challenges.map((x: { id: string }) => x.id)).not.toContain(ch.body.id);
    expect((await call('GET', '/api/me/challenges', { token: b.key })).body.challenges.map((x: { id: string }) => x.id)).toEqual([ch.body.id]);
    expect((await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: c.key })).status).toBe(403);
    expect((await call('POST', `/api/challenges/${ch.body.id}/decline`, { token: c.key })).status).toBe(403);
    // Its creator is told it is their own, not that it went to someone else.
    expect((await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: a.key })).body.code).toBe('own_challenge');
    expect((await call('DELETE', `/api/challenges/${ch.body.id}`, { token: b.key })).status).toBe(403);
    const declined = await call('POST', `/api/challenges/${ch.body.id}/decline`, { token: b.key });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect((await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: b.key })).status).toBe(409);
    // The creator withdraws an open one.
    const open = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar' } });
    expect((await call('DELETE', `/api/challenges/${open.body.id}`, { token: a.key })).body.status).toBe('withdrawn');
    expect((await call('POST', `/api/challenges/${open.body.id}/accept`, { token: b.key })).status).toBe(409);
    expect((await call('GET', '/api/challenges/zzzzzzzzzzzz')).status).toBe(404);
  });

  it('an expired challenge cannot be accepted', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const ch = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', expiresInDays: 1 } });
    await env.DB.prepare('update challenges set expires_at = ? where id = ?')
      .bind(Date.now() - 1, ch.body.id)
      .run();
    const res = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: b.key });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/expired/);
    expect((await call('GET', `/api/challenges/${ch.body.id}`)).body.status).toBe('expired');
  });

  it('rematch: a challenge to the opponent with colours swapped; accepted, it is a new game', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b); // a white
    expect((await call('POST', `/api/games/${game.id}/rematch`, { token: a.key })).status).toBe(409); // still going
    await call('POST', `/api/games/${game.id}/resign`, { token: b.key });
    const other = await newPlayer('C');
    expect((await call('POST', `/api/games/${game.id}/rematch`, { token: other.key })).status).toBe(403);
    const re = await call('POST', `/api/games/${game.id}/rematch`, { token: b.key });
    expect(re.status).toBe(201);
    expect(re.body).toMatchObject({ variant: 'warp-factor', color: 'white', from: { id: b.id }, to: { id: a.id }, rematchOf: game.id });
    // Asked twice: the same offer, not a second one (tester's report), and 200: nothing new was made.
    const again = await call('POST', `/api/games/${game.id}/rematch`, { token: b.key });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(re.body.id);
    expect((await call('GET', '/api/me/challenges', { token: b.key })).body.challenges).toHaveLength(1);
    const next = await call('POST', `/api/challenges/${re.body.id}/accept`, { token: a.key });
    expect(next.status).toBe(201);
    expect(next.body).toMatchObject({ white: { id: b.id }, black: { id: a.id } });
  });

  it('rematch asked by both players: the second meets the first offer, which is accepted (one game, no crossing challenges)', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b); // a white
    await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
    const offer = await call('POST', `/api/games/${game.id}/rematch`, { token: b.key });
    expect(offer.status).toBe(201);
    const met = await call('POST', `/api/games/${game.id}/rematch`, { token: a.key });
    expect(met.status).toBe(201);
    // Colours swapped from the old game: b, who offered first, has White.
    expect(met.body).toMatchObject({ challenge: offer.body.id, white: { id: b.id }, black: { id: a.id } });
    expect((await call('GET', `/api/challenges/${offer.body.id}`)).body).toMatchObject({ status: 'accepted', gameId: met.body.id });
    for (const p of [a, b]) expect((await call('GET', '/api/me/challenges', { token: p.key })).body.challenges).toHaveLength(0);
    expect((await call('GET', `/api/games/${met.body.id}`)).body.status).toBe('active');
    // One rematch a game: asked again by either player once it started, told where it is (it made more games).
    for (const p of [a, b]) {
      const again = await call('POST', `/api/games/${game.id}/rematch`, { token: p.key });
      expect([again.status, again.body.code, again.body.error]).toEqual([
        409,
        'rematch_started',
        `the rematch of game ${game.id} has started already: game ${met.body.id}, ${BASE}/games/${met.body.id}`,
      ]);
    }
    // The old game's page says so and links it; its button, pressed on a page left open, opens it.
    const oldPage = await call('GET', `/games/${game.id}`, { headers: { Cookie: `subspace_key=${a.key}` } });
    expect(oldPage.text).toContain(`The rematch has started: <a href="/games/${met.body.id}">open the rematch game</a>`);
    expect(oldPage.text).not.toContain('id="rematch-btn"');
    const pressed = await form(`/games/${game.id}/rematch`, {}, undefined, { Cookie: `subspace_key=${b.key}` });
    expect([pressed.status, location(pressed).pathname]).toEqual([303, `/games/${met.body.id}`]);
    // By the page's button: the game opens.
    const { game: second } = await startGame(a, b);
    await call('POST', `/api/games/${second.id}/resign`, { token: b.key });
    const offered = await call('POST', `/api/games/${second.id}/rematch`, { token: a.key });
    // Each player's page says where it stands: a's offer waits, b is offered it.
    const aPage = await call('GET', `/games/${second.id}`, { headers: { Cookie: `subspace_key=${a.key}` } });
    expect(aPage.text).toContain(`<a href="/challenges/${offered.body.id}">your offer</a>`);
    const bPage = await call('GET', `/games/${second.id}`, { headers: { Cookie: `subspace_key=${b.key}` } });
    expect(bPage.text).toContain('Your opponent offers a rematch, colours swapped.');
    expect(bPage.text).toContain('Accept the rematch');
    const page = await form(`/games/${second.id}/rematch`, {}, undefined, { Cookie: `subspace_key=${b.key}` });
    expect(page.status).toBe(303);
    expect(location(page).pathname).toMatch(/^\/games\/[a-z0-9]+$/);
    expect(location(page).pathname).not.toBe(`/games/${second.id}`);
  });

  /** A finished game between two new players, A resigned, and A's rematch offer open. */
  async function rematchOfferedByA() {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b);
    await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
    const fromA = await call('POST', `/api/games/${game.id}/rematch`, { token: a.key });
    expect(fromA.status).toBe(201);
    return { a, b, game, fromA };
  }

  it('rematch offers that crossed (both pressed at once): the first accepted starts it, the other can no longer be (tester: two games)', async () => {
    const { a, b, game, fromA } = await rematchOfferedByA();
    // B's offer, made at the same moment before A's was there: the row the race leaves, written as it would be.
    const fromB = 'crossrematch';
    await env.DB.prepare(
      `INSERT INTO challenges (id, creator_id, to_player_id, variant, options, days_per_move, timeout_mode, leave_days, color, status, game_id, rematch_of, rated, created_at, expires_at)
       SELECT ?, to_player_id, creator_id, variant, options, days_per_move, timeout_mode, leave_days, 'white', 'open', NULL, rematch_of, rated, created_at, expires_at FROM challenges WHERE id = ?`,
    )
      .bind(fromB, fromA.body.id)
      .run();
    const first = await call('POST', `/api/challenges/${fromB}/accept`, { token: a.key });
    expect(first.status, first.text).toBe(201);
    const second = await call('POST', `/api/challenges/${fromA.body.id}/accept`, { token: b.key });
    expect([second.status, second.body.code, second.body.error]).toEqual([
      409,
      'challenge_closed',
      `challenge ${fromA.body.id} is a rematch of game ${game.id}, whose rematch has started already: game ${first.body.id}`,
    ]);
    for (const p of [a, b])
      expect((await call('GET', '/api/me/games', { token: p.key })).body.games.filter((g: { status: string }) => g.status === 'active')).toHaveLength(1);
  });

  it('rematch pressed by both at once: the press that read no offer, storing its own after the other’s, meets it (one offer, one game)', async () => {
    const { a, b, game, fromA } = await rematchOfferedByA();
    // B's press read the rematch offers before A's was stored (the race): its first read is that stale one.
    const services = new Services(env);
    const [row, bRow] = [await services.gameRecords.game(game.id), await services.players.authenticate(b.key)];
    const stale = vi.spyOn(PlayerStore.prototype, 'rematchesOf').mockResolvedValueOnce([]);
    const met = await services.challenges.rematch(row!, bRow!, { origin: BASE });
    stale.mockRestore();
    expect(met.ok && met.value.kind).toBe('accepted');
    expect((await call('GET', `/api/challenges/${fromA.body.id}`)).body.status).toBe('accepted');
    for (const p of [a, b]) {
      expect((await call('GET', '/api/me/challenges', { token: p.key })).body.challenges).toHaveLength(0);
      expect((await call('GET', '/api/me/games', { token: p.key })).body.games.filter((g: { status: string }) => g.status === 'active')).toHaveLength(1);
    }
    const offers = await env.DB.prepare('SELECT status FROM challenges WHERE rematch_of = ?').bind(game.id).all();
    expect(offers.results).toEqual([{ status: 'accepted' }]);
  });

  it('a new address, once confirmed, is the one the games in progress mail and take replies from (tester: the old one kept the mail)', async () => {
    captureQueue(); // the game's own mail stays in the queue: this test reads the seats, not the mail
    const kirk = await newPlayer('Kirk', `kirk-${crypto.randomUUID().slice(0, 8)}@example.org`);
    const kor = await newPlayer('Kor');
    const { game } = await startGame(kirk, kor);
    const second = `kirk-new-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const sent: { text: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: any) => (sent.push(m), { messageId: 'x' }) as never);
    expect((await call('PATCH', '/api/me', { token: kirk.key, json: { email: second } })).status).toBe(200);
    // Unconfirmed, it takes nothing over: the game still mails the address it had.
    const before = (await call('GET', `/api/games/${game.id}/me`, { token: kirk.key })).body.email;
    expect(before).not.toBe(second);
    const link = /(\/me\/confirm-email\?t=[A-Za-z0-9_-]{43})/.exec(sent.at(-1)!.text)![1]!;
    // The mail's one bare link is the one to open; the link to /me after it says what it is.
    expect(
      sent
        .at(-1)!
        .text.split('\n')
        .filter((line) => /^https?:\/\//.test(line)),
    ).toEqual([expect.stringContaining(link)]);
    expect(sent.at(-1)!.text).toMatch(/\nYour games on Subspace: http\S+\/me$/);
    expect((await call('POST', link, { headers: { Origin: BASE } })).status).toBe(200);
    expect((await call('GET', `/api/games/${game.id}/me`, { token: kirk.key })).body.email).toBe(second);
    // Kor's seat is not Kirk's: untouched.
    expect((await call('GET', `/api/games/${game.id}/me`, { token: kor.key })).body.email).toBeNull();
  });

  it('a new name reaches the games in progress, by PATCH /api/me and by the /me form; a finished game keeps the old one (tester F12)', async () => {
    captureQueue();
    const zed = await newPlayer('Zed');
    const carol = await newPlayer('Carol');
    const { game: done } = await startGame(zed, carol);
    expect((await call('POST', `/api/games/${done.id}/resign`, { token: carol.key })).status).toBe(200);
    const { game } = await startGame(zed, carol);
    const seen = async () => {
      const state = (await call('GET', `/api/games/${game.id}`)).body;
      const mine = (await call('GET', '/api/me/games', { token: carol.key })).body.games as { id: string; opponent: { name: string } }[];
      const old = (await call('GET', `/api/games/${done.id}`)).body;
      return [state.players.white.name, mine.find((g) => g.id === game.id)!.opponent.name, old.players.white.name];
    };
    expect(await seen()).toEqual(['Zed', 'Zed', 'Zed']);
    expect((await call('PATCH', '/api/me', { token: zed.key, json: { name: 'Zed Renamed' } })).status).toBe(200);
    expect(await seen()).toEqual(['Zed Renamed', 'Zed Renamed', 'Zed']);
    // /me's settings form has the name, as it stands, in its box.
    const me = (await call('GET', '/me', { headers: { Cookie: `subspace_key=${zed.key}` } })).text;
    expect(me).toMatch(/<form method="post" action="\/me\/settings" id="settings-form">[\s\S]*<input name="name"[^>]*value="Zed Renamed"/);
    const saved = await form('/me/settings', { name: 'Zed Again', email: '', webhook: '' }, BASE, { Cookie: `subspace_key=${zed.key}` });
    expect(saved.status).toBe(200);
    expect(await seen()).toEqual(['Zed Again', 'Zed Again', 'Zed']);
    // A name refused is said beside the form, the name as typed kept in its box.
    const refused = await form('/me/settings', { name: 'x'.repeat(41), email: '', webhook: '' }, BASE, { Cookie: `subspace_key=${zed.key}` });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Settings not saved. Name: must be at most 40 characters');
    expect(refused.text).toMatch(/<input name="name"[^>]*value="x{41}"[^>]*autofocus/);
    // Carol's seat is not Zed's: untouched.
    expect((await call('GET', `/api/games/${game.id}`)).body.players.black.name).toBe('Carol');
  });

  it('rematch against the computer: the new game at once, colours swapped, same level and clock; no challenge in the lobby', async () => {
    const kirk = await newPlayer('Kirk');
    const made = await call('POST', '/api/games', { token: kirk.key, json: { variant: 'planar', black: { computer: 2 }, clock: { daysPerMove: 3 } } });
    expect(made.status).toBe(201);
    expect((await call('POST', `/api/games/${made.body.id}/rematch`, { token: kirk.key })).status).toBe(409); // still going
    await call('POST', `/api/games/${made.body.id}/resign`, { token: kirk.key });
    const uhura = await newPlayer('Uhura');
    expect((await call('POST', `/api/games/${made.body.id}/rematch`, { token: uhura.key })).status).toBe(403);
    const re = await call('POST', `/api/games/${made.body.id}/rematch`, { token: kirk.key });
    expect(re.status).toBe(201);
    expect(re.body.id).not.toBe(made.body.id);
    expect(re.body.state).toMatchObject({ variant: 'planar', clock: { daysPerMove: 3 } });
    expect(re.body.state.players).toMatchObject({ white: { computer: 2 }, black: { name: 'Kirk' } });
    const mine = (await call('GET', '/api/me/games', { token: kirk.key })).body.games;
    expect(mine.find((g: { id: string }) => g.id === re.body.id)).toMatchObject({ side: 'black', opponent: { computer: 2 } });
    // Nobody else can take it: it never was a challenge.
    expect((await call('GET', '/api/challenges')).body.challenges.filter((c: { rematchOf: string }) => c.rematchOf === made.body.id)).toEqual([]);
    // One rematch a game, as between players: asked again, the API names it; the page's button opens it.
    const again = await call('POST', `/api/games/${made.body.id}/rematch`, { token: kirk.key });
    expect([again.status, again.body.code]).toEqual([409, 'rematch_started']);
    expect(again.body.error).toContain(`game ${re.body.id}`);
    const page = await form(`/games/${made.body.id}/rematch`, {}, undefined, { Cookie: `subspace_key=${kirk.key}` });
    expect(page.status).toBe(303);
    expect(location(page).pathname).toBe(`/games/${re.body.id}`);
    const finished = await (await fetchWorker(new Request(`${BASE}/games/${made.body.id}`, { headers: { Cookie: `subspace_key=${kirk.key}` } }))).text();
    expect(finished).toContain(`The rematch has started: <a href="/games/${re.body.id}">`);
    expect((await call('GET', '/api/me/games', { token: kirk.key })).body.games.length).toBe(mine.length);
  });

  it('rematch against the computer: presses at the same moment (a double click without JavaScript) make one game', async () => {
    const spock = await newPlayer('Spock');
    const made = await call('POST', '/api/games', { token: spock.key, json: { variant: 'warp-factor', white: { computer: 1 } } });
    await call('POST', `/api/games/${made.body.id}/resign`, { token: spock.key });
    const presses = await Promise.all([1, 2, 3].map(() => form(`/games/${made.body.id}/rematch`, {}, undefined, { Cookie: `subspace_key=${spock.key}` })));
    expect(presses.map((p) => p.status)).toEqual([303, 303, 303]);
    const opened = new Set(presses.map((p) => location(p).pathname));
    expect(opened.size).toBe(1);
    const games = (await call('GET', '/api/me/games', { token: spock.key })).body.games as { id: string }[];
    expect(games.map((g) => `/games/${g.id}`).filter((path) => opened.has(path))).toHaveLength(1);
    expect(games.filter((g) => g.id !== made.body.id)).toHaveLength(1); // one rematch game
  });

  it('rematch by email: the opponent gets the challenge link, then both get the game link; no key in any mail', async () => {
    const a = await newPlayer('Archer', 'archer@example.org');
    const b = await newPlayer('Shran', 'shran@example.org');
    // Captured from the start: the first game's notifications must not reach the real queue,
    // whose consumer could deliver them late, into the mail spy below.
    const queue = captureQueue();
    const { game } = await startGame(a, b); // a white
    await call('POST', `/api/games/${game.id}/resign`, { token: b.key });
    queue.take();
    const sent: { to: string; subject: string; text: string; html?: string; headers: Record<string, string> }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m: any) => (sent.push(m), { messageId: 'x' }) as never); // eslint-disable-line @typescript-eslint/no-explicit-any
    const re = await call('POST', `/api/games/${game.id}/rematch`, { token: b.key });
    expect(re.status).toBe(201);
    // The challenge goes to the opponent alone, at once, with the page to accept it.
    expect(sent.map((m) => m.to)).toEqual(['archer@example.org']);
    expect(sent[0]!.subject).toBe('[Subspace] Shran challenges you to Warp Factor (rematch)');
    expect(sent[0]!.text).toContain(`Accept or decline: ${BASE}/challenges/${re.body.id}`);
    expect(sent[0]!.text).toContain(`The rules, with diagrams: ${BASE}/rules/warp-factor`);
    expect(queue.take()).toEqual([]);

    const next = await call('POST', `/api/challenges/${re.body.id}/accept`, { token: a.key });
    expect(next.status).toBe(201);
    // The start goes through the notification queue, one email per player, each with their side.
    const jobs = queue.take();
    expect(jobs.map((j) => `${j.event}:${j.side}:${j.channel}`).sort()).toEqual(['game-start:black:email', 'game-start:white:email']);
    const EMAIL = { send: async (m: any) => (sent.push(m), { messageId: 'y' }) } as unknown as SendEmail; // eslint-disable-line @typescript-eslint/no-explicit-any
    const delivered = await runQueue(jobs, 1, 'subspace-notify', { ...env, EMAIL });
    expect(delivered.explicitAcks.length).toBe(2);
    const starts = sent.slice(1).sort((x, y) => x.to.localeCompare(y.to));
    expect(starts.map((m) => [m.to, m.subject, m.headers['X-Subspace-Event']])).toEqual([
      ['archer@example.org', `[Subspace] Warp Factor game ${next.body.id}: you play Black`, 'game-start'],
      ['shran@example.org', `[Subspace] Warp Factor game ${next.body.id}: you play White`, 'game-start'],
    ]);
    for (const m of starts) {
      // A player's seat is played from their games page, not from a link of its own.
      expect(m.text).toContain(`The game: ${BASE}/games/${next.body.id} (or on the web from your games page, ${BASE}/me).`);
      expect(m.html).toContain(`href="${BASE}/games/${next.body.id}"`);
      expect(m.text).toContain(`The rules, with diagrams: ${BASE}/rules/warp-factor`);
    }
    for (const secret of [a.key, b.key]) expect(JSON.stringify(sent)).not.toContain(secret);
  });

  it('a game created with a key belongs to its creator; notifications of the start carry no key', async () => {
    const queue = captureQueue();
    const a = await newPlayer('A', 'a@example.org');
    const own = await call('POST', '/api/games', { token: a.key, json: { variant: 'warp-factor', side: 'black' } });
    expect(own.status).toBe(201);
    expect(own.body.state.players.black.name).toBe('A');
    expect((await myGames(a))[0]).toMatchObject({ id: own.body.id, side: 'black', yourTurn: false });
    // Per-game tokens keep working next to the key.
    expect((await call('POST', `/api/games/${own.body.id}/moves`, { token: own.body.tokens.white, text: 'Wb2-Wb3' })).status).toBe(200);
    expect((await call('POST', '/api/games', { json: { variant: 'warp-factor', side: 'black' } })).status).toBe(400);
    expect((await call('POST', '/api/games', { token: 'x'.repeat(30), json: { variant: 'warp-factor' } })).status).toBe(403);

    const b = await newPlayer('B', 'b@example.org');
    queue.take();
    await startGame(a, b);
    const jobs = queue.take();
    expect(jobs.map((j) => `${j.event}:${j.side}:${j.channel}`).sort()).toEqual(['game-start:black:email', 'game-start:white:email']);
    for (const secret of [a.key, b.key]) expect(JSON.stringify(jobs)).not.toContain(secret);
  });

  it("a game made with a key puts the player's address on their seat only once it is confirmed", async () => {
    const a = await newPlayer('Uhura', 'uhura@example.org');
    await env.DB.prepare('update players set email_confirmed_at = null where id = ?').bind(a.id).run();
    const seatEmail = async (json: Record<string, unknown>) => {
      const made = await call('POST', '/api/games', { token: a.key, json: { variant: 'warp-factor', ...json } });
      expect(made.status).toBe(201);
      const side = (json.side as string | undefined) ?? 'white';
      return (await call('GET', `/api/games/${made.body.id}/me`, { token: made.body.tokens[side] })).body;
    };
    // Unconfirmed: the seat has the name, not the address (nothing is mailed there yet).
    expect(await seatEmail({})).toMatchObject({ side: 'white', name: 'Uhura', email: null });
    // Confirmed: the address follows the player into the game.
    await env.DB.prepare('update players set email_confirmed_at = 1 where id = ?').bind(a.id).run();
    expect(await seatEmail({ side: 'black' })).toMatchObject({ side: 'black', name: 'Uhura', email: 'uhura@example.org' });
    // An address the request gives the seat is the seat's own.
    expect(await seatEmail({ white: { email: 'nyota@example.org' } })).toMatchObject({ email: 'nyota@example.org' });
  });

  it("against the computer the key takes the human's seat, never the computer's", async () => {
    const a = await newPlayer('A');
    // No side given, the computer plays White: the key takes Black (it took White, the computer's seat).
    const game = await call('POST', '/api/games', { token: a.key, json: { variant: 'warp-factor', white: { computer: 1 } } });
    expect(game.status).toBe(201);
    expect(Object.keys(game.body.tokens)).toEqual(['black']);
    expect((await call('GET', `/api/games/${game.body.id}`, { token: a.key })).body.you).toBe('black');
    // ... and its list names the opponent: the computer, with its level.
    expect((await myGames(a)).find((g) => g.id === game.body.id)).toMatchObject({
      side: 'black',
      opponent: { id: null, name: 'Computer (level 1)', computer: 1 },
    });
    // Asking for the computer's side is refused in words, and makes no game.
    const before = (await myGames(a)).length;
    const computerSide = await call('POST', '/api/games', { token: a.key, json: { variant: 'warp-factor', side: 'black', black: { computer: 3 } } });
    expect(computerSide.body.error).toBe('side: the computer plays black; with a player key you take the other side (or leave side out)');
    for (const json of [
      { variant: 'warp-factor', side: 'black', black: { computer: 3 } },
      { variant: 'planar', white: { computer: 2 }, black: { computer: 2 } },
    ]) {
      const refused = await call('POST', '/api/games', { token: a.key, json });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/computer/);
    }
    expect((await myGames(a)).length).toBe(before);
  });
});

describe('OpenAPI', () => {
  it('documents the player routes with schemas generated from valibot', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    for (const path of [
      '/api/players',
      '/api/players/sign-in',
      '/api/me/games',
      '/api/me/chat',
      '/api/challenges',
      '/api/challenges/{id}/accept',
      '/api/games/{id}/rematch',
      '/api/stream/events',
      '/api/games/{id}/stream',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.components.schemas.CreateChallenge.properties.color.enum).toEqual(['white', 'black', 'random']);
    expect(doc.components.schemas.CreatePlayer.properties).toHaveProperty('email');
    expect(doc.paths['/api/me'].patch.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/PlayerSettings');
    expect(Object.keys(doc.components.schemas.PlayerSettings.properties).sort()).toEqual(['email', 'name', 'webhook']);
  });
});
