// The computer player: legal turns, winning turns taken, determinism, keys.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { chooseMove, chooseMoveInGame, LEVELS, levelNodes, type Level } from '../../src/engine/search/index.ts';
import { Searcher } from '../../src/engine/search/search.ts';
import { keyNumber } from '../../src/engine/search/search-settings.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import { searchRulesFor } from '../../src/engine/search/index.ts';
import { getVariant, variantNames } from '../../src/engine/variants/index.ts';
import { EMPTY } from '../../src/engine/piece-codes.ts';
import { prng } from './helpers.ts';

/** Canonical texts of the legal turns (suffix stripped) as a set. */
const legalSet = (game: Game) => new Set(game.legalTexts());

/** Positions of random games, each a Game replayed to that point (so repetition history is real). */
function randomPositions(name: string, count: number, seed: number, maxPlies = 90): Game[] {
  const random = prng(seed);
  const out: Game[] = [];
  while (out.length < count) {
    const game = Game.create(name).ok ? (Game.create(name) as { value: Game }).value : undefined;
    if (!game) throw new Error(name);
    const stopAt = Math.floor(random() * maxPlies);
    const texts: string[] = [];
    while (texts.length < stopAt && !game.outcome()) {
      const legal = game.legalTexts();
      const text = legal[Math.floor(random() * legal.length)]!;
      game.play(text);
      texts.push(text);
    }
    if (!game.outcome()) out.push(game);
  }
  return out;
}

/**
 * Positions found by random playouts where the side to move has a turn that wins
 * at once (its canonical text ends in '#': checkmate, or in First Contact a check).
 */
function winningPositions(name: string, count: number, seed: number): Game[] {
  const random = prng(seed);
  const found: Game[] = [];
  for (let g = 0; g < 400 && found.length < count; g++) {
    const game = (Game.create(name) as { ok: true; value: Game }).value;
    const texts: string[] = [];
    while (texts.length < 160 && !game.outcome()) {
      const legal = game.legalTexts();
      if (legal.some((t) => t.endsWith('#'))) {
        found.push((Game.replay(name, {}, texts) as { ok: true; value: Game }).value);
        break;
      }
      // Prefer captures so the playouts thin out the defence and reach mates.
      const captures = legal.filter((t) => t.includes('x'));
      const pool = captures.length && random() < 0.6 ? captures : legal;
      const text = pool[Math.floor(random() * pool.length)]!;
      game.play(text);
      texts.push(text);
    }
  }
  return found;
}

describe.each(variantNames())('%s computer player', (name) => {
  const variant = getVariant(name)!;

  it('every turn it plays is legal, at every level, over many random positions', () => {
    const games = randomPositions(name, 15, name.length * 31 + 7);
    for (const [i, game] of games.entries()) {
      const level = LEVELS[i % LEVELS.length]!;
      // Small budgets keep the test quick; the move generator is the same at any budget.
      const choice = chooseMoveInGame(game, { level, seed: i, nodes: level === 1 ? undefined : 100 * level });
      expect(choice, `position ${game.positionText}`).toBeDefined();
      expect(legalSet(game).has(choice!.text), `${choice!.text} in ${game.positionText}`).toBe(true);
      const parsed = variant.parseMove(game.position, choice!.text);
      expect(parsed.ok).toBe(true);
    }
  }, 360_000);

  it('a whole game of the computer against itself plays only legal turns', () => {
    const game = (Game.create(name) as { ok: true; value: Game }).value;
    for (let ply = 0; ply < 30 && !game.outcome(); ply++) {
      const choice = chooseMoveInGame(game, { level: ((ply % 4) + 2) as Level, nodes: 200, seed: ply })!;
      expect(game.play(choice.text).ok, choice.text).toBe(true);
    }
  }, 360_000);

  it('levels 2-6 always take a turn that wins at once (positions from random playouts)', () => {
    const positions = winningPositions(name, 5, 1000 + name.length);
    expect(positions.length).toBeGreaterThanOrEqual(4);
    // Level 6 too: a win at once is found at depth 1, whatever the budget, and ends the search.
    for (const game of positions)
      for (const level of [2, 3, 4, 5, 6] as const) {
        const choice = chooseMoveInGame(game, { level })!;
        const after = (Game.replay(name, {}, [...game.history.map((t) => t.text), choice.text]) as { ok: true; value: Game }).value;
        const outcome = after.outcome();
        expect(outcome?.winner, `level ${level} played ${choice.text} in ${game.positionText}`).toBe(variant.turn(game.position));
        expect(choice.mate).toBe(1);
      }
  }, 360_000);

  it('is deterministic: same position, level and seed give the same turn', () => {
    for (const [i, game] of randomPositions(name, 6, 99 + name.length).entries()) {
      const level = ((i % 6) + 1) as Level;
      const a = chooseMoveInGame(game, { level, seed: 7, nodes: 800 })!;
      const b = chooseMoveInGame(game, { level, seed: 7, nodes: 800 })!;
      expect(b).toEqual(a);
    }
  }, 240_000);

  it('keys: the incremental key after each turn equals the key computed from scratch', () => {
    const rules = searchRulesFor(name)!;
    const random = prng(5 + name.length);
    const key = new Int32Array(2);
    const fresh = new Int32Array(2);
    let pos = variant.initial((Game.create(name) as { ok: true; value: Game }).value.options);
    rules.hash(pos, key);
    const seen = new Map<number, string>();
    for (let ply = 0; ply < 200; ply++) {
      const moves = variant.legalMoves(pos);
      if (!moves.length) break;
      const next = variant.play(pos, moves[Math.floor(random() * moves.length)]);
      rules.rehash(pos, next, key);
      rules.hash(next, fresh);
      expect([...key]).toEqual([...fresh]);
      // Different positions, different keys (on this sample).
      const text = variant.formatPosition(next);
      const before = seen.get(keyNumber(key));
      if (before !== undefined) expect(before).toBe(text);
      seen.set(keyNumber(key), text);
      pos = next;
    }
  });
});

