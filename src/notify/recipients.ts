// A player's notification settings as stored on the games row, and who gets what.
import type { GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { NOTIFY_EVENTS, type NotifyEvent } from '../service/ports.ts';
import type { ChannelName, NotifySettings, Recipient } from './types.ts';

const DEFAULT_NOTIFY: NotifySettings = { email: true, webhook: true, events: NOTIFY_EVENTS };

export function parseNotify(json: string | null): NotifySettings {
  if (!json) return DEFAULT_NOTIFY;
  try {
    const v = JSON.parse(json) as Partial<NotifySettings>;
    return {
      email: v.email !== false,
      webhook: v.webhook !== false,
      events: Array.isArray(v.events) ? v.events.filter((e): e is NotifyEvent => (NOTIFY_EVENTS as readonly string[]).includes(e)) : NOTIFY_EVENTS,
    };
  } catch {
    return DEFAULT_NOTIFY;
  }
}

export function recipient(row: GameRow, side: Color): Recipient {
  const w = side === 'white';
  return {
    gameId: row.id,
    side,
    email: w ? row.whiteEmail : row.blackEmail,
    webhook: w ? row.whiteWebhook : row.blackWebhook,
    webhookSecret: w ? row.whiteWebhookSecret : row.blackWebhookSecret,
    webhookDisabled: (w ? row.whiteWebhookDisabledAt : row.blackWebhookDisabledAt) !== null,
    notify: parseNotify(w ? row.whiteNotify : row.blackNotify),
  };
}

/** Why this channel will not carry this event to this player, or undefined if it will. */
export function channelOff(to: Recipient, channel: ChannelName, event: NotifyEvent): string | undefined {
  if (!to.notify.events.includes(event)) return `the player turned off ${event} notifications`;
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
