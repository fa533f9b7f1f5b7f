// Calling the Worker the way a client would.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { GameStore } from '../../src/db/game-store.ts';
import type { GameObject } from '../../src/worker/game-object.ts';
import { gameObject } from '../../src/worker/game-objects.ts';
import worker from '../../src/worker/index.ts';
import { gameService } from '../../src/worker/services.ts';

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

/** The typing tag a player's game page puts in its own GET forms (Preview, Hint): with it, the page takes typed words back from its address. */
export const typedTagOf = (html: string) => /name="typed" value="([0-9a-f]+)"/.exec(html)?.[1] ?? '';

/** How often `text` occurs in `html`. */
export const occurrences = (html: string, text: string) => html.split(text).length - 1;

/** Work with a game's own storage, inside its object (issue 28: a game's records live there). */
export const inGame = <T>(id: string, use: (store: GameStore, object: GameObject, state: DurableObjectState) => T | Promise<T>): Promise<T> =>
  runInDurableObject(gameObject(env, id), (object: GameObject, state) => use(object.store, object, state));

/**
 * Change the environment a game's object runs with (its configuration, as a request's own
 * environment would for the Worker): the object's services read it on every call.
 */
export const objectEnv = (id: string, changes: Partial<Cloudflare.Env>) =>
  inGame(id, (_store, object) => {
    const holder = object as unknown as { env: Cloudflare.Env };
    holder.env = { ...holder.env, ...changes };
  });

type Row = Record<string, unknown>;

/**
 * A game's own SQLite, asked as D1 is (prepare, bind, all, first, run): for tests that read or
 * change a game's tables directly. A write also bumps the row's revision and goes to the
 * directory, as the object's own writes do, so D1's copy follows.
 */
export function gameDb(id: string) {
  const exec = (query: string, params: unknown[]) =>
    runInDurableObject(gameObject(env, id), async (object: GameObject, state) => {
      const rows = state.storage.sql.exec(query, ...params).toArray() as Row[];
      if (/^\s*(update|insert|delete)/i.test(query)) {
        state.storage.sql.exec('update games set revision = revision + 1');
        await object.store.directoryCopy.republish(id);
      }
      return rows;
    });
  const statement = (query: string, params: unknown[] = []) => ({
    bind: (...p: unknown[]) => statement(query, p),
    all: async <T = Row>() => ({ results: (await exec(query, params)) as T[] }),
    first: async <T = unknown>(column?: string): Promise<T | null> => {
      const [row] = await exec(query, params);
      if (row === undefined) return null;
      return (column === undefined ? row : row[column]) as T;
    },
    run: async () => ({ rows: await exec(query, params) }),
  });
  return { prepare: (query: string) => statement(query) };
}

/** The texts of a game's move rows, in order. */
export const moveTexts = async (id: string) => (await inGame(id, (store) => store.moves(id))).map((m) => m.text);

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
  if (!/^\/games\/[a-z0-9]{12,16}\/new$/.test(to.pathname)) throw new Error(`the form redirected to ${to}`);
  // The new game's tokens come in a cookie for that page, as a browser keeps it.
  const made = (res.headers.getSetCookie().find((c) => c.startsWith('subspace_new_game=')) ?? '').split(';')[0]!;
  return call('GET', to.pathname + to.search, { headers: { ...headers, Cookie: [headers.Cookie, made].filter(Boolean).join('; ') } });
}

/** A browser's push subscription body (a real P-256 point and auth secret) for `endpoint`, as `PushSubscription.toJSON()` gives it. */
export async function pushSubscriptionBody(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const b64u = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return { endpoint, expirationTime: null, keys: { p256dh: b64u(raw), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) } };
}
