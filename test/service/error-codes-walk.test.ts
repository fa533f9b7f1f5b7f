// Issue 31: every documented error of every route, provoked for real. /openapi.json lists, for
// each error status of each operation, the codes that route can give with it (an enum on the
// Error schema's `code`); here each (operation, status, code) has a recipe that makes the route
// answer it, and the answer must carry that status and code and match the documented schema. A
// documented code without a recipe fails the test, so the document and the walk stay in step;
// every error answer seen on the way (fixtures included) must carry a code from the one list.
import { Validator, type Schema } from '@cfworker/json-schema';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GameStore } from '../../src/db/game-store.ts';
import { TournamentStore } from '../../src/db/tournament-store.ts';
import { ERROR_CODES, type ErrorCode } from '../../src/service/error-codes.ts';
import { MESSAGE_RATE } from '../../src/service/schemas.ts';
import { bodyLimitOf } from '../../src/worker/http-body.ts';
import { BASE, fetchWorker, gameDb } from './helpers.ts';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Schema }> }>; requestBody?: { content: object } }>>;
  components: Record<string, unknown>;
};

/** One request as a recipe describes it. */
interface Spec {
  method: string;
  path: string;
  json?: unknown;
  text?: string;
  body?: BodyInit;
  type?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Bindings other than the test's (a limiter that refuses, a feature not set up). */
  env?: Partial<Cloudflare.Env>;
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  type: string;
}

const codes = new Set<string>(Object.keys(ERROR_CODES));
/** Error answers without a code from the list, wherever they were seen. */
const uncoded: string[] = [];

async function send(spec: Spec): Promise<Answer> {
  const headers: Record<string, string> = { ...spec.headers };
  let body = spec.body;
  if (spec.json !== undefined) [headers['Content-Type'], body] = ['application/json', JSON.stringify(spec.json)];
  else if (spec.text !== undefined) [headers['Content-Type'], body] = [spec.type ?? 'text/plain', spec.text];
  else if (body !== undefined && spec.type) headers['Content-Type'] = spec.type;
  if (spec.token) headers.Authorization = `Bearer ${spec.token}`;
  const bindings = { ...env, ...spec.env } as Cloudflare.Env;
  const res = await fetchWorker(new Request(`${BASE}${spec.path}`, { method: spec.method, headers, body }), bindings);
  const type = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim();
  // A stream that opened is not read to its end.
  if (type === 'application/x-ndjson') await res.body?.cancel();
  const text = type === 'application/x-ndjson' ? '' : await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const answer = { status: res.status, body: parsed, text, type } as Answer;
  if (res.status >= 400 && type === 'application/json' && !codes.has(answer.body?.code))
    uncoded.push(`${spec.method} ${spec.path} -> ${res.status} ${text.slice(0, 200)}`);
  return answer;
}

