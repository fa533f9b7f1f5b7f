// The worm-hole graph and its step/slide tables (rules.md section 4). Every
// expected list below was worked out by hand from the rules, not printed by the engine.
import { describe, expect, it } from 'vitest';
import { cellName } from '../../src/engine/st3d/field.ts';
import { parsePinName } from '../../src/engine/st3d/position.ts';
import {
  buildWormholeGraph,
  cellLayer,
  cellLetter,
  CLOCKWISE,
  COUNTER_CLOCKWISE,
  formatWormhole,
  layerCell,
  SAME,
  wormhole,
  type Turn,
} from '../../src/engine/st3d/wormhole.ts';

/** Platforms numbered 1, 2, ... in the order given, e.g. ['Wa1u', 'Nd1d']. */
function arrangement(pins: string[]) {
  const platforms = new Int8Array(12);
  const numbers = new Int8Array(12);
  pins.forEach((text, i) => {
    const { pin, state } = parsePinName(text)!;
    platforms[pin] = state;
    numbers[pin] = i + 1;
  });
  return { platforms, numbers };
}

const SEED_1 = ['Wa1u', 'Nd1d', 'Bd4u', 'Na4u'];
const SEED_2 = ['Ba1d', 'Nd1d', 'Bd4u', 'Na4u'];

function graphOf(pins: string[]) {
  const { platforms, numbers } = arrangement(pins);
  return buildWormholeGraph(platforms, numbers);
}
/** Names of the layers next to node i, sorted. */
function neighbours(pins: string[], node: number): string[] {
  const g = graphOf(pins);
  return g.adjacent[node]!.map((n) => `${g.layerNames[g.nodeLayer[n]!]}#${n}`).sort();
}

const cellByName = (pins: string[], text: string): number => {
  const { platforms } = arrangement(pins);
  for (let cell = 0; cell < 96; cell++) if (cellName(cell, platforms) === text) return cell;
  throw new Error(`no cell ${text}`);
};
const names = (pins: string[], cells: Iterable<number>) => [...new Set(cells)].map((c) => cellName(c, arrangement(pins).platforms)).sort();

function slideCells(pins: string[], from: string, turn: Turn): string[] {
  const { platforms, numbers } = arrangement(pins);
  return names(pins, wormhole(platforms, numbers).slideTree(cellByName(pins, from), turn).cells);
}
function steps(pins: string[], from: string, kind: 0 | 1 | 2): string[] {
  const { platforms, numbers } = arrangement(pins);
  return names(pins, wormhole(platforms, numbers).stepTargets(cellByName(pins, from), kind));
}
const sorted = (list: string[]) => [...list].sort();

