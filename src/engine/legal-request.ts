// The `legal` tool protocol: one JSON request line -> one JSON answer, so other
// implementations can be compared with this engine line by line.
import { Game } from './game.ts';

/** One `legal` request line to one response object. */
export function answerLegal(line: string): Record<string, unknown> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { error: 'the line is not valid JSON' };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { error: 'expected a JSON object' };
  const { variant, options, moves, position } = request as Record<string, unknown>;
  if (typeof variant !== 'string') return { error: '"variant" must be a string' };
  if (moves !== undefined && (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')))
    return { error: '"moves" must be an array of strings' };
  if (position !== undefined && typeof position !== 'string') return { error: '"position" must be a string' };
  const game = Game.replay(variant, options ?? {}, (moves as string[] | undefined) ?? [], position);
  if (!game.ok) return { error: game.error.message };
  const outcome = game.value.outcome();
  return {
    legal: game.value.legalTexts(),
    status: outcome ? outcome.reason : game.value.variant.isCheck(game.value.position) ? 'check' : 'playing',
    ...(outcome ? { result: outcome.result } : {}),
    position: game.value.positionText,
  };
}
