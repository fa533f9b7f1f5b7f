// An independent, slow reference for First Contact and Warp Factor, written
// straight from rules.md sections 1-3 with coordinates and cell names (no
// engine tables), compared with the engine on every position of random games.
import { describe, expect, it } from 'vitest';
import type { BoardView, Color, Role } from '../../src/engine/types.ts';
import { getVariant } from '../../src/engine/variants/index.ts';
import { prng, randomGame } from './helpers.ts';

type Piece = { color: Color; role: Role };
type Platform = { pin: string; up: boolean; owner?: Color; locked?: boolean };
interface Ref {
  variant: 'first-contact' | 'warp-factor';
  turn: Color;
  phase: string;
  pieces: Map<string, Piece>;
  platforms: Platform[];
  hands: BoardView['hands'];
}

const LEVEL_BASE: Record<string, number> = { W: 1, N: 3, B: 5 };
const LEVEL_H: Record<string, number> = { W: 0, N: 2, B: 4 };
const PINS = ['W', 'N', 'B'].flatMap((l) => ['a1', 'd1', 'a4', 'd4'].map((c) => l + c));
const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** Every existing cell name with its point, from the spec's table. */
function cellsOf(platforms: Platform[]): Map<string, [number, number, number]> {
  return spaceOf(platforms).cells;
}

const spaces = new Map<string, { cells: Map<string, [number, number, number]>; at: Map<string, string> }>();
/** The cells of an arrangement of platforms and the reverse map point -> cell, memoised (the reference is slow enough). */
function spaceOf(platforms: Platform[]) {
  const key = platforms.map((p) => p.pin + p.up).join();
  let space = spaces.get(key);
  if (!space) {
    const cells = buildCells(platforms);
    space = { cells, at: new Map([...cells].map(([name, p]) => [p.join(), name])) };
    spaces.set(key, space);
  }
  return space;
}

function buildCells(platforms: Platform[]): Map<string, [number, number, number]> {
  const cells = new Map<string, [number, number, number]>();
  for (const l of 'WNB')
    for (const [fi, f] of [...'abcd'].entries()) for (let r = 1; r <= 4; r++) cells.set(`${l}${f}${r}`, [fi + 1, r + LEVEL_BASE[l]! - 1, LEVEL_H[l]!]);
  for (const p of platforms) {
    const l = p.pin[0]!;
    const x0 = p.pin[1] === 'a' ? 0 : 4;
    const y0 = p.pin[2] === '1' ? LEVEL_BASE[l]! - 1 : LEVEL_BASE[l]! + 3;
    const h = LEVEL_H[l]! + (p.up ? 1 : -1);
    for (const [pf, f] of ['a', 'b'].entries()) for (let pr = 1; pr <= 2; pr++) cells.set(`${p.pin}${p.up ? 'u' : 'd'}:${f}${pr}`, [x0 + pf, y0 + pr - 1, h]);
  }
  return cells;
}

const ORTHO = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];
const DIAG = [
  [1, 1, 0],
  [1, -1, 0],
  [-1, 1, 0],
  [-1, -1, 0],
];
const TRI = [1, -1].flatMap((a) => [1, -1].flatMap((b) => [1, -1].map((c) => [a, b, c])));
const LEAPS: number[][] = [];
for (const a of [0, 1, 2])
  for (const b of [0, 1, 2])
    if (a !== b)
      for (const sa of [2, -2])
        for (const sb of [1, -1]) {
          const v = [0, 0, 0];
          v[a] = sa;
          v[b] = sb;
          LEAPS.push(v);
        }

