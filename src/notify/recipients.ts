// A player's notification settings (the seat's own on the games row, the player's in
// player_notify) and who gets what. A seat's own choice wins; where it made none, the
// player's choice; where neither did, the default (everything on, an email per event).
import type { GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { NOTIFY_EVENTS, type NotifyEvent } from '../service/ports.ts';
import type { ChannelName, NotifySettings, Recipient } from './types.ts';

export const DEFAULT_NOTIFY: NotifySettings = {
  email: true,
  webhook: true,
  push: true,
  events: NOTIFY_EVENTS,
  emailEvents: NOTIFY_EVENTS,
  pushEvents: NOTIFY_EVENTS,
  digestHours: null,
};

const eventList = (v: unknown): NotifyEvent[] | undefined =>
  Array.isArray(v) ? v.filter((e): e is NotifyEvent => (NOTIFY_EVENTS as readonly string[]).includes(e)) : undefined;

/** The choices stored in one place (seat or player): only the keys that were set. */
export function storedNotify(json: string | null | undefined): Partial<NotifySettings> {
  if (!json) return {};
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
  if (!v || typeof v !== 'object') return {};
  const out: { -readonly [K in keyof NotifySettings]?: NotifySettings[K] } = {};
  for (const key of ['email', 'webhook', 'push'] as const) if (typeof v[key] === 'boolean') out[key] = v[key];
  for (const key of ['events', 'emailEvents', 'pushEvents'] as const) {
    const list = eventList(v[key]);
    if (list) out[key] = list;
  }
  if (v.digestHours === null || (typeof v.digestHours === 'number' && Number.isInteger(v.digestHours) && v.digestHours > 0)) out.digestHours = v.digestHours;
  return out;
}

/** The settings in force: the seat's choices over the player's over the defaults. */
export function parseNotify(seat: string | null | undefined, player?: string | null): NotifySettings {
  return { ...DEFAULT_NOTIFY, ...storedNotify(player), ...storedNotify(seat) };
}

export function recipient(row: GameRow, side: Color, playerSettings?: string | null): Recipient {
  const w = side === 'white';
  return {
    gameId: row.id,
    side,
    email: w ? row.whiteEmail : row.blackEmail,
    webhook: w ? row.whiteWebhook : row.blackWebhook,
    webhookSecret: w ? row.whiteWebhookSecret : row.blackWebhookSecret,
    webhookDisabled: (w ? row.whiteWebhookDisabledAt : row.blackWebhookDisabledAt) !== null,
    notify: parseNotify(w ? row.whiteNotify : row.blackNotify, playerSettings),
  };
}

/** Why the settings keep this event from this channel (push, email), whatever the addresses; undefined when they let it through. */
export function whyUnwanted(notify: NotifySettings, channel: ChannelName | 'push', event: NotifyEvent): string | undefined {
  if (!notify.events.includes(event)) return `the player turned off ${event} notifications`;
  if (channel === 'push') {
    if (!notify.push) return 'the player turned push notifications off';
    if (!notify.pushEvents.includes(event)) return `the player turned off ${event} push notifications`;
  }
  if (channel === 'email' && !notify.emailEvents.includes(event)) return `the player turned off ${event} emails`;
  return undefined;
}

/**
 * What a channel carries `event` as, for these settings: the event itself; or, for a turn whose move
 * came with a message, when the player hears messages but not turns there, the message alone
 * ('message': a message rides on the turn, and must not go down with it; tester 5 F7); undefined
 * for neither.
 */
export function carriedAs(
  notify: NotifySettings,
  channel: ChannelName | 'push',
  event: { readonly type: NotifyEvent; readonly message?: unknown },
): NotifyEvent | undefined {
  if (!whyUnwanted(notify, channel, event.type)) return event.type;
  return event.type === 'turn' && event.message && !whyUnwanted(notify, channel, 'message') ? 'message' : undefined;
}

/** Why this channel will not carry this event to this player, or undefined if it will. */
export function channelOff(to: Recipient, channel: ChannelName, event: NotifyEvent): string | undefined {
  const unwanted = whyUnwanted(to.notify, channel, event);
  if (unwanted) return unwanted;
  if (channel === 'webhook') {
    if (!to.webhook || !to.webhookSecret) return 'no webhook URL is set';
    if (!to.notify.webhook) return 'the player turned webhooks off';
    if (to.webhookDisabled) return 'the endpoint was disabled after a 410 Gone';
  } else {
    if (!to.email) return 'no email address is set';
    if (!to.notify.email) return 'the player turned emails off';
  }
  return undefined;
}
