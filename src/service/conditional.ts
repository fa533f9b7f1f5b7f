// Conditional moves (lichess's "forecast", pbmserv's queued moves). While the opponent is to
// move, a player stores lines "if they play X I answer Y, then if Z I answer W", private to
// them. When the opponent's turn is the first turn of a line, the move path plays the answer at
// once, as any turn (GameService.move with the side proven by the server, as the computer's).
import type { ConditionalRow, GameRow } from '../db/schema.ts';
import { opposite, type Color } from '../engine/types.ts';
import { overMessage, type Actor, type GameContext } from './game-core.ts';
import type { PlanOutcome } from './plan-outcome.ts';
import { done, fail, turnFailure, type ServiceResult } from './result.ts';
import { MAX_CONDITIONAL_LINES, type ConditionalLine } from './schemas.ts';
import { storedGame } from './stored-game.ts';

/** A player's lines: each starts with the opponent's turn at ply + 1, then the player's answer, and so on. */
export interface ConditionalLines {
  readonly ply: number;
  readonly lines: readonly (readonly string[])[];
  /** What became of the lines stored for the opponent's last turn, while the game stands there. */
  readonly outcome?: PlanOutcome;
}

/** The answer the move path is to play: whose, which turn, at which ply. */
export interface PlannedAnswer {
  readonly side: Color;
  readonly text: string;
  readonly ply: number;
}

/** Stored lines apply only to the game as it was when they were stored. */
const applies = (stored: ConditionalRow | undefined, row: GameRow): stored is ConditionalRow =>
  stored !== undefined && row.status === 'active' && stored.ply === row.ply && stored.position === row.position;

const linesOf = (stored: Pick<ConditionalRow, 'lines'>): string[][] => JSON.parse(stored.lines) as string[][];

/**
 * Every line played out from the game's position: each turn legal (422 naming the line, the turn
 * and the engine's reason; 400 for one that is not notation), one answer per position across the lines; turns in canonical text,
 * repeated lines once.
 */
function checkLines(row: GameRow, lines: readonly ConditionalLine[]): ServiceResult<string[][]> {
  const answers = new Map<string, string>();
  const checked = new Map<string, string[]>();
  for (const [i, line] of lines.entries()) {
    const game = storedGame(row);
    if (!game) throw new Error(`game ${row.id}: stored position does not load`);
    const texts: string[] = [];
    for (const [j, text] of line.entries()) {
      const where = `line ${i + 1}, turn ${j + 1} (${j % 2 === 0 ? "your opponent's" : 'your'} ${text})`;
      const played = game.play(text);
      // Not notation at all: 400 unreadable_turn, as a move, a note or the analysis board (tester 10 C8).
      if (!played.ok) return turnFailure(played.error, `${where}: `);
      if (j % 2 === 1) {
        const before = texts.join(' ');
        const earlier = answers.get(before);
        if (earlier !== undefined && earlier !== played.value.text)
          return fail(422, 'conflicting_lines', `${where}: an earlier line answers ${before} with ${earlier}; a position can have only one answer`);
        answers.set(before, played.value.text);
      }
      texts.push(played.value.text);
    }
    checked.set(texts.join(' '), texts);
  }
  return done([...checked.values()]);
}

/** The caller's own lines that still apply (none once the game moved on). */
export async function conditional(ctx: GameContext, id: string, actor: Actor): Promise<ServiceResult<ConditionalLines>> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  const stored = await ctx.store.conditionalLines(id, side);
  if (!applies(stored, row)) return done({ ply: row.ply, lines: [] });
  return done({ ply: row.ply, lines: linesOf(stored), ...(stored.outcome ? { outcome: JSON.parse(stored.outcome) as PlanOutcome } : {}) });
}

/** Replace the caller's lines (an empty list clears them). Only while the opponent is to move. */
export async function setConditional(
  ctx: GameContext,
  id: string,
  actor: Actor,
  lines: readonly ConditionalLine[],
  meant: { readonly ply?: number | undefined; readonly position?: string | undefined } = {},
): Promise<ServiceResult<ConditionalLines>> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row } = who.value;
  // Lines are for the position they were planned in: one the game has left is not that one (clearing is always fine).
  if (lines.length && ((meant.ply !== undefined && meant.ply !== row.ply) || (meant.position !== undefined && meant.position !== row.position)))
    return fail(
      409,
      'stale_ply',
      `stale: the game is at ply ${row.ply}${meant.ply !== undefined && meant.ply !== row.ply ? `, not ${meant.ply} as you read it` : ', in another position than the one you read'}; plan your replies for the game as it is now`,
    );
  return storeLines(ctx, row, who.value.side, lines);
}