/** Targets of the piece on `from` by its own movement (no warps), with captures. */
function targets(ref: Ref, from: string): string[] {
  const { cells, at } = spaceOf(ref.platforms);
  const me = ref.pieces.get(from)!;
  const [x, y, h] = cells.get(from)!;
  const cell = (dx: number, dy: number, dh: number, k = 1) => at.get([x + dx * k, y + dy * k, h + dh * k].join());
  const free = (c: string | undefined) => c !== undefined && !ref.pieces.has(c);
  const enemy = (c: string | undefined) => c !== undefined && ref.pieces.get(c)?.color === other(me.color);
  const out: string[] = [];
  const step = (dirs: number[][]) => {
    for (const [dx, dy, dh] of dirs) {
      const c = cell(dx!, dy!, dh!);
      if (free(c) || enemy(c)) out.push(c!);
    }
  };
  const slide = (dirs: number[][]) => {
    for (const [dx, dy, dh] of dirs)
      for (let k = 1; ; k++) {
        const c = cell(dx!, dy!, dh!, k);
        if (c === undefined) break;
        if (free(c)) out.push(c);
        else {
          if (enemy(c)) out.push(c);
          break;
        }
      }
  };
  switch (me.role) {
    case 'P':
      for (const [dx, dy, dh] of ORTHO) if (free(cell(dx!, dy!, dh!))) out.push(cell(dx!, dy!, dh!)!);
      for (const [dx, dy, dh] of [...DIAG, ...TRI]) if (enemy(cell(dx!, dy!, dh!))) out.push(cell(dx!, dy!, dh!)!);
      break;
    case 'B':
      step(TRI);
      slide(DIAG);
      break;
    case 'R':
      slide(ORTHO);
      break;
    case 'Q':
      step(TRI);
      slide([...ORTHO, ...DIAG]);
      break;
    case 'K':
      step([...ORTHO, ...DIAG, ...TRI]);
      break;
    case 'N':
      for (const [dx, dy, dh] of LEAPS) {
        const c = cell(dx!, dy!, dh!);
        if (!(free(c) || enemy(c))) continue;
        const fixed = (name: string) => !name.includes(':');
        // Between fixed levels only through a platform cell next to the origin.
        if (fixed(from) && fixed(c!) && dh !== 0 && !cell(0, 0, Math.sign(dh!))?.includes(':')) continue;
        out.push(c!);
      }
      break;
  }
  return out;
}

function kingAttacked(ref: Ref, color: Color): boolean {
  const king = [...ref.pieces].find(([, p]) => p.color === color && p.role === 'K')?.[0];
  if (!king) return false;
  return [...ref.pieces].some(([cell, p]) => p.color !== color && targets(ref, cell).includes(king));
}

const pinOfCell = (cell: string) => cell.slice(0, 3);

/** The reference position after a turn given as canonical text. */
function apply(ref: Ref, text: string): Ref {
  const next: Ref = { ...ref, pieces: new Map(ref.pieces), platforms: ref.platforms.map((p) => ({ ...p })), turn: other(ref.turn) };
  const platformMove = /^([WNB][ad][14])([ud])-([WNB][ad][14])([ud])$/.exec(text);
  if (platformMove) {
    const [, from, , to, o] = platformMove;
    const p = next.platforms.find((q) => q.pin === from)!;
    for (const [cell, piece] of ref.pieces)
      if (cell.includes(':') && pinOfCell(cell) === from) {
        next.pieces.delete(cell);
        next.pieces.set(`${to}${o}${cell.slice(4)}`, piece);
      }
    p.pin = to!;
    p.up = o === 'u';
    return next;
  }
  const [from, to] = text.split(/[-x]/) as [string, string];
  next.pieces.set(to, next.pieces.get(from)!);
  next.pieces.delete(from);
  return next;
}

