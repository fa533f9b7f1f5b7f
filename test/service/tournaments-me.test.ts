// /me lists the tournaments a player is in or made until they finish (tester 14 P9): the way back
// to an event joined but not yet started, which no game of theirs links to yet.
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { newPlayer, turnEach, type Player } from './player-helpers.ts';

const me = async (p: Player) => (await call('GET', '/me', { headers: { Cookie: `subspace_key=${p.key}` } })).text;
/** The /me list's lines, tags and spaces folded. */
const lines = async (p: Player) =>
  [...((await me(p)).match(/<ul id="my-tournaments">([\s\S]*?)<\/ul>/)?.[1] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

type Board = { white: { id: string }; black: { id: string } | null; gameId: string | null; result: string | null };

async function tournament(creator: Player, name: string, fields: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/tournaments', {
    token: creator.key,
    json: { name, variant: 'warp-factor', clock: { daysPerMove: 3 }, format: 'round-robin', maxPlayers: 4, ...fields },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

describe('/me: your tournaments', () => {
  it('lists those joined or made until they finish, and says where each stands', async () => {
    const [maker, a, b, c] = await Promise.all(['Maker', 'Ann', 'Ben', 'Cal'].map((n) => newPlayer(n)));
    expect(await lines(a!)).toEqual([]);
    const t = await tournament(maker!, 'Spring Cup');
    const later = await tournament(maker!, 'Winter Swiss', { format: 'swiss', rounds: 3, startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    for (const p of [a!, b!, c!]) expect((await call('POST', `/api/tournaments/${t.id}/join`, { token: p.key })).status).toBe(200);
    expect(await lines(a!)).toEqual(['Spring Cup — Warp Factor, round robin: open, its creator starts it']);
    expect(await lines(maker!)).toEqual([
      expect.stringMatching(/^Winter Swiss — Warp Factor, Swiss, 3 rounds: open, starts .+\. You made it and have not joined it$/),
      'Spring Cup — Warp Factor, round robin: open, its creator starts it. You made it and have not joined it',
    ]);
    expect(await me(a!)).toContain(`<a href="/tournaments/${t.id}">Spring Cup</a>`);
    // Left before the start: no longer theirs.
    expect((await call('POST', `/api/tournaments/${later.id}/join`, { token: b!.key })).status).toBe(200);
    expect(await lines(b!)).toHaveLength(2);
    expect((await call('POST', `/api/tournaments/${later.id}/leave`, { token: b!.key })).status).toBe(200);
    expect(await lines(b!)).toEqual(['Spring Cup — Warp Factor, round robin: open, its creator starts it']);

    const started = await call('POST', `/api/tournaments/${t.id}/start`, { token: maker!.key });
    expect(started.status, started.text).toBe(200);
    expect(await lines(a!)).toEqual(['Spring Cup — Warp Factor, round robin: under way, 3 rounds']);
    // Withdrawn: no longer theirs.
    expect((await call('POST', `/api/tournaments/${t.id}/leave`, { token: c!.key })).status).toBe(200);
    expect(await lines(c!)).toEqual([]);
    // Its games end: the tournament is finished and leaves the list (its games stay under Finished).
    const keyOf = (id: string) => [a!, b!].find((p) => p.id === id)!.key;
    for (let round = 1; round <= 3; round++) {
      const view = (await call('GET', `/api/tournaments/${t.id}`)).body;
      for (const board of view.pairings.flatMap((r: { boards: Board[] }) => r.boards))
        if (board.gameId && board.result === null) {
          await turnEach(board.gameId, keyOf(board.white.id), keyOf(board.black!.id));
          expect((await call('POST', `/api/games/${board.gameId}/resign`, { token: keyOf(board.black!.id) })).status).toBe(200);
        }
    }
    expect((await call('GET', `/api/tournaments/${t.id}`)).body.status).toBe('finished');
    expect(await lines(a!)).toEqual([]);
    expect(await lines(maker!)).toEqual([expect.stringMatching(/^Winter Swiss/)]);
  });

  it('a creator who joined and withdrew is told so, not that they never joined (tester 17 X15)', async () => {
    const [maker, a, b] = await Promise.all(['Maker2', 'Ann2', 'Ben2'].map((n) => newPlayer(n)));
    const t = await tournament(maker!, 'Autumn Cup');
    for (const p of [maker!, a!, b!]) expect((await call('POST', `/api/tournaments/${t.id}/join`, { token: p.key })).status).toBe(200);
    expect((await call('POST', `/api/tournaments/${t.id}/start`, { token: maker!.key })).status).toBe(200);
    expect((await call('POST', `/api/tournaments/${t.id}/leave`, { token: maker!.key })).status).toBe(200);
    expect(await lines(maker!)).toEqual([expect.stringMatching(/^Autumn Cup — .*under way.*\. You made it and withdrew from it$/)]);
  });
});