/** One more line beside those the caller has (the chat bot's and email's `if X then Y`). */
export async function addConditionalLine(ctx: GameContext, id: string, actor: Actor, line: ConditionalLine): Promise<ServiceResult<ConditionalLines>> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  const stored = await ctx.store.conditionalLines(id, side);
  const kept = applies(stored, row) ? linesOf(stored) : [];
  if (kept.length >= MAX_CONDITIONAL_LINES)
    return fail(400, 'too_many_lines', `you already have ${kept.length} lines, the most a game takes; clear some first`);
  return storeLines(ctx, row, side, [...kept, line]);
}

export async function clearConditional(ctx: GameContext, id: string, actor: Actor): Promise<ServiceResult<ConditionalLines>> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  await ctx.store.clearConditionalLines(id, who.value.side);
  return done({ ply: who.value.row.ply, lines: [] });
}

async function storeLines(ctx: GameContext, row: GameRow, side: Color, lines: readonly ConditionalLine[]): Promise<ServiceResult<ConditionalLines>> {
  if (!lines.length) {
    await ctx.store.clearConditionalLines(row.id, side);
    return done({ ply: row.ply, lines: [] });
  }
  if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
  if (row.sideToMove === side) return fail(409, 'own_turn', "it is your turn: play it first; conditional lines start with your opponent's reply to it");
  const checked = checkLines(row, lines);
  if (!checked.ok) return checked;
  const stored = { gameId: row.id, side, ply: row.ply, position: row.position, lines: JSON.stringify(checked.value), updatedAt: ctx.clock() };
  if (!(await ctx.store.putConditionalLines(stored))) return ctx.conflict(row.id);
  return done({ ply: row.ply, lines: checked.value });
}

/**
 * After a turn landed (`before` -> `after`): the answer of the player now to move, when one of
 * their `plans` (the lines they stored for `before`, read back by the move's write) starts with
 * the turn played. Their lines are trimmed to those that went on with that very answer (stored
 * for the game after it); either way the player is told what became of them (`outcome`).
 */
export async function plannedAnswer(
  ctx: GameContext,
  before: GameRow,
  after: GameRow,
  played: string,
  plans: string | undefined,
): Promise<{ answer?: PlannedAnswer; outcome?: PlanOutcome }> {
  if (plans === undefined) return {};
  const side = after.sideToMove;
  const lines = linesOf({ lines: plans });
  const followed = after.status === 'active' ? lines.filter((l) => l[0] === played) : [];
  const answer = followed[0]?.[1];
  const next = answer === undefined ? undefined : storedGame(after)?.play(answer);
  const now = ctx.clock();
  if (answer === undefined || !next?.ok) {
    // None began with the turn played: dropped, and the note kept for the player's turn.
    const outcome = { after: played, dropped: lines.length };
    const told =
      after.status === 'active' && lines.length
        ? { ply: after.ply, position: after.position, lines: '[]', updatedAt: now, outcome: JSON.stringify(outcome) }
        : undefined;
    await ctx.store.moveConditionalLines(after.id, side, before.ply, told);
    return told ? { outcome } : {};
  }
  // A draw offered with the turn waits for this player's own answer: a planned reply would end it unread
  // (tester 10 C5: the offer lapsed while its notification went out). Not played; the player is told.
  if (after.drawOfferBy === opposite(side)) {
    const outcome = { after: played, answer, held: true as const, dropped: lines.length - followed.length };
    const told = { ply: after.ply, position: after.position, lines: '[]', updatedAt: now, outcome: JSON.stringify(outcome) };
    await ctx.store.moveConditionalLines(after.id, side, before.ply, told);
    return { outcome };
  }
  const rest = followed.filter((l) => l[1] === answer && l.length > 2).map((l) => l.slice(2));
  const ply = after.ply + 1;
  const outcome = { after: played, answer, dropped: lines.length - followed.length };
  await ctx.store.moveConditionalLines(after.id, side, before.ply, {
    ply,
    position: next.value.position,
    lines: JSON.stringify(rest),
    updatedAt: now,
    outcome: JSON.stringify(outcome),
  });
  return { answer: { side, text: answer, ply }, outcome };
}
