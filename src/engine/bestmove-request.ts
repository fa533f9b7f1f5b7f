// The `bestmove` tool protocol: one JSON request line -> the computer's turn as one JSON line.
import { readGameRequest } from './legal-request.ts';
import { chooseMoveInGame, isLevel } from './search/index.ts';

/** More than any level uses; keeps a typo from running for hours. */
const MAX_NODES = 10_000_000;

/** One `bestmove` request line to one response object. */
export function answerBestmove(line: string): Record<string, unknown> {
  const read = readGameRequest(line);
  if ('error' in read) return read;
  const { level, nodes, seed } = read.request;
  if (level !== undefined && !isLevel(level)) return { error: `"level" must be 1, 2, 3, 4, 5 or 6, got ${JSON.stringify(level)}` };
  if (nodes !== undefined && (typeof nodes !== 'number' || !Number.isInteger(nodes) || nodes < 1 || nodes > MAX_NODES))
    return { error: `"nodes" must be a whole number from 1 to ${MAX_NODES}, got ${JSON.stringify(nodes)}` };
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed))) return { error: '"seed" must be a whole number' };
  const { game } = read;
  const outcome = game.outcome();
  if (outcome) return { move: null, status: outcome.reason, result: outcome.result, depth: 0, nodes: 0 };
  const choice = chooseMoveInGame(game, {
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
