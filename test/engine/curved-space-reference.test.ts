// An independent, slow reference for Curved Space, written straight from
// rules.md sections 1, 4 and 6, notation.md and the rulings in
// docs/rules-curved-space.md, using only cell names (no engine tables or code).
// It is compared with the engine on every position of seeded random games:
// the set of legal turns, the +/# marks, and the position after each turn.
import { describe, expect, it } from 'vitest';
import type { BoardView, Color, Role } from '../../src/engine/types.ts';
import { getVariant } from '../../src/engine/variants/index.ts';
import { prng } from './helpers.ts';

type Piece = { color: Color; role: Role };
/** A placed platform: pin without orientation ('Wa1'), orientation, number. */
type Platform = { pin: string; up: boolean; number: number };
type Options = { platforms: number; platformMoves: 'fixed' | 'after-capture' };
interface Ref {
  turn: Color;
  phase: string;
  pieces: Map<string, Piece>;
  platforms: Platform[];
  hands: Record<Color, Partial<Record<Role, number>>>;
  options: Options;
}

const other = (c: Color): Color => (c === 'white' ? 'black' : 'white');
const LEVELS = ['W', 'N', 'B'] as const;
const FILES = 'abcd';
const PINS = LEVELS.flatMap((l) => ['a1', 'd1', 'a4', 'd4'].map((c) => l + c));
const ownLevel = (c: Color) => (c === 'white' ? 'W' : 'B');
const pinName = (p: Platform) => p.pin + (p.up ? 'u' : 'd');

// ---------------------------------------------------------------- level moves

const onLevel = (level: string, f: number, r: number) => (f >= 0 && f < 4 && r >= 1 && r <= 4 ? `${level}${FILES[f]}${r}` : undefined);
const isLevelCell = (cell: string) => /^[WNB][a-d][1-4]$/.test(cell);

const ORTHO2 = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAG2 = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const KNIGHT2 = [
  [1, 2],
  [2, 1],
  [-1, 2],
  [-2, 1],
  [1, -2],
  [2, -1],
  [-1, -2],
  [-2, -1],
];

