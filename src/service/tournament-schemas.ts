// Inputs of tournaments and the leaderboard, as valibot schemas (the routes validate with these;
// /openapi.json is generated from them).
import * as v from 'valibot';
import { ClockSchema, OptionsSchema, PlayerSchema, VariantSchema } from './schemas.ts';

/** The most players of a round robin (every game starts at once: n(n-1)/2 games) and of a Swiss. */
export const MAX_ROUND_ROBIN_PLAYERS = 20;
export const MAX_SWISS_PLAYERS = 256;
/** The most tournaments one player may have made and not yet started. */
export const MAX_OPEN_TOURNAMENTS = 5;

/** Whether an ISO time's date (its first ten characters) is a day of the calendar. */
const realDay = (iso: string) => {
  const day = iso.slice(0, 10);
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
};

const whole = (min: number, max: number) =>
  v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

export const CreateTournamentSchema = v.strictObject(
  {
    name: PlayerSchema.entries.name.wrapped,
    variant: VariantSchema,
    options: v.optional(OptionsSchema),
    clock: ClockSchema,
    format: v.picklist(['round-robin', 'swiss'], 'must be "round-robin" or "swiss"'),
    /** Round robin: each pair meets twice, colours swapped. */
    double: v.optional(v.boolean('must be true or false')),
    /** Swiss: the number of rounds (at most the players - 1). */
    rounds: v.optional(whole(1, MAX_SWISS_PLAYERS - 1)),
    maxPlayers: whole(3, MAX_SWISS_PLAYERS),
    /** Whether its games count for the ratings (default true). */
    rated: v.optional(v.boolean('must be true or false'), true),
    /** When the cron starts it (an ISO 8601 time in the future); without it the creator starts it. */
    startsAt: v.optional(
      v.pipe(
        v.string('must be text'),
        v.isoTimestamp('must be an ISO 8601 time like 2026-12-01T18:00:00Z'),
        // The format alone lets 30 February through, which Date.parse moves to 2 March (tester 14 P13).
        v.check((s) => realDay(s), 'is a day the calendar does not have (such as 30 February)'),
      ),
    ),
  },
  'must be an object like {"name": "Winter Swiss", "variant": "warp-factor", "clock": {"daysPerMove": 3}, "format": "swiss", "rounds": 5, "maxPlayers": 16}',
);

export const TournamentIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9]{12}$/, 'is not a tournament id')) });

export const LeaderboardQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a number from 1 to 200'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(200, 'must be at most 200'),
    ),
    '50',
  ),
});

export type CreateTournamentInput = v.InferOutput<typeof CreateTournamentSchema>;
