// Inputs of the player-settings and chat endpoints, as valibot schemas.
import * as v from 'valibot';
import { PlayerSchema } from '../service/schemas.ts';
import { NOTIFY_EVENTS } from '../service/ports.ts';

export const SettingsPatchSchema = v.strictObject({
  name: v.optional(v.nullable(PlayerSchema.entries.name.wrapped)),
  email: v.optional(v.nullable(PlayerSchema.entries.email.wrapped)),
  /** A new URL gets a new secret (returned once); null removes the webhook. */
  webhook: v.optional(v.nullable(PlayerSchema.entries.webhook.wrapped)),
  notify: v.optional(
    v.strictObject({
      email: v.optional(v.boolean('must be true or false')),
      webhook: v.optional(v.boolean('must be true or false')),
      events: v.optional(v.array(v.picklist(NOTIFY_EVENTS, `must be one of ${NOTIFY_EVENTS.join(', ')}`), 'must be a list of events')),
    }),
  ),
  reminderPercent: v.optional(
    v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(50, 'must be at least 50'), v.maxValue(95, 'must be at most 95')),
  ),
});
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;

export const ChatJsonSchema = v.strictObject({ text: v.pipe(v.string('must be text'), v.maxLength(500, 'is too long')) });

export const UnsubscribeQuerySchema = v.object({
  game: v.pipe(v.string(), v.regex(/^[a-z0-9]{4,32}$/, 'is not a game id')),
  side: v.picklist(['white', 'black'], 'must be white or black'),
  t: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/i, 'is not a valid token')),
});
