// The stored game is always what its move rows replay to.
import { env } from 'cloudflare:workers';
import { gameService } from '../../src/worker/services.ts';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { variantNames } from '../../src/engine/variants/index.ts';
import { call, gameDb, newGame } from './helpers.ts';

/** A small seeded generator, so a failure can be reproduced. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The position after `plies` random turns from the start (stopping before the game would end). */
function randomPosition(variant: string, plies: number, rnd: () => number): string {
  const game = (Game.create(variant) as { ok: true; value: Game }).value;
  for (let i = 0; i < plies; i++) {
    const legal = game.legalTexts();
    const next = Game.create(variant, {}, game.positionText);
    const pick = legal[Math.floor(rnd() * legal.length)]!;
    if (!next.ok || !next.value.play(pick).ok || next.value.outcome()) break;
    game.play(pick);
  }
  return game.positionText;
}

describe('replay (takebacks and set-up starts included)', () => {
  for (const variant of variantNames())
    it(`${variant}: random games replay to the stored position`, async () => {
      let takebacks = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const rnd = random(seed * 7919);
        // The last game starts from a set-up: a position some random turns into a game.
        const setUp = seed === 4 ? randomPosition(variant, 6 + Math.floor(rnd() * 14), rnd) : undefined;
        const g = await newGame(variant, setUp ? { position: setUp } : {});
        if (setUp) expect([g.state.startPosition, g.state.position, g.state.ply]).toEqual([setUp, setUp, 0]);
        for (let turn = 0; turn < 24; turn++) {
          const { legal, sideToMove, status, ply } = (await call('GET', `/api/games/${g.id}/legal`)).body;
          if (status !== 'active' || legal.length === 0) break;
          // Now and then the player who just moved takes it back, by agreement.
          if (ply > 0 && rnd() < 0.15) {
            const asker = sideToMove === 'white' ? 'black' : 'white';
            expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens[asker] })).status).toBe(200);
            const back = await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens[sideToMove as 'white' | 'black'] });
            expect(back.status, back.text).toBe(200);
            expect(back.body.ply).toBeLessThan(ply);
            takebacks++;
            continue;
          }
          const pick = legal[Math.floor(rnd() * legal.length)];
          const res = await call('POST', `/api/games/${g.id}/moves`, { json: { move: pick, ply: ply + 1 }, token: g.tokens[sideToMove as 'white' | 'black'] });
          expect(res.status, `${variant} seed ${seed} ply ${ply + 1} ${pick}: ${res.text}`).toBe(200);
          expect(res.body.move.text).toBe(pick);
        }
        const row = await gameDb(g.id)
          .prepare('select * from games where id = ?')
          .bind(g.id)
          .first<{ position: string; ply: number; options: string; start_position: string; status: string }>();
        const texts = (await gameDb(g.id).prepare('select text from moves where game_id = ? order by ply').bind(g.id).all<{ text: string }>()).results.map(
          (r) => r.text,
        );
        expect(texts).toHaveLength(row!.ply);
        const replayed = Game.replay(variant, JSON.parse(row!.options), texts, row!.start_position);
        expect(replayed.ok).toBe(true);
        if (!replayed.ok) return;
        expect(replayed.value.positionText).toBe(row!.position);
        expect(replayed.value.outcome() !== undefined).toBe(row!.status === 'finished');
        const rebuilt = await gameService(env).rebuild(g.id);
        expect(rebuilt.ok && rebuilt.value.position).toBe(row!.position);
      }
      // The seeds are fixed: these games do take turns back.
      expect(takebacks).toBeGreaterThan(0);
    }, 360_000);
});
