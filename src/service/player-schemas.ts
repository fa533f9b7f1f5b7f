// Inputs of players, sign-in, challenges and a player's game list, as valibot
// schemas (the routes validate with these; /openapi.json is generated from them).
import * as v from 'valibot';
import { ClockSchema, OptionsSchema, PlayerSchema, VariantSchema } from './schemas.ts';

/** Player and challenge ids: the same short alphabet as game ids. */
export const PlayerIdSchema = v.pipe(v.string('must be text'), v.regex(/^[a-z0-9]{12}$/, 'is not a player id'));

/**
 * Whom a challenge is for: a player id as people type or paste it (a phone's keyboard capitalises
 * the first letter; a profile's address is what a profile page offers to copy), made the id itself.
 */
const ChallengeToSchema = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.transform((typed) => (/\/players\/([A-Za-z0-9]{12})\/?(?:[?#].*)?$/.exec(typed)?.[1] ?? typed).toLowerCase()),
  v.regex(/^[a-z0-9]{12}$/, 'is not a player id (12 letters and digits, as on their profile; their profile link works too)'),
);

export const CreatePlayerSchema = v.strictObject(
  { name: PlayerSchema.entries.name, email: PlayerSchema.entries.email },
  'must be an object like {"name": "Kirk", "email": "kirk@example.org"} (both optional)',
);

/** PATCH /api/me: a player's own name, email and webhook (`null` clears one). A new webhook URL gets a new secret, shown once. */
export const PlayerSettingsSchema = v.strictObject(
  {
    name: v.optional(v.nullable(PlayerSchema.entries.name.wrapped)),
    email: v.optional(v.nullable(PlayerSchema.entries.email.wrapped)),
    webhook: v.optional(v.nullable(PlayerSchema.entries.webhook.wrapped)),
  },
  'must be an object like {"webhook": "https://bot.example/subspace"} (name, email, webhook; each optional, null clears it)',
);

export const SignInSchema = v.strictObject({
  email: v.pipe(v.string('must be text'), v.trim(), v.maxLength(254, 'is too long'), v.email('must be an email address')),
});

const ChallengeColorSchema = v.picklist(['white', 'black', 'random'], 'must be "white", "black" or "random"');

export const CreateChallengeSchema = v.strictObject({
  variant: VariantSchema,
  options: v.optional(OptionsSchema),
  clock: v.optional(ClockSchema),
  /** The creator's colour (default random). */
  color: v.optional(ChallengeColorSchema, 'random'),
  /** The one player this challenge is for (their id, or their profile link); without it anyone may accept. */
  to: v.optional(ChallengeToSchema),
  /** Days until it expires (default 7). */
  expiresInDays: v.optional(
    v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'), v.maxValue(30, 'must be at most 30')),
    7,
  ),
  /**
   * Whether the game counts for both players' ratings: only with a clock (default: rated with a
   * clock, casual without), so that a player who stops answering loses on time (tester 14 P1).
   */
  rated: v.optional(v.boolean('must be true or false')),
});

export const ChallengeIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9]{12}$/, 'is not a challenge id')) });

/** `?before=<createdAt of the last one seen>` pages through the open challenges, newest first. */
export const ChallengeListQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a number from 1 to 100'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(100, 'must be at most 100'),
    ),
    '50',
  ),
  before: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'must be a time in epoch milliseconds (the createdAt of the last challenge seen)'), v.transform(Number)),
  ),
});

export const MyGamesQuerySchema = v.object({
  status: v.optional(v.picklist(['active', 'finished'], 'must be "active" or "finished"'), 'active'),
});

/** The sign-in link's one-use token. */
export const SignInQuerySchema = v.object({
  t: v.pipe(v.string('the link has no token'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'the link is not a sign-in link (was it cut short?)')),
});

export type CreatePlayerInput = v.InferOutput<typeof CreatePlayerSchema>;
export type PlayerSettingsInput = v.InferOutput<typeof PlayerSettingsSchema>;
export type CreateChallengeInput = v.InferOutput<typeof CreateChallengeSchema>;
