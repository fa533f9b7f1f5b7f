import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { firstContact as fc } from '../../src/engine/st3d/first-contact.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { legalTexts, mustParse } from './helpers.ts';

const at = (text: string): St3dPosition => mustParse(fc.parsePosition(text));
const play = (pos: St3dPosition, text: string) => fc.play(pos, mustParse(fc.parseMove(pos, text)));

describe('First Contact: phases', () => {
  it('starts with four platform placements on any pin, either orientation', () => {
    const pos = fc.initial({});
    expect(fc.phase(pos)).toBe('platforms');
    const texts = legalTexts(fc, pos);
    expect(texts).toHaveLength(24);
    expect(texts).toContain('@Wa1u');
    expect(texts).toContain('@Bd4d');
  });

  it('then each side places its king on its own level, White first', () => {
    const game = mustParse(Game.replay('first-contact', {}, ['@Wa1u', '@Bd4d', '@Nd1u', '@Na4d']));
    expect(fc.phase(game.position as St3dPosition)).toBe('kings');
    const whiteKing = game.legalTexts();
    expect(whiteKing).toHaveLength(16);
    expect(whiteKing.every((t) => /^K@W[a-d][1-4]$/.test(t))).toBe(true);
    mustParse(game.play('K@Wb2'));
    expect(game.legalTexts().every((t) => /^K@B[a-d][1-4]$/.test(t))).toBe(true);
    mustParse(game.play('K@Bc3'));
    expect(fc.phase(game.position as St3dPosition)).toBe('play');
  });

  it('drops from hand only onto the own fixed level', () => {
    const game = mustParse(Game.replay('first-contact', {}, ['@Wa1u', '@Bd4d', '@Nd1u', '@Na4d', 'K@Wb2', 'K@Bc3']));
    const drops = game.legalTexts().filter((t) => t.includes('@'));
    // 5 kinds in hand (Q R B N P) x 15 vacant cells of W.
    expect(drops).toHaveLength(75);
    expect(drops.every((t) => /^[QRBNP]@W/.test(t))).toBe(true);
  });
});

