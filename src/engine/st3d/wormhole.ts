// Curved Space's worm-hole (rules.md section 4): the layer sequence S built
// from the numbered platforms, the graph over it, and per-cell tables of the
// worm-hole moves. Everything here depends only on the platform arrangement
// (pins, orientations, numbers), so it is cached per arrangement.
//
// Layers: 0..2 are the fixed levels W N B (their four centre cells),
// 3 + pin is the platform on that pin. Letters: 0 w, 1 x, 2 y, 3 z.
import { isFixed, LEVELS, NO_PLATFORM, NUM_CELLS, NUM_PINS, pinLevel, pinOf, platformKey, UP } from './field.ts';

export const LETTERS = 'wxyz';
/** Local 4x4 index of a level's w x y z cells: b3 c3 b2 c2. */
const CENTRE_LOCAL = [9, 10, 5, 6];
/** Local 2x2 index of a platform's w x y z cells: a2 b2 a1 b1. */
const PLATFORM_LOCAL = [2, 3, 0, 1];
const LETTER_OF_CENTRE_LOCAL: Record<number, number> = { 9: 0, 10: 1, 5: 2, 6: 3 };
const LETTER_OF_PLATFORM_LOCAL = [2, 3, 0, 1];

/** The cell carrying `letter` in `layer`. */
export const layerCell = (layer: number, letter: number): number =>
  layer < 3 ? layer * 16 + CENTRE_LOCAL[letter]! : 48 + (layer - 3) * 4 + PLATFORM_LOCAL[letter]!;

/** The layer a cell belongs to, or -1 for a fixed cell off the centre. (Platform presence is not checked.) */
export const cellLayer = (cell: number): number => CELL_LAYER[cell]!;
// A table: the moves and the evaluation ask for every piece at every node.
const CELL_LAYER = Int8Array.from({ length: NUM_CELLS }, (_, cell) =>
  !isFixed(cell) ? 3 + pinOf(cell) : LETTER_OF_CENTRE_LOCAL[cell & 15] === undefined ? -1 : cell >> 4,
);

/** The letter (0 w .. 3 z) of a worm-hole cell. */
export const cellLetter = (cell: number): number => (isFixed(cell) ? LETTER_OF_CENTRE_LOCAL[cell & 15]! : LETTER_OF_PLATFORM_LOCAL[(cell - 48) & 3]!);

/** Orthogonal keeps the letter; the two diagonal turns; triagonal = the opposite letter (letter ^ 3). */
export type Turn = 0 | 1 | 2;
export const SAME: Turn = 0;
export const CLOCKWISE: Turn = 1; // w -> x -> z -> y -> w
export const COUNTER_CLOCKWISE: Turn = 2; // w -> y -> z -> x -> w
const NEXT_LETTER: readonly (readonly number[])[] = [
  [0, 1, 2, 3],
  [1, 3, 0, 2],
  [2, 0, 3, 1],
];

interface WormholeGraph {
  /** S: layers in order, consecutive equal levels merged. Node i (i < sequence.length) is S[i]. */
  readonly sequence: readonly number[];
  /** Layer of each node: the elements of S, then one node per level absent from S. */
  readonly nodeLayer: readonly number[];
  /** Neighbouring nodes of each node. */
  readonly adjacent: readonly (readonly number[])[];
  /** Nodes of each layer (15 layers); a level in S several times has several. */
  readonly layerNodes: readonly (readonly number[])[];
  /** Name of each layer: W N B, P<number> for platforms. */
  readonly layerNames: readonly string[];
}

/** buildWormholeGraph's scratch: links as node pairs, and a count per node. */
const LINKS: number[] = [];
const DEGREE = new Int32Array(64);
const NO_NODES: readonly number[] = Object.freeze([]);

/**
 * The worm-hole graph of an arrangement. `platforms` per pin (NO_PLATFORM, UP,
 * DOWN), `numbers` per pin (1..12). Platforms are taken in number order (pin
 * order breaks ties in malformed positions).
 */
