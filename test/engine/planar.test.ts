import { describe, it, expect } from 'vitest';
import { whyIllegal } from '../../src/engine/planar/explain.ts';
import { planar } from '../../src/engine/planar/planar.ts';
import type { PlanarMove, PlanarPosition } from '../../src/engine/planar/position.ts';
import { cellName, parseCell, planeCells, XY, XZ, YZ } from '../../src/engine/planar/cube.ts';
import type { Color, Orientation, Role } from '../../src/engine/types.ts';
import { prng } from './helpers.ts';

// ---- helpers -------------------------------------------------------------------

/**
 * Build a position from a map like { Bb2: 'Rx', Dd4: 'k' } (letter = piece, upper
 * White, lower Black; optional x = XZ, y = YZ). Written independently of the
 * engine's formatter: one digit per empty cell.
 */
function setup(pieces: Record<string, string>, hands = '-', turn: 'w' | 'b' = 'w'): PlanarPosition {
  const levels: string[] = [];
  for (const level of 'ABCD') {
    const ranks: string[] = [];
    for (const rank of '4321') {
      let row = '';
      for (const file of 'abcd') row += pieces[level + file + rank] ?? '1';
      ranks.push(row);
    }
    levels.push(ranks.join('/'));
  }
  const text = `${levels.join('|')} ${hands} ${turn}`;
  const parsed = planar.parsePosition(text);
  if (!parsed.ok) throw new Error(`bad test position ${text}: ${parsed.error.message}`);
  return parsed.value;
}

const targets = (pos: PlanarPosition, from: string): string[] =>
  planar
    .legalMoves(pos)
    .filter((m) => m.kind === 'move' && cellName(m.from) === from)
    .map((m) => cellName((m as { to: number }).to))
    .sort();

const sorted = (list: string) => list.split(/\s+/).filter(Boolean).sort();

const texts = (pos: PlanarPosition): string[] => planar.legalMoves(pos).map((m) => planar.formatMove(pos, m));

function playText(pos: PlanarPosition, text: string): PlanarPosition {
  const m = planar.parseMove(pos, text);
  if (!m.ok) throw new Error(`${text}: ${m.error.message}`);
  return planar.play(pos, m.value);
}

// The two kings used when a test is about another piece: neither lies on a
// plane through Bb2 (level B, rank 2, file b), and they do not attack each other.
const KINGS = { Cd4: 'K', Dd4: 'k' };
const HANDS_AFTER_KINGS = 'QRRBBNNPPPPPPPPqrrbbnnpppppppp';

// ---- geometry ------------------------------------------------------------------

describe('cube geometry', () => {
  it('names cells and parses them back', () => {
    expect(cellName(0)).toBe('Aa1');
    expect(cellName(63)).toBe('Dd4');
    expect(cellName(parseCell('Bc3'))).toBe('Bc3');
    expect(parseCell('bc3')).toBe(parseCell('Bc3'));
    expect(parseCell('Ec3')).toBe(-1);
    for (let c = 0; c < 64; c++) expect(parseCell(cellName(c))).toBe(c);
  });

  it('has three 16-cell planes through each cell', () => {
    const names = (o: number) => planeCells(parseCell('Bb2'), o).map(cellName).sort();
    expect(names(XY)).toEqual(sorted('Ba1 Bb1 Bc1 Bd1 Ba2 Bb2 Bc2 Bd2 Ba3 Bb3 Bc3 Bd3 Ba4 Bb4 Bc4 Bd4'));
    expect(names(XZ)).toEqual(sorted('Aa2 Ab2 Ac2 Ad2 Ba2 Bb2 Bc2 Bd2 Ca2 Cb2 Cc2 Cd2 Da2 Db2 Dc2 Dd2'));
    expect(names(YZ)).toEqual(sorted('Ab1 Ab2 Ab3 Ab4 Bb1 Bb2 Bb3 Bb4 Cb1 Cb2 Cb3 Cb4 Db1 Db2 Db3 Db4'));
  });
});

// ---- piece movement, hand-checked ----------------------------------------------