describe('repetition', () => {
  it('a game already repeated twice is a draw for the search: it does not count on a third', () => {
    // Warp Factor: shuffle knights out and back twice; the position at the start has occurred 3 times.
    const texts = ['Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4', 'Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4'];
    const replay = Game.replay('warp-factor', {}, texts);
    if (!replay.ok) return expect.fail(replay.error.message);
    expect(replay.value.outcome()?.reason).toBe('repetition');
    expect(chooseMoveInGame(replay.value, { level: 3 })).toBeUndefined();
    // Without the game's history the same position is a fresh one.
    expect(chooseMove(replay.value.variant, replay.value.position, { level: 2 })).toBeDefined();
  });
});

describe('Planar: level 5 looks at the replies', () => {
  const variant = getVariant('planar')!;
  const game = (texts: string[]) => (Game.replay('planar', {}, texts) as { ok: true; value: Game }).value;
  /** Does the side to move have a checkmate at once? */
  const mateInOne = (pos: unknown) => variant.legalMoves(pos).some((m) => variant.formatMove(pos, m).endsWith('#'));

  /**
   * Early positions of random playouts (pieces still in hand: hundreds of turns)
   * where the opponent, were it to move, would mate at once.
   */
  function threatened(count: number, seed: number): Game[] {
    const random = prng(seed);
    const found: Game[] = [];
    for (let g = 0; g < 300 && found.length < count; g++) {
      const texts: string[] = [];
      const stopAt = 6 + Math.floor(random() * 20);
      const current = game([]);
      while (texts.length < stopAt && !current.outcome()) {
        const legal = current.legalTexts();
        const text = legal[Math.floor(random() * legal.length)]!;
        current.play(text);
        texts.push(text);
      }
      if (current.outcome() || variant.isCheck(current.position)) continue;
      const text = variant.formatPosition(current.position);
      const flipped = variant.parsePosition(text.replace(/ ([wb])$/, (_, t: string) => (t === 'w' ? ' b' : ' w')));
      if (flipped.ok && mateInOne(flipped.value)) found.push(current);
    }
    return found;
  }

  it('with hundreds of turns to choose from, level 5 does not allow a mate in one it can stop', () => {
    const positions = threatened(6, 77);
    expect(positions.length).toBeGreaterThanOrEqual(4);
    for (const g of positions) {
      const choice = chooseMoveInGame(g, { level: 5 })!;
      const after = variant.play(g.position, choice.move);
      if (!mateInOne(after)) continue;
      // Allowed: then no turn stops it.
      const stoppable = variant.legalMoves(g.position).some((m) => !mateInOne(variant.play(g.position, m)));
      expect(stoppable, `${variant.formatPosition(g.position)}: ${choice.text}`).toBe(false);
    }
  }, 360_000);
});

