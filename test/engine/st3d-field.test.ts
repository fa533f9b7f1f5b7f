import { describe, expect, it } from 'vitest';
import {
  adjacentPins,
  cellName,
  cellPoint,
  DOWN,
  fixedCell,
  geometry,
  KNIGHT_LEAPS,
  knightCells,
  NUM_CELLS,
  NUM_PINS,
  pinName,
  platformCell,
  UP,
} from '../../src/engine/st3d/field.ts';

const platformsWith = (entries: [number, number][]) => {
  const platforms = new Int8Array(NUM_PINS);
  for (const [pin, state] of entries) platforms[pin] = state;
  return platforms;
};
const pinIndex = (name: string) => 'WNB'.indexOf(name[0]!) * 4 + ['a1', 'd1', 'a4', 'd4'].indexOf(name.slice(1, 3));

// Written from the table in rules.md section 1: global files z=0 a=1 .. e=5.
const FOOTPRINTS: Record<string, { files: [number, number]; ranks: [number, number]; up: number; down: number }> = {
  Wa1: { files: [0, 1], ranks: [0, 1], up: 1, down: -1 },
  Wd1: { files: [4, 5], ranks: [0, 1], up: 1, down: -1 },
  Wa4: { files: [0, 1], ranks: [4, 5], up: 1, down: -1 },
  Wd4: { files: [4, 5], ranks: [4, 5], up: 1, down: -1 },
  Na1: { files: [0, 1], ranks: [2, 3], up: 3, down: 1 },
  Nd1: { files: [4, 5], ranks: [2, 3], up: 3, down: 1 },
  Na4: { files: [0, 1], ranks: [6, 7], up: 3, down: 1 },
  Nd4: { files: [4, 5], ranks: [6, 7], up: 3, down: 1 },
  Ba1: { files: [0, 1], ranks: [4, 5], up: 5, down: 3 },
  Bd1: { files: [4, 5], ranks: [4, 5], up: 5, down: 3 },
  Ba4: { files: [0, 1], ranks: [8, 9], up: 5, down: 3 },
  Bd4: { files: [4, 5], ranks: [8, 9], up: 5, down: 3 },
};

