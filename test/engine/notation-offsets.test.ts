// Syntax errors point at the token that cannot be read (notation.md: an error
// says "where the text stopped making sense"). Offsets are into the text as
// given, leading whitespace included, and were counted by hand from the
// strings (the index comments mark the characters counted).
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import type { VariantName } from '../../src/engine/types.ts';
import { getVariant } from '../../src/engine/variants/index.ts';
import { mustParse } from './helpers.ts';

// [variant, text, expected `at`, a part of the message naming the bad token]
const cases: [VariantName, string, number, string][] = [
  // W0 a1 12 u3 :4 c5 -> the platform cell "c1"
  ['warp-factor', 'Wa1u:c1-Wa1u:a2', 5, '"c1"'],
  // ... -7 W8 a9 1(10) u11 :12 a13 -> the second platform cell "a3"
  ['warp-factor', 'Wa1u:a2-Wa1u:a3', 13, '"a3"'],
  // two spaces, then w2 a3 14 u5 :6 C7 (lower-case level, upper-case bad cell, trailing +)
  ['warp-factor', '  wa1u:C1-Wa1u:a2+', 7, '"C1"'],
  // Wa1 0..2, -3, Z4
  ['warp-factor', 'Wa1-Zz9', 4, '"Zz9"'],
  // optional piece letter N0, bad cell from W1
  ['warp-factor', 'NWz9-Wb3', 1, '"Wz9"'],
  // Wa1 0..2, then W3 where "-" or "x" belongs
  ['warp-factor', 'Wa1Wb3', 3, '"Wb3"'],
  // Wa1-Wb3 0..6, space 7, p8
  ['warp-factor', 'Wa1-Wb3 please', 8, '"please"'],
  // tab 0, Wa1-Wb3 1..7, x8 (the trailing "!" is decoration)
  ['warp-factor', '\tWa1-Wb3x!', 8, '"x"'],
  // Wb2 is no pin, so "Wb2:" cannot start a platform cell: the cell at 0
  ['warp-factor', 'Wb2:a1-Wb3', 0, '"Wb2"'],
  // a cut-off cell at 4 is not read as Wb1
  ['warp-factor', 'Wa1-Wb', 4, '"Wb"'],
  // a pin where a cell belongs: N4
  ['warp-factor', 'Wa1-Na1u', 4, 'Na1u is a pin'],
  // @0 W1: Wb2 is not a pin
  ['first-contact', '@Wb2u', 1, '"Wb2u"'],
  // @0 Wa1 1..3, the orientation is missing at 4
  ['first-contact', '@Wa1', 4, 'orientation u or d after Wa1'],
  // @0 W1 a2 13 then q4 instead of u/d
  ['first-contact', '@Wa1q', 4, '"q"'],
  // N0 @1 W2: a pin is not a drop cell
  ['first-contact', 'N@Wa1u', 2, 'Wa1u is a pin'],
  // n0: piece letters in drops are upper case
  ['first-contact', 'n@Wc1', 0, 'not n@'],
  // Q0 @1 W2 a3 14 u5 :6 b7
  ['first-contact', 'Q@Wa1u:b3', 7, '"b3"'],
  // space 0, Q1 @2 W3
  ['first-contact', ' Q@Wc5 ', 3, '"Wc5"'],
  // 1 0, @1, W2: Wb2 is not a pin
  ['curved-space', '1@Wb2u', 2, '"Wb2u"'],
  // the number at 0
  ['curved-space', '13@Wa1u', 0, 'got 13'],
  // Wb3xNc2 0..6, &7, Wa1u 8..11, -12, B13
  ['curved-space', 'Wb3xNc2&Wa1u-Bc4d', 13, '"Bc4d"'],
  // Wb3xNc2&Wa1u 0..11, B12 where "-" belongs
  ['curved-space', 'Wb3xNc2&Wa1uBd4d', 12, '"Bd4d"'],
  // lower case throughout; b13 d14 4(15), orientation missing at 16
  ['curved-space', 'wb3xnc2&wa1u-bd4', 16, 'after bd4'],
  // Wa1u 0..3, -4, W5: a platform moves to a pin, Wb2 is none
  ['curved-space', 'Wa1u-Wb2', 5, '"Wb2"'],
  // Ab1 0..2, -3, A4
  ['planar', 'Ab1-Ae3', 4, '"Ae3"'],
  // N0 @1 A2
  ['planar', 'N@Ax3', 2, '"Ax3"'],
  // Ab1 0..2, =3, Q4
  ['planar', 'Ab1=QQ', 4, '"QQ"'],
  // Z0 before "@"
  ['planar', 'Z@Ac3', 0, '"Z"'],
  // space 0, N1, space 2, Z3
  ['planar', ' N Zz9', 3, '"Zz9"'],
  // a0 b1 12 space3 -4 space5 a6 (lower case, spaces, trailing " !")
  ['planar', 'ab1 - ae3 !', 6, '"ae3"'],
  // a mistyped cell on level B, not a bishop: B0
  ['planar', 'Be1-Ac3', 0, '"Be1"'],
  // Ab1 0..2, space 3, A4 where "-", "x" or "=" belongs
  ['planar', 'Ab1 Ac3', 4, '"Ac3"'],
  // Ab1-Ac3 0..6, space 7, f8 (the trailing "?" is decoration)
  ['planar', 'Ab1-Ac3 foo?', 8, '"foo"'],
];

describe('syntax errors point at the token that cannot be read', () => {
  const starts = new Map<VariantName, unknown>();
  const start = (name: VariantName) => {
    if (!starts.has(name)) starts.set(name, mustParse(Game.create(name)).position);
    return starts.get(name);
  };

  it.each(cases)('%s: %j -> at %i', (name, text, at, named) => {
    const result = getVariant(name)!.parseMove(start(name), text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('syntax');
    expect(result.error.at).toBe(at);
    expect(result.error.message).toContain(named);
  });

  it('keeps the offset when a replayed game reports the turn', () => {
    const replayed = Game.replay('warp-factor', {}, ['Wa1u:c1-Wa1u:a2']);
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error.at).toBe(5);
  });
});