describe('First Contact: pieces', () => {
  // White K Wd1, black K Bd4, white rook Na4, an empty platform at Na4u.
  const rookPos = '4/4/4/3K|R3/4/4/4|3k/4/4/4 Na4u:2/2 - w - -';

  it('rook slides orthogonally, changing level through a platform and stopping at gaps', () => {
    expect(legalTexts(fc, at(rookPos), 'Na4-')).toEqual(['Na4-Ba2', 'Na4-Na1', 'Na4-Na2', 'Na4-Na3', 'Na4-Na4u:b1', 'Na4-Nb4', 'Na4-Nc4', 'Na4-Nd4'].sort());
  });

  it('king steps orthogonally, diagonally on the level or triagonally', () => {
    expect(legalTexts(fc, at(rookPos), 'Wd1-')).toEqual(['Wd1-Wc1', 'Wd1-Wc2', 'Wd1-Wd2']);
  });

  it('an empty platform flips or moves inverted to adjacent pins', () => {
    const platformMoves = legalTexts(fc, at(rookPos)).filter((t) => /^[WNB][ad][14][ud]-/.test(t));
    expect(platformMoves).toEqual(['Na4u-Ba4d', 'Na4u-Na1d', 'Na4u-Na4d', 'Na4u-Nd4d', 'Na4u-Wa4d']);
    expect(legalTexts(fc, at(rookPos))).toHaveLength(8 + 3 + 5);
  });

  it('knight leaps between fixed levels only through a platform cell', () => {
    const withPlatform = at('N3/4/4/3K|4/4/4/4|3k/4/4/4 Wa4u:2/2 - w - -');
    expect(legalTexts(fc, withPlatform, 'Wa4-')).toEqual(['Wa4-Na1', 'Wa4-Na3', 'Wa4-Nb2', 'Wa4-Wb2', 'Wa4-Wc3']);
    const inverted = at('N3/4/4/3K|4/4/4/4|3k/4/4/4 Wa4d:2/2 - w - -');
    expect(legalTexts(fc, inverted, 'Wa4-')).toEqual(['Wa4-Wb2', 'Wa4-Wc3']);
  });

  it('pawn steps orthogonally without capture and captures diagonally or triagonally', () => {
    // White pawn Wb2 with own piece on Wb3; black pawn on Wc3, black knight on Wa1u:b2.
    const pos = at('K3/1Rp1/1P2/4|4/4/4/4|3k/4/4/4 Wa1u:1n/2 - w - -');
    expect(legalTexts(fc, pos, 'Wb2')).toEqual(['Wb2-Wa2', 'Wb2-Wb1', 'Wb2-Wc2', 'Wb2xWa1u:b2', 'Wb2xWc3']);
  });

  it('bishop steps triagonally and slides diagonally on the level', () => {
    // From Wb1 (x2 y1 h0) the triagonal step (-1,-1,+1) reaches Wa1u:b1 (x1 y0 h1).
    const pos = at('K3/4/4/1B2|4/4/4/4|3k/4/4/4 Wa1u:2/2 - w - -');
    expect(legalTexts(fc, pos, 'Wb1-')).toEqual(['Wb1-Wa1u:b1', 'Wb1-Wa2', 'Wb1-Wc2', 'Wb1-Wd3'].sort());
  });

  it('queen steps triagonally, slides orthogonally and diagonally on the level', () => {
    const pos = at('3K/4/4/Q3|4/4/4/4|3k/4/4/4 Wa1u:2/2 - w - -');
    expect(legalTexts(fc, pos, 'Wa1-')).toEqual(
      ['Wa1-Wa1u:b2', 'Wa1-Wa1u:a1', 'Wa1-Wa2', 'Wa1-Wa3', 'Wa1-Wa4', 'Wa1-Wb1', 'Wa1-Wc1', 'Wa1-Wd1', 'Wa1-Wb2', 'Wa1-Wc3'].sort(),
    );
  });
});

describe('First Contact: platform moves', () => {
  it('a platform with one own pawn moves with it, keeping its orientation', () => {
    const pos = at('K3/4/4/4|4/4/4/4|3k/4/4/4 Wa1u:P1/2 - w - -');
    expect(legalTexts(fc, pos).filter((t) => t.startsWith('Wa1u-'))).toEqual(['Wa1u-Na1u', 'Wa1u-Wa4u', 'Wa1u-Wd1u']);
    const moved = play(pos, 'Wa1u-Wd1u');
    expect(fc.formatPosition(moved)).toBe('K3/4/4/4|4/4/4/4|3k/4/4/4 Wd1u:P1/2 - b Wd1 -');
  });

  it('a platform with an enemy pawn or two pieces does not move', () => {
    expect(legalTexts(fc, at('K3/4/4/4|4/4/4/4|3k/4/4/4 Wa1u:p1/2 - w - -')).filter((t) => t.startsWith('Wa1u-'))).toEqual([]);
    expect(legalTexts(fc, at('K3/4/4/4|4/4/4/4|3k/4/4/4 Wa1u:PP/2 - w - -')).filter((t) => t.startsWith('Wa1u-'))).toEqual([]);
  });

  it('the platform that moved last may not move until another platform has moved', () => {
    let pos = at('K3/4/4/4|4/4/4/4|3k/4/4/4 Wa1u:2/2,Nd4u:2/2 - w - -');
    pos = play(pos, 'Wa1u-Wa1d');
    // Black may not move it either; the other platform is free.
    expect(legalTexts(fc, pos).some((t) => t.startsWith('Wa1d-'))).toBe(false);
    const refused = fc.parseMove(pos, 'Wa1d-Wa1u');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/moved last/);
    pos = play(pos, 'Nd4u-Nd4d');
    expect(legalTexts(fc, pos).some((t) => t.startsWith('Wa1d-'))).toBe(true);
  });
});

