// A bot author's client, typed by openapi-typescript from /openapi.json (api.gen.ts, written by
// scripts/check-openapi.ts). It is only compiled, never run: if the document leaves out a field a
// bot reads, or describes an answer as a bare object, this stops compiling.
import type { components, paths } from './api.gen.ts';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer T } }
      ? T
      : never
    : never
  : never;

type Created = Json<'/api/games', 'post', 201>;
type State = components['schemas']['GameState'];
type Moved = Json<'/api/games/{id}/moves', 'post', 200>;
type Legal = Json<'/api/games/{id}/legal', 'get', 200>;
type ApiError = components['schemas']['Error'];

async function request<T>(base: string, method: string, path: string, token?: string, body?: string): Promise<T> {
  const res = await fetch(base + path, { method, body, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'text/plain' } });
  if (!res.ok) throw new Error(((await res.json()) as ApiError).error);
  return (await res.json()) as T;
}

/** Create a game, then White plays the first legal turn with its ply; say what happened. */
export async function firstTurn(base: string): Promise<string> {
  const game = await request<Created>(base, 'POST', '/api/games', undefined, JSON.stringify({ variant: 'warp-factor' }));
  const secret: string | undefined = game.webhookSecrets?.white;
  const white: string | undefined = game.tokens.white;
  const legal = await request<Legal>(base, 'GET', `/api/games/${game.id}/legal`);
  const turn: string | undefined = legal.legal[0];
  if (!white || !turn) return 'nothing to play';
  const moved = await request<Moved>(base, 'POST', `/api/games/${game.id}/moves`, white, `${turn} #${legal.ply + 1}`);
  const state: State = moved.state;
  const deadline: string | null | undefined = state.clock?.deadline;
  const reply = moved.answer ? ` and ${moved.answer.side} answered ${moved.answer.text}` : '';
  return `${moved.move.side} played ${moved.move.text}${reply}; ${state.sideToMove} to move at ply ${state.ply}${deadline ? ` by ${deadline}` : ''}${secret ? ' (webhook signed)' : ''}`;
}
