// The computer's thinking with plain data in and out: position texts and turn texts, no engine
// objects. So the search can run in another Worker than the one that asks (the picture Worker, over
// RPC: src/pictures/index.ts), and the main Worker, which checks turns, carries no search.
import { getVariant } from '../variants/index.ts';
import type { AnyVariant, GameResult } from '../types.ts';
import { analysePosition } from './analysis.ts';
import type { PositionAnalysis } from './analysis-judgement.ts';
import { chooseMove, type Level } from './index.ts';

/** A game's positions as text: `positions` oldest first, the last the one to think about. */
export interface PositionsRequest {
  readonly variant: string;
  /** The game's options as stored (each variant's parseOptions reads them). */
  readonly options: unknown;
  readonly positions: readonly string[];
}

/** The computer's turn at `level` in the last position (the earlier ones count for repetition); `seed` makes it repeatable. */
export interface TurnRequest extends PositionsRequest {
  readonly level: Level;
  readonly seed: number;
}

/** A chosen turn: its text, the score from the mover's side (a mate: `mate` turns, negative when mated), depth and nodes. */
export interface TurnAnswer {
  readonly text: string;
  readonly score: number;
  readonly mate?: number;
  readonly depth: number;
  readonly nodes: number;
}

/** Analyse the positions from `from` on until `nodeBudget` nodes are spent (at least one position); `overAtLast`: the result when the last position ended the game on the board. */
export interface AnalysisRequest extends PositionsRequest {
  readonly from: number;
  readonly nodeBudget: number;
  readonly overAtLast?: GameResult;
}

function readPositions(request: PositionsRequest): { variant: AnyVariant; positions: unknown[] } {
  const variant = getVariant(request.variant);
  if (!variant) throw new RangeError(`unknown variant ${request.variant}`);
  const options = variant.parseOptions(request.options ?? {});
  if (!options.ok) throw new RangeError(`variant ${request.variant}: options do not load: ${options.error.message}`);
  const positions = request.positions.map((text, i) => {
    const parsed = variant.parsePosition(text, options.value);
    if (!parsed.ok) throw new RangeError(`position ${i} does not load: ${parsed.error.message}`);
    return parsed.value;
  });
  return { variant, positions };
}

/** The computer's turn, or undefined when the side to move has none. */
export function chooseTurn(request: TurnRequest): TurnAnswer | undefined {
  const { variant, positions } = readPositions(request);
  const position = positions.at(-1);
  if (position === undefined) throw new RangeError('no position to think about');
  const choice = chooseMove(variant, position, { level: request.level, seed: request.seed, history: positions.slice(0, -1) });
  if (!choice) return undefined;
  return { text: choice.text, score: choice.score, ...(choice.mate !== undefined ? { mate: choice.mate } : {}), depth: choice.depth, nodes: choice.nodes };
}

/** The analysis of positions `from`, `from + 1`, ... while the nodes spent stay under the budget. */
export function analysePositions(request: AnalysisRequest): PositionAnalysis[] {
  const { variant, positions } = readPositions(request);
  const last = positions.length - 1;
  const found: PositionAnalysis[] = [];
  let spent = 0;
  for (let i = request.from; i <= last && (i === request.from || spent < request.nodeBudget); i++) {
    const over = i === last ? request.overAtLast : undefined;
    const one = analysePosition(variant, positions[i], { history: positions.slice(0, i), ...(over ? { over } : {}) });
    spent += Math.max(one.nodes, 1);
    found.push(one);
  }
  return found;
}
