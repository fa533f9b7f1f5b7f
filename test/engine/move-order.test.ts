// The search's MoveOrder: its picks are the moves by score (highest first), then generated index,
// as a stable sort gives them, whatever the scores (many alike, all alike, fractions) and after keep.
import { describe, expect, it } from 'vitest';
import { MoveOrder } from '../../src/engine/search/move-order.ts';
import { prng } from './helpers.ts';

const stableOrder = (scores: Float64Array, left: (i: number) => boolean) => [...scores.keys()].filter(left).sort((a, b) => scores[b]! - scores[a]! || a - b);

describe('MoveOrder', () => {
  it('picks moves by score, then index, as a stable sort', () => {
    const random = prng(11);
    const order = new MoveOrder(new Float64Array(0), new Int32Array(0));
    for (let list = 0; list < 3000; list++) {
      const n = 1 + Math.floor(random() * 60);
      const kinds = Math.floor(random() * 4);
      const scores = new Float64Array(n).map(() =>
        kinds === 0 ? 0 : kinds === 1 ? (random() < 0.8 ? 0 : Math.floor(random() * 5) * 16) : kinds === 2 ? Math.floor(random() * 3) : random() * 100 - 20,
      );
      const keepAfter = random() < 0.3 ? Math.floor(random() * n) : -1;
      order.reset(scores, new Int32Array(n));
      const dropped = new Set<number>();
      const picked: number[] = [];
      for (let k = 0; k < order.length; k++) {
        picked.push(order.pick(k));
        if (k === keepAfter)
          order.keep(k, (i) => {
            const keep = i % 3 !== 0;
            if (!keep) dropped.add(i);
            return keep;
          });
      }
      const expected = stableOrder(scores, () => true).filter((i, at) => at <= keepAfter || !dropped.has(i));
      expect(picked).toEqual(expected);
    }
  });
});