describe('ST3D field geometry', () => {
  it('places fixed levels at their global ranks and heights', () => {
    const none = new Int8Array(NUM_PINS);
    expect(cellPoint(fixedCell(0, 0, 0), none)).toEqual([1, 1, 0]); // Wa1
    expect(cellPoint(fixedCell(0, 3, 3), none)).toEqual([4, 4, 0]); // Wd4
    expect(cellPoint(fixedCell(1, 0, 0), none)).toEqual([1, 3, 2]); // Na1
    expect(cellPoint(fixedCell(1, 1, 3), none)).toEqual([2, 6, 2]); // Nb4
    expect(cellPoint(fixedCell(2, 0, 0), none)).toEqual([1, 5, 4]); // Ba1
    expect(cellPoint(fixedCell(2, 3, 3), none)).toEqual([4, 8, 4]); // Bd4
  });

  it('gives every pin its footprint and height, upright and inverted', () => {
    for (const [name, fp] of Object.entries(FOOTPRINTS)) {
      const pin = pinIndex(name);
      for (const state of [UP, DOWN]) {
        const platforms = platformsWith([[pin, state]]);
        const h = state === UP ? fp.up : fp.down;
        expect(cellPoint(platformCell(pin, 0, 0), platforms), `${name} a1`).toEqual([fp.files[0], fp.ranks[0], h]);
        expect(cellPoint(platformCell(pin, 1, 0), platforms), `${name} b1`).toEqual([fp.files[1], fp.ranks[0], h]);
        expect(cellPoint(platformCell(pin, 0, 1), platforms), `${name} a2`).toEqual([fp.files[0], fp.ranks[1], h]);
        expect(cellPoint(platformCell(pin, 1, 1), platforms), `${name} b2`).toEqual([fp.files[1], fp.ranks[1], h]);
      }
    }
  });

  it('puts Wa1u:b2 directly above Wa1 and covers z0 a0 z1 a1 at h1', () => {
    const platforms = platformsWith([[pinIndex('Wa1'), UP]]);
    const wa1 = cellPoint(fixedCell(0, 0, 0), platforms)!;
    expect(cellPoint(platformCell(0, 1, 1), platforms)).toEqual([wa1[0], wa1[1], wa1[2] + 1]);
    expect(cellName(platformCell(0, 1, 1), platforms)).toBe('Wa1u:b2');
  });

  it('never overlaps two pins, or a pin and a fixed level, in space', () => {
    const seen = new Map<string, string>();
    const none = new Int8Array(NUM_PINS);
    for (let cell = 0; cell < 48; cell++) seen.set(String(cellPoint(cell, none)), cellName(cell, none));
    for (let pin = 0; pin < NUM_PINS; pin++)
      for (const state of [UP, DOWN]) {
        const platforms = platformsWith([[pin, state]]);
        for (let local = 0; local < 4; local++) {
          const cell = platformCell(pin, local & 1, local >> 1);
          const key = String(cellPoint(cell, platforms));
          expect(seen.get(key), `${cellName(cell, platforms)} collides`).toBeUndefined();
          seen.set(key, cellName(cell, platforms));
        }
      }
    expect(seen.size).toBe(48 + 12 * 2 * 4);
  });

  it('has no cell for a platform cell on an empty pin', () => {
    expect(cellPoint(platformCell(3, 0, 0), new Int8Array(NUM_PINS))).toBeUndefined();
    expect(geometry(new Int8Array(NUM_PINS)).present).toHaveLength(48);
  });

  it('names pins and knows which are adjacent', () => {
    expect(pinName(pinIndex('Nd4'), DOWN)).toBe('Nd4d');
    const names = (pin: number) =>
      adjacentPins(pin)
        .map((p) => pinName(p))
        .sort();
    expect(names(pinIndex('Wa1'))).toEqual(['Na1', 'Wa4', 'Wd1']);
    expect(names(pinIndex('Nd1'))).toEqual(['Bd1', 'Na1', 'Nd4', 'Wd1']);
    expect(names(pinIndex('Bd4'))).toEqual(['Ba4', 'Bd1', 'Nd4']);
  });

  it('has the 24 knight leaps: permutations of (±2, ±1, 0)', () => {
    expect(KNIGHT_LEAPS).toHaveLength(24);
    for (const leap of KNIGHT_LEAPS) expect([...leap].map(Math.abs).sort()).toEqual([0, 1, 2]);
    expect(new Set(KNIGHT_LEAPS.map(String)).size).toBe(24);
  });

  it('lets a knight leave its fixed level only through a platform cell', () => {
    const wa4 = fixedCell(0, 0, 3);
    const none = new Int8Array(NUM_PINS);
    const names = (platforms: Int8Array) =>
      knightCells(geometry(platforms).knightTo, wa4)
        .map((c) => cellName(c, platforms))
        .sort();
    // On the bare W level only the two flat leaps exist.
    expect(names(none)).toEqual(['Wb2', 'Wc3']);
    // Wa4u puts a platform cell above Wa4: the leaps up to N pass through it.
    expect(names(platformsWith([[pinIndex('Wa4'), UP]]))).toEqual(['Na1', 'Na3', 'Nb2', 'Wb2', 'Wc3']);
    // Inverted, the platform is below: nothing to pass through upwards.
    expect(names(platformsWith([[pinIndex('Wa4'), DOWN]]))).toEqual(['Wb2', 'Wc3']);
  });

  it('keeps its tables consistent: knightFrom is knightTo reversed', () => {
    const geo = geometry(
      platformsWith([
        [0, UP],
        [5, DOWN],
        [10, UP],
        [7, DOWN],
      ]),
    );
    for (let from = 0; from < NUM_CELLS; from++) for (const to of knightCells(geo.knightTo, from)) expect(knightCells(geo.knightFrom, to)).toContain(from);
  });
});