describe('piece moves on an otherwise empty cube (hand-checked)', () => {
  const cases: [string, string, string][] = [
    // [piece on Bb2, orientation mark, expected targets]
    ['R', '', 'Ba2 Bc2 Bd2 Bb1 Bb3 Bb4'],
    ['R', 'x', 'Ab2 Cb2 Db2 Ba2 Bc2 Bd2'],
    ['R', 'y', 'Ab2 Cb2 Db2 Bb1 Bb3 Bb4'],
    ['B', '', 'Ba1 Bc3 Bd4 Ba3 Bc1'],
    ['B', 'x', 'Aa2 Cc2 Dd2 Ca2 Ac2'],
    ['B', 'y', 'Ab1 Cb3 Db4 Cb1 Ab3'],
    ['Q', '', 'Ba2 Bc2 Bd2 Bb1 Bb3 Bb4 Ba1 Bc3 Bd4 Ba3 Bc1'],
    ['Q', 'x', 'Ab2 Cb2 Db2 Ba2 Bc2 Bd2 Aa2 Cc2 Dd2 Ca2 Ac2'],
    ['Q', 'y', 'Ab2 Cb2 Db2 Bb1 Bb3 Bb4 Ab1 Cb3 Db4 Cb1 Ab3'],
    ['N', '', 'Bd3 Bd1 Bc4 Ba4'],
    ['N', 'x', 'Cd2 Ad2 Dc2 Da2'],
    ['N', 'y', 'Cb4 Ab4 Db3 Db1'],
    ['P', '', 'Ba2 Bc2 Bb1 Bb3'],
    ['P', 'x', 'Ab2 Cb2 Ba2 Bc2'],
    ['P', 'y', 'Ab2 Cb2 Bb1 Bb3'],
  ];
  for (const [role, mark, expected] of cases)
    it(`${role} on Bb2 oriented ${mark === '' ? 'XY' : mark === 'x' ? 'XZ' : 'YZ'}`, () => {
      const pos = setup({ ...KINGS, Bb2: role + mark });
      expect(targets(pos, 'Bb2')).toEqual(sorted(expected));
    });

  it('king on Bb2 in each orientation', () => {
    const expected: Record<string, string> = {
      '': 'Ba1 Ba2 Ba3 Bb1 Bb3 Bc1 Bc2 Bc3',
      x: 'Aa2 Ab2 Ac2 Ba2 Bc2 Ca2 Cb2 Cc2',
      y: 'Ab1 Ab2 Ab3 Bb1 Bb3 Cb1 Cb2 Cb3',
    };
    for (const [mark, list] of Object.entries(expected)) {
      const pos = setup({ Bb2: 'K' + mark, Dd4: 'k' });
      expect(targets(pos, 'Bb2')).toEqual(sorted(list));
    }
  });

  it('a corner rook in XZ slides along file and height', () => {
    const pos = setup({ Aa1: 'Rx', Cd4: 'K', Dd4: 'k' }, '-');
    expect(targets(pos, 'Aa1')).toEqual(sorted('Ab1 Ac1 Ad1 Ba1 Ca1 Da1'));
  });
});

describe('pawns, knights and blocking', () => {
  it('a pawn steps orthogonally only to empty cells and captures only diagonally', () => {
    // Pawn Bb2 XY; enemy on Bb3 (orthogonal: blocks, cannot be captured),
    // enemy on Bc3 (diagonal: capturable), own knight on Ba2 (blocks).
    const pos = setup({ ...KINGS, Bb2: 'P', Bb3: 'n', Bc3: 'b', Ba2: 'N' }, '-');
    expect(targets(pos, 'Bb2')).toEqual(sorted('Bc2 Bb1 Bc3'));
    const capture = planar.parseMove(pos, 'Bb2-Bc3');
    expect(capture.ok && planar.formatMove(pos, capture.value)).toBe('Bb2xBc3');
    const bad = planar.parseMove(pos, 'Bb2xBb3');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/captures only diagonally/);
    const bad2 = planar.parseMove(pos, 'Bb2-Ba1');
    expect(bad2.ok).toBe(false);
    if (!bad2.ok) expect(bad2.error.message).toMatch(/diagonally only to capture/);
  });

  it('a pawn in XZ captures a piece diagonal in that plane, whatever its orientation', () => {
    const pos = setup({ ...KINGS, Bb2: 'Px', Cc2: 'ry', Bc3: 'r' }, '-');
    // Cc2 is diagonal in the XZ plane (file +1, level +1); Bc3 is not in the plane.
    expect(targets(pos, 'Bb2')).toEqual(sorted('Ab2 Cb2 Ba2 Bc2 Cc2'));
  });

  it('a pawn never promotes: a pawn may step to any edge and stays a pawn', () => {
    let pos = setup({ ...KINGS, Bb3: 'P' }, '-');
    pos = playText(pos, 'Bb3-Bb4');
    expect(planar.view(pos).cells.find((c) => c.cell === 'Bb4')?.role).toBe('P');
  });

  it('a knight leaps over pieces', () => {
    const pos = setup({ ...KINGS, Bb2: 'N', Ba1: 'P', Ba2: 'P', Ba3: 'P', Bb1: 'P', Bb3: 'P', Bc1: 'P', Bc2: 'P', Bc3: 'P' }, '-');
    expect(targets(pos, 'Bb2')).toEqual(sorted('Bd3 Bd1 Bc4 Ba4'));
  });

  it('sliders stop at the first piece, capturing it if enemy', () => {
    const own = setup({ ...KINGS, Aa1: 'R', Ab1: 'N' }, '-');
    expect(targets(own, 'Aa1')).toEqual(sorted('Aa2 Aa3 Aa4'));
    const enemy = setup({ ...KINGS, Aa1: 'R', Ab1: 'n' }, '-');
    expect(targets(enemy, 'Aa1')).toEqual(sorted('Ab1 Aa2 Aa3 Aa4'));
    const m = planar.parseMove(enemy, 'Aa1-Ab1');
    expect(m.ok && planar.formatMove(enemy, m.value)).toBe('Aa1xAb1');
    const blocked = planar.parseMove(own, 'Aa1-Ad1');
    expect(blocked).toEqual({ ok: false, error: { kind: 'illegal', message: 'Aa1-Ad1: the rook on Aa1 is blocked by Ab1' } });
    const bishop = setup({ ...KINGS, Aa1: 'By', Bb2: 'p' }, '-'); // YZ diagonal Aa1 -> Ba2 -> Ca3 -> Da4
    expect(targets(bishop, 'Aa1')).toEqual(sorted('Ba2 Ca3 Da4'));
  });
});

