// First Contact's trade term (tuning `trade=N`, src/engine/search/first-contact-break.ts): the
// searching side gains N per 100 centipawns of material gone from the game, and prefers an even
// trade to a quiet turn.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { searchRulesFor } from '../../src/engine/search/index.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import {
  bridged,
  FULL_MATERIAL,
  leadOf,
  progressFactor,
  quietPlies,
  totalMaterial,
  withBridge,
  withLead,
  withProgress,
  withTrade,
} from '../../src/engine/search/first-contact-break.ts';
import { chooseMoveInGame, converting, cutFor, playsPlain } from '../../src/engine/search/tuning.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { prng } from './helpers.ts';

const rules = searchRulesFor('first-contact') as SearchRules<St3dPosition, St3dMove>;
const VALUE: Record<string, number> = { K: 0, Q: 950, R: 500, B: 340, N: 330, P: 100 };

/** One random turn: a capture with chance `takeShare` where there is one, so material leaves the game. */
function playRandom(game: Game, random: () => number, takeShare: number): void {
  const legal = game.legalTexts();
  const takes = legal.filter((t) => t.includes('x'));
  const pool = takes.length && random() < takeShare ? takes : legal;
  game.play(pool[Math.floor(random() * pool.length)]!);
}

/** A game of random turns (captures half the time there are some) stopped at a random ply of 40-159; undefined when it ended first. */
function randomGameWithCaptures(random: () => number): Game | undefined {
  const game = (Game.create('first-contact') as { value: Game }).value;
  const stopAt = 40 + Math.floor(random() * 120);
  while (game.ply < stopAt && !game.outcome()) playRandom(game, random, 0.5);
  return game.outcome() ? undefined : game;
}

/** The material the view shows, board and hands: both sides' and White's lead, in centipawns. */
function viewMaterial(game: Game): { total: number; whiteLead: number } {
  const view = game.variant.view(game.position);
  let total = 0;
  let whiteLead = 0;
  const count = (color: 'white' | 'black', value: number) => {
    total += value;
    whiteLead += color === 'white' ? value : -value;
  };
  for (const cell of view.cells) count(cell.color, VALUE[cell.role]!);
  for (const color of ['white', 'black'] as const) for (const [role, n] of Object.entries(view.hands[color])) count(color, VALUE[role]! * (n ?? 0));
  return { total, whiteLead };
}

describe("First Contact's trade term", () => {
  it('counts the material of both sides on the board and in hand, and adds N per 100 gone for the searching side', () => {
    const start = (Game.create('first-contact') as { value: Game }).value;
    expect(totalMaterial(start.position as St3dPosition)).toBe(FULL_MATERIAL);
    const random = prng(34);
    let captured = 0;
    for (let g = 0; g < 30; g++) {
      const game = randomGameWithCaptures(random);
      if (!game) continue;
      const pos = game.position as St3dPosition;
      const { total } = viewMaterial(game);
      expect(totalMaterial(pos)).toBe(total);
      if (total < FULL_MATERIAL) captured++;
      const gone = FULL_MATERIAL - total;
      const sign = pos.turn === 'white' ? 1 : -1;
      const base = rules.evaluate(pos);
      expect(withTrade(rules, 'white', 20).evaluate(pos) - base).toBeCloseTo((sign * gone * 20) / 100, 9);
      expect(withTrade(rules, 'black', 20).evaluate(pos) - base).toBeCloseTo((-sign * gone * 20) / 100, 9);
    }
    expect(captured).toBeGreaterThan(5);
  });
});

// A walled position of the eleventh session's match (opening 7, level 6 White, ply 100): White's
// only platform hangs below its level (Wa4d) and the empty Nd1u is above N, so no path leads from
// the W level to the N level; flipped to Nd1d, the empty platform joins W to N.
const WALLED = 'P1NP/1RQN/P1P1/KRBB|4/4/4/4|2r1/1p1p/r2p/qpp1 PLATFORMS - w Ba1 -';
/** The walled position's platforms as they stood (no path), and with the empty platform flipped to join W to N. */
const CUT = 'Wa4d:PP/PP,Nd1u:2/2,Ba1u:kn/bp,Ba4d:bn/pp';
const JOINED = 'Wa4d:PP/PP,Nd1d:2/2,Ba1u:kn/bp,Ba4d:bn/pp';
const walled = (platforms: string) => (Game.setUp('first-contact', {}, WALLED.replace('PLATFORMS', platforms)) as { value: Game }).value;

describe("First Contact's bridge term", () => {
  it("sees whether a path of cells leads from a side's level to the enemy king", () => {
    const cut = walled(CUT).position as St3dPosition;
    const joined = walled(JOINED).position as St3dPosition;
    expect([bridged(cut, 'white'), bridged(cut, 'black')]).toEqual([false, false]);
    expect([bridged(joined, 'white'), bridged(joined, 'black')]).toEqual([true, true]);
    // The term: N for the searching side while bridged, from the side to move's point of view.
    expect(withBridge(rules, 'white', 80).evaluate(cut)).toBe(rules.evaluate(cut));
    expect(withBridge(rules, 'white', 80).evaluate(joined)).toBe(rules.evaluate(joined) + 80);
    expect(withBridge(rules, 'black', 80).evaluate(joined)).toBe(rules.evaluate(joined) - 80);
  });
});

