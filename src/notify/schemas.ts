// Inputs of the player-settings and chat endpoints, as valibot schemas.
import * as v from 'valibot';
import { PlayerSchema } from '../service/schemas.ts';
import { NOTIFY_EVENTS } from '../service/ports.ts';
import { COLORS } from '../engine/types.ts';

const EventListSchema = v.array(v.picklist(NOTIFY_EVENTS, `must be one of ${NOTIFY_EVENTS.join(', ')}`), 'must be a list of events');

/** Which events go where (a seat's own choices in PATCH .../me, a player's in PATCH /api/me/notify). */
export const NotifyChoicesSchema = v.strictObject({
  email: v.optional(v.boolean('must be true or false')),
  webhook: v.optional(v.boolean('must be true or false')),
  /** Web Push to the subscribed browsers. */
  push: v.optional(v.boolean('must be true or false')),
  /** Events that go anywhere at all. */
  events: v.optional(EventListSchema),
  /** Of those, the ones emailed and the ones pushed. */
  emailEvents: v.optional(EventListSchema),
  pushEvents: v.optional(EventListSchema),
  /** null: an email for each event; 1-168: at most one email every that many hours, listing the games waiting for you. */
  digestHours: v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a number of hours or null'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(168, 'must be at most 168'),
      ),
    ),
  ),
});
export type NotifyChoices = v.InferOutput<typeof NotifyChoicesSchema>;

export const SettingsPatchSchema = v.strictObject({
  name: v.optional(v.nullable(PlayerSchema.entries.name.wrapped)),
  email: v.optional(v.nullable(PlayerSchema.entries.email.wrapped)),
  /** A new URL gets a new secret (returned once); null removes the webhook. */
  webhook: v.optional(v.nullable(PlayerSchema.entries.webhook.wrapped)),
  notify: v.optional(NotifyChoicesSchema),
  reminderPercent: v.optional(
    v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(50, 'must be at least 50'), v.maxValue(95, 'must be at most 95')),
  ),
});
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;

/** The most a chat post may hold: room for `say` with a whole message (500) or a long conditional line. */
export const MAX_CHAT_TEXT = 1000;
/** Characters as messages count them (code points: an emoji is one). */
export const chatLength = (text: string) => [...text].length;
export const ChatJsonSchema = v.strictObject({
  text: v.pipe(
    v.string('must be text'),
    v.check((t) => chatLength(t) <= MAX_CHAT_TEXT, `is longer than ${MAX_CHAT_TEXT} characters`),
  ),
});

export const UnsubscribeQuerySchema = v.object({
  game: v.pipe(v.string(), v.regex(/^[a-z0-9]{4,32}$/, 'is not a game id')),
  side: v.picklist(COLORS, 'must be white or black'),
  t: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/i, 'is not a valid token')),
  /** `all`: no more mail from Subspace to the seat's address at all, not only this game's; `again`: this game's mail back on. */
  scope: v.optional(v.picklist(['game', 'all', 'again'], 'must be game, all or again')),
});

/** The link in the mail that asks an address's owner to confirm it. */
export const ConfirmAddressQuerySchema = v.object({
  email: v.pipe(v.string(), v.maxLength(254, 'is too long'), v.email('is not an email address')),
  t: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/i, 'is not a valid token')),
});

/** A browser's PushSubscription as PushSubscription.toJSON() gives it. */
export const PushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string('must be a URL'), v.minLength(1, 'must be a URL'), v.maxLength(2000, 'is too long')),
  expirationTime: v.optional(v.nullable(v.number('must be a number or null'))),
  keys: v.object(
    {
      p256dh: v.pipe(v.string('must be base64url text'), v.maxLength(200, 'is too long')),
      auth: v.pipe(v.string('must be base64url text'), v.maxLength(100, 'is too long')),
    },
    'must be an object with p256dh and auth',
  ),
});

/** DELETE .../push: which subscription to remove. */
export const PushEndpointSchema = v.object({
  endpoint: v.pipe(v.string('must be a URL'), v.minLength(1, 'must be a URL'), v.maxLength(2000, 'is too long')),
});