describe('layer sequence S and its text', () => {
  it('builds the first seed example: W P1 P2 N B P3 N P4', () => {
    expect(formatWormhole(graphOf(SEED_1))).toBe('W P1 P2 N B P3 N P4');
  });

  it('builds the second seed example (platform 1 on Ba1d), W absent and linked to both N', () => {
    const g = graphOf(SEED_2);
    expect(formatWormhole(g)).toBe('P1 B P2 N B P3 N P4, W-N');
    // nodes 0..7 are S; node 8 is the absent W, joined to N at nodes 3 and 6
    expect(g.nodeLayer[8]).toBe(0);
    expect(neighbours(SEED_2, 8)).toEqual(['N#3', 'N#6']);
    expect(neighbours(SEED_2, 3)).toEqual(['B#4', 'P2#2', 'W#8']);
  });

  it('links absent levels by the default chain W-N-B', () => {
    // Only 1 on Wa1u: S = W P1; N links to W and to the absent B.
    const g = graphOf(['Wa1u']);
    expect(formatWormhole(g)).toBe('W P1, N-W, N-B');
    expect(neighbours(['Wa1u'], 2)).toEqual(['B#3', 'W#0']);
    expect(neighbours(['Wa1u'], 3)).toEqual(['N#2']);
    // No platforms at all: the plain chain.
    expect(formatWormhole(graphOf([]))).toBe('W-N, N-B');
    // Only B absent: it links to every N.
    expect(formatWormhole(graphOf(['Wa1u', 'Nd1d', 'Na4u']))).toBe('W P1 P2 N P3, B-N');
  });

  it('merges two equal consecutive levels', () => {
    // 1 Wa1d gives P1 W, 2 Wa4u gives W P2: P1 W P2, not P1 W W P2.
    expect(formatWormhole(graphOf(['Wa1d', 'Wa4u']))).toBe('P1 W P2, N-W, N-B');
    expect(graphOf(['Wa1d', 'Wa4u']).sequence).toEqual([3, 0, 5]);
  });

  it('lets a level appear three times, all occurrences one set of cells', () => {
    const pins = ['Wa1u', 'Wd1d', 'Wa4u', 'Wd4d'];
    const g = graphOf(pins);
    expect(formatWormhole(g)).toBe('W P1 P2 W P3 P4 W, N-W, N-B');
    expect(g.layerNodes[0]).toEqual([0, 3, 6]);
    // The absent N is linked to each of the three W nodes and to B.
    expect(neighbours(pins, 7)).toEqual(['B#8', 'W#0', 'W#3', 'W#6']);
    // A rook on Wb3 stands on all three W nodes: it reaches every platform's w cell and Nb3, Bb3.
    expect(slideCells(pins, 'Wb3', SAME)).toEqual(sorted(['Wa1u:a2', 'Wd1d:a2', 'Wa4u:a2', 'Wd4d:a2', 'Nb3', 'Bb3']));
  });

  it('follows number order, not pin order, and keeps numbers 1..12', () => {
    const { platforms, numbers } = arrangement(['Bd4u', 'Wa1u']);
    expect(formatWormhole(buildWormholeGraph(platforms, numbers))).toBe('B P1 W P2, N-W, N-B');
  });
});

describe('layers and letters', () => {
  it('maps level centres and platform cells to w x y z', () => {
    const pins = SEED_1;
    expect(['Wb3', 'Wc3', 'Wb2', 'Wc2'].map((c) => LETTERS_OF(pins, c))).toEqual(['w', 'x', 'y', 'z']);
    expect(['Wa1u:a2', 'Wa1u:b2', 'Wa1u:a1', 'Wa1u:b1'].map((c) => LETTERS_OF(pins, c))).toEqual(['w', 'x', 'y', 'z']);
    expect(cellLayer(cellByName(pins, 'Wa1'))).toBe(-1);
    expect(layerCell(2, 3)).toBe(cellByName(pins, 'Bc2'));
  });

  it('relates letters: orthogonal same, diagonal neighbouring, triagonal opposite', () => {
    // From each letter of W (node 0, next to P1 = Wa1u only).
    const p1 = (cell: string) => `Wa1u:${cell}`;
    const expected: Record<string, [string[], string[], string[]]> = {
      Wb3: [[p1('a2')], [p1('b2'), p1('a1')], [p1('b1')]], // w: w | x y | z
      Wc3: [[p1('b2')], [p1('a2'), p1('b1')], [p1('a1')]], // x: x | w z | y
      Wb2: [[p1('a1')], [p1('a2'), p1('b1')], [p1('b2')]], // y: y | w z | x
      Wc2: [[p1('b1')], [p1('b2'), p1('a1')], [p1('a2')]], // z: z | x y | w
    };
    for (const [from, [orth, diag, tri]] of Object.entries(expected)) {
      expect(steps(SEED_1, from, 0)).toEqual(sorted(orth));
      expect(steps(SEED_1, from, 1)).toEqual(sorted(diag));
      expect(steps(SEED_1, from, 2)).toEqual(sorted(tri));
    }
  });

  it('steps from a level in S twice through every occurrence', () => {
    // Nc3 is x of N; N is node 3 (next to P2, B) and node 6 (next to P3, P4).
    expect(steps(SEED_1, 'Nc3', 0)).toEqual(sorted(['Nd1d:b2', 'Bc3', 'Bd4u:b2', 'Na4u:b2']));
    expect(steps(SEED_1, 'Nc3', 1)).toEqual(sorted(['Nd1d:a2', 'Nd1d:b1', 'Bb3', 'Bc2', 'Bd4u:a2', 'Bd4u:b1', 'Na4u:a2', 'Na4u:b1']));
    expect(steps(SEED_1, 'Nc3', 2)).toEqual(sorted(['Nd1d:a1', 'Bb2', 'Bd4u:a1', 'Na4u:a1']));
  });
});