export function buildWormholeGraph(platforms: ArrayLike<number>, numbers: ArrayLike<number>): WormholeGraph {
  // The names only for text and explanations: made when first asked for (the search builds
  // thousands of worm-holes and names none).
  let layerNames: string[] | undefined;
  const names = () => (layerNames ??= [...LEVELS, ...Array.from({ length: NUM_PINS }, (_, pin) => `P${numbers[pin] ?? 0}`)]);
  const placed: number[] = [];
  for (let pin = 0; pin < NUM_PINS; pin++) if (platforms[pin] !== NO_PLATFORM) placed.push(pin);
  placed.sort((a, b) => numbers[a]! - numbers[b]! || a - b);
  const sequence: number[] = [];
  for (const pin of placed) {
    const level = pinLevel(pin);
    const pair = platforms[pin] === UP ? [level, 3 + pin] : [3 + pin, level];
    for (const layer of pair) if (sequence[sequence.length - 1] !== layer) sequence.push(layer);
  }
  const nodeLayer = [...sequence];
  // Links as pairs first, then each node's neighbours in an array of its exact size (in link
  // order): the search builds thousands of worm-holes, and growing arrays made most of its garbage.
  const links = LINKS;
  links.length = 0;
  for (let i = 1; i < sequence.length; i++) links.push(i - 1, i);
  const absentNode = [-1, -1, -1];
  for (let level = 0; level < 3; level++)
    if (!sequence.includes(level)) {
      absentNode[level] = nodeLayer.length;
      nodeLayer.push(level);
    }
  // Default chain W-N-B for absent levels: to every occurrence of a present
  // neighbour, or to the absent neighbour's own node (each such link once).
  for (let level = 0; level < 3; level++) {
    const node = absentNode[level]!;
    if (node < 0) continue;
    for (let neighbour = level - 1; neighbour <= level + 1; neighbour += 2) {
      if (neighbour < 0 || neighbour > 2) continue;
      if (absentNode[neighbour]! >= 0) {
        if (neighbour > level) links.push(node, absentNode[neighbour]!);
      } else for (let i = 0; i < sequence.length; i++) if (sequence[i] === neighbour) links.push(node, i);
    }
  }
  const nodes = nodeLayer.length;
  const degree = DEGREE;
  degree.fill(0, 0, nodes);
  for (let i = 0; i < links.length; i++) degree[links[i]!]!++;
  const adjacent: number[][] = new Array(nodes);
  for (let node = 0; node < nodes; node++) adjacent[node] = new Array(degree[node]!);
  degree.fill(0, 0, nodes);
  for (let i = 0; i < links.length; i += 2) {
    const a = links[i]!;
    const b = links[i + 1]!;
    adjacent[a]![degree[a]!++] = b;
    adjacent[b]![degree[b]!++] = a;
  }
  // Most layers have no node or one.
  const layerNodes: (readonly number[])[] = new Array(3 + NUM_PINS).fill(NO_NODES);
  for (let node = 0; node < nodes; node++) {
    const layer = nodeLayer[node]!;
    layerNodes[layer] = layerNodes[layer]!.length ? [...layerNodes[layer]!, node] : [node];
  }
  return {
    sequence,
    nodeLayer,
    adjacent,
    layerNodes,
    get layerNames() {
      return names();
    },
  };
}

/**
 * The worm-hole as text: S separated by spaces, then for each level absent
 * from S its default links as ", A-L" (A absent; L = every occurrence of level
 * L in S, or the absent level L's own node). Examples:
 * "W P1 P2 N B P3 N P4", "P1 B P2 N B P3 N P4, W-N", "W P1 W P2, N-W, N-B".
 */
export function formatWormhole(graph: WormholeGraph): string {
  const parts = [graph.sequence.map((layer) => graph.layerNames[layer]).join(' ')];
  for (let node = graph.sequence.length; node < graph.nodeLayer.length; node++) {
    const level = graph.nodeLayer[node]!;
    const linked = new Set(graph.adjacent[node]!.map((n) => graph.nodeLayer[n]!));
    for (const other of [level - 1, level + 1])
      if (linked.has(other) && (graph.sequence.includes(other) || other > level)) parts.push(`${LEVELS[level]}-${LEVELS[other]}`);
  }
  return parts.filter((p) => p !== '').join(', ');
}

/**
 * A slide's possible paths from one start cell, as a preorder tree: entry i
 * is a cell; its subtree is entries i+1 .. ends[i]-1. Walking it: on an empty
 * cell go on to i+1, on an occupied one (the slide stops) jump to ends[i].
 * The same cell may appear on several branches.
 */
interface SlideTree {
  readonly cells: Int8Array;
  readonly ends: Int32Array;
}

