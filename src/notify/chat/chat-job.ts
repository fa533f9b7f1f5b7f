// A turn notification to a linked Discord user or Telegram chat (and a challenge to its player):
// one queue message per event, player and chat, so a retry sends to that chat only (src/notify/chat/notifier.ts makes them,
// through one fan-out message per batch of a game's events, expanded by the queue consumer; src/notify/chat/channel.ts delivers them).
import type { ChatPlatform } from '../../db/schema-chat.ts';
import type { Color } from '../../engine/types.ts';
import type { NotifyEvent } from '../../service/ports.ts';
import type { EventData } from '../types.ts';

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
