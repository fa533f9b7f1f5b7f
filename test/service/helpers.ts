// Calling the Worker the way a client would.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { gameService } from '../../src/worker/services.ts';
import { expect } from 'vitest';
import worker from '../../src/worker/index.ts';

export const BASE = 'http://subspace.test';

/**
 * One request through the Worker. It returns once the work the Worker left for after its answer
 * (`waitUntil`: notifications, event streams, the computer's request) is done too, so a test sees
 * what a request sent as soon as it has the answer. Redirects are answers too: a test follows them itself.
 */
export async function fetchWorker(request: Request, bindings: Cloudflare.Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export interface Call {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  headers: Headers;
}

export async function call(
  method: string,
  path: string,
  init: { json?: unknown; text?: string; token?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Call> {
  const headers: Record<string, string> = { ...init.headers };
  let body: BodyInit | undefined = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.text !== undefined) {
    headers['Content-Type'] ??= 'text/plain';
    body = init.text;
  }
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetchWorker(new Request(`${BASE}${path}`, { method, headers, body }));
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

export async function newGame(variant: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/games', { json: { variant, ...extra } });
  if (res.status !== 201) throw new Error(`create ${variant}: ${res.status} ${res.text}`);
  return res.body as { id: string; tokens: { white: string; black: string }; links: Record<string, string>; state: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Play a turn as whoever is to move. */
export async function play(game: { id: string; tokens: { white: string; black: string } }, move: string, side?: 'white' | 'black') {
  const mover = side ?? (await call('GET', `/api/games/${game.id}`)).body.sideToMove;
  return call('POST', `/api/games/${game.id}/moves`, { text: move, token: game.tokens[mover as 'white' | 'black'] });
}

/** A short First Contact game that Black wins by check (placement, kings, drops, a platform step). */
export const FIRST_CONTACT_WIN = '@Nd1d @Na1u @Wa4u @Ba1d K@Wb4 K@Bd2 N@Wd2 R@Bc4 Wb4-Wa4u:b2 Q@Ba1#'.split(' ');

/** A form post as a browser sends it from our own page; redirects are not followed. */
export async function form(path: string, fields: Record<string, string>, origin = BASE, headers: Record<string, string> = {}) {
  const res = await fetchWorker(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...headers },
    }),
  );
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export const location = (res: { headers: Headers }) => new URL(res.headers.get('Location') ?? '', BASE);

/** The page a form's redirect leads to, as the browser gets it. */
export const followed = (res: { headers: Headers }) => call('GET', location(res).pathname + location(res).search);

/** How often `text` occurs in `html`. */
export const occurrences = (html: string, text: string) => html.split(text).length - 1;

/** The texts of a game's move rows, in order. */
export const moveTexts = async (id: string) =>
  (await env.DB.prepare('select text from moves where game_id = ? order by ply').bind(id).all<{ text: string }>()).results.map((r) => r.text);

/** The stored game is what its move rows replay to; returns its public state. */
export async function expectRebuilds(id: string) {
  const rebuilt = await gameService(env).rebuild(id);
  const state = (await call('GET', `/api/games/${id}`)).body;
  expect(rebuilt.ok && rebuilt.value).toMatchObject({ position: state.position, ply: state.ply });
  return state;
}

/**
 * The home page form as a browser sends it: a new game answers 303 to its links page (post,
 * redirect, get), which is followed; anything else (a refusal) is returned as it came.
 */
export async function createWithForm(fields: Record<string, string>, origin = BASE, headers: Record<string, string> = {}) {
  const res = await form('/games', fields, origin, headers);
  if (res.status !== 303) return res;
  const to = location(res);
  if (!/^\/games\/[a-z0-9]{12}\/new$/.test(to.pathname)) throw new Error(`the form redirected to ${to}`);
  return call('GET', to.pathname + to.search, { headers });
}