describe.each(['first-contact', 'warp-factor'])('%s: the search reads checks right', (name) => {
  it('givesCheck (with its cheap filters) and checkAfter agree with playing the turn, for every legal turn of random positions', () => {
    const variant = getVariant(name)!;
    const rules = searchRulesFor(name)!;
    const random = prng(77 + name.length);
    let platformTurns = 0;
    let platformChecks = 0;
    let checks = 0;
    for (let g = 0; g < 30; g++) {
      let pos = variant.initial((Game.create(name) as { ok: true; value: Game }).value.options);
      for (let ply = 0; ply < 90; ply++) {
        const moves = variant.legalMoves(pos) as { kind: string; from?: number }[];
        if (!moves.length) break;
        for (const m of moves) {
          const child = variant.play(pos, m);
          const expected = variant.isCheck(child);
          expect(rules.givesCheck!(pos, m), `${variant.formatMove(pos, m)} in ${variant.formatPosition(pos)}`).toBe(expected);
          // Warp Factor's checkAfter: the same answer, read from the turn.
          if (rules.checkAfter) expect(rules.checkAfter(pos, child, m), `checkAfter ${variant.formatMove(pos, m)}`).toBe(expected);
          if (expected) checks++;
          if (m.kind === 'platform') {
            platformTurns++;
            if (expected) platformChecks++;
          }
        }
        // First Contact: a check ends the game, so the playout goes on with the other turns.
        // Platform moves and king moves are preferred, to bring kings and platforms together.
        const quiet = moves.filter((m) => !variant.isCheck(variant.play(pos, m)));
        const preferred = quiet.filter((m) => m.kind === 'platform' || (m.kind === 'move' && ((pos as { board: Int8Array }).board[m.from!]! & 7) === 1));
        const pool = preferred.length && random() < 0.6 ? preferred : quiet;
        if (!pool.length) break;
        pos = variant.play(pos, pool[Math.floor(random() * pool.length)]!);
      }
    }
    expect(checks).toBeGreaterThan(0);
    if (name === 'first-contact') {
      expect(platformTurns).toBeGreaterThan(1000);
      expect(platformChecks).toBeGreaterThan(0);
    }
  }, 240_000);
});

describe('a bounded search', () => {
  // Found by a tester in random play (Curved Space, platforms moving after captures): a handful of
  // captures, each with a dozen platform moves after it, made the quiescence search explode, and
  // levels 2-5 never answered (a hint or the computer's turn held the whole service up).
  const position =
    'P1R1/2QN/2K1/N1P1|4/4/4/4|1ppp/1r1b/2P1/kn2 Wa1u*2:2/R1,Nd1u*4:2/2,Nd4d*3:2/2,Ba1u*6:2/2,Bd1d*1:2/1p,Ba4u*5:2/2 PPPPPpppp b - - after-capture';
  const options = { platforms: 6, platformMoves: 'after-capture' };

  it('Curved Space with platform moves after captures: levels 1-5 answer within their ceiling, with a legal turn', () => {
    const created = Game.create('curved-space', options, position);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const legal = legalSet(game);
    for (const level of [1, 2, 3, 4, 5] as Level[]) {
      const choice = chooseMoveInGame(game, { level });
      expect(choice, `level ${level}`).toBeDefined();
      expect(legal.has(choice!.text), `level ${level}: ${choice!.text}`).toBe(true);
      // Depth 1 may overrun the budget, but never past 16 times it (or 20 000 nodes).
      expect(choice!.nodes, `level ${level}`).toBeLessThanOrEqual(Math.max(16 * levelNodes('curved-space', level), 20_000));
    }
  }, 120_000);

  it('depth 1 stops at its ceiling: with the explosive quiescence of before, the search still answers, with a legal turn', () => {
    // The rule as it was (every capture&platform-move a capture of its own): depth 1 alone never
    // ended. The ceiling (16 times the budget, at least 20 000 nodes) now stops it.
    const variant = getVariant('curved-space')!;
    const parsedOptions = variant.parseOptions(options);
    if (!parsedOptions.ok) throw new Error(parsedOptions.error.message);
    const parsed = variant.parsePosition(position, parsedOptions.value);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const rules = searchRulesFor('curved-space')! as SearchRules<{ board: Uint8Array }, { kind: string; to: number }>;
    const explosive = {
      ...rules,
      captures: (pos: { board: Uint8Array }, legal: () => { kind: string; to: number }[]) =>
        legal().filter((m) => m.kind === 'move' && pos.board[m.to] !== EMPTY),
    };
    const outcome = new Searcher(variant, explosive, { nodes: 240, maxDepth: 2, noise: 0, seed: 0 }, new Map()).run(parsed.value as { board: Uint8Array });
    expect(outcome).toBeDefined();
    expect(outcome!.nodes).toBe(20_000);
    expect(Number.isFinite(outcome!.score)).toBe(true);
    const text = variant.formatMove(parsed.value, outcome!.best);
    const game = Game.create('curved-space', options, position);
    if (!game.ok) throw new Error(game.error.message);
    expect(legalSet(game.value).has(text)).toBe(true);
  }, 120_000);
});
