// Ratings through the API: rated challenges between players change both ratings by Glicko-2,
// exactly as a from-scratch computation over the same games; casual games do not; the game
// state and the gameFinish event carry the ratings before and the change; the leaderboard.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { idle, ratePeriod, START, type Rating } from '../../src/league/glicko2.ts';
import { drizzle } from 'drizzle-orm/d1';
import { playerRatings } from '../../src/db/schema-ratings.ts';
import { RatingService } from '../../src/service/ratings.ts';
import { RatingStore } from '../../src/db/rating-store.ts';
import { BASE, call, FIRST_CONTACT_WIN, inGame, newGame } from './helpers.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import { newPlayer, startGame, turnEach, type Player } from './player-helpers.ts';

type Outcome = 'white' | 'black' | 'draw';

/** A game between two players from a challenge (a white), a turn each, then ended as asked: the loser resigns, or a draw by agreement. */
async function play(white: Player, black: Player, outcome: Outcome, fields: Record<string, unknown> = {}) {
  const { game } = await startGame(white, black, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 }, ...fields });
  await turnEach(game.id, white.key, black.key);
  if (outcome === 'draw') {
    expect((await call('POST', `/api/games/${game.id}/draw`, { token: white.key, json: { action: 'offer' } })).status).toBe(200);
    const end = await call('POST', `/api/games/${game.id}/draw`, { token: black.key, json: { action: 'accept' } });
    expect(end.status).toBe(200);
    return end.body;
  }
  const end = await call('POST', `/api/games/${game.id}/resign`, { token: outcome === 'white' ? black.key : white.key });
  expect(end.status).toBe(200);
  return end.body;
}

const ratingOf = async (p: Player, variant = 'warp-factor') =>
  ((await call('GET', `/api/players/${p.id}`)).body.ratings as { variant: string; rating: number; rd: number }[]).find((r) => r.variant === variant);

