import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { answerLegal } from '../../src/engine/legal-request.ts';
import { curvedSpace } from '../../src/engine/st3d/curved-space.ts';
import { firstContact } from '../../src/engine/st3d/first-contact.ts';
import { sameMove, type St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { warpFactor } from '../../src/engine/st3d/warp-factor.ts';
import type { Variant } from '../../src/engine/types.ts';
import { mustParse, prng, randomGame } from './helpers.ts';

type St3dVariant = Variant<St3dPosition, St3dMove, unknown>;
const variants: [string, St3dVariant][] = [
  ['first-contact', firstContact as St3dVariant],
  ['warp-factor', warpFactor as St3dVariant],
];

describe.each(variants)('%s notation and position text', (_name, variant) => {
  it('round-trips every legal turn and every position over random playouts', () => {
    const random = prng(20261122);
    let turns = 0;
    for (let g = 0; g < 12; g++) {
      for (const pos of randomGame(variant, variant.initial({}), 60, random) as St3dPosition[]) {
        const text = variant.formatPosition(pos);
        const reread = mustParse(variant.parsePosition(text));
        expect(variant.formatPosition(reread)).toBe(text);
        expect(reread).toEqual(pos);
        const moves = variant.legalMoves(pos);
        const texts = moves.map((m) => variant.formatMove(pos, m));
        expect(new Set(texts).size).toBe(texts.length);
        moves.forEach((move, i) => {
          const parsed = variant.parseMove(pos, texts[i]!);
          expect(parsed.ok && sameMove(parsed.value, move), texts[i]).toBe(true);
        });
        turns += moves.length;
      }
    }
    expect(turns).toBeGreaterThan(5000);
  }, 240_000);
});

describe('lenient input', () => {
  const game = mustParse(Game.replay('warp-factor', {}, []));
  const pos = game.position as St3dPosition;
  const canonical = (text: string) => {
    const parsed = warpFactor.parseMove(pos, text);
    return parsed.ok ? warpFactor.formatMove(pos, parsed.value) : `error: ${parsed.error.message}`;
  };

  it.each([
    ['NWa1-Wb3', 'Wa1-Wb3'],
    ['N Wa1-Wb3', 'Wa1-Wb3'],
    ['Wa1xWb3', 'Wa1-Wb3'],
    ['  Wa1-Wb3  ', 'Wa1-Wb3'],
    ['Wa1-Wb3!?', 'Wa1-Wb3'],
    ['Wa1-Wb3+', 'Wa1-Wb3'],
    ['wa1-wb3', 'Wa1-Wb3'],
    ['PWb2-Wb3', 'Wb2-Wb3'],
    ['Wa1-Na1', 'Wa1-Na1'],
  ])('%s reads as %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('accepts a platform cell without its orientation, and x for -', () => {
    const fc = mustParse(Game.replay('first-contact', {}, ['@Wa1u', '@Bd4d', '@Nd1u', '@Na4d', 'K@Wb2', 'K@Bc3', 'P@Wa1', 'P@Ba1']));
    expect(mustParse(fc.play('Wa1-Wa1:b2')).text).toBe('Wa1-Wa1u:b2');
    expect(mustParse(fc.play('Bd4d-Bd4u')).text).toBe('Bd4d-Bd4u');
  });
});

