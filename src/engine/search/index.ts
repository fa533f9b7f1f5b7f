// The computer player: pick a turn for the side to move, at a level 1-6.
//
//   chooseMove(variant, position, { level?, seed?, nodes?, history? })
//     -> { move, text, score, mate?, depth, nodes } | undefined (no legal turn)
//   chooseMoveInGame(game, { level?, seed?, nodes? })
//     -> the same for a Game (its earlier positions count for repetition);
//        undefined when the game is over (board or threefold repetition).
//
// - `move` is the variant's move object (play it with variant.play), `text` its
//   canonical text with the +/# suffix, as Game.play accepts it.
// - `score`: centipawns from the mover's side; a mate is +-(100000 - plies to it),
//   and then `mate` is the number of the mover's turns to it (negative: being mated).
// - Levels (LEVEL_BUDGETS, LEVEL_NODES): 1 plays almost at random among turns that
//   do not lose material or the game at once (from a sample of 24 turns plus every
//   capture and check); 2 plays the best of such a sample of 32, one ply deep; 3-5
//   search deeper and deeper within a budget of nodes per variant, level 5
//   about 50 ms of CPU; 6, the correspondence level, 12-62 times level 5's nodes
//   (up to seconds of CPU: only ever from the computer queue, never in a request);
//   in First Contact a million nodes, with null move (LEVEL6_NULL_MOVE).
//   `nodes` overrides the level's budget.
// - Deterministic: the same position, level, seed and history give the same turn on
//   any machine (budgets are nodes, never time). `seed` (default 0) varies play a
//   little through tiny evaluation noise, and level 1's random choice.
// - A hint is the same call for the player to move.
// Pure engine: no Workers, Hono or D1 here.
import type { Game } from '../game.ts';
import type { AnyVariant, VariantName } from '../types.ts';
import { curvedSpace } from '../st3d/curved-space.ts';
import { firstContact } from '../st3d/first-contact.ts';
import { warpFactor } from '../st3d/warp-factor.ts';
import { planarSearchRules } from './planar.ts';
import { seededRandom, type SearchRules } from './rules.ts';
import { Searcher } from './search.ts';
import { keyNumber, MATE, MATE_BOUND, type SearchLimits } from './search-settings.ts';
import { st3dSearchRules } from './st3d.ts';

export type Level = 1 | 2 | 3 | 4 | 5 | 6;
export const LEVELS: readonly Level[] = [1, 2, 3, 4, 5, 6];
export const isLevel = (value: unknown): value is Level => typeof value === 'number' && LEVELS.includes(value as Level);

interface ChooseOptions {
  /** 1-6, default 3. */
  readonly level?: Level;
  /** Varies play a little; default 0. */
  readonly seed?: number;
  /** Node budget instead of the level's (the level still sets its style). */
  readonly nodes?: number;
  /** Earlier positions of the game, oldest first (not the current one), for threefold repetition. */
  readonly history?: readonly unknown[];
  /**
   * Tuning, First Contact (no level uses them; docs/computer-player.md): quiescence plies in which a
   * side threatened with a check tries every turn, and whether such a node is searched a ply deeper.
   */
  readonly threatPlies?: number;
  readonly threatExtend?: number | boolean;
  /** Null-move pruning with this reduction (0: none); default the level's (LEVEL6_NULL_MOVE). */
  readonly nullMove?: number;
  /**
   * The search's knowledge of the variant in place of its own (RULES): a tool's, with a tuning term
   * (search/tuning.ts, the match runner's); no level uses one.
   */
  readonly rules?: SearchRules;
}

export interface Choice<M = unknown> {
  readonly move: M;
  readonly text: string;
  readonly score: number;
  readonly mate?: number;
  readonly depth: number;
  readonly nodes: number;
}

interface LevelBudget {
  readonly maxDepth: number;
  readonly noise: number;
  /** Level 1: play any turn scoring within this many centipawns of the best, among a sample of turns. */
  readonly randomWithin?: number;
  /** Score only a seeded sample of this many root turns (and every capture). */
  readonly sample?: number;
  /** Plies of quiescence (default: the search's). */
  readonly quiescencePlies?: number;
}

/**
 * Node budgets of levels 2-6 per variant (level 1 scores a sample one ply deep). Tuned with the
 * ladder (docs/benchmarks.md): a step gains where the bigger budget completes a deeper iteration,
 * so the budgets sit at the variant's depth boundaries (First Contact: depth 1 up to a few
 * hundred nodes, 2 from about 1 000, 3 from about 8 000, 4 from about 16 000). Level 5 is about 50 ms of CPU for a
 * busy position on the 2-core benchmark machine, level 4 (the hint) less; level 6 is the
 * correspondence level (seconds of CPU, from the computer queue only).
 */
const LEVEL_NODES: Readonly<Record<VariantName, readonly [number, number, number, number, number]>> = {
  'first-contact': [120, 400, 2_000, 16_000, 1_000_000],
  'warp-factor': [180, 600, 1_500, 3_000, 96_000],
  'curved-space': [72, 240, 600, 2_400, 38_400],
  planar: [240, 800, 2_000, 8_000, 128_000],
};

