// The vocabulary of notifications: the queue message that carries one event of
// the game service (service/ports.ts) to one player over one channel.
import type { Color } from '../engine/types.ts';
import type { ChatPlatform } from '../db/schema-chat.ts';
import type { PlayerEvent } from '../service/challenges.ts';
import type { PlanOutcome } from '../service/plan-outcome.ts';
import type { NotifyEvent, TournamentRound } from '../service/ports.ts';
import type { PublicMessage, PublicMove, PublicState } from '../service/public-state.ts';
import type { GameRatings } from '../service/ratings.ts';

export const CHANNELS = ['webhook', 'email'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/** The event payload as receivers see it (webhook `data`, the facts of an email). */
export interface EventData {
  readonly gameId: string;
  readonly variant: string;
  readonly title?: string;
  /** The player this notification is for. */
  readonly you: Color;
  readonly ply: number;
  readonly status: 'active' | 'finished' | 'aborted';
  readonly sideToMove: Color;
  readonly result: string;
  readonly reason: string | null;
  readonly winner: Color | null;
  readonly check: boolean;
  /** The last turn played (for `turn`: the opponent's move). */
  readonly lastMove: PublicMove | null;
  /** Position text (docs/position-text.md). */
  readonly position: string;
  /** The board as text (src/notify/board-text.ts). */
  readonly board: string;
  /** How many legal turns the side to move has (0 when the game is over). */
  readonly legalCount: number;
  /** A legal turn of this player's, from the engine's examples, when it is their move (for "reply with your turn"). */
  readonly example?: string;
  readonly drawOffer: Color | null;
  /** A running pause by agreement, and a pause asked for (as in the game's state). */
  readonly pause: PublicState['pause'];
  readonly pauseOffer: PublicState['pauseOffer'];
  /** Deadline of the side to move (ISO), when the game has a clock (null while paused). */
  readonly deadline: string | null;
  /** The clock's days per move, when the game has a clock. */
  readonly daysPerMove?: number;
  readonly players: { readonly white: string | null; readonly black: string | null };
  /** The game's page (the player's own link adds ?token=...). */
  readonly link: string;
  /** The board at this ply as a PNG picture (cached for good), for mail and chat. */
  readonly image: string;
  /** The opponent's message (a `message` event, or a `turn` whose move came with one). */
  readonly message?: PublicMessage;
  /** On a `turn`: what became of your planned lines (dropped: your opponent played another turn). */
  readonly plan?: PlanOutcome;
  /** On an `offer-declined`: which of your offers was declined. */
  readonly offer?: 'draw' | 'takeback' | 'pause' | 'rematch';
  /** The seat belongs to a player (a key): they play on the web from their games page, /me, not from a link of the seat's own. */
  readonly playerSeat?: true;
  /** A rated game once over and rated: each side's rating before it and the change (docs/ratings.md). */
  readonly ratings?: GameRatings;
  /** A tournament's game: the tournament's id; on the `game-start`, its name and the round too. */
  readonly tournament?: { readonly id: string } & Partial<TournamentRound>;
}

/** One queue message: a single delivery of one event to one player over one channel. */
export interface NotifyJob {
  /** Stable across retries: the `webhook-id` receivers de-duplicate on. */
  readonly id: string;
  readonly gameId: string;
  readonly side: Color;
  readonly event: NotifyEvent;
  readonly channel: ChannelName;
  /** Epoch ms of the event. */
  readonly at: number;
  /** Origin of links (game page, unsubscribe). */
  readonly origin: string;
  readonly data: EventData;
}

/**
 * One queue message for a player's own webhook (set with PATCH /api/me): an event of their
 * event stream (GET /api/stream/events) that belongs to no game's webhook yet, such as a
 * challenge to them or the start of a game made from one.
 */
export interface PlayerJob {
  /** Stable across retries: the `webhook-id`. */
  readonly id: string;
  readonly playerId: string;
  readonly event: PlayerEvent['type'];
  readonly channel: 'webhook';
  readonly at: number;
  readonly origin: string;
  /** The stream's event (challenge or game, with links) and `text`: the same in words, for chat bots. */
  readonly data: PlayerEvent & { readonly text: string };
}

/** What a browser shows (the service worker, /sw.js, reads it): the words, the game's tag, where a click goes. */
export interface PushNotification {
  readonly title: string;
  readonly body: string;
  /** One per game ("game-<id>"), so a game's notifications replace each other. */
  readonly tag: string;
  /** The page a click opens (the service worker first looks for an open tab of it). */
  readonly url: string;
  readonly event: NotifyEvent;
  readonly gameId?: string;
}

/** One queue message: one push to one stored browser subscription. */
export interface PushJob {
  readonly id: string;
  readonly channel: 'push';
  readonly subscriptionId: number;
  /** The game and seat it is about, for the delivery log; null for a challenge. */
  readonly gameId: string | null;
  readonly side: Color | null;
  readonly event: NotifyEvent;
  readonly at: number;
  readonly urgency: 'normal' | 'high';
  readonly notification: PushNotification;
  /** When it says nothing any more (the deadline it warns of: epoch ms); the push service keeps it no longer. */
  readonly expiresAt?: number;
}

/** One game event's push to one seat, before anyone knows which browsers hear it: the words, fixed at the time of the event. */
export interface SeatPush {
  readonly side: Color;
  /** The deadline a turn, reminder or last call to the side to move warns of (epoch ms). */
  readonly expiresAt?: number;
  /** The seat's player, whose own subscriptions (for all their games) hear it too. */
  readonly playerId: string | null;
  /** The seat's own choices at the time of the event (JSON, as on the games row); the player's are read at fan-out. */
  readonly seatNotify: string | null;
  readonly event: NotifyEvent;
  readonly urgency: PushJob['urgency'];
  readonly notification: PushNotification;
  /** A turn whose move came with a message: the message alone, for a browser whose player hears messages but not turns (carriedAs). */
  readonly asMessage?: PushNotification;
}

/**
 * One queue message per batch of events of a game that has push subscriptions (games.push_subscribed):
 * the consumer reads the subscriptions and the players' choices and queues one PushJob per
 * (push, browser). So the request that made the events only queues, and reads nothing more.
 */
export interface PushFanoutJob {
  readonly id: string;
  readonly channel: 'push-fanout';
  readonly gameId: string;
  readonly ply: number;
  readonly at: number;
  readonly pushes: readonly SeatPush[];
}

/** One queue message: the digest email of one address (the cron queues it when it is due). */
export interface DigestJob {
  readonly id: string;
  readonly channel: 'digest';
  readonly address: string;
  /** Games with news since the last digest. */
  readonly games: readonly string[];
  readonly since: number;
  readonly at: number;
  readonly origin: string | null;
}

/** What the notification queue carries. */
export type QueueJob = NotifyJob | PlayerJob | AnyChatJob | ChatFanoutJob | PushJob | PushFanoutJob | DigestJob;
export const isPlayerJob = (job: QueueJob): job is PlayerJob => 'playerId' in job;
export const isPushJob = (job: QueueJob): job is PushJob => 'channel' in job && job.channel === 'push';
export const isPushFanoutJob = (job: QueueJob): job is PushFanoutJob => 'channel' in job && job.channel === 'push-fanout';
export const isDigestJob = (job: QueueJob): job is DigestJob => 'channel' in job && job.channel === 'digest';

/** What one delivery attempt came to. */
export type DeliveryOutcome =
  | { readonly kind: 'delivered'; readonly httpStatus?: number }
  /** The receiver said 410 Gone: stop sending to it. */
  | { readonly kind: 'gone'; readonly httpStatus: number }
  | {
      readonly kind: 'failed';
      readonly httpStatus?: number;
      readonly error: string /** The receiver's own wait (Telegram's retry_after), seconds. */;
      readonly retryAfter?: number;
    }
  /** Nothing to do any more (channel off, address removed, URL not allowed). */
  | { readonly kind: 'skipped'; readonly error: string }
  /** Kept for the address's email digest (sent by the cron when due). */
  | { readonly kind: 'digest'; readonly error: string };

/** The player's current delivery settings, read fresh from the game at delivery time. */
export interface Recipient {
  readonly gameId: string;
  readonly side: Color;
  readonly email: string | null;
  readonly webhook: string | null;
  readonly webhookSecret: string | null;
  readonly webhookDisabled: boolean;
  readonly notify: NotifySettings;
}

export interface NotifySettings {
  readonly email: boolean;
  readonly webhook: boolean;
  /** Web Push to the subscribed browsers. */
  readonly push: boolean;
  /** Events that go anywhere at all. */
  readonly events: readonly NotifyEvent[];
  /** Of those, the ones that go by email, and the ones that are pushed. */
  readonly emailEvents: readonly NotifyEvent[];
  readonly pushEvents: readonly NotifyEvent[];
  /** null: an email for each event; n: at most one email every n hours, listing the games waiting. */
  readonly digestHours: number | null;
}

/** The one interface both channels implement. */
export interface NotificationChannel {
  readonly name: ChannelName;
  deliver(job: NotifyJob, to: Recipient, attempt: number): Promise<DeliveryOutcome>;
}

// A turn notification to a linked Discord user or Telegram chat (and a challenge to its player):
// one queue message per event, player and chat, so a retry sends to that chat only (src/notify/chat/notifier.ts makes them,
// through one fan-out message per batch of a game's events, expanded by the queue consumer; src/notify/chat/channel.ts delivers them).
export interface ChatJob {
  /** Stable across retries. */
  readonly id: string;
  /** Where it goes: the link as it was when the event happened (read again at delivery). */
  readonly chat: { readonly platform: ChatPlatform; readonly externalId: string; readonly playerId: string };
  readonly gameId: string;
  readonly side: Color;
  readonly event: NotifyEvent;
  readonly at: number;
  readonly origin: string;
  readonly data: EventData;
}

/** A challenge to a player, to their linked chats, with Accept and Decline buttons. */
export interface ChatChallengeJob {
  readonly id: string;
  readonly chat: ChatJob['chat'];
  readonly event: 'challenge';
  readonly challengeId: string;
  readonly at: number;
  /** The challenge in words (who, which game, its link, until when). */
  readonly text: string;
}

export type AnyChatJob = ChatJob | ChatChallengeJob;

/** One game event to one player's seat, before anyone knows which chats hear it: the facts, fixed at the time of the event. */
export interface ChatSeatEvent {
  readonly playerId: string;
  readonly side: Color;
  /** The seat's own stored choices (null: none): with its player's, read by the fan-out, they say what is heard. */
  readonly seatNotify?: string | null;
  readonly event: NotifyEvent;
  /** The end of the chat jobs' ids (a message's id, or the time of an offer or pause). */
  readonly idTail: string;
  readonly data: EventData;
}

/**
 * One queue message per batch of events of a game with player seats, when a bot can reach chats:
 * the consumer reads the players' chat links and queues one ChatJob per (event, seat, linked chat
 * with notifications on). So the request that made the events only queues, and reads nothing more (issue 18).
 */
export interface ChatFanoutJob {
  readonly id: string;
  readonly channel: 'chat-fanout';
  readonly gameId: string;
  readonly ply: number;
  readonly at: number;
  readonly origin: string;
  readonly events: readonly ChatSeatEvent[];
}
export const isChatJob = (job: object): job is AnyChatJob => 'chat' in job;
export const isChatFanoutJob = (job: object): job is ChatFanoutJob => 'channel' in job && job.channel === 'chat-fanout';
