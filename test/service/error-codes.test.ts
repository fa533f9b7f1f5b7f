// Issue 31: every error answer of the JSON API carries a stable `code` from the one list
// (src/service/error-codes.ts) beside its words, and the cases a bot must tell apart (the 409s of
// a move above all) carry different codes.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/service/error-codes.ts';
import { call, newGame, play, type Call } from './helpers.ts';

type Game = Awaited<ReturnType<typeof newGame>>;

/** An error answer: JSON `{ code, error }` with the code from the list and words beside it. */
function expectError(res: Call, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }, res.text).toEqual({ status, code });
  expect(Object.keys(ERROR_CODES)).toContain(res.body.code);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error.length).toBeGreaterThan(0);
}

describe('error codes', () => {
  let g: Game;
  let over: Game;
  beforeAll(async () => {
    g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    over = await newGame('warp-factor');
    await call('POST', `/api/games/${over.id}/resign`, { token: over.tokens.white });
  });

  const move = (init: Parameters<typeof call>[2]) => call('POST', `/api/games/${g.id}/moves`, init);

  it('tells the 409s of a move apart: stale ply, a ply ahead, a finished game', async () => {
    expectError(await move({ json: { move: 'Bb3-Bb2', ply: 1 }, token: g.tokens.black }), 409, 'stale_ply');
    expectError(await move({ json: { move: 'Bb3-Bb2', ply: 5 }, token: g.tokens.black }), 409, 'future_ply');
    expectError(await call('POST', `/api/games/${over.id}/moves`, { text: 'Wb2-Wb3', token: over.tokens.black }), 409, 'game_over');
  });

  it('an answer to no offer is no_offer, a second offer already_offered, an answer awaited offer_pending', async () => {
    expectError(await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'accept' }, token: g.tokens.black }), 409, 'no_offer');
    expectError(await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens.black }), 409, 'no_offer');
    expect((await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.white })).status).toBe(200);
    expectError(await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.white }), 409, 'already_offered');
    expect((await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'decline' }, token: g.tokens.black })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.white })).status).toBe(200);
    expectError(await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.black }), 409, 'offer_pending');
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'decline' }, token: g.tokens.black })).status).toBe(200);
  });

  it('turns: not your turn, illegal, unreadable (with at), too late to abort', async () => {
    expectError(await move({ text: 'Wa2-Wa3', token: g.tokens.white }), 403, 'not_your_turn');
    expectError(await move({ text: 'Bb4-Bb2', token: g.tokens.black }), 422, 'illegal_turn');
    const unreadable = await move({ text: 'Bb3~Bb2', token: g.tokens.black });
    expectError(unreadable, 400, 'unreadable_turn');
    expect(typeof unreadable.body.at).toBe('number');
    expect((await play(g, 'Bb3-Bb2')).status).toBe(200);
    expectError(await call('POST', `/api/games/${g.id}/abort`, { token: g.tokens.white }), 409, 'too_late_to_abort');
    expectError(await call('POST', `/api/games/${g.id}/claim`, { token: g.tokens.black }), 409, 'no_clock');
  });

  it('who is asking: no token, not Bearer, not a player, a cookie from another site', async () => {
    expectError(await move({ text: 'Wa2-Wa3' }), 401, 'token_required');
    expectError(await move({ text: 'Wa2-Wa3', headers: { Authorization: 'Basic eDp5' } }), 401, 'bad_authorization');
    expectError(await move({ text: 'Wa2-Wa3', token: over.tokens.white }), 403, 'bad_token');
    expectError(await call('GET', `/api/games/${g.id}`, { token: 'x'.repeat(43) }), 403, 'bad_token');
    expectError(
      await move({ text: 'Wa2-Wa3', headers: { Cookie: `subspace_key=${g.tokens.white}`, Origin: 'https://elsewhere.example' } }),
      403,
      'cross_origin',
    );
    expectError(await call('POST', '/api/challenges', { json: { variant: 'planar' }, token: 'x'.repeat(43) }), 403, 'bad_key');
  });

  it('the request itself: unknown ids and routes, bodies, media types, methods', async () => {
    expectError(await call('GET', '/api/games/zzzzzzzzzzzz'), 404, 'unknown_game');
    expectError(await call('GET', '/api/games/NOT_AN_ID'), 404, 'unknown_game');
    expectError(await call('GET', '/api/nothing'), 404, 'unknown_route');
    expectError(await call('DELETE', '/api/games'), 405, 'method_not_allowed');
    expectError(await call('POST', '/api/games', { body: '{"variant":', headers: { 'Content-Type': 'application/json' } }), 400, 'malformed_json');
    expectError(await call('POST', '/api/games', { json: ['planar'] }), 400, 'invalid_body');
    expectError(await call('POST', '/api/games', { json: { variant: 'chess' } }), 400, 'invalid_body');
    expectError(await call('POST', '/api/games', { text: 'planar' }), 415, 'unsupported_media_type');
    expectError(
      await call('POST', '/api/games', { body: new Uint8Array([0x7b, 0xff, 0x7d]), headers: { 'Content-Type': 'application/json' } }),
      400,
      'invalid_encoding',
    );
    expectError(await call('POST', '/api/games', { json: { variant: 'planar', pad: 'x'.repeat(70 * 1024) } }), 413, 'body_too_large');
    expectError(await call('GET', `/api/games/${g.id}/moves?since=soon`), 400, 'invalid_query');
    const beyond = await call('GET', `/api/games/${g.id}/board.svg?ply=99`);
    expectError(beyond, 404, 'unknown_ply');
    expect(beyond.body.error).toBe(`game ${g.id} has 2 turns so far; there is no ply 99`);
    // A game that ended has no more turns to come: not "so far" (tester 18 Y9).
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.white, json: {} })).status).toBe(200);
    expect((await call('GET', `/api/games/${g.id}/board.svg?ply=99`)).body.error).toBe(`game ${g.id} has 2 turns; there is no ply 99`);
  });
});