/** Targets of a piece on a fixed-level cell by 2D chess on its 4x4 level. */
function levelTargets(ref: Ref, from: string): string[] {
  const me = ref.pieces.get(from)!;
  const level = from[0]!;
  const f0 = FILES.indexOf(from[1]!);
  const r0 = Number(from[2]);
  const free = (c: string | undefined) => c !== undefined && !ref.pieces.has(c);
  const enemy = (c: string | undefined) => c !== undefined && ref.pieces.get(c)?.color === other(me.color);
  const out: string[] = [];
  const step = (dirs: number[][]) => {
    for (const [df, dr] of dirs) {
      const c = onLevel(level, f0 + df!, r0 + dr!);
      if (free(c) || enemy(c)) out.push(c!);
    }
  };
  const slide = (dirs: number[][]) => {
    for (const [df, dr] of dirs)
      for (let k = 1; ; k++) {
        const c = onLevel(level, f0 + df! * k, r0 + dr! * k);
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
      for (const [df, dr] of ORTHO2) {
        const c = onLevel(level, f0 + df!, r0 + dr!);
        if (free(c)) out.push(c!);
      }
      for (const [df, dr] of DIAG2) {
        const c = onLevel(level, f0 + df!, r0 + dr!);
        if (enemy(c)) out.push(c!);
      }
      break;
    case 'N':
      step(KNIGHT2);
      break;
    case 'B':
      slide(DIAG2);
      break;
    case 'R':
      slide(ORTHO2);
      break;
    case 'Q':
      slide([...ORTHO2, ...DIAG2]);
      break;
    case 'K':
      step([...ORTHO2, ...DIAG2]);
      break;
  }
  return out;
}

// ------------------------------------------------------------------ worm-hole

type Letter = 'w' | 'x' | 'y' | 'z';
const LETTERS: Letter[] = ['w', 'x', 'y', 'z'];
const CW: Record<Letter, Letter> = { w: 'x', x: 'z', z: 'y', y: 'w' };
const CCW: Record<Letter, Letter> = { w: 'y', y: 'z', z: 'x', x: 'w' };
const OPPOSITE: Record<Letter, Letter> = { w: 'z', z: 'w', x: 'y', y: 'x' };
const CENTRE: Record<Letter, string> = { w: 'b3', x: 'c3', y: 'b2', z: 'c2' };
const PLATFORM_CELL: Record<Letter, string> = { w: 'a2', x: 'b2', y: 'a1', z: 'b1' };

/** A node: a level ('W') or a platform (its pin with orientation, 'Wa1u'). */
type WNode = { key: string; level?: string; platform?: string };
interface Graph {
  nodes: WNode[];
  adj: number[][];
  /** S as keys, e.g. ['W', 'P1', ...], for the sanity tests. */
  seq: string[];
  /** Memo: cell -> the nodes and letters a worm-hole move may start from. */
  starts: Map<string, { node: number; letter: Letter }[]>;
}

const graphs = new Map<string, Graph>();
function graphOf(platforms: Platform[]): Graph {
  const id = platforms
    .map((p) => `${pinName(p)}${p.number}`)
    .sort()
    .join();
  let g = graphs.get(id);
  if (!g) graphs.set(id, (g = buildGraph(platforms)));
  return g;
}

function buildGraph(platforms: Platform[]): Graph {
  const seq: { key: string; node: WNode }[] = [];
  for (const p of [...platforms].sort((a, b) => a.number - b.number)) {
    const level = { key: p.pin[0]!, node: { key: p.pin[0]!, level: p.pin[0]! } };
    const plat = { key: `P${p.number}`, node: { key: `P${p.number}`, platform: pinName(p) } };
    for (const e of p.up ? [level, plat] : [plat, level]) if (seq.at(-1)?.key !== e.key) seq.push(e);
  }
  const nodes = seq.map((e) => e.node);
  const edges = new Set<string>();
  const link = (a: number, b: number) => edges.add(a < b ? `${a},${b}` : `${b},${a}`);
  for (let i = 0; i + 1 < nodes.length; i++) link(i, i + 1);
  const present = (l: string) => nodes.some((n) => n.level === l);
  const absentIndex = new Map<string, number>();
  for (const l of LEVELS)
    if (!present(l)) {
      absentIndex.set(l, nodes.length);
      nodes.push({ key: l, level: l });
    }
  // Default chain W-N-B for absent levels.
  const chain: Record<string, string[]> = { W: ['N'], N: ['W', 'B'], B: ['N'] };
  for (const [l, i] of absentIndex)
    for (const nb of chain[l]!) {
      if (absentIndex.has(nb)) link(i, absentIndex.get(nb)!);
      else nodes.forEach((n, j) => n.level === nb && j < seq.length && link(i, j));
    }
  const adj: number[][] = nodes.map(() => []);
  for (const e of edges) {
    const [a, b] = e.split(',').map(Number) as [number, number];
    adj[a]!.push(b);
    adj[b]!.push(a);
  }
  return { nodes, adj, seq: seq.map((e) => e.key), starts: new Map() };
}

const cellAt = (node: WNode, letter: Letter) => (node.level ? node.level + CENTRE[letter] : `${node.platform}:${PLATFORM_CELL[letter]}`);

/** The nodes and letter a worm-hole move may start from on `cell` (none for a level's edge cells). */
function starts(g: Graph, cell: string): { node: number; letter: Letter }[] {
  let out = g.starts.get(cell);
  if (!out) {
    out = [];
    for (const [i, n] of g.nodes.entries()) for (const l of LETTERS) if (cellAt(n, l) === cell) out.push({ node: i, letter: l });
    g.starts.set(cell, out);
  }
  return out;
}

/** Targets of the piece on `from` through the worm-hole. */
function wormholeTargets(ref: Ref, from: string): string[] {
  const g = graphOf(ref.platforms);
  const me = ref.pieces.get(from)!;
  const free = (c: string) => !ref.pieces.has(c);
  const enemy = (c: string) => ref.pieces.get(c)?.color === other(me.color);
  const out = new Set<string>();
  const slide = (start: number, letter: Letter, turn: (l: Letter) => Letter) => {
    const walk = (prev: number, cur: number, l: Letter, visited: Set<string>) => {
      const c = cellAt(g.nodes[cur]!, l);
      if (visited.has(c)) return; // never enters a physical cell twice: this path ends
      if (!free(c)) {
        if (enemy(c)) out.add(c);
        return;
      }
      out.add(c);
      const seen = new Set(visited).add(c);
      for (const next of g.adj[cur]!) if (next !== prev) walk(cur, next, turn(l), seen);
    };
    for (const n1 of g.adj[start]!) walk(start, n1, turn(letter), new Set([from]));
  };
  const same = (l: Letter) => l;
  for (const { node, letter } of starts(g, from)) {
    const steps = (letters: Letter[], ok: (c: string) => boolean) => {
      for (const n1 of g.adj[node]!)
        for (const l of letters) {
          const c = cellAt(g.nodes[n1]!, l);
          if (ok(c)) out.add(c);
        }
    };
    switch (me.role) {
      case 'R':
        slide(node, letter, same);
        break;
      case 'B':
        slide(node, letter, (l) => CW[l]);
        slide(node, letter, (l) => CCW[l]);
        break;
      case 'Q':
        slide(node, letter, same);
        slide(node, letter, (l) => CW[l]);
        slide(node, letter, (l) => CCW[l]);
        break;
      case 'K':
        steps([letter, CW[letter], CCW[letter]], (c) => free(c) || enemy(c));
        break;
      case 'N':
        steps([OPPOSITE[letter]], (c) => free(c) || enemy(c));
        break;
      case 'P':
        steps([letter], free);
        steps([CW[letter], CCW[letter]], enemy);
        break;
    }
  }
  return [...out];
}

function targets(ref: Ref, from: string): string[] {
  const all = new Set(wormholeTargets(ref, from));
  if (isLevelCell(from)) for (const c of levelTargets(ref, from)) all.add(c);
  return [...all];
}

function kingAttacked(ref: Ref, color: Color): boolean {
  const king = [...ref.pieces].find(([, p]) => p.color === color && p.role === 'K')?.[0];
  if (!king) return false;
  return [...ref.pieces].some(([cell, p]) => p.color !== color && targets(ref, cell).includes(king));
}

// ---------------------------------------------------------------- the turns

const placedNumbers = (ref: Ref) => new Set(ref.platforms.map((p) => p.number));
const unplaced = (ref: Ref) => Array.from({ length: ref.options.platforms }, (_, i) => i + 1).filter((n) => !placedNumbers(ref).has(n));

/** Phase as the rules define it (used to check the engine's phase after each turn). */
function phaseOf(ref: Ref): string {
  if (unplaced(ref).length) return 'platforms';
  if (ref.hands[ref.turn].K) return 'kings';
  return 'play';
}

/** The reference position after a turn given as canonical text (no suffix). */
function apply(ref: Ref, text: string): Ref {
  const next: Ref = {
    ...ref,
    turn: other(ref.turn),
    pieces: new Map(ref.pieces),
    platforms: ref.platforms.map((p) => ({ ...p })),
    hands: { white: { ...ref.hands.white }, black: { ...ref.hands.black } },
  };
  const [main, platformMove] = text.split('&') as [string, string | undefined];
  let m: RegExpExecArray | null;
  if ((m = /^(\d+)@([WNB][ad][14])([ud])$/.exec(main))) {
    next.platforms.push({ number: Number(m[1]), pin: m[2]!, up: m[3] === 'u' });
  } else if ((m = /^([KQRBNP])@([WNB][a-d][1-4])$/.exec(main))) {
    const role = m[1] as Role;
    next.pieces.set(m[2]!, { color: ref.turn, role });
    const left = (next.hands[ref.turn][role] ?? 0) - 1;
    if (left) next.hands[ref.turn][role] = left;
    else delete next.hands[ref.turn][role];
  } else {
    const [from, to] = main.split(/[-x]/) as [string, string];
    next.pieces.set(to, next.pieces.get(from)!);
    next.pieces.delete(from);
  }
  if (platformMove) {
    const [, from, to, o] = /^([WNB][ad][14])[ud]-([WNB][ad][14])([ud])$/.exec(platformMove)!;
    const p = next.platforms.find((q) => q.pin === from)!;
    p.pin = to!;
    p.up = o === 'u';
  }
  next.phase = phaseOf(next);
  return next;
}

const piecesOnPlatform = (ref: Ref, p: Platform) => [...ref.pieces.keys()].filter((c) => c.startsWith(`${pinName(p)}:`));

/** Every legal turn of the reference, as canonical text without suffix (with `firstOnly`, at most one). */
function referenceTurns(ref: Ref, firstOnly = false): string[] {
  const mover = ref.turn;
  const pinsTaken = new Set(ref.platforms.map((p) => p.pin));
  const vacantPins = PINS.filter((p) => !pinsTaken.has(p));
  const own = ownLevel(mover);
  const vacantOwn = [1, 2, 3, 4].flatMap((r) => [...FILES].map((f) => `${own}${f}${r}`)).filter((c) => !ref.pieces.has(c));
  if (ref.phase === 'platforms') return unplaced(ref).flatMap((n) => vacantPins.flatMap((p) => [`${n}@${p}u`, `${n}@${p}d`]));
  if (ref.phase === 'kings') return vacantOwn.map((c) => `K@${c}`).filter((t) => !kingAttacked(apply(ref, t), mover));
  if (ref.phase !== 'play') throw new Error(`unknown phase ${ref.phase}`);
  const candidates: string[] = [];
  for (const role of ['Q', 'R', 'B', 'N', 'P'] as const) if (ref.hands[mover][role]) for (const c of vacantOwn) candidates.push(`${role}@${c}`);
  for (const [from, piece] of ref.pieces) {
    if (piece.color !== mover) continue;
    for (const to of targets(ref, from)) {
      const capture = ref.pieces.has(to);
      const text = `${from}${capture ? 'x' : '-'}${to}`;
      candidates.push(text);
      if (capture && ref.options.platformMoves === 'after-capture') {
        const after = apply(ref, text);
        for (const p of after.platforms) {
          if (piecesOnPlatform(after, p).length) continue;
          const here = pinName(p);
          candidates.push(`${text}&${here}-${p.pin}${p.up ? 'd' : 'u'}`);
          for (const pin of vacantPins) candidates.push(`${text}&${here}-${pin}u`, `${text}&${here}-${pin}d`);
        }
      }
    }
  }
  const legal = (t: string) => !kingAttacked(apply(ref, t), mover);
  if (firstOnly) {
    const first = candidates.find(legal);
    return first === undefined ? [] : [first];
  }
  return candidates.filter(legal);
}

function fromView(view: BoardView, options: Options): Ref {
  const hands = { white: { ...view.hands.white }, black: { ...view.hands.black } };
  return {
    turn: view.sideToMove,
    phase: view.phase,
    pieces: new Map(view.cells.map((c) => [c.cell, { color: c.color, role: c.role }])),
    platforms: (view.platforms ?? []).map((p) => ({ pin: p.pin.slice(0, 3), up: p.up, number: p.number! })),
    hands,
    options,
  };
}

/** A comparable picture of a reference state. */
function snapshot(ref: Ref) {
  const hand = (h: Partial<Record<Role, number>>) =>
    Object.entries(h)
      .filter(([, n]) => n)
      .sort()
      .map(([r, n]) => `${r}${n}`)
      .join('');
  return {
    turn: ref.turn,
    phase: ref.phase,
    pieces: [...ref.pieces].map(([c, p]) => `${c}=${p.color[0]}${p.role}`).sort(),
    platforms: ref.platforms.map((p) => `${p.number}@${pinName(p)}`).sort(),
    hands: `${hand(ref.hands.white)}/${hand(ref.hands.black)}`,
  };
}

// ------------------------------------------------------------------- tests

/** A bare reference position for the sanity tests of the reference itself. */
function bare(platforms: [number, string][], pieces: [string, Color, Role][]): Ref {
  return {
    turn: 'white',
    phase: 'play',
    pieces: new Map(pieces.map(([c, color, role]) => [c, { color, role }])),
    platforms: platforms.map(([number, pin]) => ({ number, pin: pin.slice(0, 3), up: pin[3] === 'u' })),
    hands: { white: {}, black: {} },
    options: { platforms: platforms.length, platformMoves: 'fixed' },
  };
}

const SEED_EXAMPLE: [number, string][] = [
  [1, 'Wa1u'],
  [2, 'Nd1d'],
  [3, 'Bd4u'],
  [4, 'Na4u'],
];

describe('the Curved Space reference itself (examples of the seed and the rules document)', () => {
  it('builds S and the default links', () => {
    expect(graphOf(bare(SEED_EXAMPLE, []).platforms).seq).toEqual(['W', 'P1', 'P2', 'N', 'B', 'P3', 'N', 'P4']);
    const moved = graphOf(
      bare(
        [
          [1, 'Ba1d'],
          [2, 'Nd1d'],
          [3, 'Bd4u'],
          [4, 'Na4u'],
        ],
        [],
      ).platforms,
    );
    expect(moved.seq).toEqual(['P1', 'B', 'P2', 'N', 'B', 'P3', 'N', 'P4']);
    const w = moved.nodes.findIndex((n) => n.key === 'W');
    expect(moved.adj[w]!.map((i) => `${moved.nodes[i]!.key}${i}`).sort()).toEqual(['N3', 'N6']);
    const single = graphOf(bare([[1, 'Wa1u']], []).platforms);
    const keys = (i: number) => single.adj[i]!.map((j) => single.nodes[j]!.key).sort();
    expect(single.nodes.map((n) => n.key)).toEqual(['W', 'P1', 'N', 'B']);
    expect([keys(0), keys(1), keys(2), keys(3)]).toEqual([['N', 'P1'], ['W'], ['B', 'W'], ['N']]);
  });

  it('moves rooks, bishops and knights as in the rules document', () => {
    const rook = bare(SEED_EXAMPLE, [['Wb3', 'white', 'R']]);
    expect(wormholeTargets(rook, 'Wb3').sort()).toEqual(['Bb3', 'Bd4u:a2', 'Nb3', 'Nd1d:a2', 'Wa1u:a2'].sort());
    const rookN = bare(SEED_EXAMPLE, [['Nb3', 'white', 'R']]);
    expect(wormholeTargets(rookN, 'Nb3').sort()).toEqual(['Nd1d:a2', 'Wa1u:a2', 'Wb3', 'Bb3', 'Bd4u:a2', 'Na4u:a2'].sort());
    const bishop = bare(SEED_EXAMPLE, [['Wb3', 'white', 'B']]);
    const cw = ['Wa1u:b2', 'Nd1d:b1', 'Nb2', 'Bb3', 'Bd4u:b2', 'Nc2', 'Na4u:a1'];
    const ccw = ['Wa1u:a1', 'Nd1d:b1', 'Nc3', 'Bb3', 'Bd4u:a1', 'Nc2', 'Na4u:b2'];
    expect(wormholeTargets(bishop, 'Wb3').sort()).toEqual([...new Set([...cw, ...ccw])].sort());
    const knight = bare(SEED_EXAMPLE, [['Wb3', 'white', 'N']]);
    expect(wormholeTargets(knight, 'Wb3')).toEqual(['Wa1u:b1']);
    // Level moves only from a level's edge cell; a blocked slide captures the first enemy.
    const edge = bare(SEED_EXAMPLE, [
      ['Wa1', 'white', 'R'],
      ['Wa3', 'black', 'P'],
    ]);
    expect(targets(edge, 'Wa1').sort()).toEqual(['Wa2', 'Wa3', 'Wb1', 'Wc1', 'Wd1']);
  });
});

const SETTINGS: Options[] = (['fixed', 'after-capture'] as const).flatMap((platformMoves) => [1, 4, 12].map((platforms) => ({ platforms, platformMoves })));

describe.each(SETTINGS)('curved-space against an independent reference (%o)', (options) => {
  it('has the same legal turns, check marks and resulting positions in every position of random games', () => {
    const variant = getVariant('curved-space')!;
    const parsed = variant.parseOptions(options);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const random = prng(1000 + options.platforms * 2 + (options.platformMoves === 'fixed' ? 0 : 1));
    const failures: string[] = [];
    let positions = 0;
    let playPositions = 0;
    for (let g = 0; g < 10 && failures.length < 5; g++) {
      let pos = variant.initial(parsed.value);
      for (let ply = 0; ply <= 60 && failures.length < 5; ply++) {
        const where = variant.formatPosition(pos);
        const ref = fromView(variant.view(pos), options);
        // The phase is checked against the reference's own reading of the position.
        if (phaseOf(ref) !== ref.phase) failures.push(`${where}: phase ${ref.phase}, rules say ${phaseOf(ref)}`);
        const moves = variant.legalMoves(pos);
        const engine = moves.map((m) => variant.formatMove(pos, m));
        const engineSet = new Set(engine.map((t) => t.replace(/[+#]$/, '')));
        const refTurns = referenceTurns(ref);
        const refSet = new Set(refTurns);
        const missing = refTurns.filter((t) => !engineSet.has(t));
        const extra = [...engineSet].filter((t) => !refSet.has(t));
        if (missing.length || extra.length || engineSet.size !== engine.length)
          failures.push(`${where}\n  engine lacks: ${missing.join(' ')}\n  engine extra: ${extra.join(' ')}`);
        if (variant.isCheck(pos) !== kingAttacked(ref, ref.turn)) failures.push(`${where}: isCheck ${variant.isCheck(pos)}`);
        // + or # exactly when the turn attacks the opposing king; # when the opponent then has no turn.
        for (const text of engine) {
          const plain = text.replace(/[+#]$/, '');
          if (!refSet.has(plain)) continue;
          const after = apply(ref, plain);
          const check = kingAttacked(after, other(ref.turn));
          const mark = check ? (referenceTurns(after, true).length === 0 ? '#' : '+') : '';
          if (text !== plain + mark) failures.push(`${where}: engine ${text}, reference ${plain}${mark}`);
        }
        if (ref.phase === 'play') playPositions++;
        positions++;
        if (moves.length === 0) break;
        const i = Math.floor(random() * moves.length);
        const next = variant.play(pos, moves[i]);
        // The engine's position after the turn is the reference's.
        const text = engine[i]!.replace(/[+#]$/, '');
        if (refSet.has(text)) {
          const mine = snapshot(apply(ref, text));
          const theirs = snapshot(fromView(variant.view(next), options));
          if (JSON.stringify(mine) !== JSON.stringify(theirs))
            failures.push(`${where} ${text}\n  engine ${JSON.stringify(theirs)}\n  reference ${JSON.stringify(mine)}`);
        }
        pos = next;
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(playPositions).toBeGreaterThan(300);
  }, 240_000);
});