/** A fixture request that must succeed. */
async function ok(spec: Spec) {
  const res = await send(spec);
  if (res.status >= 300) throw new Error(`${spec.method} ${spec.path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

type Game = { id: string; tokens: { white: string; black: string } };
type Player = { id: string; key: string };

const newGame = (extra: Record<string, unknown> = {}): Promise<Game> => ok({ method: 'POST', path: '/api/games', json: { variant: 'warp-factor', ...extra } });
const clocked = (leaveDays = 3) => newGame({ clock: { daysPerMove: 3, timeout: 'claim', leaveDays } });
const act = (g: Game, side: 'white' | 'black', what: string, json?: unknown) =>
  ok({ method: 'POST', path: `/api/games/${g.id}/${what}`, token: g.tokens[side], ...(json === undefined ? {} : { json }) });
const play = (g: Game, side: 'white' | 'black', text: string) => ok({ method: 'POST', path: `/api/games/${g.id}/moves`, token: g.tokens[side], text });
/** A game White resigned. */
const finished = async (extra: Record<string, unknown> = {}) => {
  const g = await newGame(extra);
  await act(g, 'white', 'resign');
  return g;
};
/** A clocked game paused by agreement. */
const paused = async () => {
  const g = await clocked();
  await act(g, 'white', 'pause', { action: 'offer', days: 3 });
  await act(g, 'black', 'pause', { action: 'accept' });
  return g;
};
const newPlayer = (name: string): Promise<Player> => ok({ method: 'POST', path: '/api/players', json: { name } });
const challenge = (by: Player, json: Record<string, unknown> = {}): Promise<{ id: string }> =>
  ok({ method: 'POST', path: '/api/challenges', token: by.key, json: { variant: 'warp-factor', ...json } });
/** A game between two players (a challenge accepted); `finish`: White resigned it. */
async function playersGame(a: Player, b: Player, finish: boolean) {
  const ch = await challenge(a, { color: 'white', to: b.id });
  const game = await ok({ method: 'POST', path: `/api/challenges/${ch.id}/accept`, token: b.key });
  if (finish) await ok({ method: 'POST', path: `/api/games/${game.id}/resign`, token: a.key });
  return game.id as string;
}
const tournament = (by: Player, json: Record<string, unknown> = {}): Promise<{ id: string }> =>
  ok({
    method: 'POST',
    path: '/api/tournaments',
    token: by.key,
    json: { name: 'Walk', variant: 'warp-factor', clock: { daysPerMove: 3 }, format: 'round-robin', maxPlayers: 3, ...json },
  });
const join = (t: { id: string }, ...who: Player[]) => Promise.all(who.map((p) => ok({ method: 'POST', path: `/api/tournaments/${t.id}/join`, token: p.key })));
const start = (t: { id: string }, by: Player) => ok({ method: 'POST', path: `/api/tournaments/${t.id}/start`, token: by.key });
/** A game of a round robin of kirk, kor and mccoy just started, with its players' keys. */
async function tournamentBoard(): Promise<{ gameId: string; white: string; black: string }> {
  const organiser = await newPlayer('Organiser');
  const t = await tournament(organiser);
  await join(t, kirk, kor, mccoy);
  await start(t, organiser);
  const view = await ok({ method: 'GET', path: `/api/tournaments/${t.id}` });
  const board = view.pairings[0].boards.find((b: { gameId: string | null }) => b.gameId);
  const keyOf = new Map([kirk, kor, mccoy].map((p) => [p.id, p.key]));
  return { gameId: board.gameId, white: keyOf.get(board.white.id)!, black: keyOf.get(board.black.id)! };
}

const webPushKeys = async () => {
  const browser = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  return btoa(String.fromCharCode(...new Uint8Array((await crypto.subtle.exportKey('raw', browser.publicKey)) as ArrayBuffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

const REFUSED_URL = 'https://10.0.0.1/hook';
const refuse = { limit: async () => ({ success: false }) } as unknown as RateLimit;
/** Every per-minute limiter refusing, for a client that says its address. */
const LIMITED = { env: { NEW_GAME_LIMITER: refuse, MAIL_LIMITER: refuse, CHALLENGE_LIMITER: refuse }, headers: { 'CF-Connecting-IP': '203.0.113.7' } };
const RECORD = '[Variant "warp-factor"]\n[Result "*"]\n\n1. Wb2-Wb3 *\n';
const record = (moves: string, result = '*', extra = '') => `[Variant "warp-factor"]\n[Result "${result}"]\n${extra}\n${moves} ${result}\n`;
const NOWHERE = 'zzzzzzzzzzzz';

/**
 * Another request's write lands between this one's read and its guarded write: the store's next
 * guarded writes find the row changed (answer false), as the store answers the loser of a real race
 * (test/service/concurrency.test.ts races two moves for real). Twice: a request that lost is decided
 * again once (GameContext.redecided; test/service/double-press.test.ts), and answers "stale" when it
 * loses again. Restored after each request.
 */
const loseRace = <S extends object>(store: S, method: keyof S & string) =>
  vi
    .spyOn(store as Record<string, () => Promise<boolean>>, method)
    .mockResolvedValueOnce(false)
    .mockResolvedValueOnce(false);
/** A race on `what` of a fresh game (`side` acting, `json` its body; `method` the guarded write it makes). */
const raced =
  (
    what: string,
    method: 'updateGameIf' | 'spendLeave' | 'putConditionalLines',
    json?: unknown,
    side: 'white' | 'black' = 'white',
    extra: Record<string, unknown> = { clock: { daysPerMove: 3, timeout: 'claim', leaveDays: 3 } },
  ) =>
  async (s: Spec): Promise<Spec> => {
    const t = await newGame(extra);
    loseRace(GameStore.prototype, method);
    return { ...s, path: `/api/games/${t.id}/${what}`, token: t.tokens[side], ...(json === undefined ? {} : { json }) };
  };

// Shared fixtures: made once, never changed by the recipes that use them.
let g: Game; // a clocked game with hints, White to move
let kirk: Player;
let kor: Player;
let mccoy: Player;
let openChallenge: string;
let openTournament: string;
let subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/** A request that would pass every check before the route's own: the starting point of the generic recipes. */
function sample(op: string): Spec {
  const [method, template] = op.split(' ') as [string, string];
  const path = template
    .replace('/api/games/{id}', `/api/games/${g.id}`)
    .replace('/api/challenges/{id}', `/api/challenges/${openChallenge}`)
    .replace('/api/tournaments/{id}', `/api/tournaments/${openTournament}`)
    .replace('/api/players/{id}', `/api/players/${kirk.id}`)
    .replace('{variant}', 'warp-factor');
  const seat = g.tokens.white;
  const byPath: Record<string, Partial<Spec>> = {
    'POST /api/games': { json: { variant: 'planar' } },
    'POST /api/games/import': { text: RECORD },
    'GET /api/games/{id}/hint': { token: seat },
    'POST /api/games/{id}/moves': { text: 'Wb2-Wb3', token: seat },
    'POST /api/games/{id}/takeback': { json: { action: 'offer' }, token: seat },
    'GET /api/games/{id}/conditional': { token: seat },
    'PUT /api/games/{id}/conditional': { json: { lines: [] }, token: seat },
    'DELETE /api/games/{id}/conditional': { token: seat },
    'GET /api/games/{id}/messages': { token: seat },
    'POST /api/games/{id}/messages': { json: { text: 'hello' }, token: seat },
    'PUT /api/games/{id}/messages/visibility': { json: { spectators: true }, token: seat },
    'POST /api/games/{id}/pause': { json: { action: 'offer', days: 3 }, token: seat },
    'POST /api/games/{id}/leave': { json: { days: 1 }, token: seat },
    'POST /api/games/{id}/resign': { token: seat },
    'POST /api/games/{id}/abort': { token: seat },
    'POST /api/games/{id}/claim': { token: seat },
    'POST /api/games/{id}/draw': { json: { action: 'offer' }, token: seat },
    'GET /api/games/{id}/me': { token: seat },
    'PATCH /api/games/{id}/me': { json: { email: 'kirk@example.org' }, token: seat },
    'POST /api/games/{id}/push': { json: subscription, token: seat },
    'DELETE /api/games/{id}/push': { json: { endpoint: subscription.endpoint }, token: seat },
    'GET /api/games/{id}/deliveries': { token: seat },
    'POST /api/games/{id}/chat': { text: 'board', token: seat },
    'GET /api/games/{id}/preview': { path: `${path}?move=Wb2-Wb3` },
    'GET /api/board.svg': { path: `${path}?variant=planar&position=x` },
    'GET /api/board.png': { path: `${path}?variant=planar&position=x` },
    'GET /api/games/{id}/notes': { token: seat },
    'PUT /api/games/{id}/notes': { json: { variations: [] }, token: seat },
    'POST /api/players': { json: { name: 'Spock' } },
    'POST /api/players/sign-in': { json: { email: 'nobody@example.org' } },
    'POST /api/tournaments': { json: { name: 'Walk', variant: 'warp-factor', clock: { daysPerMove: 3 }, format: 'round-robin', maxPlayers: 3 } },
    'PATCH /api/me': { json: { name: 'James' } },
    'POST /api/me/push': { json: subscription },
    'DELETE /api/me/push': { json: { endpoint: subscription.endpoint } },
    'PATCH /api/me/notify': { json: { digestHours: 6 } },
    'POST /api/me/chat': { text: 'games' },
    'POST /api/challenges': { json: { variant: 'planar' } },
    'GET /api/games/{id}/socket': { headers: { Upgrade: 'websocket' } },
    'POST /discord/interactions': { json: { type: 1 } },
    'POST /telegram/webhook': { json: { update_id: 1 } },
  };
  // Player routes take the key (a game's routes take the game's token, set above).
  const key =
    /^\/api\/(me|stream\/events)/.test(template) ||
    (/^\/api\/(challenges|tournaments)/.test(template) && method !== 'GET') ||
    op === 'POST /api/games/{id}/rematch';
  return { method, path, ...(key ? { token: kirk.key } : {}), ...byPath[op] };
}

/** Swap the body: `body` with this Content-Type, nothing else of the sample's. */
const withBody = (spec: Spec, body: BodyInit, type: string): Spec => ({ ...spec, json: undefined, text: undefined, body, type });
const anotherId = (spec: Spec, prefix: string): Spec => ({ ...spec, path: spec.path.replace(new RegExp(`^${prefix}/[a-z0-9]+`), `${prefix}/${NOWHERE}`) });

/** Recipes that work from any route's sample: the checks every route of a kind makes. */
const generic: Partial<Record<ErrorCode, (spec: Spec, op: string) => Spec>> = {
  unknown_game: (s) => anotherId(s, '/api/games'),
  unknown_challenge: (s) => anotherId(s, '/api/challenges'),
  unknown_tournament: (s) => anotherId(s, '/api/tournaments'),
  token_required: (s) => ({ ...s, token: undefined }),
  bad_authorization: (s) => ({ ...s, token: undefined, headers: { ...s.headers, Authorization: 'Basic eDp5' } }),
  cross_origin: (s) => ({ ...s, token: undefined, headers: { ...s.headers, Cookie: `subspace_key=${s.token}`, Origin: 'https://elsewhere.example' } }),
  bad_token: (s) => ({ ...s, token: 'x'.repeat(43) }),
  bad_key: (s) => ({ ...s, token: 'x'.repeat(43) }),
  malformed_json: (s) => withBody(s, '{"text":', 'application/json'),
  invalid_body: (s) => withBody(s, '[]', 'application/json'),
  invalid_encoding: (s, op) => withBody(s, new Uint8Array([0x7b, 0xff, 0x7d]), op === 'POST /api/games/import' ? 'text/plain' : 'application/json'),
  body_too_large: (s) => withBody(s, `"${'x'.repeat(bodyLimitOf(s.path) + 1)}"`, 'application/json'),
  unsupported_media_type: (s) => withBody(s, '<turn/>', 'application/xml'),
  rate_limited: (s) => ({ ...s, env: LIMITED.env, headers: { ...s.headers, ...LIMITED.headers } }),
};

type Recipe = (spec: Spec) => Spec | Promise<Spec>;
const at = (path: string) => (s: Spec) => ({ ...s, path });

/** Recipes of one route's own refusals, by `METHOD path status code`. */
const specific: Record<string, Recipe> = {
  // Creating and importing games
  'POST /api/games 400 invalid_options': (s) => ({ ...s, json: { variant: 'warp-factor', options: { speed: 9 } } }),
  'POST /api/games 400 invalid_position': (s) => ({ ...s, json: { variant: 'warp-factor', position: 'nonsense' } }),
  'POST /api/games 400 refused_url': (s) => ({ ...s, json: { variant: 'warp-factor', white: { webhook: REFUSED_URL } } }),
  'POST /api/games 401 bad_authorization': (s) => ({ ...s, headers: { Authorization: 'Basic eDp5' } }),
  'POST /api/games 403 bad_key': (s) => ({ ...s, token: 'x'.repeat(43) }),
  'POST /api/games/import 400 invalid_record': (s) => ({ ...s, text: 'not a record' }),
  'POST /api/games/import 400 unknown_variant': (s) => ({ ...s, text: '[Variant "chess"]\n\n1. e4 *\n' }),
  'POST /api/games/import 400 unreadable_turn': (s) => ({ ...s, text: record('1. Wb2-%%') }),
  'POST /api/games/import 400 refused_url': (s) => ({ ...s, text: undefined, json: { record: RECORD, white: { webhook: REFUSED_URL } } }),
  'POST /api/games/import 422 illegal_turn': (s) => ({ ...s, text: record('1. Wb2-Wb3 Bb4-Bb2') }),
  'POST /api/games/import 422 inconsistent_record': (s) => ({ ...s, text: record('1. Wb2-Wb3', '1/2-1/2', '[Termination "resignation"]\n') }),
  // Reading a game
  'GET /api/games/{id}/hint 403 hints_off': async (s) => {
    const plain = await newGame();
    return { ...s, path: `/api/games/${plain.id}/hint`, token: plain.tokens.white };
  },
  'GET /api/games/{id}/hint 409 game_over': async (s) => {
    const over = await finished({ hints: true });
    return { ...s, path: `/api/games/${over.id}/hint`, token: over.tokens.white };
  },
  'GET /api/games/{id}/hint 409 not_your_turn': (s) => ({ ...s, token: g.tokens.black }),
  'GET /api/games/{id}/moves 400 invalid_query': (s) => ({ ...s, path: `${s.path}?since=soon` }),
  'GET /api/games/{id}/messages 403 messages_private': (s) => ({ ...s, token: undefined }),
  'GET /api/games/{id}/preview 400 unreadable_turn': (s) => ({ ...s, path: `/api/games/${g.id}/preview?move=Wb2~Wb3` }),
  'GET /api/games/{id}/preview 400 invalid_query': (s) => ({ ...s, path: `/api/games/${g.id}/preview` }),
  'GET /api/games/{id}/preview 409 game_over': async (s) => ({ ...s, path: `/api/games/${(await finished()).id}/preview?move=Wb2-Wb3` }),
  'GET /api/games/{id}/preview 409 stale_ply': async (s) => {
    const moved = await newGame();
    await play(moved, 'white', 'Wb2-Wb3');
    return { ...s, path: `/api/games/${moved.id}/preview?move=${encodeURIComponent('Bb3-Bb2 #1')}` };
  },
  'GET /api/games/{id}/preview 409 future_ply': (s) => ({ ...s, path: `/api/games/${g.id}/preview?move=${encodeURIComponent('Wb2-Wb3 #5')}` }),
  'GET /api/games/{id}/preview 422 illegal_turn': (s) => ({ ...s, path: `/api/games/${g.id}/preview?move=Wa1-Wa1` }),
  'GET /api/games/{id}/board.svg 400 invalid_query': (s) => ({ ...s, path: `${s.path}?ply=soon` }),
  'GET /api/games/{id}/board.svg 404 unknown_ply': (s) => ({ ...s, path: `${s.path}?ply=99` }),
  'GET /api/games/{id}/board.png 400 invalid_query': (s) => ({ ...s, path: `${s.path}?ply=soon` }),
  'GET /api/games/{id}/board.png 404 unknown_ply': (s) => ({ ...s, path: `${s.path}?ply=99` }),
  'GET /api/board.svg 400 invalid_query': at('/api/board.svg?variant=chess&position=x'),
  'GET /api/board.svg 400 invalid_options': at('/api/board.svg?variant=planar&position=x&options=fast'),
  'GET /api/board.svg 400 invalid_position': at('/api/board.svg?variant=planar&position=nonsense'),
  'GET /api/board.png 400 invalid_query': at('/api/board.png?variant=chess&position=x'),
  'GET /api/board.png 400 invalid_options': at('/api/board.png?variant=planar&position=x&options=fast'),
  'GET /api/board.png 400 invalid_position': at('/api/board.png?variant=planar&position=nonsense'),
  'GET /api/games/{id}/socket 426 websocket_required': (s) => ({ ...s, headers: {} }),
  // Moves
  'POST /api/games/{id}/moves 400 unreadable_turn': (s) => ({ ...s, text: 'Wb2~Wb3' }),
  'POST /api/games/{id}/moves 403 not_your_turn': (s) => ({ ...s, token: g.tokens.black }),
  'POST /api/games/{id}/moves 409 stale_ply': async (s) => {
    const moved = await newGame();
    await play(moved, 'white', 'Wb2-Wb3');
    return { ...s, path: `/api/games/${moved.id}/moves`, token: moved.tokens.black, text: undefined, json: { move: 'Bb3-Bb2', ply: 1 } };
  },
  'POST /api/games/{id}/moves 409 future_ply': (s) => ({ ...s, text: 'Wb2-Wb3 #5' }),
  'POST /api/games/{id}/moves 409 game_over': async (s) => {
    const over = await finished();
    return { ...s, path: `/api/games/${over.id}/moves`, token: over.tokens.black, text: 'Wb2-Wb3' };
  },
  'POST /api/games/{id}/moves 422 illegal_turn': (s) => ({ ...s, text: 'Wa1-Wa1' }),
  'POST /api/games/{id}/moves 429 rate_limited': async (s) => {
    const chatty = await newGame();
    for (let i = 0; i < MESSAGE_RATE.max; i++)
      await ok({ method: 'POST', path: `/api/games/${chatty.id}/messages`, token: chatty.tokens.white, json: { text: `${i}` } });
    return { ...s, path: `/api/games/${chatty.id}/moves`, token: chatty.tokens.white, text: undefined, json: { move: 'Wb2-Wb3', message: 'one more' } };
  },
  'POST /api/games/{id}/messages 429 rate_limited': async (s) => {
    const chatty = await newGame();
    for (let i = 0; i < MESSAGE_RATE.max; i++)
      await ok({ method: 'POST', path: `/api/games/${chatty.id}/messages`, token: chatty.tokens.white, json: { text: `${i}` } });
    return { ...s, path: `/api/games/${chatty.id}/messages`, token: chatty.tokens.white };
  },
  // Conditional lines
  'PUT /api/games/{id}/conditional 409 own_turn': (s) => ({ ...s, json: { lines: [['Bb3-Bb2', 'Wa2-Wa3']] } }),
  'PUT /api/games/{id}/conditional 409 game_over': async (s) => {
    const over = await finished();
    return { ...s, path: `/api/games/${over.id}/conditional`, token: over.tokens.black, json: { lines: [['Wb2-Wb3', 'Bb3-Bb2']] } };
  },
  'PUT /api/games/{id}/conditional 422 illegal_turn': (s) => ({ ...s, token: g.tokens.black, json: { lines: [['Wa1-Wa1', 'Bb3-Bb2']] } }),
  'PUT /api/games/{id}/conditional 400 unreadable_turn': (s) => ({ ...s, token: g.tokens.black, json: { lines: [['%%%', 'Bb3-Bb2']] } }),
  'PUT /api/games/{id}/conditional 422 conflicting_lines': (s) => ({
    ...s,
    token: g.tokens.black,
    json: {
      lines: [
        ['Wb2-Wb3', 'Bb3-Bb2'],
        ['Wb2-Wb3', 'Ba3-Ba2'],
      ],
    },
  }),
  // Offers and the clock
  'POST /api/games/{id}/takeback 409 game_over': async (s) => {
    const over = await finished();
    return { ...s, path: `/api/games/${over.id}/takeback`, token: over.tokens.black };
  },
  'POST /api/games/{id}/takeback 409 offer_pending': async (s) => {
    const t = await newGame();
    await play(t, 'white', 'Wb2-Wb3');
    await act(t, 'white', 'takeback', { action: 'offer' });
    return { ...s, path: `/api/games/${t.id}/takeback`, token: t.tokens.black };
  },
  'POST /api/games/{id}/takeback 409 already_offered': async (s) => {
    const t = await newGame();
    await play(t, 'white', 'Wb2-Wb3');
    await act(t, 'white', 'takeback', { action: 'offer' });
    return { ...s, path: `/api/games/${t.id}/takeback`, token: t.tokens.white };
  },
  'POST /api/games/{id}/takeback 409 takebacks_off': async (s) => {
    const t = await newGame({ black: { computer: 5 } });
    await play(t, 'white', 'Wb2-Wb3');
    return { ...s, path: `/api/games/${t.id}/takeback`, token: t.tokens.white };
  },
  'POST /api/games/{id}/takeback 409 no_offer': (s) => ({ ...s, token: g.tokens.black, json: { action: 'accept' } }),
  'POST /api/games/{id}/takeback 409 nothing_to_take_back': (s) => s,
  'POST /api/games/{id}/pause 409 game_over': async (s) => {
    const over = await finished({ clock: { daysPerMove: 3 } });
    return { ...s, path: `/api/games/${over.id}/pause`, token: over.tokens.black };
  },
  'POST /api/games/{id}/pause 409 no_clock': async (s) => {
    const t = await newGame();
    return { ...s, path: `/api/games/${t.id}/pause`, token: t.tokens.white };
  },
  'POST /api/games/{id}/pause 409 game_paused': async (s) => {
    const t = await paused();
    return { ...s, path: `/api/games/${t.id}/pause`, token: t.tokens.white };
  },
  'POST /api/games/{id}/pause 409 offer_pending': async (s) => {
    const t = await clocked();
    await act(t, 'white', 'pause', { action: 'offer', days: 3 });
    return { ...s, path: `/api/games/${t.id}/pause`, token: t.tokens.black };
  },
  'POST /api/games/{id}/pause 409 already_offered': async (s) => {
    const t = await clocked();
    await act(t, 'white', 'pause', { action: 'offer', days: 3 });
    return { ...s, path: `/api/games/${t.id}/pause`, token: t.tokens.white };
  },
  'POST /api/games/{id}/pause 409 no_offer': (s) => ({ ...s, token: g.tokens.black, json: { action: 'accept' } }),
  'POST /api/games/{id}/pause 429 rate_limited': async (s) => {
    const t = await clocked();
    for (let i = 0; i < 5; i++) {
      await act(t, 'white', 'pause', { action: 'offer', days: 3 });
      await act(t, 'white', 'pause', { action: 'cancel' });
    }
    return { ...s, path: `/api/games/${t.id}/pause`, token: t.tokens.white };
  },
  'POST /api/games/{id}/leave 403 not_your_turn': (s) => ({ ...s, token: g.tokens.black }),
  'POST /api/games/{id}/leave 409 game_over': async (s) => {
    const over = await finished({ clock: { daysPerMove: 3, leaveDays: 3 } });
    return { ...s, path: `/api/games/${over.id}/leave`, token: over.tokens.black };
  },
  'POST /api/games/{id}/leave 409 deadline_passed': async (s) => {
    const t = await clocked();
    await gameDb(t.id)
      .prepare('update games set deadline = ? where id = ?')
      .bind(Date.now() - 1000, t.id)
      .run();
    return { ...s, path: `/api/games/${t.id}/leave`, token: t.tokens.white };
  },
  'POST /api/games/{id}/leave 409 no_clock': async (s) => {
    const t = await newGame();
    return { ...s, path: `/api/games/${t.id}/leave`, token: t.tokens.white };
  },
  'POST /api/games/{id}/leave 409 game_paused': async (s) => {
    const t = await paused();
    return { ...s, path: `/api/games/${t.id}/leave`, token: t.tokens.white };
  },
  'POST /api/games/{id}/leave 409 no_leave_left': async (s) => {
    const t = await clocked(0);
    return { ...s, path: `/api/games/${t.id}/leave`, token: t.tokens.white };
  },
  'POST /api/games/{id}/resign 409 game_over': async (s) => {
    const over = await finished();
    return { ...s, path: `/api/games/${over.id}/resign`, token: over.tokens.black };
  },
  'POST /api/games/{id}/abort 409 game_over': async (s) => {
    const over = await finished();
    return { ...s, path: `/api/games/${over.id}/abort`, token: over.tokens.black };
  },
  'POST /api/games/{id}/abort 409 too_late_to_abort': async (s) => {
    const t = await newGame();
    await play(t, 'white', 'Wb2-Wb3');
    await play(t, 'black', 'Bb3-Bb2');
    return { ...s, path: `/api/games/${t.id}/abort`, token: t.tokens.white };
  },
  'POST /api/games/{id}/abort 409 tournament_game': async (s) => {
    const board = await tournamentBoard();
    return { ...s, path: `/api/games/${board.gameId}/abort`, token: board.black };
  },
  'POST /api/games/{id}/claim 403 own_turn': (s) => s,
  'POST /api/games/{id}/claim 409 game_over': async (s) => {
    const over = await finished({ clock: { daysPerMove: 3 } });
    return { ...s, path: `/api/games/${over.id}/claim`, token: over.tokens.black };
  },
  'POST /api/games/{id}/claim 409 game_paused': async (s) => {
    const t = await paused();
    return { ...s, path: `/api/games/${t.id}/claim`, token: t.tokens.black };
  },
  'POST /api/games/{id}/claim 409 no_clock': async (s) => {
    const t = await newGame();
    return { ...s, path: `/api/games/${t.id}/claim`, token: t.tokens.black };
  },
  'POST /api/games/{id}/claim 409 deadline_not_passed': (s) => ({ ...s, token: g.tokens.black }),
  'POST /api/games/{id}/draw 409 game_over': async (s) => {
    const over = await finished();
    return { ...s, path: `/api/games/${over.id}/draw`, token: over.tokens.black };
  },
  'POST /api/games/{id}/draw 409 no_offer': (s) => ({ ...s, token: g.tokens.black, json: { action: 'accept' } }),
  'POST /api/games/{id}/draw 409 already_offered': async (s) => {
    const t = await newGame();
    await act(t, 'white', 'draw', { action: 'offer' });
    return { ...s, path: `/api/games/${t.id}/draw`, token: t.tokens.white };
  },
  // Another write came first
  'POST /api/games/{id}/resign 409 stale_ply': raced('resign', 'updateGameIf'),
  'POST /api/games/{id}/abort 409 stale_ply': raced('abort', 'updateGameIf'),
  'POST /api/games/{id}/draw 409 stale_ply': raced('draw', 'updateGameIf', { action: 'offer' }),
  'POST /api/games/{id}/takeback 409 stale_ply': async (s) => {
    const t = await newGame();
    await play(t, 'white', 'Wb2-Wb3');
    loseRace(GameStore.prototype, 'updateGameIf');
    return { ...s, path: `/api/games/${t.id}/takeback`, token: t.tokens.white };
  },
  'POST /api/games/{id}/pause 409 stale_ply': raced('pause', 'updateGameIf', { action: 'offer', days: 3 }),
  'POST /api/games/{id}/leave 409 stale_ply': raced('leave', 'spendLeave', { days: 1 }),
  'PUT /api/games/{id}/conditional 409 stale_ply': raced('conditional', 'putConditionalLines', { lines: [['Wb2-Wb3', 'Bb3-Bb2']] }, 'black'),
  'POST /api/games/{id}/claim 409 stale_ply': async (s) => {
    // The deadline has passed (set in the game's storage as days going by would), and the opponent's move lands first.
    const t = await clocked();
    await gameDb(t.id)
      .prepare('update games set deadline = ? where id = ?')
      .bind(Date.now() - 1000, t.id)
      .run();
    loseRace(GameStore.prototype, 'updateGameIf');
    return { ...s, path: `/api/games/${t.id}/claim`, token: t.tokens.black };
  },
  'POST /api/tournaments/{id}/leave 409 tournament_started': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser);
    await join(t, kor);
    loseRace(TournamentStore.prototype, 'leave');
    return { ...s, path: `/api/tournaments/${t.id}/leave`, token: kor.key };
  },
  // A seat's settings, push, chat
  'PATCH /api/games/{id}/me 400 refused_url': (s) => ({ ...s, json: { webhook: REFUSED_URL } }),
  'POST /api/games/{id}/push 400 refused_url': (s) => ({ ...s, json: { ...subscription, endpoint: REFUSED_URL } }),
  'DELETE /api/games/{id}/push 404 unknown_subscription': (s) => ({ ...s, json: { endpoint: 'https://push.example.net/send/never' } }),
  'POST /api/games/{id}/chat 401 bad_signature': (s) => ({
    ...s,
    token: undefined,
    path: `${s.path}?token=${s.token}`,
    env: { SLACK_SIGNING_SECRET: 'slack-secret' },
  }),
  // The computer's analysis and the analysis board
  'POST /api/games/{id}/analysis 409 game_not_over': (s) => s,
  'GET /api/games/{id}/analysis 404 no_analysis': async (s) => ({ ...s, path: `/api/games/${(await finished()).id}/analysis` }),
  'GET /api/games/{id}/analysis 409 game_not_over': (s) => s,
  'PUT /api/games/{id}/notes 400 unreadable_turn': (s) => ({ ...s, json: { variations: [{ name: 'Garbled', from: 0, turns: [{ move: '%%%' }] }] } }),
  'PUT /api/games/{id}/notes 422 illegal_turn': (s) => ({ ...s, json: { variations: [{ name: 'Bad', from: 0, turns: [{ move: 'Wa1-Wa1' }] }] } }),
  'PUT /api/games/{id}/notes 422 unknown_ply': (s) => ({ ...s, json: { variations: [{ name: 'Later', from: 5, turns: [{ move: 'Wb2-Wb3' }] }] } }),
  'GET /api/games/{id}/explore 400 invalid_query': (s) => ({ ...s, path: `${s.path}?from=soon` }),
  'GET /api/games/{id}/explore 422 illegal_turn': (s) => ({ ...s, path: `${s.path}?line=Wa1-Wa1` }),
  'GET /api/games/{id}/explore 400 unreadable_turn': (s) => ({ ...s, path: `${s.path}?line=${encodeURIComponent('%%%')}` }),
  'GET /api/games/{id}/explore 422 unknown_ply': (s) => ({ ...s, path: `${s.path}?from=5` }),
  // Players
  'GET /api/players/{id} 404 unknown_player': at(`/api/players/${NOWHERE}`),
  'GET /api/leaderboard/{variant} 400 invalid_query': at('/api/leaderboard/warp-factor?limit=0'),
  'GET /api/leaderboard/{variant} 404 unknown_variant': at('/api/leaderboard/chess'),
  'PATCH /api/me 400 refused_url': (s) => ({ ...s, json: { webhook: REFUSED_URL } }),
  'PATCH /api/me 429 rate_limited': (s) => ({ ...s, json: { email: 'someone.new@example.org' }, env: LIMITED.env, headers: LIMITED.headers }),
  'POST /api/me/push 400 refused_url': (s) => ({ ...s, json: { ...subscription, endpoint: REFUSED_URL } }),
  'DELETE /api/me/push 404 unknown_subscription': (s) => ({ ...s, json: { endpoint: 'https://push.example.net/send/never' } }),
  'GET /api/push/key 503 not_set_up': (s) => ({ ...s, env: { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' } }),
  'GET /api/me/games 400 invalid_query': (s) => ({ ...s, path: '/api/me/games?status=someday' }),
  'POST /api/me/chat 401 bad_signature': (s) => ({
    ...s,
    token: undefined,
    path: `/api/me/chat?token=${s.token}`,
    env: { SLACK_SIGNING_SECRET: 'slack-secret' },
  }),
  // Challenges
  'POST /api/challenges 400 invalid_options': (s) => ({ ...s, json: { variant: 'warp-factor', options: { speed: 9 } } }),
  'POST /api/challenges 404 unknown_player': (s) => ({ ...s, json: { variant: 'warp-factor', to: NOWHERE } }),
  'POST /api/challenges 409 too_many_challenges': async (s) => {
    const seeker = await newPlayer('Seeker');
    // Twenty different open challenges (a twin of one would be taken for a double click of it).
    for (const daysPerMove of [1, 2, 3, 5, 7, 10, 14])
      for (const variant of ['planar', 'warp-factor', 'curved-space'])
        if (!(variant === 'curved-space' && daysPerMove === 14))
          await ok({ method: 'POST', path: '/api/challenges', token: seeker.key, json: { variant, clock: { daysPerMove } } });
    return { ...s, token: seeker.key, json: { variant: 'first-contact' } };
  },
  'GET /api/challenges 400 invalid_query': at('/api/challenges?limit=0'),
  'DELETE /api/challenges/{id} 403 not_creator': (s) => ({ ...s, token: kor.key }),
  'DELETE /api/challenges/{id} 409 challenge_closed': async (s) => {
    const ch = await challenge(kirk);
    await ok({ method: 'DELETE', path: `/api/challenges/${ch.id}`, token: kirk.key });
    return { ...s, path: `/api/challenges/${ch.id}` };
  },
  'POST /api/challenges/{id}/accept 403 not_for_you': async (s) => ({
    ...s,
    path: `/api/challenges/${(await challenge(kirk, { to: kor.id })).id}/accept`,
    token: mccoy.key,
  }),
  'POST /api/challenges/{id}/accept 409 challenge_closed': async (s) => {
    const ch = await challenge(kirk);
    await ok({ method: 'POST', path: `/api/challenges/${ch.id}/accept`, token: kor.key });
    return { ...s, path: `/api/challenges/${ch.id}/accept`, token: mccoy.key };
  },
  'POST /api/challenges/{id}/accept 409 own_challenge': (s) => s,
  'POST /api/challenges/{id}/decline 403 not_for_you': (s) => ({ ...s, token: kor.key }),
  'POST /api/challenges/{id}/decline 409 challenge_closed': async (s) => {
    const ch = await challenge(kirk, { to: kor.id });
    await ok({ method: 'POST', path: `/api/challenges/${ch.id}/decline`, token: kor.key });
    return { ...s, path: `/api/challenges/${ch.id}/decline`, token: kor.key };
  },
  'POST /api/games/{id}/rematch 403 not_a_player': async (s) => ({ ...s, path: `/api/games/${await playersGame(kirk, kor, true)}/rematch`, token: mccoy.key }),
  // A game played by links: the body's action and the game token (tester 18 Y10).
  'POST /api/games/{id}/rematch 403 bad_key': async (s) => ({ ...s, path: `/api/games/${await playersGame(kirk, kor, true)}/rematch`, token: 'x'.repeat(43) }),
  'POST /api/games/{id}/rematch 403 bad_token': async (s) => ({ ...s, path: `/api/games/${(await finished()).id}/rematch`, token: 'x'.repeat(43) }),
  'POST /api/games/{id}/rematch 400 invalid_body': async (s) => {
    const t = await finished();
    return { ...s, path: `/api/games/${t.id}/rematch`, token: t.tokens.black, json: { action: 'later' } };
  },
  'POST /api/games/{id}/rematch 400 malformed_json': async (s) => {
    const t = await finished();
    return withBody({ ...s, path: `/api/games/${t.id}/rematch`, token: t.tokens.black }, '{"action":', 'application/json');
  },
  'POST /api/games/{id}/rematch 415 unsupported_media_type': async (s) => {
    const t = await finished();
    return withBody({ ...s, path: `/api/games/${t.id}/rematch`, token: t.tokens.black }, 'action=accept', 'application/x-www-form-urlencoded');
  },
  'POST /api/games/{id}/rematch 409 no_offer': async (s) => {
    const t = await finished();
    return { ...s, path: `/api/games/${t.id}/rematch`, token: t.tokens.black, json: { action: 'accept' } };
  },
  'POST /api/games/{id}/rematch 409 rematch_by_key': async (s) => {
    const made = await ok({ method: 'POST', path: '/api/games', token: kirk.key, json: { variant: 'planar', side: 'white' } });
    await ok({ method: 'POST', path: `/api/games/${made.id}/resign`, token: kirk.key });
    return { ...s, path: `/api/games/${made.id}/rematch`, token: made.tokens.black };
  },
  'POST /api/games/{id}/rematch 409 game_not_over': async (s) => ({ ...s, path: `/api/games/${await playersGame(kirk, kor, false)}/rematch` }),
  'POST /api/games/{id}/rematch 409 rematch_started': async (s) => {
    const id = await playersGame(kirk, kor, true);
    await ok({ method: 'POST', path: `/api/games/${id}/rematch`, token: kor.key });
    await ok({ method: 'POST', path: `/api/games/${id}/rematch`, token: kirk.key }); // meets kor's offer: the rematch starts
    return { ...s, path: `/api/games/${id}/rematch`, token: kirk.key };
  },
  'POST /api/games/{id}/rematch 409 tournament_game': async (s) => {
    const board = await tournamentBoard();
    await ok({ method: 'POST', path: `/api/games/${board.gameId}/resign`, token: board.white });
    return { ...s, path: `/api/games/${board.gameId}/rematch`, token: board.black };
  },
  'POST /api/games/{id}/rematch 429 rate_limited': async (s) => ({
    ...s,
    path: `/api/games/${await playersGame(kirk, kor, true)}/rematch`,
    env: LIMITED.env,
    headers: LIMITED.headers,
  }),
  // Tournaments
  'POST /api/tournaments 400 invalid_options': (s) => ({ ...s, json: { ...(s.json as object), options: { speed: 9 } } }),
  'POST /api/tournaments/{id}/join 409 already_joined': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser);
    await join(t, kor);
    return { ...s, path: `/api/tournaments/${t.id}/join`, token: kor.key };
  },
  'POST /api/tournaments/{id}/join 409 tournament_full': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser);
    await join(t, kirk, kor, mccoy);
    return { ...s, path: `/api/tournaments/${t.id}/join`, token: (await newPlayer('Uhura')).key };
  },
  'POST /api/tournaments/{id}/join 409 joining_closed': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser, { maxPlayers: 4 });
    await join(t, kirk, kor, mccoy);
    await start(t, organiser);
    return { ...s, path: `/api/tournaments/${t.id}/join`, token: (await newPlayer('Chekov')).key };
  },
  'POST /api/tournaments/{id}/leave 409 not_joined': (s) => s,
  'POST /api/tournaments/{id}/leave 409 already_withdrawn': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser);
    await join(t, kirk, kor, mccoy);
    await start(t, organiser);
    await ok({ method: 'POST', path: `/api/tournaments/${t.id}/leave`, token: mccoy.key });
    return { ...s, path: `/api/tournaments/${t.id}/leave`, token: mccoy.key };
  },
  'POST /api/tournaments/{id}/leave 409 tournament_over': async (s) => ({ ...s, path: `/api/tournaments/${await finishedTournament()}/leave`, token: kor.key }),
  'POST /api/tournaments/{id}/start 403 not_creator': (s) => ({ ...s, token: kor.key }),
  'POST /api/tournaments 409 too_many_tournaments': async (s) => {
    const busy = await newPlayer('Busy');
    for (let i = 0; i < 5; i++) await tournament(busy);
    return { ...s, token: busy.key };
  },
  'POST /api/tournaments/{id}/cancel 403 not_creator': (s) => ({ ...s, token: kor.key }),
  'POST /api/tournaments/{id}/cancel 409 tournament_started': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser);
    await join(t, kirk, kor, mccoy);
    await start(t, organiser);
    return { ...s, path: `/api/tournaments/${t.id}/cancel`, token: organiser.key };
  },
  'POST /api/tournaments/{id}/cancel 409 tournament_over': async (s) => ({ ...s, path: `/api/tournaments/${await finishedTournament()}/cancel` }),
  'POST /api/tournaments/{id}/start 409 too_few_players': (s) => s,
  'POST /api/tournaments/{id}/start 409 too_many_rounds': async (s) => {
    const t = await tournament(kirk, { format: 'swiss', rounds: 3, maxPlayers: 8 });
    await join(t, kirk, kor, mccoy);
    return { ...s, path: `/api/tournaments/${t.id}/start` };
  },
  'POST /api/tournaments/{id}/start 409 tournament_started': async (s) => {
    const organiser = await newPlayer('Organiser');
    const t = await tournament(organiser);
    await join(t, kirk, kor, mccoy);
    await start(t, organiser);
    return { ...s, path: `/api/tournaments/${t.id}/start`, token: organiser.key };
  },
  'POST /api/tournaments/{id}/start 409 tournament_over': async (s) => ({ ...s, path: `/api/tournaments/${await finishedTournament()}/start` }),
  // The chat bots' endpoints
  'POST /discord/interactions 404 not_set_up': (s) => ({ ...s, env: { DISCORD_PUBLIC_KEY: '' } }),
  'POST /discord/interactions 401 bad_signature': (s) => ({ ...s, env: { DISCORD_PUBLIC_KEY: 'ab'.repeat(32) } }),
  'POST /discord/interactions 400 malformed_json': (s) => discordSigned(s, '{"type":'),
  'POST /telegram/webhook 404 not_set_up': (s) => ({ ...s, env: { TELEGRAM_SECRET: '' } }),
  'POST /telegram/webhook 401 bad_signature': (s) => ({ ...s, env: { TELEGRAM_SECRET: 'telegram-secret' } }),
  'POST /telegram/webhook 400 malformed_json': (s) => ({
    ...withBody(s, '{"update_id":', 'application/json'),
    env: { TELEGRAM_SECRET: 'telegram-secret', TELEGRAM_BOT_TOKEN: '1:x' },
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'telegram-secret' },
  }),
};

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
/** A body signed as Discord signs it, with a key pair of our own set as DISCORD_PUBLIC_KEY. */
async function discordSigned(s: Spec, raw: string): Promise<Spec> {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = hex(await crypto.subtle.sign('Ed25519', keys.privateKey, new TextEncoder().encode(timestamp + raw)));
  return {
    ...withBody(s, raw, 'application/json'),
    env: { DISCORD_PUBLIC_KEY: hex((await crypto.subtle.exportKey('raw', keys.publicKey)) as ArrayBuffer) },
    headers: { 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp },
  };
}

/** A round robin of three, every game resigned by White: finished. */
async function finishedTournament(): Promise<string> {
  const t = await tournament(kirk);
  await join(t, kirk, kor, mccoy);
  await start(t, kirk);
  const view = await ok({ method: 'GET', path: `/api/tournaments/${t.id}` });
  const keyOf = new Map([kirk, kor, mccoy].map((p) => [p.id, p.key]));
  for (const round of view.pairings)
    for (const board of round.boards)
      if (board.gameId) await ok({ method: 'POST', path: `/api/games/${board.gameId}/resign`, token: keyOf.get(board.white.id) });
  const after = await ok({ method: 'GET', path: `/api/tournaments/${t.id}` });
  if (after.status !== 'finished') throw new Error(`the tournament did not finish: ${JSON.stringify(after).slice(0, 400)}`);
  return t.id;
}

describe('every documented error of every route', () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await (await fetchWorker(new Request(`${BASE}/openapi.json`))).json()) as Doc;
    g = await newGame({ clock: { daysPerMove: 3, timeout: 'claim', leaveDays: 3 }, hints: true });
    [kirk, kor, mccoy] = [await newPlayer('Kirk'), await newPlayer('Kor'), await newPlayer('McCoy')];
    openChallenge = (await challenge(kirk)).id;
    openTournament = (await tournament(kirk)).id;
    subscription = {
      endpoint: 'https://push.example.net/send/walk',
      expirationTime: null,
      keys: { p256dh: await webPushKeys(), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    };
  });

  /** Every (operation, status, code) the document lists. */
  const documented = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        Object.entries(op.responses)
          .filter(([status]) => Number(status) >= 400)
          .flatMap(([status, answer]) => {
            const schema = answer.content?.['application/json']?.schema as { allOf?: [unknown, { properties: { code: { enum: string[] } } }] } | undefined;
            const listed = schema?.allOf?.[1]?.properties.code.enum ?? [];
            return listed.map((code) => ({ op: `${method.toUpperCase()} ${path}`, status: Number(status), code, schema: schema as Schema }));
          }),
      ),
    );

  it('lists codes from the one list only, and at least one for every error answer', () => {
    const all = documented();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((d) => !codes.has(d.code))).toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const status of Object.keys(op.responses))
          if (Number(status) >= 400)
            expect(
              all.some((d) => d.op === `${method.toUpperCase()} ${path}` && d.status === Number(status)),
              `${method} ${path} ${status}`,
            ).toBe(true);
  });

  it('has a recipe for each documented code, and each recipe gets that status and code for real', { timeout: 600_000 }, async () => {
    const all = documented();
    const recipe = (d: (typeof all)[number]): Recipe | undefined => {
      const own = specific[`${d.op} ${d.status} ${d.code}`];
      if (own) return own;
      const shared = generic[d.code as ErrorCode];
      return shared && ((s: Spec) => shared(s, d.op));
    };
    expect(all.filter((d) => !recipe(d)).map((d) => `${d.op} ${d.status} ${d.code}`)).toEqual([]);
    // A recipe for what is no longer documented is a stale one.
    const keys = new Set(all.map((d) => `${d.op} ${d.status} ${d.code}`));
    expect(Object.keys(specific).filter((k) => !keys.has(k))).toEqual([]);

    const wrong: string[] = [];
    for (const d of all) {
      const spec = await recipe(d)!(sample(d.op));
      const res = await send(spec);
      vi.restoreAllMocks();
      const where = `${d.op} ${d.status} ${d.code}`;
      if (res.status !== d.status || res.body?.code !== d.code) {
        wrong.push(`${where}: got ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      const valid = new Validator({ ...d.schema, components: doc.components } as Schema, '2020-12', false).validate(res.body);
      if (!valid.valid) wrong.push(`${where}: the answer does not match the schema: ${valid.errors.map((e) => `${e.instanceLocation} ${e.error}`).slice(-3)}`);
    }
    expect(wrong).toEqual([]);
    expect(uncoded).toEqual([]);
  });

  it('the answers of no API route: an unknown path, a method a path does not take, a rules diagram, a server failure', async () => {
    const unknown = await send({ method: 'GET', path: '/api/no/such/thing' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_route']);
    const method = await send({ method: 'DELETE', path: '/api/games' });
    expect([method.status, method.body.code]).toEqual([405, 'method_not_allowed']);
    const diagram = await send({ method: 'GET', path: '/rules/planar/no-such-diagram.svg' });
    expect([diagram.status, diagram.body.code]).toEqual([404, 'unknown_diagram']);
    // A binding that fails under the route: the client gets a 500 with its code, never a stack.
    const broken = await send({ method: 'GET', path: `/api/games/${g.id}`, env: { DB: undefined as unknown as D1Database } });
    expect([broken.status, broken.body.code]).toEqual([500, 'internal_error']);
    expect(uncoded).toEqual([]);
  });
});