/** Index of each worm-hole cell (a level's centre, a platform's cell) among them, -1 for others. */
const WORMHOLE_INDEX = new Int8Array(NUM_CELLS).fill(-1);
let wormholeCells = 0;
for (let cell = 0; cell < NUM_CELLS; cell++) if (cellLayer(cell) >= 0) WORMHOLE_INDEX[cell] = wormholeCells++;

const NO_MASKS = new Int32Array(0);
/** Words of a slide tree's slot in Wormhole.slideMemo. */
export const SLIDE_MEMO_WORDS = 12;

/** The worm-hole of one arrangement, with step and slide tables built per cell on first use. */
export class Wormhole {
  private formatted: string | undefined;
  // By worm-hole cell index * 3 + kind or turn (the search builds thousands of worm-holes: small tables).
  private readonly trees: (SlideTree | undefined)[] = new Array(wormholeCells * 3);
  private readonly steps: (readonly number[] | undefined)[] = new Array(wormholeCells * 3);
  /** Bit per pin with a platform placed. */
  private readonly placed: number;
  /**
   * stepTargets as three words (bit (cell & 31) of word cell >> 5) and a filled flag, four words
   * per worm-hole cell index * 3 + kind; made on the first stepMaskAt (most worm-holes of a search
   * are built for a few lookups).
   */
  stepMasks: Int32Array = NO_MASKS;
  /** Per slide tree, its inner cells and the last cells reached (slideMemoAt). */
  slideMemo: Int32Array = NO_MASKS;

  constructor(
    readonly graph: WormholeGraph,
    platforms: ArrayLike<number>,
  ) {
    let placed = 0;
    for (let pin = 0; pin < NUM_PINS; pin++) if (platforms[pin] !== NO_PLATFORM) placed |= 1 << pin;
    this.placed = placed;
  }

  /** The worm-hole as text (formatWormhole), written when first asked for. */
  get text(): string {
    return (this.formatted ??= formatWormhole(this.graph));
  }

  /** A centre cell of a level, or a cell of a placed platform. */
  isWormholeCell(cell: number): boolean {
    const layer = cellLayer(cell);
    return layer >= 0 && (layer < 3 || (this.placed & (1 << (layer - 3))) !== 0);
  }

  /** Layer names adjacent to any node of the cell's layer (for explanations). */
  neighbourLayers(cell: number): string[] {
    const g = this.graph;
    const names = new Set<string>();
    for (const node of g.layerNodes[cellLayer(cell)]!) for (const n of g.adjacent[node]!) names.add(g.layerNames[g.nodeLayer[n]!]!);
    return [...names];
  }

  /**
   * Cells one worm-hole step from `cell`: kind 0 orthogonal (same letter),
   * 1 diagonal (neighbouring letters), 2 triagonal (opposite letter).
   */
  stepTargets(cell: number, kind: 0 | 1 | 2): readonly number[] {
    const key = WORMHOLE_INDEX[cell]! * 3 + kind;
    let cached = this.steps[key];
    if (!cached) {
      const letter = cellLetter(cell);
      const letters = kind === 0 ? [letter] : kind === 1 ? [letter ^ 1, letter ^ 2] : [letter ^ 3];
      const found = new Set<number>();
      const g = this.graph;
      for (const node of g.layerNodes[cellLayer(cell)]!)
        for (const next of g.adjacent[node]!) for (const l of letters) found.add(layerCell(g.nodeLayer[next]!, l));
      cached = [...found];
      this.steps[key] = cached;
    }
    return cached;
  }

  /** The offset in stepMasks of the words of stepTargets(cell, kind), filled first if they were not. */
  stepMaskAt(cell: number, kind: 0 | 1 | 2): number {
    const at = (WORMHOLE_INDEX[cell]! * 3 + kind) * 4;
    if (this.stepMasks === NO_MASKS) this.stepMasks = new Int32Array(wormholeCells * 3 * 4);
    const masks = this.stepMasks;
    if (masks[at + 3] === 0) {
      for (const to of this.stepTargets(cell, kind)) masks[at + (to >> 5)]! |= 1 << to;
      masks[at + 3] = 1;
    }
    return at;
  }

