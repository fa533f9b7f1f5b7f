// Curved Space (rules.md section 4). Expected move lists were worked out by
// hand from the rules; the worm-hole of SEED_1 is W P1 P2 N B P3 N P4.
import { describe, expect, it } from 'vitest';
import { curvedSpace as v, type CurvedSpaceOptions } from '../../src/engine/st3d/curved-space.ts';
import { sameMove, type St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { resolveSt3dMove } from '../../src/engine/st3d/variant.ts';
import { prng } from './helpers.ts';

const SEED_1 = ['Wa1u', 'Nd1d', 'Bd4u', 'Na4u'];
const SEED_2 = ['Ba1d', 'Nd1d', 'Bd4u', 'Na4u'];

function options(input: unknown = {}): CurvedSpaceOptions {
  const parsed = v.parseOptions(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/**
 * A position from pieces like "K@Wa4 r@Nd1d:a2" (upper case White), platforms
 * numbered in the order given, nothing in hand unless `hands` says so.
 */
function setup(
  pieces: string,
  { pins = SEED_1, hands = '-', turn = 'w', afterCapture = false }: { pins?: string[]; hands?: string; turn?: 'w' | 'b'; afterCapture?: boolean } = {},
): St3dPosition {
  const at: Record<string, string> = {};
  for (const item of pieces.split(/\s+/).filter(Boolean)) {
    const [letter, cell] = item.split('@') as [string, string];
    at[cell] = letter;
  }
  const row = (cells: string[]) =>
    cells
      .map((c) => at[c] ?? '1')
      .join('')
      .replace(/1+/g, (run) => String(run.length));
  const levels = ['W', 'N', 'B'].map((l) => [4, 3, 2, 1].map((r) => row([...'abcd'].map((f) => `${l}${f}${r}`))).join('/')).join('|');
  const platforms = pins.map((p, i) => `${p}*${i + 1}:${row([`${p}:a2`, `${p}:b2`])}/${row([`${p}:a1`, `${p}:b1`])}`).join(',') || '-';
  const text = `${levels} ${platforms} ${hands} ${turn} - -${afterCapture ? ' after-capture' : ''}`;
  const parsed = v.parsePosition(text, options(afterCapture ? { platformMoves: 'after-capture' } : {}));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const texts = (pos: St3dPosition) => v.legalMoves(pos).map((m) => v.formatMove(pos, m));
/** Destinations of the plain moves from `from`, sorted. */
function destinations(pos: St3dPosition, from: string): string[] {
  return texts(pos)
    .filter((t) => !t.includes('&') && (t.startsWith(`${from}-`) || t.startsWith(`${from}x`)))
    .map((t) => t.slice(from.length + 1).replace(/[+#]$/, ''))
    .sort();
}
const sorted = (list: string[]) => [...list].sort();
function play(pos: St3dPosition, text: string): St3dPosition {
  const move = v.parseMove(pos, text);
  if (!move.ok) throw new Error(move.error.message);
  return v.play(pos, move.value);
}
function illegal(pos: St3dPosition, text: string) {
  const move = v.parseMove(pos, text);
  if (move.ok) throw new Error(`${text} was accepted`);
  return move.error;
}

describe('options', () => {
  it('defaults to 4 fixed platforms', () => {
    expect(options()).toEqual({ platforms: 4, platformMoves: 'fixed' });
    expect(options({ platforms: 12, platformMoves: 'after-capture' })).toEqual({ platforms: 12, platformMoves: 'after-capture' });
  });

  it.each([
    [{ platforms: 0 }, 'platforms'],
    [{ platforms: 13 }, 'platforms'],
    [{ platforms: 2.5 }, 'platforms'],
    [{ platforms: '4' }, 'platforms'],
    [{ platformMoves: 'sometimes' }, 'sometimes'],
    [{ colour: 'red' }, 'colour'],
    ['fast', 'JSON object'],
    [[1], 'JSON object'],
  ])('rejects %j naming %s', (input, named) => {
    const parsed = v.parseOptions(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.kind).toBe('options');
      expect(parsed.error.message).toContain(named);
    }
  });
});

describe('phases', () => {
  it('places numbered platforms, then kings, then plays', () => {
    let pos = v.initial(options());
    expect(v.phase(pos)).toBe('platforms');
    expect(v.legalMoves(pos)).toHaveLength(4 * 12 * 2);
    expect(texts(pos)).toContain('3@Bd4u');
    for (const t of ['2@Nd1d', '1@Wa1u', '4@Na4u', '3@Bd4u']) pos = play(pos, t);
    expect(v.view(pos).wormhole).toBe('W P1 P2 N B P3 N P4');
    expect(v.phase(pos)).toBe('kings');
    expect(v.turn(pos)).toBe('white');
    expect(sorted(texts(pos))).toEqual(sorted([...'abcd'].flatMap((f) => [1, 2, 3, 4].map((r) => `K@W${f}${r}`))));
    pos = play(pos, 'K@Wb3');
    expect(v.phase(pos)).toBe('kings');
    expect(texts(pos)).toHaveLength(16);
    pos = play(pos, 'K@Bc2');
    expect(v.phase(pos)).toBe('play');
    expect(v.outcome(pos)).toBeUndefined();
    // Drops only onto the own fixed level, any vacant cell of it, centre cells included.
    const drops = texts(pos).filter((t) => t.includes('@'));
    expect(drops).toHaveLength(5 * 15);
    expect(drops).toContain('Q@Wc2+'); // Wc2 P1 P2 Nc2 Bc2: a rook line to the black king
  });

  it('with one platform Black places the first king', () => {
    let pos = v.initial(options({ platforms: 1 }));
    pos = play(pos, '1@Nd4d');
    expect(v.phase(pos)).toBe('kings');
    expect(v.turn(pos)).toBe('black');
    expect(texts(pos).every((t) => t.startsWith('K@B'))).toBe(true);
  });

  it('explains placement and drop mistakes', () => {
    let pos = v.initial(options());
    expect(illegal(pos, '@Wa1u').message).toContain('numbered');
    expect(illegal(pos, 'N@Wb1').message).toContain('platforms are still being placed');
    pos = play(pos, '1@Wa1u');
    expect(illegal(pos, '1@Bd4u').message).toContain('platform 1 is already on Wa1u');
    expect(illegal(pos, '2@Wa1d').message).toContain('pin Wa1 already holds platform 1');
    expect(illegal(pos, '5@Bd4u').message).toContain('no platform 5');
    for (const t of ['2@Nd1d', '3@Bd4u', '4@Na4u']) pos = play(pos, t);
    expect(illegal(pos, 'Q@Wb1').message).toContain('place your king first');
    expect(illegal(pos, 'K@Nb1').message).toContain('own fixed level W');
    pos = play(pos, 'K@Wa4');
    expect(illegal(pos, 'K@Wb1').message).toContain('own fixed level B');
    pos = play(pos, 'K@Bd1');
    expect(illegal(pos, 'N@Nb1').message).toContain('you may drop only onto your own fixed level W');
    expect(illegal(pos, 'N@Wa1u:a1').message).toContain('you may drop only onto your own fixed level W');
    expect(illegal(pos, 'N@Wa4').message).toContain('Wa4 is occupied');
    pos = play(pos, 'N@Wb1');
    pos = play(pos, 'N@Bc1');
    pos = play(pos, 'N@Wc1');
    pos = play(pos, 'N@Ba1');
    expect(illegal(pos, 'N@Wd1').message).toContain('no knight in hand');
  });
});

describe('level moves', () => {
  it('rook, knight and pawn on a 4x4 level, never onto platform cells', () => {
    // Wa1 is not a worm-hole cell: level moves only.
    const pos = setup('R@Wa1 P@Wa3 n@Wc1 N@Wd1 K@Wd4 k@Bd1 P@Wa4 b@Wb3');
    expect(destinations(pos, 'Wa1')).toEqual(sorted(['Wa2', 'Wb1', 'Wc1']));
    expect(destinations(pos, 'Wd1')).toEqual(sorted(['Wb2', 'Wc3']));
    // pawn on Wa4: orthogonal Wb4 (Wa3 own), diagonal capture Wb3
    expect(destinations(pos, 'Wa4')).toEqual(sorted(['Wb4', 'Wb3']));
    expect(illegal(pos, 'Wa1-Wa4').message).toContain('Wa4 is occupied by your own pawn');
    expect(illegal(pos, 'Wa1-Wd1').message).toContain('occupied by your own knight');
    const blocked = setup('R@Wa1 P@Wa2 K@Wd4 k@Bd1');
    expect(illegal(blocked, 'Wa1-Wa4').message).toBe('Wa1-Wa4: the rook on Wa1 is blocked by Wa2');
    expect(illegal(blocked, 'Wa1-Nb3').message).toContain('not on a worm-hole cell');
  });

  it('pawns step orthogonally in all directions and capture diagonally', () => {
    const pos = setup('P@Wb1 p@Wa2 p@Wc2 K@Wd4 k@Bd1');
    // Wb1 is not a centre cell: Wa1 Wc1 Wb2 steps, Wa2 Wc2 captures.
    expect(destinations(pos, 'Wb1')).toEqual(sorted(['Wa1', 'Wc1', 'Wb2', 'Wa2', 'Wc2']));
    expect(illegal(pos, 'Wb1-Wb3').message).toContain('a pawn on the level steps one cell');
    expect(illegal(setup('P@Wb1 K@Wd4 k@Bd1'), 'Wb1-Wa2').message).toContain('only to capture');
  });
});

describe('worm-hole moves (W P1 P2 N B P3 N P4)', () => {
  it('rook on a centre cell: level moves plus one orthogonal slide, ending before re-entering N', () => {
    const pos = setup('R@Wb3 K@Wa4 k@Bd1');
    const level = ['Wb4', 'Wb2', 'Wb1', 'Wa3', 'Wc3', 'Wd3'];
    const worm = ['Wa1u:a2', 'Nd1d:a2', 'Nb3', 'Bb3', 'Bd4u:a2'];
    expect(destinations(pos, 'Wb3')).toEqual(sorted([...level, ...worm]));
    expect(illegal(pos, 'Wb3-Na4u:a2').message).toContain('enters a cell twice');
    expect(illegal(pos, 'Wb3-Nc2').message).toContain('keeps its letter');
    expect(illegal(pos, 'Wb3-Nc2').message).toContain('W P1 P2 N B P3 N P4');
  });

  it('a slide stops at the first occupied cell, capturing an enemy', () => {
    const pos = setup('R@Wb3 p@Nd1d:a2 K@Wa4 k@Bd1');
    expect(destinations(pos, 'Wb3').filter((c) => !/^W[a-d]\d$/.test(c))).toEqual(sorted(['Wa1u:a2', 'Nd1d:a2']));
    expect(texts(pos)).toContain('Wb3xNd1d:a2');
    expect(illegal(pos, 'Wb3-Nb3').message).toContain('blocked by Nd1d:a2');
  });

  it('a centre piece of a level in S twice leaves through each occurrence (branches)', () => {
    const pos = setup('R@Nb3 K@Wa4 k@Bd1');
    const level = ['Nb4', 'Nb2', 'Nb1', 'Na3', 'Nc3', 'Nd3'];
    const worm = ['Nd1d:a2', 'Wa1u:a2', 'Wb3', 'Bb3', 'Bd4u:a2', 'Na4u:a2'];
    expect(destinations(pos, 'Nb3')).toEqual(sorted([...level, ...worm]));
  });

  it('an absent level links to every occurrence of its neighbour; several paths are one turn', () => {
    const pos = setup('R@Wb3 K@Wa4 k@Bd1', { pins: SEED_2 });
    expect(v.view(pos).wormhole).toBe('P1 B P2 N B P3 N P4, W-N');
    const worm = ['Nb3', 'Nd1d:a2', 'Bb3', 'Ba1d:a2', 'Bd4u:a2', 'Na4u:a2'];
    expect(destinations(pos, 'Wb3')).toEqual(sorted(['Wb4', 'Wb2', 'Wb1', 'Wa3', 'Wc3', 'Wd3', ...worm]));
    expect(texts(pos).filter((t) => t === 'Wb3-Bb3')).toHaveLength(1);
  });

  it('bishop chooses clockwise or counter-clockwise', () => {
    const open = setup('B@Wb3 K@Wd3 k@Bd1');
    const level = ['Wa4', 'Wc4', 'Wa2', 'Wc2', 'Wd1'];
    const cw = ['Wa1u:b2', 'Nd1d:b1', 'Nb2', 'Bb3', 'Bd4u:b2', 'Nc2', 'Na4u:a1'];
    const ccw = ['Wa1u:a1', 'Nd1d:b1', 'Nc3', 'Bb3', 'Bd4u:a1', 'Nc2', 'Na4u:b2'];
    expect(destinations(open, 'Wb3')).toEqual(sorted([...new Set([...level, ...cw, ...ccw])]));
    // A pawn on Nb2 ends the clockwise slide; Bb3 is still reached counter-clockwise.
    const blocked = setup('B@Wb3 P@Nb2 K@Wd3 k@Bd1');
    expect(destinations(blocked, 'Wb3')).toEqual(sorted([...new Set([...level, 'Wa1u:b2', 'Nd1d:b1', ...ccw])]));
  });

  it('pieces on platforms move only through the worm-hole; no straight reversal', () => {
    const pos = setup('B@Wa1u:a2 K@Wa4 k@Bd1');
    const cw = ['Wc3', 'Nd1d:b2', 'Nc2', 'Bb2', 'Bd4u:a2', 'Nc3', 'Na4u:b1'];
    const ccw = ['Wb2', 'Nd1d:a1', 'Nc2', 'Bc3', 'Bd4u:a2', 'Nb2', 'Na4u:b1'];
    expect(destinations(pos, 'Wa1u:a2')).toEqual(sorted([...new Set([...cw, ...ccw])]));
    expect(illegal(pos, 'Wa1u:a2-Wa1u:b1').message).toContain('pieces on platforms move only through the worm-hole');
    const rook = setup('R@Wa1u:a2 K@Wa4 k@Bd1');
    expect(illegal(rook, 'Wa1u:a2-Wa2').message).toContain('pieces on platforms move only through the worm-hole');
  });

  it('knight: level leaps plus one triagonal step', () => {
    expect(destinations(setup('N@Wb3 K@Wa4 k@Bd1'), 'Wb3')).toEqual(sorted(['Wa1', 'Wc1', 'Wd2', 'Wd4', 'Wa1u:b1']));
    expect(destinations(setup('N@Nc3 K@Wa4 k@Bd1'), 'Nc3')).toEqual(sorted(['Na4', 'Na2', 'Nb1', 'Nd1', 'Nd1d:a1', 'Bb2', 'Bd4u:a1', 'Na4u:a1']));
    expect(illegal(setup('N@Wb3 K@Wa4 k@Bd1'), 'Wb3-Wa1u:a2').message).toContain('triagonal');
  });

  it('king: level steps plus one orthogonal or diagonal step', () => {
    const pos = setup('K@Wb3 k@Bd1');
    const level = ['Wa4', 'Wb4', 'Wc4', 'Wa3', 'Wc3', 'Wa2', 'Wb2', 'Wc2'];
    expect(destinations(pos, 'Wb3')).toEqual(sorted([...level, 'Wa1u:a2', 'Wa1u:b2', 'Wa1u:a1']));
  });

  it('pawn: orthogonal step without capture, diagonal step with capture, on the level and in the worm-hole', () => {
    const pos = setup('P@Nc3 p@Bb3 n@Nd1d:a1 r@Nd4 K@Wa4 k@Bd1');
    const worm = ['Nd1d:b2', 'Bc3', 'Bd4u:b2', 'Na4u:b2', 'Bb3'];
    const level = ['Nc4', 'Nc2', 'Nb3', 'Nd3', 'Nd4'];
    expect(destinations(pos, 'Nc3')).toEqual(sorted([...worm, ...level]));
    expect(illegal(pos, 'Nc3-Bc2').message).toContain('only to capture');
  });
});

describe('check, checkmate, stalemate', () => {
  it('a worm-hole attack is check; moving into one is refused with the attacker named', () => {
    const pos = setup('K@Wb3 r@Nd1d:a2 k@Bd1');
    expect(v.isCheck(pos)).toBe(true);
    expect(v.view(pos).check).toBe(true);
    const quiet = setup('K@Wa4 r@Nd1d:a2 k@Bd1');
    expect(illegal(quiet, 'Wa4-Wb3').message).toContain('it would leave your king on Wb3 attacked by the rook on Nd1d:a2 through the worm-hole');
  });

  it('checkmate on a level, with the + and # suffixes', () => {
    const before = setup('K@Wa1 q@Wd2 r@Wb4 k@Bd4', { turn: 'b' });
    expect(texts(before)).toContain('Wd2-Wb2#');
    expect(texts(before)).toContain('Wd2-Wd1+');
    const mated = play(before, 'Wd2-Wb2');
    expect(v.legalMoves(mated)).toEqual([]);
    expect(v.outcome(mated)).toEqual({ result: '0-1', winner: 'black', reason: 'checkmate' });
  });

  it('a drop may block a check, so a piece in hand can save the king', () => {
    const pos = setup('K@Wa1 r@Wa4 r@Wb4 k@Bd4', { hands: 'N' });
    expect(v.isCheck(pos)).toBe(true);
    expect(sorted(texts(pos))).toEqual(sorted(['N@Wa2', 'N@Wa3']));
  });

  it('stalemate is a draw', () => {
    const pos = setup('K@Wa1 q@Wc2 k@Bd4');
    expect(v.isCheck(pos)).toBe(false);
    expect(v.legalMoves(pos)).toEqual([]);
    expect(v.outcome(pos)).toEqual({ result: '1/2-1/2', reason: 'stalemate' });
  });

  it('no outcome while kings are still to be placed', () => {
    const pos = setup('q@Wc2 k@Bd4', { hands: 'K' });
    expect(v.outcome(pos)).toBeUndefined();
    expect(texts(pos).length).toBeGreaterThan(0);
  });
});

describe('platformMoves after-capture', () => {
  const capture = () => setup('R@Wb3 p@Nb3 K@Wa4 k@Bd1', { afterCapture: true });

  it('offers the capture alone and the capture with each platform move', () => {
    const pos = capture();
    const all = texts(pos);
    expect(all).toContain('Wb3xNb3');
    // 4 empty platforms: each flips in place or goes to 8 vacant pins in 2 orientations.
    expect(all.filter((t) => t.startsWith('Wb3xNb3&'))).toHaveLength(4 * (1 + 8 * 2));
    expect(all).toContain('Wb3xNb3&Wa1u-Ba1d');
    expect(all).toContain('Wb3xNb3&Nd1d-Nd1u');
    const next = play(pos, 'Wb3xNb3&Wa1u-Ba1d');
    expect(v.view(next).wormhole).toBe('P1 B P2 N B P3 N P4, W-N');
    expect(v.formatPosition(next)).toContain('Ba1d*1:2/2');
  });

  it('explains the bad compound turns', () => {
    const pos = capture();
    expect(illegal(pos, 'Wb3-Wb4&Wa1u-Ba1d').message).toContain('only a capture may be followed by a platform move');
    expect(illegal(pos, 'Wb3xNb3&Wa1u-Bd4d').message).toContain('pin Bd4 already holds platform 3');
    expect(illegal(pos, 'Wb3xNb3&Wa1u-Wa1u').message).toContain('where it is');
    expect(illegal(pos, 'Wa1u-Ba1d').message).toContain('only right after a capture');
    const loaded = setup('R@Wb3 p@Nb3 P@Wa1u:b1 K@Wa4 k@Bd1', { afterCapture: true });
    expect(illegal(loaded, 'Wb3xNb3&Wa1u-Ba1d').message).toContain('the platform on Wa1u is not empty after the capture');
  });

  it('reads x for - in the platform half too, as in a platform move alone (tester 15 B4)', () => {
    const pos = capture();
    const compound = texts(pos).filter((t) => t.includes('&'));
    expect(compound.length).toBeGreaterThan(0);
    for (const t of compound) {
      const [piece, platform] = t.split('&') as [string, string];
      for (const loose of [`${piece}&${platform.replace('-', 'x')}`, `${piece.replace('x', '-')}&${platform.replace('-', 'X')}`]) {
        const parsed = v.parseMove(pos, loose);
        expect(parsed.ok && v.formatMove(pos, parsed.value), loose).toBe(t);
      }
    }
  });

  it('a platform emptied by the capture may move', () => {
    const pos = setup('R@Wa1u:a2 p@Nb3 K@Wa4 k@Bd1', { afterCapture: true });
    expect(texts(pos)).toContain('Wa1u:a2xNb3&Wa1u-Wa1d');
  });

  it('judges king safety after the whole turn', () => {
    // The rook on Nd1d:a2 checks Wb3 through P2 P1 W. Moving P1 to Ba1u leaves
    // W reachable only through N, where the pawn on Nb3 stops the rook.
    const pos = setup('K@Wb3 P@Nb3 N@Wd1 p@Wc3 r@Nd1d:a2 k@Bd1', { afterCapture: true });
    expect(v.isCheck(pos)).toBe(true);
    expect(illegal(pos, 'Wd1xWc3').message).toContain('attacked by the rook on Nd1d:a2 through the worm-hole');
    expect(texts(pos)).toContain('Wd1xWc3&Wa1u-Ba1u');
  });

  it('is refused when platformMoves is fixed', () => {
    const pos = setup('R@Wb3 p@Nb3 K@Wa4 k@Bd1');
    expect(texts(pos).some((t) => t.includes('&'))).toBe(false);
    expect(illegal(pos, 'Wb3xNb3&Wa1u-Ba1d').message).toContain('platformMoves is fixed in this game');
    expect(illegal(pos, 'Wa1u-Ba1d').message).toContain('platformMoves is fixed in this game');
  });

  it('either the position text field or the game option turns after-capture on', () => {
    // The text captures everything the rules depend on, so its field counts whatever the options say.
    for (const given of [{}, { platformMoves: 'fixed' }]) {
      const fromText = v.parsePosition(v.formatPosition(capture()), options(given));
      expect(fromText.ok && texts(fromText.value).some((t) => t.includes('&'))).toBe(true);
    }
    const plain = v.formatPosition(setup('R@Wb3 p@Nb3 K@Wa4 k@Bd1'));
    expect(plain).not.toContain('after-capture');
    const allowed = v.parsePosition(plain, options({ platformMoves: 'after-capture' }));
    expect(allowed.ok && texts(allowed.value).includes('Wb3xNb3&Wa1u-Ba1d')).toBe(true);
  });
});

describe('bad input', () => {
  const pos = setup('R@Wb3 K@Wa4 k@Bd1 n@Nc3');
  it.each([
    ['Wz9-Wa1', 'syntax', ''],
    ['', 'syntax', 'empty'],
    ['Wb3-', 'syntax', 'after "-"'],
    ['Wc4-Wc3', 'illegal', 'no piece on Wc4'],
    ['Nc3-Nb1', 'illegal', "knight on Nc3 is Black's"],
    ['Wd1u:a1-Wd1', 'illegal', 'no platform on Wd1'],
    ['Wa1d:a1-Wa2', 'illegal', 'Wa1u'],
    ['QWb3-Wb4', 'illegal', 'no queen on Wb3'],
    ['Wb3-Nc2', 'illegal', 'rook on Wb3'],
    ['Wb3-Na1', 'illegal', 'Na1'],
    ['Wa4-Bb3', 'illegal', 'not on a worm-hole cell'],
    ['K@Wc1', 'illegal', 'no king in hand'],
    ['13@Wd1u', 'syntax', 'platform number'],
  ])('%s -> %s', (text, kind, named) => {
    const error = illegal(pos, text);
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(named);
  });

  it('rejects bad position texts', () => {
    const bad = ['4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*13:2/2 - w - -', '4/4/4/4|4/4/4/4|4/4/4/4 Wa1u:2/2 - w - -', '4/4/4/4|4/4/4/4|4/4/4/4 - - w - 1,2,x'];
    for (const text of bad) {
      const parsed = v.parsePosition(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.kind).toBe('position');
    }
    const numberClashes: [string, string][] = [
      ['4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*2:2/2,Bd4d*2:2/2 - w - 1,3,4', 'platform number 2 is placed twice'],
      ['4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*1:2/2 - w - 1,2,3,4', 'platform number 1 is both placed and unplaced'],
    ];
    for (const [text, message] of numberClashes) {
      const parsed = v.parsePosition(text);
      expect(parsed.ok ? undefined : parsed.error.message).toContain(message);
    }
  });
});

// ---- random playouts -------------------------------------------------------------

function samePosition(a: St3dPosition, b: St3dPosition): boolean {
  return (
    v.formatPosition(a) === v.formatPosition(b) &&
    a.board.join() === b.board.join() &&
    a.platforms.join() === b.platforms.join() &&
    a.tags.join() === b.tags.join() &&
    a.hands.join() === b.hands.join() &&
    a.turn === b.turn &&
    a.unplaced === b.unplaced &&
    a.afterCapture === b.afterCapture
  );
}

describe('random playouts', () => {
  const configs = [
    { platforms: 4 },
    { platforms: 4, platformMoves: 'after-capture' },
    { platforms: 1 },
    { platforms: 1, platformMoves: 'after-capture' },
    { platforms: 12 },
    { platforms: 12, platformMoves: 'after-capture' },
  ];
  it('round-trips every legal turn and every position', { timeout: 360_000 }, () => {
    const random = prng(20240611);
    const problems: string[] = []; // collected, so one failure report shows them all
    let compoundTurns = 0;
    let plies = 0;
    for (let game = 0; game < 40; game++) {
      const opts = options(configs[game % configs.length]);
      let pos = v.initial(opts);
      for (let ply = 0; ply < 60; ply++) {
        const where = `game ${game} ply ${ply} ${v.formatPosition(pos)}`;
        const back = v.parsePosition(v.formatPosition(pos), opts);
        if (!back.ok || !samePosition(back.value, pos)) problems.push(`${where}: position text does not round-trip`);
        const moves = v.legalMoves(pos);
        if (moves.length === 0) {
          if (!v.outcome(pos)) problems.push(`${where}: no legal turn but no outcome`);
          break;
        }
        const seen = new Set<string>();
        for (const move of moves) {
          const text = v.formatMove(pos, move);
          if (seen.has(text)) problems.push(`${where}: ${text} twice`);
          seen.add(text);
          // parseMove = resolve the text to a candidate, then find it among the
          // legal turns: checked here for every turn against the list in hand
          // (texts are distinct, so the candidate names this turn only), and
          // through parseMove itself for a sample (it regenerates the turns).
          const candidate = resolveSt3dMove(pos, text);
          if (!candidate.ok || !sameMove(candidate.value, move)) problems.push(`${where}: ${text} resolves to another turn`);
          if (move.kind === 'move' && move.platform) compoundTurns++;
          if (seen.size <= 8 || random() < 0.05) {
            const parsed = v.parseMove(pos, text);
            if (!parsed.ok || !sameMove(parsed.value, move)) problems.push(`${where}: parseMove(${text}) fails`);
          }
        }
        // Prefer captures so that after-capture turns come up.
        const captures = moves.filter((m: St3dMove) => m.kind === 'move' && pos.board[m.to] !== 0);
        const pool = captures.length && random() < 0.4 ? captures : moves;
        pos = v.play(pos, pool[Math.floor(random() * pool.length)]!);
        plies++;
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(plies).toBeGreaterThan(1000);
    expect(compoundTurns).toBeGreaterThan(1000);
  });
});