describe('slides', () => {
  it('rook: keeps its letter and never enters a cell twice', () => {
    // W P1 P2 N B P3 N: the second N is Nb3 again, so the slide ends at P3 and never reaches P4.
    expect(slideCells(SEED_1, 'Wb3', SAME)).toEqual(sorted(['Wa1u:a2', 'Nd1d:a2', 'Nb3', 'Bb3', 'Bd4u:a2']));
  });

  it('rook on a level centre leaves through every node of its level, branching', () => {
    expect(slideCells(SEED_1, 'Nb3', SAME)).toEqual(sorted(['Nd1d:a2', 'Wa1u:a2', 'Wb3', 'Bb3', 'Bd4u:a2', 'Na4u:a2']));
  });

  it('rook from an absent level branches to each occurrence of its neighbour', () => {
    expect(slideCells(SEED_2, 'Wb3', SAME)).toEqual(sorted(['Nb3', 'Nd1d:a2', 'Bb3', 'Ba1d:a2', 'Bd4u:a2', 'Na4u:a2']));
  });

  it('bishop turns clockwise w>x>z>y or counter-clockwise w>y>z>x all the way', () => {
    expect(slideCells(SEED_1, 'Wb3', CLOCKWISE)).toEqual(sorted(['Wa1u:b2', 'Nd1d:b1', 'Nb2', 'Bb3', 'Bd4u:b2', 'Nc2', 'Na4u:a1']));
    expect(slideCells(SEED_1, 'Wb3', COUNTER_CLOCKWISE)).toEqual(sorted(['Wa1u:a1', 'Nd1d:b1', 'Nc3', 'Bb3', 'Bd4u:a1', 'Nc2', 'Na4u:b2']));
  });

  it('never steps straight back to the node it came from', () => {
    // From Wa1u:a2 (w of P1) clockwise: into W gives Wc3 and stops (W has no other neighbour);
    // stepping back to P1 would give Wa1u:b1, which must not appear.
    const cw = slideCells(SEED_1, 'Wa1u:a2', CLOCKWISE);
    expect(cw).toEqual(sorted(['Wc3', 'Nd1d:b2', 'Nc2', 'Bb2', 'Bd4u:a2', 'Nc3', 'Na4u:b1']));
    expect(cw).not.toContain('Wa1u:b1');
  });

  it('tree walking: preorder ends skip a blocked branch', () => {
    const { platforms, numbers } = arrangement(SEED_1);
    const tree = wormhole(platforms, numbers).slideTree(cellByName(SEED_1, 'Wb3'), SAME);
    // A single path: each entry's subtree runs to the end.
    expect(Array.from(tree.ends)).toEqual([5, 5, 5, 5, 5]);
    expect(names(SEED_1, [tree.cells[0]!])).toEqual(['Wa1u:a2']);
  });

  it('caches per arrangement, numbers included', () => {
    const a = arrangement(SEED_1);
    const b = arrangement(['Na4u', 'Nd1d', 'Bd4u', 'Wa1u']); // same pins, numbers swapped
    expect(wormhole(a.platforms, a.numbers)).toBe(wormhole(a.platforms.slice(), a.numbers.slice()));
    expect(wormhole(b.platforms, b.numbers).text).toBe('N P1 P2 N B P3 W P4');
  });
});

function LETTERS_OF(pins: string[], cell: string): string {
  return 'wxyz'[cellLetter(cellByName(pins, cell))]!;
}
