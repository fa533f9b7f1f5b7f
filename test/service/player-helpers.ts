// Players and games between them, through the API.
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { call } from './helpers.ts';

export type Player = { id: string; key: string; link: string };

/** A new player; an email address given is taken as confirmed (the link's own tests are in edges-limits.test.ts). */
export async function newPlayer(name?: string, email?: string): Promise<Player> {
  // The confirmation mail goes nowhere (a test that watches the mail binding keeps its own watch).
  const quiet =
    email && !vi.isMockFunction(env.EMAIL!.send) ? vi.spyOn(env.EMAIL!, 'send').mockImplementation(async () => ({ messageId: 'confirm' }) as never) : undefined;
  const res = await call('POST', '/api/players', { json: { ...(name ? { name } : {}), ...(email ? { email } : {}) } });
  quiet?.mockRestore();
  if (res.status !== 201) throw new Error(`create player: ${res.status} ${res.text}`);
  if (email) await env.DB.prepare('update players set email_confirmed_at = 1 where id = ?').bind(res.body.id).run();
  return res.body;
}

/**
 * Each side plays a turn (the first legal one), white's key first: a rated game that ends before
 * that is not rated (docs/ratings.md), so tests of ratings play these before the end.
 */
export async function turnEach(gameId: string, whiteKey: string, blackKey: string) {
  for (const key of [whiteKey, blackKey]) {
    const legal = (await call('GET', `/api/games/${gameId}/legal`)).body.legal[0];
    const moved = await call('POST', `/api/games/${gameId}/moves`, { token: key, json: { move: legal } });
    expect(moved.status, moved.text).toBe(200);
  }
}

/** A accepts a challenge B made with these fields (by default rated: with a clock): the new game. */
export async function startGame(a: Player, b: Player, fields: Record<string, unknown> = { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } }) {
  const ch = await call('POST', '/api/challenges', { token: a.key, json: fields });
  expect(ch.status).toBe(201);
  const game = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: b.key });
  expect(game.status).toBe(201);
  return { challenge: ch.body, game: game.body };
}