/**
 * Null move (its reduction R) of level 6 where it gains. First Contact's level 6 searches a million
 * nodes a turn with it (LEVEL_NODES): its games between the upper levels are won by a check in the
 * drop phase or on material, which 64 000 nodes won and then gave back once both kings stood behind
 * walls. Against level 5 on the ladder's openings (400-ply cap): plain 64 000 nodes +9 [-48, +66]
 * over 40 games; null move and a million nodes in the first 120 plies +137 [+73, +212] over 24; a
 * million all game (this) in the ladder table (docs/benchmarks.md, "Eleventh session"). 1.5-3 s of
 * CPU a turn under load, a small part of a correspondence reply's budget (the picture Worker's 60 s).
 */
export const LEVEL6_NULL_MOVE: Partial<Record<VariantName, number>> = { 'first-contact': 2 };

/** Level 1 scores this many turns (a seeded sample) and picks one that is not a blunder. */
const LEVEL1_SAMPLE = 24;
/** Level 2 scores this many (another sample) and plays the best: it misses what it did not look at. */
const LEVEL2_SAMPLE = 32;

const LEVEL_BUDGETS: Readonly<Record<Level, LevelBudget>> = {
  1: { maxDepth: 1, noise: 0, randomWithin: 120, sample: LEVEL1_SAMPLE, quiescencePlies: 2 },
  2: { maxDepth: 1, noise: 40, sample: LEVEL2_SAMPLE, quiescencePlies: 2 },
  3: { maxDepth: 32, noise: 15 },
  4: { maxDepth: 32, noise: 6 },
  5: { maxDepth: 32, noise: 3 },
  6: { maxDepth: 32, noise: 2 },
};

/** The node budget of a level in a variant. */
export const levelNodes = (variant: VariantName, level: Level): number => (level === 1 ? 60 : LEVEL_NODES[variant][level - 2]!);

const RULES: Record<VariantName, SearchRules> = {
  'first-contact': st3dSearchRules('first-contact', firstContact.play, firstContact.findLegal) as SearchRules,
  'warp-factor': st3dSearchRules('warp-factor', warpFactor.play, warpFactor.findLegal) as SearchRules,
  'curved-space': st3dSearchRules('curved-space', curvedSpace.play, curvedSpace.findLegal) as SearchRules,
  planar: planarSearchRules as SearchRules,
};

/** The search's knowledge of a variant (keys, evaluation), for tests and tools. */
export const searchRulesFor = (name: string): SearchRules | undefined => (Object.hasOwn(RULES, name) ? RULES[name as VariantName] : undefined);

export function chooseMove<P, M>(variant: AnyVariant, position: P, options: ChooseOptions = {}): Choice<M> | undefined {
  const rules = (options.rules ?? RULES[variant.name as VariantName]) as SearchRules<P, M>;
  const level = options.level ?? 3;
  const budget = LEVEL_BUDGETS[level];
  if (!budget) throw new RangeError(`level must be 1-6, got ${String(level)}`);
  const seed = options.seed ?? 0;
  const limits: SearchLimits = {
    nodes: options.nodes ?? levelNodes(variant.name, level),
    maxDepth: budget.maxDepth,
    noise: budget.noise,
    seed,
    exactRoot: budget.randomWithin !== undefined,
    ...(budget.sample !== undefined ? { sample: budget.sample } : {}),
    ...(budget.quiescencePlies !== undefined ? { quiescencePlies: budget.quiescencePlies } : {}),
    threatPlies: options.threatPlies ?? 0,
    threatExtend: Boolean(options.threatExtend),
    nullMove: options.nullMove ?? (level === 6 ? (LEVEL6_NULL_MOVE[variant.name as VariantName] ?? 0) : 0),
  };
  const earlier = new Map<number, number>();
  const key = new Int32Array(2);
  for (const pos of options.history ?? []) {
    rules.hash(pos as P, key);
    const k = keyNumber(key);
    earlier.set(k, (earlier.get(k) ?? 0) + 1);
  }
  const found = new Searcher<P, M>(variant, rules, limits, earlier).run(position);
  if (!found) return undefined;
  let { best: move, score } = found;
  if (budget.randomWithin !== undefined) {
    const fair = found.root.filter((r) => r.score >= found.score - budget.randomWithin!);
    const pick = fair[Math.floor(seededRandom(seed ^ 0x1e7e1)() * fair.length)]!;
    move = pick.move;
    score = pick.score;
  }
  const mate = Math.abs(score) >= MATE_BOUND ? Math.sign(score) * Math.ceil((MATE - Math.abs(score)) / 2) : undefined;
  return {
    move,
    text: variant.formatMove(position, move),
    score,
    ...(mate !== undefined ? { mate } : {}),
    depth: found.depth,
    nodes: found.nodes,
  };
}

/** The computer's turn in a game still going (undefined once it is over). */
export function chooseMoveInGame(game: Game, options: Omit<ChooseOptions, 'history'> = {}): Choice | undefined {
  if (game.outcome()) return undefined;
  const positions = game.allPositions;
  return chooseMove(game.variant, game.position, { ...options, history: positions.slice(0, -1) });
}