// Converting a lead (tuning `lead=N`, `progress=N`, `after=N`): trade down when ahead, and an
// evaluation that shrinks over plies without a capture except in lines that capture.
describe("First Contact's lead and progress terms", () => {
  it('counts the lead of a side against the view, and gives N% of it per share of the material gone', () => {
    const random = prng(35);
    let uneven = 0;
    for (let g = 0; g < 30; g++) {
      const game = randomGameWithCaptures(random);
      if (!game) continue;
      const pos = game.position as St3dPosition;
      const white = viewMaterial(game).whiteLead;
      expect(leadOf(pos, 'white')).toBe(white);
      expect(leadOf(pos, 'black') + white).toBe(0);
      if (white !== 0) uneven++;
      const share = (FULL_MATERIAL - totalMaterial(pos)) / FULL_MATERIAL;
      const sign = pos.turn === 'white' ? 1 : -1;
      const base = rules.evaluate(pos);
      expect(withLead(rules, 'white', 200).evaluate(pos) - base).toBeCloseTo(sign * 2 * white * share, 9);
      expect(withLead(rules, 'black', 200).evaluate(pos) - base).toBeCloseTo(sign * 2 * white * share, 9);
      // The progress term: quiet lines scaled by the root's factor, lines that capture not.
      const scaled = withProgress(rules, totalMaterial(pos), 100, 200);
      expect(scaled.evaluate(pos)).toBeCloseTo(base * 0.5, 9);
      expect(withProgress(rules, totalMaterial(pos) + 100, 100, 200).evaluate(pos)).toBe(base);
    }
    expect(uneven).toBeGreaterThan(2);
    expect([progressFactor(0, 150), progressFactor(75, 150), progressFactor(150, 150), progressFactor(400, 150)]).toEqual([1, 0.5, 0.25, 0.25]);
    expect(withProgress(rules, FULL_MATERIAL, 0, 150)).toBe(rules);
    expect(quietPlies(['@Wa1u', 'K@Wb1', 'Nb1xc3', 'N@Wc1', 'Wa1u-Wa1d'])).toBe(2);
    expect(quietPlies(['@Wa1u', 'K@Wb1'])).toBe(2);
  });

  it('plays the plain level before ply `after` and its terms from there on', () => {
    const game = (Game.create('first-contact') as { value: Game }).value;
    const random = prng(36);
    while (game.ply < 30) {
      const legal = game.legalTexts();
      game.play(legal[Math.floor(random() * legal.length)]!);
    }
    const plain = chooseMoveInGame(game, { level: 3, seed: 5 });
    const before = chooseMoveInGame(game, { level: 3, seed: 5, after: 31, bridge: 5000, progress: 10, lead: 500 });
    expect(before).toEqual(plain);
    // From ply `after` on, the terms count as without `after`.
    const terms = { level: 3 as const, seed: 5, bridge: 80, progress: 10, lead: 500 };
    expect(chooseMoveInGame(game, { ...terms, after: 30 })).toEqual(chooseMoveInGame(game, terms));
  });
});

describe('the tuning option cutTurns', () => {
  it('plays the plain level until the side to move has had no path to the enemy king at N of its turns in a row', () => {
    const cut = walled(CUT);
    const joined = walled(JOINED);
    expect([cutFor(cut, 1), cutFor(cut, 2), cutFor(joined, 1), cutFor(cut, 1, 1)]).toEqual([true, false, false, false]);
    const options = { level: 3 as const, seed: 1, bridge: 80, cutTurns: 1 };
    expect([playsPlain(cut, options), playsPlain(joined, options), playsPlain(cut, { ...options, cutTurns: 2 })]).toEqual([false, true, true]);
    // Two White turns without a path: from the second on, the terms apply.
    const legal = cut.legalTexts().filter((t) => {
      const next = walled(CUT);
      next.play(t);
      return !bridged(next.position as St3dPosition, 'black');
    });
    cut.play(legal[0]!);
    const reply = cut.legalTexts().find((t) => {
      const next = walled(CUT);
      next.play(legal[0]!);
      next.play(t);
      return !bridged(next.position as St3dPosition, 'white');
    });
    cut.play(reply!);
    expect([cutFor(cut, 2), cutFor(cut, 3)]).toEqual([true, false]);
  });
});

describe('the tuning option convertAt', () => {
  it('keeps lead and progress off until the side to move has been N ahead at one of its turns', () => {
    const random = prng(37);
    let checked = 0;
    for (let g = 0; g < 200 && checked < 3; g++) {
      const game = (Game.create('first-contact') as { value: Game }).value;
      let best = Number.NEGATIVE_INFINITY;
      while (game.ply < 120 && !game.outcome()) {
        const pos = game.position as St3dPosition;
        if (pos.turn === 'white') best = Math.max(best, leadOf(pos, 'white'));
        if (pos.turn === 'white' && best >= 300) break;
        playRandom(game, random, 0.7);
        if (game.outcome()) break;
      }
      if (game.outcome() || (game.position as St3dPosition).turn !== 'white' || best < 300) continue;
      checked++;
      expect([converting(game, 300), converting(game, best), converting(game, best + 1)]).toEqual([true, true, false]);
      // stillPlies: no position of the game has more plies without a capture than the game has plies.
      expect([converting(game, 300, 0), converting(game, 300, game.ply + 1)]).toEqual([true, false]);
      const options = { level: 3 as const, seed: 1, lead: 200 };
      expect([playsPlain(game, { ...options, convertAt: best }), playsPlain(game, { ...options, convertAt: best + 1 }), playsPlain(game, options)]).toEqual([
        false,
        true,
        false,
      ]);
    }
    expect(checked).toBe(3);
    // A set-up position (the walled one, White 2 pawns up): quiet plies count from it.
    const set = walled(CUT);
    const lead = leadOf(set.position as St3dPosition, 'white');
    expect([converting(set, lead, 0), converting(set, lead, 1), converting(set, lead + 1, 0)]).toEqual([true, false, false]);
  });
});