// ---- phases, placement and drops -------------------------------------------------

describe('king placement', () => {
  it('starts empty with full hands and White placing its king anywhere', () => {
    const pos = planar.initial({});
    expect(planar.formatPosition(pos)).toBe('4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w');
    expect(planar.phase(pos)).toBe('kings');
    const moves = texts(pos);
    expect(moves.length).toBe(64 * 3);
    expect(moves).toContain('K@Bb2=XZ');
    expect(planar.outcome(pos)).toBeUndefined();
    expect(planar.isCheck(pos)).toBe(false);
  });

  it('Black may not place its king attacking or attacked by the white king', () => {
    const pos = playText(planar.initial({}), 'K@Bb2');
    expect(planar.phase(pos)).toBe('kings');
    expect(planar.turn(pos)).toBe('black');
    // 63 vacant cells, 8 attacked by the white king (level B around b2) -> 55 cells x 3
    // orientations, minus XZ on Aa2 Ab2 Ac2 Ca2 Cb2 Cc2 and YZ on Ab1 Ab2 Ab3 Cb1 Cb2 Cb3
    // (from there the black king would attack Bb2 in that plane).
    expect(planar.legalMoves(pos).length).toBe(55 * 3 - 6 - 6);
    expect(planar.parseMove(pos, 'K@Ab2=XY').ok).toBe(true);
    const attacking = planar.parseMove(pos, 'K@Ab2=XZ');
    expect(attacking.ok).toBe(false);
    if (!attacking.ok) expect(attacking.error.message).toBe('K@Ab2=XZ: a king placed there would attack the white king on Bb2');
    const attacked = planar.parseMove(pos, 'K@Ba1=YZ');
    expect(attacked.ok).toBe(false);
    if (!attacked.ok) expect(attacked.error.message).toMatch(/attacked by the king on Bb2/);
    const other = planar.parseMove(pos, 'N@Dd4');
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.message).toMatch(/kings must be placed first/);
    const after = playText(pos, 'K@Dd4=YZ');
    expect(planar.phase(after)).toBe('play');
    expect(planar.formatPosition(after)).toBe('4/4/4/4|4/4/1K2/4|4/4/4/4|3ky/4/4/4 QRRBBNNPPPPPPPPqrrbbnnpppppppp w');
  });
});