describe('First Contact: check wins', () => {
  it('the first move attacking the opposing king wins and is marked #', () => {
    // Black king Bd4; the white rook on Bb1 slides to Bd1, attacking up the d-file.
    const pos = at('K3/4/4/4|4/4/4/4|3k/4/4/1R2 - - w - -');
    const move = mustParse(fc.parseMove(pos, 'Bb1-Bd1'));
    expect(fc.formatMove(pos, move)).toBe('Bb1-Bd1#');
    const after = fc.play(pos, move);
    expect(fc.outcome(after)).toEqual({ result: '1-0', winner: 'white', reason: 'check' });
    expect(fc.legalMoves(after)).toEqual([]);
  });

  it('no move may leave the own king attacked', () => {
    // White king Wa1, white rook Wa2 shields it from the black rook on Wa4.
    const pos = at('r3/4/R3/K3|4/4/4/4|3k/4/4/4 - - w - -');
    expect(legalTexts(fc, pos, 'Wa2')).toEqual(['Wa2-Wa3', 'Wa2xWa4']);
    const refused = fc.parseMove(pos, 'Wa2-Wb2');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Wa2-Wb2: it would leave your king on Wa1 attacked by the rook on Wa4');
  });

  it('a piece is pinned only by an enemy slider of its line behind it', () => {
    // White king Wa1, a white piece next to it on a line, an enemy piece behind that.
    expect(legalTexts(fc, at('n3/4/R3/K3|4/4/4/4|3k/4/4/4 - - w - -'), 'Wa2')).toEqual(['Wa2-Wa3', 'Wa2-Wb2', 'Wa2-Wc2', 'Wa2-Wd2', 'Wa2xWa4']);
    expect(legalTexts(fc, at('3b/4/1N2/K3|4/4/4/4|3k/4/4/4 - - w - -'), 'Wb2')).toEqual([]);
    expect(legalTexts(fc, at('3r/4/1N2/K3|4/4/4/4|3k/4/4/4 - - w - -'), 'Wb2')).toEqual(['Wb2-Wa4', 'Wb2-Wc4', 'Wb2-Wd1', 'Wb2-Wd3']);
  });

  it('no platform move may open a line to the own king', () => {
    // White king Wa3, black rook Na1 two heights above it: a platform on Na1d would join them.
    const pos = at('4/K3/4/4|4/4/4/r3|3k/4/4/4 Nd1u:2/2 - w - -');
    expect(legalTexts(fc, pos, 'Nd1')).toEqual(['Nd1u-Bd1d', 'Nd1u-Nd1d', 'Nd1u-Nd4d', 'Nd1u-Wd1d']);
    const refused = fc.parseMove(pos, 'Nd1u-Na1d');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Nd1u-Na1d: it would leave your king on Wa3 attacked by the rook on Na1');
    // A knight's leap between fixed levels passes through the platform's cell: Na1 to Wa2 through Na1d:b2.
    const leap = at('4/4/K3/4|4/4/4/n3|3k/4/4/4 Nd1u:2/2 - w - -');
    expect(legalTexts(fc, leap, 'Nd1')).toEqual(['Nd1u-Bd1d', 'Nd1u-Nd1d', 'Nd1u-Nd4d', 'Nd1u-Wd1d']);
    const opened = fc.parseMove(leap, 'Nd1u-Na1d');
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error.message).toBe('Nd1u-Na1d: it would leave your king on Wa2 attacked by the knight on Na1');
  });

  it('a player with no legal turn is stalemated: a draw', () => {
    // Black king Ba1, white queen Bc2 covers Ba2 Bb1 Bb2; no platforms, nothing in hand.
    const pos = at('3K/4/4/4|4/4/4/4|4/4/2Q1/k3 - - b - -');
    expect(fc.legalMoves(pos)).toEqual([]);
    expect(fc.outcome(pos)).toEqual({ result: '1/2-1/2', reason: 'stalemate' });
  });
});
