// A new tournament as it is stored: its input checked beyond what the schema can say (a Swiss's
// rounds against its players, a round robin's size, the start time), the starting game's options
// made whole. Pure: the service stores it (src/service/tournaments.ts create).
import type { TournamentRow } from '../db/schema-tournaments.ts';
import { newGameId } from './crypto.ts';
import { startingGame } from './new-game.ts';
import { done, fail, type ServiceResult } from './result.ts';
import { MAX_ROUND_ROBIN_PLAYERS, type CreateTournamentInput } from './tournament-schemas.ts';
import { DAY_MS } from './durations.ts';

/** The row of a tournament `creatorId` makes at `now` on `origin`, or why the input cannot be one. */
export function newTournamentRow(creatorId: string, input: CreateTournamentInput, origin: string, now: number): ServiceResult<TournamentRow> {
  const game = startingGame(input.variant, input.options);
  if (!game.ok) return game;
  if (input.format === 'swiss') {
    if (input.rounds === undefined) return fail(400, 'invalid_body', 'rounds: a Swiss needs its number of rounds');
    if (input.rounds > input.maxPlayers - 1)
      return fail(
        400,
        'invalid_body',
        `rounds: ${input.rounds} Swiss rounds are more than possible with at most ${input.maxPlayers} players (at most ${input.maxPlayers - 1})`,
      );
    if (input.double !== undefined) return fail(400, 'invalid_body', 'double: only a round robin can be double');
  } else {
    if (input.rounds !== undefined) return fail(400, 'invalid_body', 'rounds: a round robin has as many rounds as its players need; leave rounds out');
    if (input.maxPlayers > MAX_ROUND_ROBIN_PLAYERS)
      return fail(400, 'invalid_body', `maxPlayers: a round robin has at most ${MAX_ROUND_ROBIN_PLAYERS} players (every game starts at once)`);
  }
  const startsAt = input.startsAt === undefined ? null : Date.parse(input.startsAt);
  if (startsAt !== null && startsAt <= now) return fail(400, 'invalid_body', 'startsAt: must be in the future');
  if (startsAt !== null && startsAt > now + 365 * DAY_MS) return fail(400, 'invalid_body', 'startsAt: must be within a year');
  return done({
    id: newGameId(),
    name: input.name,
    variant: input.variant,
    options: JSON.stringify(game.value.options),
    daysPerMove: input.clock.daysPerMove,
    timeoutMode: input.clock.timeout,
    leaveDays: input.clock.leaveDays,
    format: input.format,
    double: input.double ?? false,
    rounds: input.rounds ?? null,
    maxPlayers: input.maxPlayers,
    rated: input.rated,
    creatorId,
    status: 'open',
    startsAt,
    round: 0,
    winnerId: null,
    linkOrigin: origin,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
  });
}