describe('drops, re-orientation and own king safety', () => {
  const base = () => setup({ Aa1: 'K', Dd4: 'k' }, HANDS_AFTER_KINGS);

  it('a drop may not attack the opposing king', () => {
    const pos = base();
    const cases: [string, boolean][] = [
      ['R@Da4=XY', false], // rank 4 of level D
      ['R@Da4=XZ', false], // rank-4 plane, same level: orthogonal
      ['R@Da4=YZ', true], // file-a plane: Dd4 not in it
      ['N@Db3=XY', false], // (2,1) leap on level D
      ['N@Cc3=XY', true],
      ['B@Bb2=YZ', true], // file b plane
      ['B@Bb2=XY', true], // level B
      ['Q@Bd2=YZ', false], // file d plane: Bd2 -> Cd3 -> Dd4 diagonal
      ['P@Cc3=XY', true], // level C
      ['P@Dc3=XY', false], // diagonal neighbour on level D
    ];
    for (const [text, legal] of cases) {
      const r = planar.parseMove(pos, text);
      expect(r.ok, text).toBe(legal);
      if (!r.ok) expect(r.error.message).toMatch(/would attack the black king on Dd4/);
    }
    const drops = planar.legalMoves(pos).filter((m) => m.kind === 'drop');
    for (const m of drops) {
      const next = planar.play(pos, m);
      expect(planar.isCheck(next)).toBe(false);
    }
  });

  it('re-orientation is a turn and may give check', () => {
    // A rook on Cd4 oriented XY keeps to level C; re-oriented XZ (rank-4 plane) or
    // YZ (file-d plane) it sees Dd4 directly above it.
    const pos = setup({ Aa1: 'K', Dd4: 'k', Cd4: 'R' }, '-', 'w');
    expect(planar.isCheck(pos)).toBe(false);
    const moves = texts(pos);
    expect(moves).toContain('Cd4=XZ+'); // rank-4 plane: Dd4 is one level up
    expect(moves).toContain('Cd4=YZ+'); // file-d plane: Dd4 one level up
    expect(moves).toContain('Aa1=XZ');
    expect(moves).not.toContain('Cd4=XY');
    const same = planar.parseMove(pos, 'Cd4=XY');
    expect(same).toEqual({ ok: false, error: { kind: 'illegal', message: 'Cd4=XY: the rook on Cd4 is already oriented XY' } });
    const next = playText(pos, 'Cd4=YZ');
    expect(planar.isCheck(next)).toBe(true);
    expect(planar.view(next).cells.find((c) => c.cell === 'Cd4')?.orientation).toBe('YZ');
  });

  it('no turn may leave the own king attacked', () => {
    const pos = setup({ Aa1: 'K', Ab1: 'R', Ad1: 'r', Dd4: 'k' }, 'N', 'w');
    const r = planar.parseMove(pos, 'Ab1-Ab2');
    expect(r).toEqual({
      ok: false,
      error: { kind: 'illegal', message: 'Ab1-Ab2: it would leave your king on Aa1 attacked by the rook on Ad1' },
    });
    expect(planar.parseMove(pos, 'Ab1-Ac1').ok).toBe(true);
    expect(planar.parseMove(pos, 'Ab1xAd1').ok).toBe(true);
    expect(planar.parseMove(pos, 'Ab1=XZ').ok).toBe(true); // still blocks: rank-1 plane
    expect(planar.parseMove(pos, 'Ab1=YZ').ok).toBe(true); // re-orientation never unblocks
  });

  it('in check only king moves, captures and blocking drops remain', () => {
    const pos = setup({ Aa1: 'K', Ad1: 'r', Dd4: 'k' }, 'QRRBBNNPPPPPPPP', 'w');
    expect(planar.isCheck(pos)).toBe(true);
    expect(planar.view(pos).check).toBe(true);
    const moves = texts(pos).sort();
    // King (XY on level A): Aa2, Ab2 free; Ab1 is on the rook's rank.
    // Drops: 5 roles x {Ab1, Ac1} x 3 orientations; none of them sees Dd4.
    const expected = ['Aa1-Aa2', 'Aa1-Ab2'];
    for (const role of 'QRBNP') for (const cell of ['Ab1', 'Ac1']) for (const o of ['XY', 'XZ', 'YZ']) expected.push(`${role}@${cell}=${o}`);
    expect(moves).toEqual(expected.sort());
    const orient = planar.parseMove(pos, 'Aa1=XZ');
    expect(orient.ok).toBe(false);
    if (!orient.ok) expect(orient.error.message).toBe('Aa1=XZ: it would leave your king on Aa1 attacked by the rook on Ad1');
    const drop = planar.parseMove(pos, 'N@Cc3');
    expect(drop.ok).toBe(false);
    if (!drop.ok) expect(drop.error.message).toMatch(/king on Aa1 attacked by the rook on Ad1/);
  });
});

describe('checkmate and stalemate', () => {
  // White king Aa1 (XY); black rook Ad2 (XY) holds rank 2 of level A; black rook
  // Cd1 (XZ: rank-1 plane) drops down to Ad1 and attacks Ac1, Ab1, Aa1.
  const before = () => setup({ Aa1: 'K', Ad2: 'r', Cd1: 'rx', Dd4: 'k' }, '-', 'b');

  it('detects mate and formats it with #', () => {
    const pos = before();
    expect(planar.isCheck(pos)).toBe(false);
    const m = planar.parseMove(pos, 'Cd1-Ad1');
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(planar.formatMove(pos, m.value)).toBe('Cd1-Ad1#');
    const mate = planar.play(pos, m.value);
    expect(planar.isCheck(mate)).toBe(true);
    expect(planar.legalMoves(mate)).toEqual([]);
    expect(planar.outcome(mate)).toEqual({ result: '0-1', winner: 'black', reason: 'checkmate' });
    const after = planar.parseMove(mate, 'Aa1-Aa2');
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.error.message).toMatch(/the game is over/);
  });

  it('a check that can be answered gets +', () => {
    // With a knight in hand White can block on Ab1 or Ac1: only check.
    const pos = setup({ Aa1: 'K', Ad2: 'r', Cd1: 'rx', Dd4: 'k' }, 'N', 'b');
    expect(texts(pos)).toContain('Cd1-Ad1+');
    const next = playText(pos, 'Cd1-Ad1');
    expect(planar.outcome(next)).toBeUndefined();
    expect(texts(next).sort()).toEqual(['N@Ab1=XY', 'N@Ab1=XZ', 'N@Ab1=YZ', 'N@Ac1=XY', 'N@Ac1=XZ', 'N@Ac1=YZ']);
  });

  it('a king with no move but not in check can always re-orient, so there is no stalemate', () => {
    // White king Aa1 XY boxed in: Aa2/Ab2 held by the rook on Ad2 (XY, rank 2 of
    // level A), Ab1 by the rook on Cb1 (XZ, rank-1 plane, two levels down to Ab1);
    // neither attacks Aa1. Re-orienting the king is still a legal turn.
    const pos = setup({ Aa1: 'K', Ad2: 'r', Cb1: 'rx', Dd4: 'k' }, '-', 'w');
    expect(planar.isCheck(pos)).toBe(false);
    expect(targets(pos, 'Aa1')).toEqual([]);
    expect(texts(pos).sort()).toEqual(['Aa1=XZ', 'Aa1=YZ']);
    expect(planar.outcome(pos)).toBeUndefined();
  });
});

