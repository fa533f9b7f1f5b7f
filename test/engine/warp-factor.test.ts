import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { warpFactor as wf } from '../../src/engine/st3d/warp-factor.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { legalTexts, mustParse } from './helpers.ts';

const at = (text: string): St3dPosition => mustParse(wf.parsePosition(text));
const play = (pos: St3dPosition, text: string) => wf.play(pos, mustParse(wf.parseMove(pos, text)));

describe('Warp Factor: start position', () => {
  it('is the Franz Joseph set-up of rules.md section 3', () => {
    const view = wf.view(wf.initial({}));
    const at = (cell: string) => view.cells.find((c) => c.cell === cell);
    expect(view.platforms?.map((p) => `${p.pin}:${p.owner}`)).toEqual(['Wa1u:white', 'Wd1u:white', 'Ba4u:black', 'Bd4u:black']);
    expect(['Wa1', 'Wb1', 'Wc1', 'Wd1'].map((c) => at(c)?.role).join('')).toBe('NBBN');
    expect(['Ba4', 'Bb4', 'Bc4', 'Bd4'].map((c) => at(c)?.role).join('')).toBe('NBBN');
    expect(at('Wa1u:a1')).toEqual({ cell: 'Wa1u:a1', color: 'white', role: 'R' });
    expect(at('Wa1u:b1')?.role).toBe('Q');
    expect(at('Wd1u:a1')?.role).toBe('K');
    expect(at('Ba4u:b2')).toEqual({ cell: 'Ba4u:b2', color: 'black', role: 'Q' });
    expect(at('Bd4u:a2')?.role).toBe('K');
    expect(view.cells).toHaveLength(32);
  });

  it('gives White exactly 22 turns: 2 knight moves, 4 pawn steps, 16 warps', () => {
    // Worked out by hand: platform pieces are boxed in, both platforms are occupied.
    const expected = ['Wa1-Wb3', 'Wd1-Wc3', 'Wa2-Wa3', 'Wb2-Wb3', 'Wc2-Wc3', 'Wd2-Wd3'];
    for (const cell of ['a1', 'b1', 'c1', 'd1', 'a2', 'b2', 'c2', 'd2']) expected.push(`W${cell}-N${cell}`, `W${cell}-B${cell}`);
    expect(legalTexts(wf, wf.initial({}))).toEqual(expected.sort());
  });
});

describe("Warp Factor: a knight's refused leap, in words (tester 18 Y1)", () => {
  const refusal = (pos: St3dPosition, text: string) => {
    const r = wf.parseMove(pos, text);
    return r.ok ? 'legal' : r.error.message;
  };
  it('is not a leap when the target is not two cells along one axis and one along another', () => {
    const start = wf.initial({});
    for (const to of ['Wa3', 'Wc3', 'Wa4', 'Nb2'])
      expect(refusal(start, `Wa1-${to}`)).toBe(`Wa1-${to}: a knight leaps two cells along one axis and one along another; ${to} is not such a leap from Wa1`);
    expect(refusal(start, 'Wd1-Wd4')).toMatch(/^Wd1-Wd4: a knight leaps two cells along one axis and one along another; Wd4 is not such a leap/);
    expect(refusal(start, 'Wa1-Wb3')).toBe('legal');
  });
  it('must pass through a platform cell when the leap goes from one fixed level to another', () => {
    const pos = at('2b1/P1n1/4/N3|4/p3/4/1BB1|3n/1p2/3b/Pp1N Wa1u*w:1P/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:r1/pk - w - -');
    for (const to of ['Nd2', 'Nc3'])
      expect(refusal(pos, `Bd1-${to}`)).toBe(
        `Bd1-${to}: the knight on Bd1 cannot leap to ${to} (a leap between fixed levels must pass through a platform cell)`,
      );
  });
});

describe('Warp Factor: warp leaps', () => {
  it('go to the same-named vacant cell of the other fixed levels, never capturing', () => {
    // White rook on Nb2; Wb2 vacant, Bb2 holds a black pawn.
    const pos = at('4/4/4/K3|4/4/1R2/4|3k/4/1p2/4 - - w - -');
    const rook = legalTexts(wf, pos, 'Nb2');
    expect(rook).toContain('Nb2-Wb2');
    expect(rook).not.toContain('Nb2-Bb2');
    expect(rook).not.toContain('Nb2xBb2');
  });

  it('go from a platform cell to the same cell of any other platform, whoever owns it', () => {
    const pos = at('4/4/4/K3|4/4/4/4|3k/4/4/4 Wa1u*w:2/1N,Nd4d*b:2/2,Bd1u*b:2/1p - w - -');
    const warps = legalTexts(wf, pos, 'Wa1u:b1-').filter((t) => /-[WNB][ad][14][ud]:b1$/.test(t));
    expect(warps).toEqual(['Wa1u:b1-Nd4d:b1']);
  });

  it('are never made by the king', () => {
    const pos = at('4/4/4/K3|4/4/4/4|3k/4/4/4 - - w - -');
    expect(legalTexts(wf, pos)).toEqual(['Wa1-Wa2', 'Wa1-Wb1', 'Wa1-Wb2']);
    const refused = wf.parseMove(pos, 'Wa1-Na1');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Wa1-Na1: the king cannot warp');
  });

  it('are not open to a pinned piece', () => {
    // White rook Wb2 between its king Wa1 and a black queen (pinned) or knight (not pinned) on Wd4.
    const platforms = 'Wa4u*w:2/2,Wd4u*w:2/2,Ba1u*b:2/2,Bd1u*b:2/2';
    expect(legalTexts(wf, at(`3q/4/1R2/K3|4/4/4/4|3k/4/4/4 ${platforms} - w - -`), 'Wb2')).toEqual([]);
    expect(legalTexts(wf, at(`3n/4/1R2/K3|4/4/4/4|3k/4/4/4 ${platforms} - w - -`), 'Wb2')).toContain('Wb2-Nb2');
  });
});

