// The game service as the Worker calls it (gameClient, src/worker/game-objects.ts): each call run
// by the game's object; a value like any other, never mistaken for a promise.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hasGameIdTag } from '../../src/service/game-ids.ts';
import { config } from '../../src/worker/config.ts';
import { gameService } from '../../src/worker/services.ts';
import { newGame } from './helpers.ts';

describe('the game client', () => {
  it('is not a thenable: awaiting it, or returning it from an async function, gives the client itself', async () => {
    const client = gameService(env);
    expect(await Promise.resolve(client)).toBe(client);
    const g = await newGame('planar');
    const loaded = await (await (async () => client)()).load(g.id);
    expect(loaded.ok && loaded.value.ply).toBe(0);
  });

  it('new games get tagged ids; a tag made under another key is not taken for one', async () => {
    const g = await newGame('warp-factor');
    expect(await hasGameIdTag(config(env).gameIdKey, g.id)).toBe(true);
    expect(await hasGameIdTag(`${config(env).gameIdKey}-other`, g.id)).toBe(false);
    // The same characters with the tag changed: no game, and a 404 (the directory knows none).
    const forged = g.id.slice(0, 12) + (g.id.endsWith('2222') ? '3333' : '2222');
    const answer = await gameService(env).load(forged);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.status).toBe(404);
  });
});
