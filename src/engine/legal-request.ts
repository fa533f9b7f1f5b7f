// The `legal` tool protocol: one JSON request line -> one JSON answer, so other
// implementations can be compared with this engine line by line.
import { err, type Result } from './types.ts';
import { Game } from './game.ts';

/**
 * The last game built, kept because tools usually send a game's turns one
 * more at a time: a request that extends the previous one only plays the rest.
 */
let previous: { key: string; texts: string[]; game: Game } | undefined;

function replayFromPrevious(variant: string, options: unknown, texts: string[], position: string | undefined): Result<Game> {
  const key = JSON.stringify([variant, options, position ?? null]);
  const reusable = previous && previous.key === key && previous.texts.length <= texts.length && previous.texts.every((t, i) => t === texts[i]);
  if (!reusable) {
    const created = Game.create(variant, options, position);
    if (!created.ok) return created;
    previous = { key, texts: [], game: created.value };
  }
  const cached = previous!;
  for (let i = cached.texts.length; i < texts.length; i++) {
    const played = cached.game.play(texts[i]!);
    // A refused turn leaves the game as it was, so the cache stays valid.
    if (!played.ok) return err(played.error.kind, `turn ${i + 1} (${texts[i]}): ${played.error.message}`, played.error.at);
    cached.texts.push(texts[i]!);
  }
  return { ok: true, value: cached.game };
}

/** A tool's request line: a JSON object naming a game (variant, options, moves, position), replayed. */
export function readGameRequest(line: string): { error: string } | { request: Record<string, unknown>; game: Game } {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { error: 'the line is not valid JSON' };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { error: 'expected a JSON object' };
  const { variant, options, moves, position } = request as Record<string, unknown>;
  if (typeof variant !== 'string') return { error: '"variant" must be a string' };
  if (moves !== undefined && (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string'))) return { error: '"moves" must be an array of strings' };
  if (position !== undefined && typeof position !== 'string') return { error: '"position" must be a string' };
  const game = replayFromPrevious(variant, options ?? {}, (moves as string[] | undefined) ?? [], position);
  if (!game.ok) return { error: game.error.message };
  return { request: request as Record<string, unknown>, game: game.value };
}

/** One `legal` request line to one response object. */
export function answerLegal(line: string): Record<string, unknown> {
  const read = readGameRequest(line);
  if ('error' in read) return read;
  const { game } = read;
  const outcome = game.outcome();
  return {
    legal: game.legalTexts(),
    status: outcome ? outcome.reason : game.variant.isCheck(game.position) ? 'check' : 'playing',
    ...(outcome ? { result: outcome.result } : {}),
    position: game.positionText,
  };
}
