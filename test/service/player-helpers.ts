// Players and games between them, through the API.
import { expect } from 'vitest';
import { call } from './helpers.ts';

export type Player = { id: string; key: string; link: string };

export async function newPlayer(name?: string, email?: string): Promise<Player> {
  const res = await call('POST', '/api/players', { json: { ...(name ? { name } : {}), ...(email ? { email } : {}) } });
  if (res.status !== 201) throw new Error(`create player: ${res.status} ${res.text}`);
  return res.body;
}

/** A accepts a challenge B made with these fields: the new game. */
export async function startGame(a: Player, b: Player, fields: Record<string, unknown> = { variant: 'warp-factor', color: 'white' }) {
  const ch = await call('POST', '/api/challenges', { token: a.key, json: fields });
  expect(ch.status).toBe(201);
  const game = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: b.key });
  expect(game.status).toBe(201);
  return { challenge: ch.body, game: game.body };
}