describe('ratings', () => {
  it('rated games change ratings exactly as Glicko-2 from scratch does, one rating period per game', async () => {
    const players = [await newPlayer('Kirk'), await newPlayer('Spock'), await newPlayer('McCoy')];
    const [kirk, spock, mccoy] = players as [Player, Player, Player];
    const games: [Player, Player, Outcome][] = [
      [kirk, spock, 'white'],
      [spock, mccoy, 'draw'],
      [mccoy, kirk, 'black'],
      [kirk, spock, 'draw'],
      [spock, mccoy, 'black'],
      [mccoy, kirk, 'white'],
    ];
    const expected = new Map<string, Rating>(players.map((p) => [p.id, START]));
    for (const [w, b, outcome] of games) {
      const state = await play(w, b, outcome);
      // From scratch: both players rated against the other's rating before, in one period.
      const [rw, rb] = [expected.get(w.id)!, expected.get(b.id)!];
      const score = outcome === 'white' ? 1 : outcome === 'black' ? 0 : 0.5;
      const nw = ratePeriod(rw, [{ opponent: rb, score }]);
      const nb = ratePeriod(rb, [{ opponent: rw, score: 1 - score }]);
      expected.set(w.id, nw);
      expected.set(b.id, nb);
      // The answer of the ending request carries the ratings before and the change.
      expect(state.rated).toBe(true);
      expect(state.ratings.white.rating).toBeCloseTo(rw.rating, 1);
      expect(state.ratings.white.change).toBeCloseTo(nw.rating - rw.rating, 1);
      expect(state.ratings.black.change).toBeCloseTo(nb.rating - rb.rating, 1);
      expect(state.ratings.white.provisional).toBe(rw.rd > 110);
    }
    for (const p of players) {
      const got = await ratingOf(p);
      expect(got?.rating).toBeCloseTo(expected.get(p.id)!.rating, 1);
      expect(got?.rd).toBeCloseTo(expected.get(p.id)!.rd, 1);
    }
    const profile = (await call('GET', `/api/players/${kirk.id}`)).body;
    expect(profile.ratings[0]).toMatchObject({ variant: 'warp-factor', games: 4, wins: 2, draws: 1, losses: 1, provisional: true });
    expect(profile.ratingChanges).toHaveLength(4);
    expect(profile.recentGames).toHaveLength(4);
    expect(profile.recentGames[0].rated).toBe(true);
    // Pages show whole points that add up: before, the change, after (the API keeps the decimals).
    const shown = (await call('GET', `/players/${kirk.id}`, { headers: { Accept: 'text/html' } })).text;
    for (const c of profile.ratingChanges as { before: number; change: number; after: number }[]) {
      const [before, after] = [Math.round(c.before), Math.round(c.after)];
      const diff = after - before;
      expect(shown).toContain(`${before} ${diff >= 0 ? '+' : '−'}${Math.abs(diff)} = ${after}`);
    }
    expect(shown).not.toMatch(/[+−]\d+\.\d/);
    // Each rated game says whom it was against and when (tester: thirty lines of "Warp Factor: won").
    const opponents = (profile.ratingChanges as { opponent: { id: string; name: string } }[]).map((c) => c.opponent.name);
    expect(opponents.sort()).toEqual(['McCoy', 'McCoy', 'Spock', 'Spock']);
    const first = profile.ratingChanges[0] as { gameId: string; at: string; opponent: { id: string; name: string } };
    expect(shown).toContain(
      `against <a href="/players/${first.opponent.id}">${first.opponent.name}</a>, <time datetime="${first.at}">${first.at.slice(0, 10)}</time>:`,
    );
  });

  it('casual games are not rated: "rated": false, the computer, links without keys, an abort, a timeout before two turns each', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const casual = await play(a, b, 'white', { rated: false });
    expect(casual.rated).toBe(false);
    expect(casual.ratings).toBeNull();
    const computer = await newGame('warp-factor', { black: { computer: 1 } });
    expect(computer.state.rated).toBe(false);
    const links = await newGame('warp-factor');
    expect(links.state.rated).toBe(false);
    // The game page says what is at stake (tester 14 P16).
    expect((await call('GET', `/games/${links.id}`)).text).toMatch(/<\/span> · casual · you are watching/);
    const stake = (await startGame(a, b)).game;
    expect((await call('GET', `/games/${stake.id}`)).text).toMatch(/<\/span> · rated · you are watching/);
    // Only with a clock (tester 14 P1): without one a challenge is casual, and rated: true is refused in words.
    const challenge = (json: Record<string, unknown>) => call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: b.id, ...json } });
    expect((await challenge({})).body).toMatchObject({ rated: false, clock: null });
    expect((await challenge({ clock: { daysPerMove: 2 } })).body).toMatchObject({ rated: true, clock: { daysPerMove: 2 } });
    const refused = await challenge({ rated: true });
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      400,
      'invalid_body',
      'rated: a rated game needs a clock (clock.daysPerMove), so that a player who stops answering loses on time; give a clock, or send rated: false',
    ]);
    const { game } = await startGame(a, b);
    const aborted = await call('POST', `/api/games/${game.id}/abort`, { token: a.key });
    expect(aborted.body.status).toBe('aborted');
    expect(aborted.body.ratings).toBeNull();
    expect(await ratingOf(a)).toBeUndefined();

    // A game lost on time after one turn: rated flag on, but not rated.
    const timed = (await startGame(a, b, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 1 } })).game;
    const legal = (await call('GET', `/api/games/${timed.id}/legal`)).body.legal[0];
    await call('POST', `/api/games/${timed.id}/moves`, { token: a.key, json: { move: legal } });
    const later = Date.now() + 3 * 86_400_000;
    const row = (await inGame(timed.id, (store) => store.game(timed.id)))!;
    const service = new RatingService(new RatingStore(env.DB), () => later);
    expect(await service.rate({ ...row, status: 'finished', result: '1-0', reason: 'timeout', finishedAt: later })).toBeUndefined();
    expect(await ratingOf(a)).toBeUndefined();
  });

  it('a rated game that ends before each side made a turn is not rated, like an abort, whatever the end; First Contact’s placements are turns', async () => {
    const [a, b] = [await newPlayer('Early A'), await newPlayer('Early B')];
    const unrated = (state: { rated: boolean; ratings: unknown }) => expect([state.rated, state.ratings]).toEqual([false, null]);
    // Resigned at once; resigned after white's first turn; a draw agreed at once.
    let { game } = await startGame(a, b);
    expect((await call('GET', `/api/games/${game.id}`)).body.rated).toBe(true);
    let end = await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
    expect(end.body).toMatchObject({ status: 'finished', result: '0-1', reason: 'resignation', ply: 0 });
    unrated(end.body);
    ({ game } = await startGame(a, b));
    const legal = (await call('GET', `/api/games/${game.id}/legal`)).body.legal[0];
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: a.key, json: { move: legal } })).status).toBe(200);
    end = await call('POST', `/api/games/${game.id}/resign`, { token: b.key });
    expect(end.body).toMatchObject({ result: '1-0', ply: 1 });
    unrated(end.body);
    unrated((await call('GET', `/api/games/${game.id}`)).body);
    ({ game } = await startGame(a, b));
    await call('POST', `/api/games/${game.id}/draw`, { token: a.key, json: { action: 'offer' } });
    unrated((await call('POST', `/api/games/${game.id}/draw`, { token: b.key, json: { action: 'accept' } })).body);
    expect(await ratingOf(a)).toBeUndefined();
    expect(await ratingOf(b)).toBeUndefined();
    // The player's own list says the same as the game.
    const mine = (await call('GET', '/api/me/games?status=finished', { token: a.key })).body.games as { id: string; rated: boolean }[];
    expect(mine.find((g) => g.id === game.id)?.rated).toBe(false);

    // First Contact: one platform placed by each side is a turn each; the game is rated.
    ({ game } = await startGame(a, b, { variant: 'first-contact', color: 'white', clock: { daysPerMove: 3 } }));
    for (const [i, turn] of FIRST_CONTACT_WIN.slice(0, 2).entries())
      expect((await call('POST', `/api/games/${game.id}/moves`, { token: i ? b.key : a.key, text: turn })).status).toBe(200);
    end = await call('POST', `/api/games/${game.id}/resign`, { token: b.key });
    expect(end.body).toMatchObject({ result: '1-0', ply: 2, rated: true });
    expect(end.body.ratings.white.change).toBeGreaterThan(0);
    expect((await ratingOf(a, 'first-contact'))?.rating).toBeGreaterThan(1500);
  });

  it('the RD grows by one Glicko-2 idle period per 7 days without a rated game', async () => {
    const a = await newPlayer('Idle A');
    const b = await newPlayer('Idle B');
    await play(a, b, 'white');
    const store = new RatingStore(env.DB);
    const [row] = await store.ratings([a.id], 'warp-factor');
    const in20Days = row!.ratedAt + 20 * 86_400_000;
    const service = new RatingService(store, () => in20Days);
    const shown = (await service.ratingsOf([a.id], 'warp-factor')).get(a.id)!;
    expect(shown.rd).toBeCloseTo(idle(row!, 2).rd, 1);
    expect(shown.rd).toBeGreaterThan(row!.rd);
  });

  it('the gameFinish event on the player stream carries the ratings before and the change', async () => {
    const a = await newPlayer('Streamer A');
    const b = await newPlayer('Streamer B');
    const { game } = await startGame(a, b);
    await turnEach(game.id, a.key, b.key);
    const res = await exports.default.fetch(new Request(`${BASE}/api/stream/events`, { headers: { Authorization: `Bearer ${b.key}` } }));
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const end = await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
    let buffer = '';
    type Side = { rating: number; rd: number; provisional: boolean; change: number };
    let finish: { game: { ratings: { white: Side; black: Side } } } | undefined;
    while (!finish) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (const line of buffer.split('\n').filter((l) => l.trim())) {
        const event = JSON.parse(line);
        if (event.type === 'gameFinish') finish = event;
      }
    }
    await reader.cancel();
    if (!finish) throw new Error('no gameFinish event');
    expect(finish.game).toMatchObject({ id: game.id, rated: true, side: 'black', ratings: end.body.ratings });
    expect(finish.game.ratings.black).toMatchObject({ rating: 1500, rd: 350, provisional: true });
    expect(finish.game.ratings.black.change).toBeGreaterThan(0);
    expect(finish.game.ratings.white.change).toBeCloseTo(-finish.game.ratings.black.change, 1);
  });

  it("the game-over email (and chat message) of a rated game says the player's rating and its change", async () => {
    const queue = captureQueue();
    const a = await newPlayer('Mailed A', 'mailed-a@example.org');
    const b = await newPlayer('Mailed B', 'mailed-b@example.org');
    const { game } = await startGame(a, b);
    await turnEach(game.id, a.key, b.key);
    queue.take();
    const end = await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
    const sent: { to: string; text: string }[] = [];
    const EMAIL = { send: async (m: { to: string; text: string }) => (sent.push(m), { messageId: 'x' }) } as unknown as SendEmail;
    await runQueue(
      queue.take().filter((j) => j.event === 'game-over'),
      1,
      'subspace-notify',
      { ...env, EMAIL },
    );
    const words = (side: 'white' | 'black') => {
      const r = end.body.ratings[side];
      // Whole points that add up, as the pages show them (not the API's decimals).
      const n = Math.round(1500 + r.change) - 1500;
      return `Your rating: 1500? ${n >= 0 ? '+' : '−'}${Math.abs(n)} = ${1500 + n}.`;
    };
    expect(sent.map((m) => m.to).sort()).toEqual(['mailed-a@example.org', 'mailed-b@example.org']);
    expect(sent.find((m) => m.to === 'mailed-a@example.org')!.text).toContain(words('white'));
    expect(sent.find((m) => m.to === 'mailed-b@example.org')!.text).toContain(words('black'));
  });

  it('GET /api/leaderboard/:variant: players whose RD is at most 110 now, best first; bad variant and limit say so', async () => {
    const [strong, steady, rusty, fresh] = [await newPlayer('Strong'), await newPlayer('Steady'), await newPlayer('Rusty'), await newPlayer('Fresh')];
    // Twin took Steady's name: the page tells them apart by their ids (tester 14 P4).
    const twin = await newPlayer('steady');
    const now = Date.now();
    const row = (p: Player, rating: number, rd: number, ratedAt: number) => ({
      playerId: p.id,
      variant: 'planar',
      rating,
      rd,
      volatility: 0.06,
      games: 30,
      wins: 15,
      draws: 5,
      losses: 10,
      ratedAt,
    });
    // Rusty's RD was 100, but a year without games grew it past 110; Fresh is provisional.
    await drizzle(env.DB)
      .insert(playerRatings)
      .values([
        row(steady, 1650, 60, now),
        row(twin, 1650, 60, now),
        row(strong, 1900, 80, now),
        row(rusty, 2000, 100, now - 365 * 86_400_000),
        row(fresh, 2100, 200, now),
      ]);
    expect(idle({ rating: 2000, rd: 100, volatility: 0.06 }, 52).rd).toBeGreaterThan(110);
    const board = await call('GET', '/api/leaderboard/planar?limit=5');
    expect(board.status).toBe(200);
    // Steady and Twin have the same rating: they share the rank (tester 14 P5).
    const shown = board.body.players.map((p: { id: string; rank: number; provisional: boolean }) => [p.id, p.rank, p.provisional]);
    expect(shown[0]).toEqual([strong.id, 1, false]);
    expect(shown.slice(1).sort()).toEqual(
      [
        [steady.id, 2, false],
        [twin.id, 2, false],
      ].sort(),
    );
    const page = (await call('GET', '/leaderboard/planar')).text;
    expect(page).toContain(`>Steady (${steady.id})</a>`);
    expect(page).toContain(`>steady (${twin.id})</a>`);
    expect(page).toContain('>Strong</a>');
    expect((await call('GET', '/api/leaderboard/planar?limit=1')).body.players).toHaveLength(1);
    expect((await call('GET', '/api/leaderboard/chess')).status).toBe(404);
    const bad = await call('GET', '/api/leaderboard/planar?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/limit/);
  });
});
