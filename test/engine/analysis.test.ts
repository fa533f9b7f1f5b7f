// The analysis's arithmetic: winning chances, judgements, Lichess's accuracy; and a searched
// position that is lost for the side to move evaluates in the winner's favour.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { analysePosition } from '../../src/engine/search/analysis.ts';
import { chancesOf, evalText, gameAccuracy, judge, moveAccuracy, whiteChances, type Evaluation } from '../../src/engine/search/analysis-judgement.ts';
import { prng } from './helpers.ts';

const K = 0.003;

describe('analysis arithmetic', () => {
  it('winning chances: even at 0, rising with White’s evaluation, certain with a mate or an ending', () => {
    expect(whiteChances({ cp: 0 }, K)).toBeCloseTo(0.5);
    expect(whiteChances({ cp: 300 }, K)).toBeGreaterThan(whiteChances({ cp: 100 }, K));
    expect(whiteChances({ mate: 3 }, K)).toBe(1);
    expect(whiteChances({ mate: -2 }, K)).toBe(0);
    expect(whiteChances({ over: '1/2-1/2' }, K)).toBe(0.5);
    expect(chancesOf('black', { cp: 200 }, K)).toBeCloseTo(1 - whiteChances({ cp: 200 }, K));
  });

  it('judgements by the drop in the mover’s chances: ?! 0.05, ? 0.10, ?? 0.15; the computer’s own choice never', () => {
    expect(judge('white', { cp: 0 }, { cp: -10 }, K)).toBeUndefined();
    expect(judge('white', { cp: 0 }, { cp: -80 }, K)).toBe('inaccuracy');
    expect(judge('white', { cp: 0 }, { cp: -150 }, K)).toBe('mistake');
    expect(judge('white', { cp: 0 }, { mate: -1 }, K)).toBe('blunder');
    expect(judge('black', { cp: 0 }, { mate: 1 }, K)).toBe('blunder');
    expect(judge('black', { cp: 0 }, { mate: -1 }, K)).toBeUndefined();
    expect(judge('white', { cp: 0 }, { mate: -1 }, K, 'Wb2-Wb3', 'Wb2-Wb3')).toBeUndefined();
  });

  it('Lichess accuracy: 100 when nothing was lost, falling with the loss, always within 0-100', () => {
    expect(moveAccuracy(50, 60)).toBe(100);
    expect(moveAccuracy(60, 40)).toBeLessThan(moveAccuracy(60, 55));
    expect(moveAccuracy(100, 0)).toBe(0);
    const random = prng(7);
    for (let n = 0; n < 200; n++) {
      const evals: Evaluation[] = Array.from({ length: 1 + Math.floor(random() * 60) }, () =>
        random() < 0.1 ? { mate: random() < 0.5 ? 2 : -3 } : { cp: Math.round((random() - 0.5) * 3000) },
      );
      const acc = gameAccuracy(evals, random() < 0.5 ? 'white' : 'black', K);
      for (const v of Object.values(acc)) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(100);
      }
    }
    // A side that only ever kept its chances is fully accurate.
    expect(gameAccuracy([{ cp: 0 }, { cp: 0 }, { cp: 0 }, { cp: 0 }], 'white', K)).toEqual({ white: 100, black: 100 });
  });

  it('the record’s evaluation text', () => {
    expect(evalText({ cp: 35 })).toBe('0.35');
    expect(evalText({ cp: -120 })).toBe('-1.20');
    expect(evalText({ mate: -1 })).toBe('#-1');
    expect(evalText({ over: '1-0' })).toBe('1-0');
  });

  it('a position where the side to move is mated at once evaluates as a mate for the other side', () => {
    // First Contact: after these turns Black wins at once with Q@Ba1 (a winning check).
    const game = Game.replay('first-contact', {}, '@Nd1d @Na1u @Wa4u @Ba1d K@Wb4 K@Bd2 N@Wd2 R@Bc4 Wb4-Wa4u:b2'.split(' '));
    if (!game.ok) throw new Error(game.error.message);
    const found = analysePosition(game.value.variant, game.value.position, { history: game.value.allPositions.slice(0, -1) });
    expect(found.eval).toEqual({ mate: -1 });
    expect(found.best).toMatch(/#$/);
  });
});
