// Bad input of every kind: the right 4xx with a JSON error, never a 500, and
// the stored game unchanged.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, call, type Call, gameDb, newGame } from './helpers.ts';

let g: Awaited<ReturnType<typeof newGame>>;
let over: Awaited<ReturnType<typeof newGame>>;
const snapshot = async (id: string) => ({
  game: await gameDb(id).prepare('select * from games where id = ?').bind(id).first(),
  listed: await env.DB.prepare('select * from games where id = ?').bind(id).first(),
  moves: (await gameDb(id).prepare('select * from moves where game_id = ? order by ply').bind(id).all()).results,
});

beforeAll(async () => {
  g = await newGame('warp-factor');
  // One move played, so it is Black's turn at ply 1.
  const first = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
  expect(first.status).toBe(200);
  over = await newGame('warp-factor');
  expect((await call('POST', `/api/games/${over.id}/resign`, { token: over.tokens.white })).status).toBe(200);
});

type Case = [name: string, status: number, request: () => Promise<Call>, error?: RegExp];
const move = (init: Parameters<typeof call>[2]) => call('POST', `/api/games/${g.id}/moves`, init);

const cases: Case[] = [
  [
    'create: malformed JSON',
    400,
    () => call('POST', '/api/games', { body: '{"variant": ', headers: { 'Content-Type': 'application/json' } }),
    /^body: malformed JSON \(.+\)$/,
  ],
  ['create: options an array', 400, () => call('POST', '/api/games', { json: { variant: 'planar', options: [] } }), /^options: must be a JSON object, like/],
  ['create: white null', 400, () => call('POST', '/api/games', { json: { variant: 'planar', white: null } }), /^white: must be an object like \{"name"/],
  [
    'create: clock null',
    400,
    () => call('POST', '/api/games', { json: { variant: 'planar', clock: null } }),
    /^clock: must be an object like \{"daysPerMove": 3\}/,
  ],
  ['create: not JSON', 415, () => call('POST', '/api/games', { text: 'variant=warp-factor' }), /application\/json/],
  ['create: no body', 415, () => call('POST', '/api/games'), /JSON/],
  ['create: JSON string', 400, () => call('POST', '/api/games', { json: 'warp-factor' }), /body: must be a JSON object/],
  ['create: JSON array', 400, () => call('POST', '/api/games', { json: [1, 2] })],
  ['create: missing variant', 400, () => call('POST', '/api/games', { json: {} }), /^variant: is required/],
  [
    'create: unknown variant',
    400,
    () => call('POST', '/api/games', { json: { variant: 'kriegspiel' } }),
    /^variant: must be one of first-contact, warp-factor/,
  ],
  ['create: variant not a string', 400, () => call('POST', '/api/games', { json: { variant: 7 } }), /^variant:/],
  ['create: bad options', 400, () => call('POST', '/api/games', { json: { variant: 'warp-factor', options: { speed: 9 } } }), /^options: .*speed/],
  ['create: options not an object', 400, () => call('POST', '/api/games', { json: { variant: 'warp-factor', options: 'fast' } }), /^options:/],
  ['create: unknown field', 400, () => call('POST', '/api/games', { json: { variant: 'warp-factor', colour: 'white' } }), /^colour: is not a field we know/],
  [
    'create: an unknown field named __proto__',
    400,
    () => call('POST', '/api/games', { text: '{"variant":"warp-factor","__proto__":{"x":1}}', headers: { 'Content-Type': 'application/json' } }),
    /^__proto__: is not a field we know/,
  ],
  [
    'create: bad email',
    400,
    () => call('POST', '/api/games', { json: { variant: 'warp-factor', white: { email: 'nope' } } }),
    /^white\.email: must be an email address/,
  ],
  ['create: bad webhook', 400, () => call('POST', '/api/games', { json: { variant: 'warp-factor', black: { webhook: 'ftp://x.org/' } } }), /^black\.webhook:/],
  [
    'create: long name',
    400,
    () => call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name: 'x'.repeat(41) } } }),
    /^white\.name: must be at most 40/,
  ],
  [
    'create: bad days per move',
    400,
    () => call('POST', '/api/games', { json: { variant: 'warp-factor', clock: { daysPerMove: 4 } } }),
    /^clock\.daysPerMove: must be one of 1, 2, 3, 5, 7, 10, 14/,
  ],
  [
    'create: bad timeout mode',
    400,
    () => call('POST', '/api/games', { json: { variant: 'warp-factor', clock: { daysPerMove: 1, timeout: 'never' } } }),
    /^clock\.timeout:/,
  ],
  [
    'huge body',
    413,
    () =>
      call('POST', '/api/games', {
        body: JSON.stringify({ variant: 'warp-factor', white: { name: 'x'.repeat(200_000) } }),
        headers: { 'Content-Type': 'application/json' },
      }),
    /larger than 64 KiB/,
  ],
  ['huge move body', 413, () => move({ text: 'W'.repeat(100_000), token: g.tokens.black })],
  ['unknown route', 404, () => call('GET', '/api/nothing-here'), /no such route/],
  ['wrong method', 405, () => call('DELETE', `/api/games/${g.id}`)],
  ['unknown game', 404, () => call('GET', '/api/games/zzzzzzzzzzzz'), /no game with id zzzzzzzzzzzz/],
  ['malformed game id', 404, () => call('GET', '/api/games/%00%ff..'), /no game/],
  ['move in unknown game', 404, () => call('POST', '/api/games/zzzzzzzzzzzz/moves', { text: 'Bb3-Bb2', token: g.tokens.black })],
  ['history: bad since', 400, () => call('GET', `/api/games/${g.id}/moves?since=-1`), /^since:/],
  ['history: since twice', 400, () => call('GET', `/api/games/${g.id}/moves?since=1&since=2`), /^since: is given more than once; give it once$/],
  ['move: no token', 401, () => move({ text: 'Bb3-Bb2' }), /Authorization: Bearer/],
  ['move: malformed Authorization', 401, () => move({ text: 'Bb3-Bb2', headers: { Authorization: 'Basic abc' } }), /Bearer/],
  ['move: wrong token', 403, () => move({ text: 'Bb3-Bb2', token: 'A'.repeat(43) }), /no seat in game \w+ is yours/],
  ["move: another game's token", 403, () => move({ text: 'Bb3-Bb2', token: over.tokens.black }), /no seat in game \w+ is yours/],
  ['move: not your turn', 403, () => move({ text: 'Wa2-Wa3', token: g.tokens.white }), /Black's turn/],
  [
    'move: XML content type (a form is read as text: curl -d)',
    415,
    () => move({ body: 'Bb3-Bb2', token: g.tokens.black, headers: { 'Content-Type': 'application/xml' } }),
    /text\/plain/,
  ],
  [
    'move: malformed JSON',
    400,
    () => move({ body: '{"move":', token: g.tokens.black, headers: { 'Content-Type': 'application/json' } }),
    /^body: malformed JSON \(.+\)$/,
  ],
  [
    'draw: malformed JSON',
    400,
    () => call('POST', `/api/games/${g.id}/draw`, { body: '{"action":', token: g.tokens.black, headers: { 'Content-Type': 'application/json' } }),
    /^body: malformed JSON \(.+\)$/,
  ],
  ['move: NUL after the turn', 400, () => move({ text: 'Bb3-Bb2\u0000', token: g.tokens.black }), /control character/],
  ['move: DEL after the turn', 400, () => move({ text: 'Bb3-Bb2\u007f', token: g.tokens.black }), /control character/],
  ['move: two lines', 400, () => move({ text: 'Bb3-Bb2\nBa3-Ba2', token: g.tokens.black }), /one line/],
  ['move: JSON #ply and ply disagree', 400, () => move({ json: { move: 'Bb3-Bb2 #2', ply: 3 }, token: g.tokens.black }), /#2 and the ply 3 disagree/],
  ['move: ply ahead (JSON #suffix)', 409, () => move({ json: { move: 'Bb3-Bb2 #5' }, token: g.tokens.black }), /^not yet at ply 5/],
  ['move: mangled token', 403, () => move({ text: 'Bb3-Bb2', headers: { Authorization: 'Bearer xyz' } }), /no seat in game \w+ is yours/],
  [
    'move: JSON null',
    400,
    () => move({ body: 'null', token: g.tokens.black, headers: { 'Content-Type': 'application/json' } }),
    /^body: must be a JSON object/,
  ],
  ['move: JSON without move', 400, () => move({ json: { ply: 2 }, token: g.tokens.black }), /^move: is required/],
  ['move: ply not a number', 400, () => move({ json: { move: 'Bb3-Bb2', ply: 'two' }, token: g.tokens.black }), /^ply:/],
  ['move: empty', 400, () => move({ text: '   ', token: g.tokens.black }), /empty/],
  ['move: too long', 400, () => move({ text: 'B'.repeat(201), token: g.tokens.black }), /at most 200/],
  ['move: unparsable', 400, () => move({ text: 'Bb3~Bb2', token: g.tokens.black })],
  ['move: illegal', 422, () => move({ text: 'Bb4-Bb2', token: g.tokens.black }), /bishop slides diagonally/],
  ['move: bad rank', 400, () => move({ text: 'Bb3-Bb5', token: g.tokens.black })],
  ['move: illegal platform move', 422, () => move({ text: 'Wa1u-Na4u', token: g.tokens.black }), /belongs to White/],
  ['move: stale ply (JSON)', 409, () => move({ json: { move: 'Bb3-Bb2', ply: 1 }, token: g.tokens.black }), /stale: the game is at ply 1/],
  ['move: ply ahead (text)', 409, () => move({ text: 'Bb3-Bb2 #5', token: g.tokens.black }), /^not yet at ply 5/],
  [
    'move after game over',
    409,
    () => call('POST', `/api/games/${over.id}/moves`, { text: 'Wb2-Wb3', token: over.tokens.white }),
    /game is over \(0-1, resignation\)/,
  ],
  ['resign after game over', 409, () => call('POST', `/api/games/${over.id}/resign`, { token: over.tokens.black }), /over/],
  ['draw: bad action', 400, () => call('POST', `/api/games/${g.id}/draw`, { json: { action: 'maybe' }, token: g.tokens.black }), /^action:/],
  ['draw: no body', 415, () => call('POST', `/api/games/${g.id}/draw`, { token: g.tokens.black })],
  ['draw: accept without offer', 409, () => call('POST', `/api/games/${g.id}/draw`, { json: { action: 'accept' }, token: g.tokens.black }), /has not offered/],
  ['claim without clock', 409, () => call('POST', `/api/games/${g.id}/claim`, { token: g.tokens.white }), /no clock/],
  ['abort without token', 401, () => call('POST', `/api/games/${g.id}/abort`)],
  ['import: wrong content type', 415, () => call('POST', '/api/games/import', { body: 'x', headers: { 'Content-Type': 'application/xml' } })],
  ['import: JSON without record', 400, () => call('POST', '/api/games/import', { json: { white: {} } }), /^record: is required/],
  [
    'chat: multipart without boundary',
    400,
    () => call('POST', `/api/games/${g.id}/chat`, { body: 'text=board', token: g.tokens.black, headers: { 'Content-Type': 'multipart/form-data' } }),
    /^body: the form cannot be read as multipart\/form-data/,
  ],
  [
    'chat: multipart that is not',
    400,
    () => call('POST', `/api/games/${g.id}/chat`, { body: 'garbage', token: g.tokens.black, headers: { 'Content-Type': 'multipart/form-data; boundary=x' } }),
    /^body: the form cannot be read/,
  ],
  [
    'page form: multipart that is not',
    400,
    () => call('POST', `/games/${g.id}/resign`, { body: 'garbage', headers: { 'Content-Type': 'multipart/form-data; boundary=x', Origin: BASE } }),
    /^body: the form cannot be read/,
  ],
  ['import: empty text', 400, () => call('POST', '/api/games/import', { text: '' }), /empty/],
];

describe('bad input', () => {
  it.each(cases)('%s -> %i', async (_name, status, request, error) => {
    const before = await snapshot(g.id);
    const res = await request();
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(typeof res.body.error).toBe('string');
    expect(res.body.error).not.toMatch(/at .*\.ts:\d+|internal error/); // never a stack trace
    if (error) expect(res.body.error).toMatch(error);
    expect(await snapshot(g.id)).toEqual(before);
  });

  it('tells where an unparsable move stopped making sense', async () => {
    const res = await move({ text: 'Bb3~Bb2', token: g.tokens.black });
    expect(res.status).toBe(400);
    expect(res.body.at).toBeTypeOf('number');
  });

  it('says why a move is illegal', async () => {
    const res = await move({ text: 'Bb4-Bb2', token: g.tokens.black });
    expect(res.status).toBe(422);
    expect(res.body.error.length).toBeGreaterThan(10);
    expect(res.body.at).toBeUndefined();
  });

  it('names a query field once: "ply: must be ...", not "ply: ply must be ..."', async () => {
    const res = await call('GET', `/api/games/${g.id}/board.svg?ply=soon`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('ply: must be a whole number (0 = the start)');
  });

  it('sends security headers', async () => {
    const res = await call('GET', `/api/games/${g.id}`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