// ---- an independent reference generator ----------------------------------------

type RefPiece = { color: Color; role: Role; o: Orientation };
const xyz = (name: string): [number, number, number] => ['abcd'.indexOf(name[1]!), Number(name[2]) - 1, 'ABCD'.indexOf(name[0]!)];
const nameOf = (x: number, y: number, z: number) => 'ABCD'[z]! + 'abcd'[x]! + (y + 1);
const AXES: Record<Orientation, [number, number]> = { XY: [0, 1], XZ: [0, 2], YZ: [1, 2] };

/** Straight from rules.md section 5, by coordinates, without the engine's tables. */
function refAttacks(board: Map<string, RefPiece>, from: string, to: string): boolean {
  const p = board.get(from)!;
  const a = xyz(from);
  const b = xyz(to);
  const [i, j] = AXES[p.o];
  const fixed = 3 - i - j;
  if (a[fixed] !== b[fixed] || from === to) return false;
  const du = b[i]! - a[i]!;
  const dv = b[j]! - a[j]!;
  const adu = Math.abs(du);
  const adv = Math.abs(dv);
  const ortho = du === 0 || dv === 0;
  const diag = adu === adv;
  const clear = () => {
    const n = Math.max(adu, adv);
    for (let k = 1; k < n; k++) {
      const c = [...a];
      c[i]! += (du / n) * k;
      c[j]! += (dv / n) * k;
      if (board.has(nameOf(c[0]!, c[1]!, c[2]!))) return false;
    }
    return true;
  };
  switch (p.role) {
    case 'K':
      return Math.max(adu, adv) === 1;
    case 'P':
      return adu === 1 && adv === 1;
    case 'N':
      return (adu === 1 && adv === 2) || (adu === 2 && adv === 1);
    case 'R':
      return ortho && clear();
    case 'B':
      return diag && clear();
    case 'Q':
      return (ortho || diag) && clear();
  }
}

const ALL_CELLS: string[] = [];
for (const z of 'ABCD') for (const x of 'abcd') for (const y of '1234') ALL_CELLS.push(z + x + y);

function refAttacked(board: Map<string, RefPiece>, cell: string, by: Color): boolean {
  for (const [from, p] of board) if (p.color === by && refAttacks(board, from, cell)) return true;
  return false;
}

/** Canonical texts (without +/#) of every legal turn, by brute force. */
function refLegal(pos: PlanarPosition): string[] {
  const view = planar.view(pos);
  const us = view.sideToMove;
  const them: Color = us === 'white' ? 'black' : 'white';
  const board = new Map<string, RefPiece>(view.cells.map((c) => [c.cell, { color: c.color, role: c.role, o: c.orientation! }]));
  const kingOf = (b: Map<string, RefPiece>, color: Color) => [...b].find(([, p]) => p.color === color && p.role === 'K')?.[0];
  const safe = (b: Map<string, RefPiece>) => {
    const k = kingOf(b, us);
    return k === undefined || !refAttacked(b, k, them);
  };
  const out: string[] = [];
  const hand = view.hands[us];
  const theirKing = kingOf(board, them);
  const placing = (hand.K ?? 0) > 0;
  for (const role of ['K', 'Q', 'R', 'B', 'N', 'P'] as Role[]) {
    if (!hand[role] || (placing && role !== 'K')) continue;
    for (const cell of ALL_CELLS)
      for (const o of ['XY', 'XZ', 'YZ'] as Orientation[]) {
        if (board.has(cell)) continue;
        const b = new Map(board);
        b.set(cell, { color: us, role, o });
        if (theirKing && refAttacks(b, cell, theirKing)) continue;
        if (!safe(b)) continue;
        out.push(`${role}@${cell}=${o}`);
      }
  }
  if (placing) return out;
  for (const [from, p] of board) {
    if (p.color !== us) continue;
    for (const o of ['XY', 'XZ', 'YZ'] as Orientation[]) {
      if (o === p.o) continue;
      const b = new Map(board);
      b.set(from, { ...p, o });
      if (safe(b)) out.push(`${from}=${o}`);
    }
    for (const to of ALL_CELLS) {
      const target = board.get(to);
      if (target?.color === us) continue;
      let ok: boolean;
      if (p.role === 'P') {
        const a = xyz(from);
        const c = xyz(to);
        const [i, j] = AXES[p.o];
        const fixed = 3 - i - j;
        const du = Math.abs(c[i]! - a[i]!);
        const dv = Math.abs(c[j]! - a[j]!);
        ok = a[fixed] === c[fixed] && (target ? du === 1 && dv === 1 : du + dv === 1);
      } else ok = refAttacks(board, from, to);
      if (!ok) continue;
      const b = new Map(board);
      b.delete(from);
      b.set(to, p);
      if (safe(b)) out.push(`${from}${target ? 'x' : '-'}${to}`);
    }
  }
  return out;
}

