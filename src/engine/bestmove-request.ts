// The `bestmove` tool protocol: one JSON request line -> the computer's turn as one JSON line.
import { replayFromPrevious } from './legal-request.ts';
import { chooseMoveInGame, isLevel } from './search/index.ts';

/** More than any level uses; keeps a typo from running for hours. */
export const MAX_NODES = 10_000_000;

/** One `bestmove` request line to one response object. */
export function answerBestmove(line: string): Record<string, unknown> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { error: 'the line is not valid JSON' };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { error: 'expected a JSON object' };
  const { variant, options, moves, position, level, nodes, seed } = request as Record<string, unknown>;
  if (typeof variant !== 'string') return { error: '"variant" must be a string' };
  if (moves !== undefined && (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')))
    return { error: '"moves" must be an array of strings' };
  if (position !== undefined && typeof position !== 'string') return { error: '"position" must be a string' };
  if (level !== undefined && !isLevel(level)) return { error: `"level" must be 1, 2, 3, 4 or 5, got ${JSON.stringify(level)}` };
  if (nodes !== undefined && (typeof nodes !== 'number' || !Number.isInteger(nodes) || nodes < 1 || nodes > MAX_NODES))
    return { error: `"nodes" must be a whole number from 1 to ${MAX_NODES}, got ${JSON.stringify(nodes)}` };
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed))) return { error: '"seed" must be a whole number' };
  const game = replayFromPrevious(variant, options ?? {}, (moves as string[] | undefined) ?? [], position);
  if (!game.ok) return { error: game.error.message };
  const outcome = game.value.outcome();
  if (outcome) return { move: null, status: outcome.reason, result: outcome.result, depth: 0, nodes: 0 };
  const choice = chooseMoveInGame(game.value, {
    ...(level !== undefined ? { level } : {}),
    ...(nodes !== undefined ? { nodes } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  if (!choice) return { move: null, status: 'stalemate', depth: 0, nodes: 0 };
  return {
    move: choice.text,
    score: choice.score,
    ...(choice.mate !== undefined ? { mate: choice.mate } : {}),
    depth: choice.depth,
    nodes: choice.nodes,
  };
}