/** Every legal turn of the reference, as canonical text without suffix. */
function referenceTurns(ref: Ref): string[] {
  const mover = ref.turn;
  const turns: string[] = [];
  const occupiedPins = new Set(ref.platforms.map((p) => p.pin));
  if (ref.variant === 'first-contact') {
    if (kingAttacked(ref, mover)) return []; // the game was won by check
    if (ref.phase === 'platforms') return PINS.filter((p) => !occupiedPins.has(p)).flatMap((p) => [`@${p}u`, `@${p}d`]);
    const own = mover === 'white' ? 'W' : 'B';
    const vacant = [...cellsOf([]).keys()].filter((c) => c[0] === own && !ref.pieces.has(c));
    if (ref.phase === 'kings') return vacant.map((c) => `K@${c}`);
    for (const role of ['Q', 'R', 'B', 'N', 'P'] as const) if (ref.hands[mover][role]) for (const c of vacant) turns.push(`${role}@${c}`);
  }
  const moves: string[] = [];
  for (const [from, piece] of ref.pieces) {
    if (piece.color !== mover) continue;
    const own = targets(ref, from);
    for (const to of own) moves.push(`${from}${ref.pieces.has(to) ? 'x' : '-'}${to}`);
    if (ref.variant === 'warp-factor' && piece.role !== 'K') {
      const names = from.includes(':')
        ? ref.platforms.filter((p) => p.pin !== pinOfCell(from)).map((p) => `${p.pin}${p.up ? 'u' : 'd'}${from.slice(4)}`)
        : [...'WNB'].filter((l) => l !== from[0]).map((l) => l + from.slice(1));
      for (const to of names) if (!ref.pieces.has(to) && !own.includes(to)) moves.push(`${from}-${to}`);
    }
  }
  for (const p of ref.platforms) {
    const o = p.up ? 'u' : 'd';
    const flipped = p.up ? 'd' : 'u';
    const contents = [...ref.pieces].filter(([cell]) => cell.includes(':') && pinOfCell(cell) === p.pin);
    if (ref.variant === 'warp-factor') {
      if (p.owner !== mover || contents.length) continue;
      for (const pin of PINS) if (!occupiedPins.has(pin)) moves.push(`${p.pin}${o}-${pin}u`, `${p.pin}${o}-${pin}d`);
      continue;
    }
    if (p.locked) continue;
    const [l, f, r] = [p.pin[0]!, p.pin[1]!, p.pin[2]!];
    const levels = 'WNB';
    const neighbours = [l + (f === 'a' ? 'd' : 'a') + r, l + f + (r === '1' ? '4' : '1')];
    for (const dl of [-1, 1]) if (levels[levels.indexOf(l) + dl]) neighbours.push(levels[levels.indexOf(l) + dl] + f + r);
    const vacant = neighbours.filter((n) => !occupiedPins.has(n));
    if (contents.length === 1 && contents[0]![1].color === mover && contents[0]![1].role === 'P') for (const n of vacant) moves.push(`${p.pin}${o}-${n}${o}`);
    if (contents.length === 0) for (const n of [p.pin, ...vacant]) moves.push(`${p.pin}${o}-${n}${flipped}`);
  }
  return [...turns, ...moves.filter((m) => !kingAttacked(apply(ref, m), mover))];
}

function fromView(variant: Ref['variant'], view: BoardView): Ref {
  return {
    variant,
    turn: view.sideToMove,
    phase: view.phase,
    pieces: new Map(view.cells.map((c) => [c.cell, { color: c.color, role: c.role }])),
    platforms: (view.platforms ?? []).map((p) => ({
      pin: p.pin.slice(0, 3),
      up: p.up,
      ...(p.owner ? { owner: p.owner } : {}),
      ...(p.locked ? { locked: true } : {}),
    })),
    hands: view.hands,
  };
}

describe.each(['first-contact', 'warp-factor'] as const)('%s against an independent reference', (name) => {
  it('has the same legal turns and the same check marks in every position of random games', () => {
    const variant = getVariant(name)!;
    const random = prng(name === 'warp-factor' ? 77 : 78);
    let positions = 0;
    for (let g = 0; g < 12; g++)
      for (const pos of randomGame(variant, variant.initial({}), 50, random)) {
        const ref = fromView(name, variant.view(pos));
        const engine = variant.legalMoves(pos).map((m) => variant.formatMove(pos, m));
        expect(engine.map((t) => t.replace(/[+#]$/, '')).sort(), variant.formatPosition(pos)).toEqual(referenceTurns(ref).sort());
        // A turn is marked + or # exactly when it attacks the opposing king.
        for (const text of engine) {
          const bare = text.replace(/[+#]$/, '');
          if (bare.includes('@')) continue; // drops and placements: checked through the position below
          expect(/[+#]$/.test(text), `${variant.formatPosition(pos)} ${text}`).toBe(kingAttacked(apply(ref, bare), other(ref.turn)));
        }
        positions++;
      }
    expect(positions).toBeGreaterThan(300);
  }, 360_000);
});
