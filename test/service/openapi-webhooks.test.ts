// The webhook deliveries as /openapi.json's `webhooks` describe them (tester 15 B2): real
// deliveries of a game's events and of a player's own events, each body checked against the
// documented schema (GameWebhook, PlayerWebhook), so a receiver generated from the document is exact.
import { Validator, type Schema } from '@cfworker/json-schema';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueJob } from '../../src/notify/types.ts';
import { BASE, call, fetchWorker, newGame } from './helpers.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import { newPlayer, turnEach } from './player-helpers.ts';

type Doc = { components: Record<string, unknown>; webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }> };

beforeEach(() => {
  delete (env as { ALLOW_LOCAL_WEBHOOKS?: string }).ALLOW_LOCAL_WEBHOOKS;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The bodies POSTed to the webhooks, as received. */
function receiver() {
  const bodies: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    bodies.push(JSON.parse(await new Request(input, init).text()));
    return new Response(null, { status: 204 });
  });
  return bodies;
}

/** Where each body fails the schema of `webhook` in the document (none: all match). */
function mismatches(doc: Doc, webhook: string, bodies: unknown[]): string[] {
  const schema = doc.webhooks[webhook]!.post.requestBody.content['application/json']!.schema;
  return bodies.flatMap((body) => {
    const result = new Validator({ ...schema, components: doc.components } as Schema, '2020-12', false).validate(body);
    return result.valid ? [] : [`${JSON.stringify(body).slice(0, 200)}: ${result.errors.map((e) => `${e.instanceLocation} ${e.error}`).join('; ')}`];
  });
}

describe("/openapi.json's webhooks against real deliveries", () => {
  it("a game's events, as a seat's webhook gets them", async () => {
    const doc = (await (await fetchWorker(new Request(`${BASE}/openapi.json`))).json()) as Doc;
    const queue = captureQueue<QueueJob>();
    const g = await newGame('warp-factor', {
      white: { name: 'Kirk', webhook: 'https://white.example/hook' },
      black: { webhook: 'https://black.example/hook' },
      clock: { daysPerMove: 3 },
    });
    const asWhite = { token: g.tokens.white };
    const asBlack = { token: g.tokens.black };
    expect((await call('POST', `/api/games/${g.id}/moves`, { ...asWhite, json: { move: 'Wb2-Wb3', message: 'Good luck' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/draw`, { ...asBlack, json: { action: 'offer' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/draw`, { ...asWhite, json: { action: 'decline' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/pause`, { ...asWhite, json: { action: 'offer', days: 2 } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/pause`, { ...asBlack, json: { action: 'accept' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/resign`, asBlack)).status).toBe(200);
    const bodies = receiver();
    await runQueue(queue.take());
    const types = bodies.map((b) => (b as { type: string }).type);
    for (const type of ['turn', 'draw-offer', 'offer-declined', 'pause-offer', 'pause', 'game-over']) expect(types).toContain(type);
    expect(mismatches(doc, 'gameEvent', bodies)).toEqual([]);
    // The schema is not a blank check: a body with a field it does not list fails it.
    const [first] = bodies as { data: object }[];
    expect(mismatches(doc, 'gameEvent', [{ ...first, data: { ...first!.data, secret: 1 } }])).toHaveLength(1);
  });

  it("a player's own events, as the webhook PATCH /api/me set gets them", async () => {
    const doc = (await (await fetchWorker(new Request(`${BASE}/openapi.json`))).json()) as Doc;
    const queue = captureQueue<QueueJob>();
    const kirk = await newPlayer('Kirk');
    const spock = await newPlayer('Spock');
    for (const p of [kirk, spock])
      expect((await call('PATCH', '/api/me', { token: p.key, json: { webhook: `https://${p.id}.example/hook` } })).status).toBe(200);
    const ch = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor', color: 'white', to: spock.id } });
    const accepted = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: spock.key });
    expect(accepted.status).toBe(201);
    await turnEach(accepted.body.id, kirk.key, spock.key);
    expect((await call('POST', `/api/games/${accepted.body.id}/resign`, { token: spock.key })).status).toBe(200);
    const bodies = receiver();
    await runQueue(queue.take());
    const types = bodies.map((b) => (b as { type: string }).type);
    for (const type of ['challenge', 'gameStart', 'gameFinish']) expect(types).toContain(type);
    expect(mismatches(doc, 'playerEvent', bodies)).toEqual([]);
  });
});
