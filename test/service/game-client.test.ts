// The game service as the Worker calls it (gameClient, src/worker/game-objects.ts): each call run
// by the game's object; a value like any other, never mistaken for a promise.
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { Directory } from '../../src/db/directory.ts';
import { hasGameIdTag } from '../../src/service/game-ids.ts';
import { config } from '../../src/worker/config.ts';
import { GameIdCheck, gameClient, RemoteGames } from '../../src/worker/game-objects.ts';
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

  it("judges each id once for the checker it is given: the route's check and the object's call share the directory read", async () => {
    const g = await newGame('warp-factor');
    const untagged = 'zzzzzzzzzzzz'; // neither made here nor in the directory
    const reads = vi.spyOn(Directory.prototype, 'game');
    try {
      const ids = new GameIdCheck(env);
      const records = new RemoteGames(env, ids);
      const client = gameClient(env, undefined, Date.now, ids);
      expect(await records.mayBeGame(untagged)).toBe(false);
      expect((await client.load(untagged)).ok).toBe(false);
      expect(await records.game(untagged)).toBeUndefined();
      expect(reads.mock.calls.filter(([id]) => id === untagged)).toHaveLength(1);
      // A tagged id needs no directory read at all.
      expect(await records.mayBeGame(g.id)).toBe(true);
      expect((await client.load(g.id)).ok).toBe(true);
      expect(reads.mock.calls.filter(([id]) => id === g.id)).toHaveLength(0);
      // A checker of its own (another request) reads again.
      expect(await new GameIdCheck(env).mayBeGame(untagged)).toBe(false);
      expect(reads.mock.calls.filter(([id]) => id === untagged)).toHaveLength(2);
    } finally {
      reads.mockRestore();
    }
  });
});