function sameMove(a: PlanarMove, b: PlanarMove): boolean {
  if (a.kind === 'move') return b.kind === 'move' && a.from === b.from && a.to === b.to && Object.keys(a).length === 3;
  if (a.kind === 'drop') return b.kind === 'drop' && a.role === b.role && a.to === b.to && a.orientation === b.orientation && Object.keys(a).length === 4;
  return b.kind === 'orient' && a.cell === b.cell && a.orientation === b.orientation && Object.keys(a).length === 3;
}

const stripSuffix = (t: string) => t.replace(/[+#]$/, '');

// ---- random playouts -------------------------------------------------------------

function randomGames(games: number, plies: number, seed: number, each: (pos: PlanarPosition) => void): void {
  const rand = prng(seed);
  for (let g = 0; g < games; g++) {
    let pos = planar.initial({});
    for (let ply = 0; ply < plies; ply++) {
      each(pos);
      if (planar.outcome(pos)) break;
      const moves = planar.legalMoves(pos);
      // Favour moves and re-orientations a little so the cube does not just fill up.
      const board = moves.filter((m) => m.kind !== 'drop');
      const pool = board.length && rand() < 0.6 ? board : moves;
      pos = planar.play(pos, pool[Math.floor(rand() * pool.length)]!);
    }
    each(pos);
  }
}

describe('random playouts', () => {
  it('legal moves agree with a brute-force reference generator', () => {
    let positions = 0;
    randomGames(8, 40, 7, (pos) => {
      positions++;
      const engine = texts(pos).map(stripSuffix).sort();
      expect(engine).toEqual(refLegal(pos).sort());
    });
    expect(positions).toBeGreaterThan(100);
  }, 240_000);

  it('notation and position text round-trip', () => {
    let positions = 0;
    let moves = 0;
    let checks = 0;
    const problems: string[] = [];
    randomGames(32, 50, 12345, (pos) => {
      positions++;
      const text = planar.formatPosition(pos);
      const back = planar.parsePosition(text);
      if (!back.ok) problems.push(`${text}: ${back.error.message}`);
      else expect(back.value).toEqual(pos);
      const seen = new Set<string>();
      for (const m of planar.legalMoves(pos)) {
        moves++;
        const t = planar.formatMove(pos, m);
        if (t.endsWith('+') || t.endsWith('#')) checks++;
        if (seen.has(t)) problems.push(`${text}: ${t} twice`);
        seen.add(t);
        const parsed = planar.parseMove(pos, t);
        if (!parsed.ok) problems.push(`${text}: ${t}: ${parsed.error.message}`);
        else if (!sameMove(parsed.value, m)) problems.push(`${text}: ${t} parsed as ${JSON.stringify(parsed.value)}`);
      }
    });
    expect(problems).toEqual([]);
    expect(positions).toBeGreaterThan(1000);
    expect(moves).toBeGreaterThan(100000);
    expect(checks).toBeGreaterThan(0);
  }, 240_000);

  it('parseMove accepts exactly the legal turns among all candidates', () => {
    const problems: string[] = [];
    let accepted = 0;
    let n = 0;
    randomGames(3, 40, 99, (pos) => {
      if (n++ % 3 !== 0 || planar.outcome(pos)) return;
      const legal = new Set(texts(pos).map(stripSuffix));
      const view = planar.view(pos);
      const us = view.sideToMove;
      const candidates: string[] = [];
      for (const c of view.cells) {
        if (c.color !== us) continue;
        for (const to of ALL_CELLS) candidates.push(`${c.cell}-${to}`);
        for (const o of ['XY', 'XZ', 'YZ']) candidates.push(`${c.cell}=${o}`);
      }
      for (const role of 'KQRBNP') for (const cell of ALL_CELLS) for (const o of ['XY', 'XZ', 'YZ']) candidates.push(`${role}@${cell}=${o}`);
      for (const cand of candidates) {
        const r = planar.parseMove(pos, cand);
        if (r.ok) {
          const canon = stripSuffix(planar.formatMove(pos, r.value));
          if (!legal.has(canon)) problems.push(`${planar.formatPosition(pos)}: ${cand} accepted but not generated`);
          if (whyIllegal(pos, r.value) !== undefined) problems.push(`${cand}: whyIllegal disagrees`);
          accepted++;
        } else {
          if (r.error.kind !== 'illegal') problems.push(`${cand}: ${r.error.kind} ${r.error.message}`);
          if (legal.has(cand) || legal.has(cand.replace('-', 'x')))
            problems.push(`${planar.formatPosition(pos)}: ${cand} generated but rejected: ${r.error.message}`);
        }
      }
    });
    expect(problems).toEqual([]);
    expect(accepted).toBeGreaterThan(1000);
  }, 240_000);
});

// ---- notation ----------------------------------------------------------------

describe('lenient input', () => {
  const pos = setup({ Ab1: 'N', Aa1: 'K', Dd4: 'k', Bc3: 'p' }, 'QRRBBNPPPPPPPPqrrbbnnppppppp');
  const same = (a: string, b: string) => {
    const ra = planar.parseMove(pos, a);
    const rb = planar.parseMove(pos, b);
    expect(ra.ok, a).toBe(true);
    expect(rb.ok, b).toBe(true);
    if (ra.ok && rb.ok) expect(ra.value).toEqual(rb.value);
  };
  it('parses lenient forms to the canonical move', () => {
    for (const t of ['NAb1-Ac3', 'N Ab1-Ac3', 'Ab1xAc3', 'ab1-ac3', '  Ab1-Ac3  ', 'Ab1-Ac3+', 'Ab1-Ac3!?', 'Ab1-Ac3#', 'Ab1 - Ac3', 'NAb1xAc3'])
      same(t, 'Ab1-Ac3');
    // a capture written with '-'
    const capture = setup({ Ab1: 'N', Aa1: 'K', Dd4: 'k', Ac3: 'p' }, '-');
    const a = planar.parseMove(capture, 'Ab1-Ac3');
    expect(a.ok && planar.formatMove(capture, a.value)).toBe('Ab1xAc3');
    for (const t of ['N@Cc3', 'N@cc3=XY', ' N@Cc3=XY ', 'N@Cc3=xy', 'N@Cc3=XY!']) same(t, 'N@Cc3=XY');
    same('Ab1=yz', 'Ab1=YZ');
    same('N Ab1=YZ', 'Ab1=YZ');
    same('ab1=YZ?', 'Ab1=YZ');
  });

  it('defaults the orientation of king placement to XY', () => {
    const start = planar.initial({});
    const r = planar.parseMove(start, 'K@bb2');
    expect(r.ok && planar.formatMove(start, r.value)).toBe('K@Bb2=XY');
  });
});

describe('bad input', () => {
  // White rook Ab1 is pinned against the king by the black rook on Ad1; the black
  // bishop on Ac4 (XY) guards Ab3 and Aa2.
  const pos = setup({ Aa1: 'K', Ab1: 'R', Ad1: 'r', Ac4: 'b', Bb1: 'Rx', Bc3: 'N', Dd4: 'k' }, 'QBBNPPPPPPPPqrbnnpppppppp');
  const syntax: [string, number, RegExp][] = [
    ['', 0, /expected a turn/],
    ['   ', 3, /expected a turn/],
    ['Zb1-Ac3', 0, /expected a cell/],
    ['Ab1-', 4, /destination cell/],
    ['Ab1-Ae3', 4, /destination cell/],
    ['Ab1-Ab9', 4, /found "Ab9", which is off the cube: files run a-d and ranks 1-4/],
    ['Ab1=QQ', 4, /orientation XY, XZ or YZ/],
    ['n@Ac3', 0, /upper case/],
    ['@Ac3', 0, /piece letter/],
    ['N@Ax3', 2, /cell like Ab1/],
    ['Ab1-Ac3 foo', 8, /unexpected "foo"/],
    ['Ab1', 3, /"-", "x" or "=" after Ab1/],
    ['N@Ac3=', 6, /orientation/],
    ['N Zz9', 2, /after the piece letter N/],
  ];
  for (const [text, at, message] of syntax)
    it(`syntax: ${JSON.stringify(text)}`, () => {
      const r = planar.parseMove(pos, text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('syntax');
      expect(r.error.at).toBe(at);
      expect(r.error.message).toMatch(message);
    });

  const illegal: [string, RegExp][] = [
    ['Ac3-Ac2', /Ac3-Ac2: no piece on Ac3/],
    ['Ad1-Ad2', /the piece on Ad1 is Black's/],
    ['Bb1-Cc3', /the rook on Bb1 \(plane XZ\) cannot reach Cc3: it is not in its plane/],
    ['Bb1-Cc1', /the rook on Bb1 \(plane XZ\) cannot reach Cc1: it is not on an orthogonal line/],
    ['Ab1-Aa1', /Ab1-Aa1: Aa1 is occupied by your own king/],
    ['Bc3-Bc4', /the knight on Bc3 \(plane XY\) cannot reach Bc4: it is not a knight's leap away/],
    ['Aa1-Ac3', /the king on Aa1 \(plane XY\) cannot reach Ac3: a king steps to an adjacent cell/],
    ['Q@Ab1', /Q@Ab1=XY: Ab1 is occupied/],
    ['R@Cc3', /no rook in hand/],
    ['K@Cc3', /no king in hand/],
    ['Q@Dd1=XY', /a queen dropped there would attack the black king on Dd4/],
    ['Ab1=XY', /the rook on Ab1 is already oriented XY/],
    ['QBc3-Bd1', /the piece on Bc3 is a knight, not a queen/],
    ['Aa1-Aa2', /it would leave your king on Aa2 attacked by the bishop on Ac4/],
    ['Ab1-Ab2', /Ab1-Ab2: it would leave your king on Aa1 attacked by the rook on Ad1/],
  ];
  for (const [text, message] of illegal)
    it(`illegal: ${text}`, () => {
      const r = planar.parseMove(pos, text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe('illegal');
      expect(r.error.message).toMatch(message);
    });

  it('kings must be placed first', () => {
    const r = planar.parseMove(planar.initial({}), 'N@Ac3=XY');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('illegal');
      expect(r.error.message).toMatch(/kings must be placed first/);
    }
  });
});

// ---- position text, options, view --------------------------------------------

describe('position text', () => {
  it('writes orientations as x / y marks and round-trips', () => {
    const pos = setup({ Aa1: 'K', Bb2: 'Rx', Cc3: 'ny', Dd4: 'k' }, 'QRBBNNPPPPPPPPqrrbbnpppppppp', 'b');
    const text = planar.formatPosition(pos);
    expect(text).toBe('4/4/4/K3|4/4/1Rx2/4|4/2ny1/4/4|3k/4/4/4 QRBBNNPPPPPPPPqrrbbnpppppppp b');
    const back = planar.parsePosition(text);
    expect(back.ok && back.value).toEqual(pos);
  });

  const bad: [string, RegExp][] = [
    ['4/4/4/4|4/4/4/4|4/4/4/4 KQ w', /four levels/],
    ['4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp', /3 space-separated fields/],
    ['4/4/4/5|4/4/4/4|4/4/4/4|4/4/4/4 Kk w', /level A rank 1.*unexpected "5"/],
    ['4/4/4/K4|4/4/4/4|4/4/4/4|3k/4/4/4 - w', /level A rank 1: "K4" describes 5 cells, expected 4/],
    ['4/4/4/4K|4/4/4/4|4/4/4/4|3k/4/4/4 - w', /more than 4 cells/],
    ['4/4/4/K2|4/4/4/4|4/4/4/4|3k/4/4/4 - w', /describes 3 cells/],
    ['4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 K w', /White has 2 kings/],
    ['4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/4 - w', /Black has no king/],
    ['4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 QQ w', /White has 2 queens/],
    ['4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 - x', /side to move/],
    ['4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 Kk b', /White places its king first/],
    ['4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/4 k w', /Black must be to move/],
    ['4/4/4/KR2|4/4/4/4|4/4/4/4|4/4/4/4 k b', /rook on Ab1 stands on the cube before both kings/],
    ['4/4/4/K2r|4/4/4/4|4/4/4/4|3k/4/4/4 - b', /white king on Aa1 is attacked by the rook on Ad1, but Black is to move/],
    ['4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4 Z w', /unexpected "Z" in hands/],
  ];
  for (const [text, message] of bad)
    it(`rejects ${text}`, () => {
      const r = planar.parsePosition(text);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.kind).toBe('position');
        expect(r.error.message).toMatch(message);
      }
    });
});

describe('options and view', () => {
  it('accepts {} and rejects unknown keys', () => {
    expect(planar.parseOptions({})).toEqual({ ok: true, value: {} });
    const r = planar.parseOptions({ platforms: 3 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('options');
      expect(r.error.message).toMatch(/platforms/);
    }
    expect(planar.parseOptions('x').ok).toBe(false);
    expect(planar.name).toBe('planar');
    expect(planar.title).toBe('Planar Chess');
  });

  it('describes the board', () => {
    const pos = setup({ Aa1: 'K', Ad1: 'r', Dd4: 'ky' }, 'Q');
    expect(planar.view(pos)).toEqual({
      variant: 'planar',
      sideToMove: 'white',
      phase: 'play',
      cells: [
        { cell: 'Aa1', color: 'white', role: 'K', orientation: 'XY' },
        { cell: 'Ad1', color: 'black', role: 'R', orientation: 'XY' },
        { cell: 'Dd4', color: 'black', role: 'K', orientation: 'YZ' },
      ],
      hands: { white: { Q: 1 }, black: {} },
      check: true,
    });
  });
});

describe('speed', () => {
  it('generates and plays quickly in a busy position', () => {
    const pos = setup(
      {
        Aa1: 'K',
        Ab2: 'Qx',
        Ac3: 'R',
        Bd1: 'Ry',
        Ba4: 'B',
        Cb2: 'Bx',
        Cc1: 'N',
        Bc2: 'P',
        Bd3: 'Py',
        Cc4: 'P',
        Dd4: 'k',
        Dd1: 'q',
        Db3: 'ry',
        Ca3: 'r',
        Da1: 'bx',
        Cd2: 'b',
        Bb3: 'n',
        Ca1: 'p',
        Cb4: 'py',
        Dc2: 'px',
      },
      'NPPPPPnppppp',
    );
    let total = 0;
    const start = performance.now();
    const rounds = 200;
    for (let k = 0; k < rounds; k++) {
      const moves = planar.legalMoves(pos);
      total += moves.length;
      planar.play(pos, moves[k % moves.length]!);
    }
    const perRound = (performance.now() - start) / rounds;
    expect(total / rounds).toBeGreaterThan(300);
    expect(perRound).toBeLessThan(3);
  });
});