describe('bad input gets a typed error, never an exception', () => {
  const fcPlay = ['@Wa1u', '@Bd4d', '@Nd1u', '@Na4d', 'K@Wb2', 'K@Bc3'];
  const cases: [string, string[], string, 'syntax' | 'illegal', RegExp][] = [
    ['empty text', [], '', 'syntax', /empty turn/],
    ['gibberish', [], 'hello', 'syntax', /expected a cell/],
    ['missing separator', [], 'Wa1Wb3', 'syntax', /expected "-" or "x" after Wa1/],
    ['bad target', [], 'Wa1-Zz9', 'syntax', /expected a cell like Nc3/],
    // Shaped like a cell but off its level: said (tester 9 U3), not only that a cell was expected.
    ['rank off the level', [], 'Bb3-Bb9', 'syntax', /found "Bb9", which is off the field: a level's files run a-d and its ranks 1-4/],
    ['file off the level', [], 'Wa1-Nf3', 'syntax', /found "Nf3", which is off the field/],
    ['trailing junk', [], 'Wa1-Wb3 please', 'syntax', /unexpected "please"/],
    ['lower-case drop letter', [], 'n@Wc1', 'syntax', /must be upper case: N@, not n@/],
    ['unknown drop letter', [], 'X@Wc1', 'syntax', /"X" is not a piece letter: expected K, Q, R, B, N or P/],
    ['platform number out of range', [], '13@Wa1u', 'syntax', /1\.\.12/],
    ['piece to a pin', [], 'Wa1-Na1u', 'syntax', /is a pin/],
    ['empty cell', [], 'Wa3-Wa4', 'illegal', /no piece on Wa3/],
    ['opponent piece', [], 'Ba4-Bb2', 'illegal', /knight on Ba4 is Black's/],
    ['wrong piece letter', [], 'QWa1-Wb3', 'illegal', /no queen on Wa1 \(it holds a knight\)/],
    ['blocked slide', [], 'Wa1u:a1-Wa1u:a2', 'illegal', /occupied by your own pawn/],
    ['not on its lines', [], 'Wb1-Wb3', 'illegal', /bishop slides diagonally/],
    ['king warp', [], 'Wd1u:a1-Ba4u:a1', 'illegal', /king cannot warp/],
    ['warp onto occupied', [], 'Wa1u:a2-Ba4u:a2', 'illegal', /must land on a vacant cell; Ba4u:a2 is occupied/],
    ['no platform at pin', [], 'Na1u:a1-Na1u:a2', 'illegal', /no platform on Na1/],
    ['wrong orientation', [], 'Wa1d:a2-Wa1d:b2', 'illegal', /upright \(Wa1u\)/],
    ['not own platform', [], 'Ba4u-Na1u', 'illegal', /belongs to Black/],
    ['occupied platform', [], 'Wa1u-Na1u', 'illegal', /not empty/],
    ['drop in Warp Factor', [], 'N@Wc3', 'illegal', /no pieces in hand/],
    ['placement in Warp Factor', [], '@Na1u', 'illegal', /platforms start on the field/],
  ];
  it.each(cases)('warp-factor: %s', (_label, moves, text, kind, message) => {
    const game = mustParse(Game.replay('warp-factor', {}, moves));
    const result = warpFactor.parseMove(game.position as St3dPosition, text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe(kind);
      expect(result.error.message).toMatch(message);
      if (kind === 'syntax') expect(result.error.at).toBeTypeOf('number');
    }
  });

  const fcCases: [string, string[], string, RegExp][] = [
    ['placement on taken pin', ['@Wa1u'], '@Wa1d', /already holds a platform/],
    ['numbered placement', [], '2@Wa1u', /not numbered/],
    ['move during placement', ['@Wa1u'], 'Wa1-Wa2', /still being placed \(3 to go\)/],
    ['drop before king', fcPlay.slice(0, 4), 'Q@Wa1', /place your king first/],
    ['drop on the wrong level', fcPlay, 'Q@Na1', /own fixed level W/],
    ['drop on a platform', fcPlay, 'Q@Wa1u:a1', /never dropped onto a platform/],
    ['drop on occupied cell', fcPlay, 'Q@Wb2', /Wb2 is occupied/],
    ['nothing left in hand', [...fcPlay, 'Q@Wa1', 'Q@Ba1'], 'Q@Wa2', /no queen in hand/],
    ['platform too far', fcPlay, 'Wa1u-Bd1d', /adjacent pin/],
    ['empty platform not inverted', fcPlay, 'Wa1u-Wd1u', /inverted position/],
    ['platform onto a platform', fcPlay, 'Wa1u-Nd1d', /adjacent pin|already holds/],
  ];
  it.each(fcCases)('first-contact: %s', (_label, moves, text, message) => {
    const game = mustParse(Game.replay('first-contact', {}, moves));
    const result = firstContact.parseMove(game.position as St3dPosition, text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('illegal');
      expect(result.error.message).toMatch(message);
    }
  });

  it('rejects bad position texts with a reason', () => {
    const bad: [string, RegExp][] = [
      ['', /expected 6 or 7/],
      ['4/4/4/4|4/4/4/4 - - w - -', /three fixed levels/],
      ['4/4/4/5|4/4/4/4|4/4/4/4 - - w - -', /5 cells, expected 4/],
      ['4/4/4/X3|4/4/4/4|4/4/4/4 - - w - -', /unexpected "X"/],
      ['4/4/4/4|4/4/4/4|4/4/4/4 Wa2u:2/2 - w - -', /cannot read platform/],
      ['4/4/4/4|4/4/4/4|4/4/4/4 - - x - -', /side to move/],
      ['4/4/4/KK2|4/4/4/4|4/4/4/4 - - w - -', /^White has more than one king/],
      ['4/4/4/4|4/4/4/4|4/4/4/4 - - w Wa1 -', /holds no platform/],
    ];
    for (const [text, message] of bad) {
      const result = firstContact.parsePosition(text);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(message);
    }
  });

  it("a platform mark of another variant's kind says which variant the position looks like", () => {
    const warp = warpFactor.formatPosition(warpFactor.initial({}));
    const asFirstContact = firstContact.parsePosition(warp);
    expect(asFirstContact.ok).toBe(false);
    if (!asFirstContact.ok)
      expect(asFirstContact.error.message).toMatch(
        /^platform Wa1u\*w has an owner \(\*w or \*b\), as in a Warp Factor position; platforms in this variant carry no mark \(remove it, or choose Warp Factor\)$/,
      );
    const asCurvedSpace = curvedSpace.parsePosition(warp);
    expect(asCurvedSpace.ok).toBe(false);
    if (!asCurvedSpace.ok)
      expect(asCurvedSpace.error.message).toMatch(/as in a Warp Factor position; in this variant a platform's mark is its number, \*1 to \*12/);
    const numbered = firstContact.parsePosition('4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*3:2/2 - w - -');
    if (!numbered.ok) expect(numbered.error.message).toMatch(/has a number, as in a Curved Space position; platforms in this variant carry no mark/);
    expect(numbered.ok).toBe(false);
  });
});

describe('the legal tool protocol', () => {
  it('answers with canonical turns, status and position', () => {
    const answer = answerLegal(JSON.stringify({ variant: 'warp-factor', moves: ['Wb2-Wb3'] }));
    expect(answer.status).toBe('playing');
    expect(answer.legal).toContain('Bb3-Bb2');
    expect(answer.position).toMatch(/ b - -$/);
  });

  it('reports an illegal turn, an unknown variant and broken JSON as errors', () => {
    expect(answerLegal(JSON.stringify({ variant: 'warp-factor', moves: ['Wb2-Wb4'] })).error).toMatch(/turn 1 \(Wb2-Wb4\)/);
    expect(answerLegal(JSON.stringify({ variant: 'chess' })).error).toMatch(/unknown variant/);
    expect(answerLegal('{oops').error).toMatch(/not valid JSON/);
    expect(answerLegal(JSON.stringify({ variant: 'warp-factor', options: { x: 1 } })).error).toMatch(/unknown option "x"/);
  });

  it('reports the end of the game', () => {
    const shuffle = ['Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4'];
    const answer = answerLegal(JSON.stringify({ variant: 'warp-factor', moves: [...shuffle, ...shuffle] }));
    expect(answer).toMatchObject({ legal: [], status: 'repetition', result: '1/2-1/2' });
  });
});