describe('Warp Factor: platforms', () => {
  it('an owned empty platform moves to any other vacant pin in either orientation', () => {
    const pos = at('4/4/4/K3|4/4/4/4|3k/4/4/4 Wa1u*w:2/2,Bd4u*b:2/2 - w - -');
    const moves = legalTexts(wf, pos).filter((t) => t.startsWith('Wa1u-'));
    // 12 pins - its own - the one Black holds = 10 pins, two orientations each.
    expect(moves).toHaveLength(20);
    expect(moves).toContain('Wa1u-Bd1d');
    expect(moves).not.toContain('Wa1u-Wa1d');
    expect(legalTexts(wf, pos).some((t) => t.startsWith('Bd4u-'))).toBe(false);
  });

  it('a platform with a piece on it stays, and ownership never changes', () => {
    const pos = at('4/4/4/K3|4/4/4/4|3k/4/4/4 Wa1u*w:P1/2 - w - -');
    expect(legalTexts(wf, pos).some((t) => t.startsWith('Wa1u-'))).toBe(false);
    const moved = play(at('4/4/4/K3|4/4/4/4|3k/4/4/4 Wa1u*w:2/2 - w - -'), 'Wa1u-Nd4d');
    expect(wf.formatPosition(moved)).toBe('4/4/4/K3|4/4/4/4|3k/4/4/4 Nd4d*w:2/2 - b - -');
  });
});

describe('Warp Factor: end of game', () => {
  it('detects checkmate', () => {
    // White king Wa1; black rook Wa4 gives check, black queen Wb3 covers Wa2 Wb1 Wb2.
    const pos = at('r3/1q2/4/K3|4/4/4/4|3k/4/4/4 - - w - -');
    expect(wf.isCheck(pos)).toBe(true);
    expect(wf.legalMoves(pos)).toEqual([]);
    expect(wf.outcome(pos)).toEqual({ result: '0-1', winner: 'black', reason: 'checkmate' });
  });

  it('marks the mating move # and a checking move +', () => {
    // Black rook Ba4 warps to the vacant Wa4 and attacks down the a-file; the queen on Wb3 covers Wa2 Wb1 Wb2.
    const mating = at('4/1q2/4/K3|4/4/4/4|r2k/4/4/4 - - b - -');
    expect(wf.formatMove(mating, mustParse(wf.parseMove(mating, 'Ba4-Wa4')))).toBe('Ba4-Wa4#');
    // Without the queen the king escapes to Wb1 or Wb2: only check.
    const checking = at('4/4/4/K3|4/4/4/4|r2k/4/4/4 - - b - -');
    expect(wf.formatMove(checking, mustParse(wf.parseMove(checking, 'Ba4-Wa4')))).toBe('Ba4-Wa4+');
    expect(wf.formatMove(checking, mustParse(wf.parseMove(checking, 'Ba4-Ba3')))).toBe('Ba4-Ba3');
  });

  it('detects stalemate', () => {
    const pos = at('4/1q2/4/K3|4/4/4/4|3k/4/4/4 - - w - -');
    expect(wf.isCheck(pos)).toBe(false);
    expect(wf.outcome(pos)).toEqual({ result: '1/2-1/2', reason: 'stalemate' });
  });

  it('draws by threefold repetition', () => {
    const shuffle = ['Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4'];
    const twice = mustParse(Game.replay('warp-factor', {}, shuffle));
    expect(twice.outcome()).toBeUndefined();
    const thrice = mustParse(Game.replay('warp-factor', {}, [...shuffle, ...shuffle]));
    expect(thrice.outcome()).toEqual({ result: '1/2-1/2', reason: 'repetition' });
    expect(thrice.legalTexts()).toEqual([]);
    const played = thrice.play('Wb2-Wb3');
    expect(played.ok).toBe(false);
  });
});