  /**
   * The offset in slideMemo of the slot of slideTree(cell, turn): its inner cells (those with a
   * cell after them on some path: only their occupancy decides which cells a slide reaches) as
   * three words, a flag (1 made, 2 a memo held), then the memo: the inner cells' occupancy and
   * the cells reached with it, three words each. The inner cells are made here on first use.
   */
  slideMemoAt(cell: number, turn: Turn): number {
    const at = (WORMHOLE_INDEX[cell]! * 3 + turn) * SLIDE_MEMO_WORDS;
    if (this.slideMemo === NO_MASKS) this.slideMemo = new Int32Array(wormholeCells * 3 * SLIDE_MEMO_WORDS);
    const memo = this.slideMemo;
    if (memo[at + 3] === 0) {
      const { cells, ends } = this.slideTree(cell, turn);
      for (let i = 0; i < cells.length; i++) if (ends[i]! > i + 1) memo[at + (cells[i]! >> 5)]! |= 1 << cells[i]!;
      memo[at + 3] = 1;
    }
    return at;
  }

  /** All slide paths from `cell` turning `turn` at each step (SAME = rook). */
  slideTree(cell: number, turn: Turn): SlideTree {
    const key = WORMHOLE_INDEX[cell]! * 3 + turn;
    let tree = this.trees[key];
    if (!tree) {
      tree = this.buildTree(cell, turn);
      this.trees[key] = tree;
    }
    return tree;
  }

  private buildTree(start: number, turn: Turn): SlideTree {
    const g = this.graph;
    const nextLetter = NEXT_LETTER[turn]!;
    const cells: number[] = [];
    const ends: number[] = [];
    const entered = new Uint8Array(NUM_CELLS);
    entered[start] = 1;
    // Never straight back to the node it came from, never into a cell twice.
    const walk = (node: number, letter: number, cameFrom: number): void => {
      const l = nextLetter[letter]!;
      for (const next of g.adjacent[node]!) {
        if (next === cameFrom) continue;
        const cell = layerCell(g.nodeLayer[next]!, l);
        if (entered[cell]) continue;
        const index = cells.length;
        cells.push(cell);
        ends.push(0);
        entered[cell] = 1;
        walk(next, l, node);
        entered[cell] = 0;
        ends[index] = cells.length;
      }
    };
    // A piece on a level's centre stands on every node of that level.
    for (const node of g.layerNodes[cellLayer(start)]!) walk(node, cellLetter(start), -1);
    return { cells: Int8Array.from(cells), ends: Int32Array.from(ends) };
  }

  /** One path of the tree from the root to `target` (cells after the start), ignoring occupancy. */
  static pathTo(tree: SlideTree, target: number): number[] | undefined {
    const path: number[] = [];
    const stackEnds: number[] = [];
    for (let i = 0; i < tree.cells.length; i++) {
      while (stackEnds.length && stackEnds[stackEnds.length - 1]! <= i) {
        stackEnds.pop();
        path.pop();
      }
      path.push(tree.cells[i]!);
      stackEnds.push(tree.ends[i]!);
      if (tree.cells[i] === target) return path;
    }
    return undefined;
  }
}

// Keyed by platformKey, then by the placed pins' numbers (base 17 digits, 0 for
// an empty pin; numbers are 1-12): numbers, not strings, since the search asks per node.
const cache = new Map<number, Map<number, Wormhole>>();
let cached = 0;
const CACHE_LIMIT = 5000;
let lastKey = -1;
let lastNumbersKey = -1;
let lastWormhole: Wormhole | undefined;

/** The worm-hole for the platforms as placed (cached per arrangement, numbers included). */
export function wormhole(platforms: ArrayLike<number>, numbers: ArrayLike<number>): Wormhole {
  let numbersKey = 0;
  for (let pin = NUM_PINS - 1; pin >= 0; pin--) numbersKey = numbersKey * 17 + (platforms[pin] === NO_PLATFORM ? 0 : (numbers[pin]! & 15) + 1);
  const key = platformKey(platforms);
  // Most calls come with the arrangement of the call before.
  if (key === lastKey && numbersKey === lastNumbersKey) return lastWormhole!;
  let byNumbers = cache.get(key);
  let found = byNumbers?.get(numbersKey);
  if (!found) {
    if (cached >= CACHE_LIMIT) {
      cache.clear();
      cached = 0;
      byNumbers = undefined;
    }
    found = new Wormhole(buildWormholeGraph(platforms, numbers), platforms);
    if (!byNumbers) cache.set(key, (byNumbers = new Map()));
    byNumbers.set(numbersKey, found);
    cached++;
  }
  lastKey = key;
  lastNumbersKey = numbersKey;
  lastWormhole = found;
  return found;
}
