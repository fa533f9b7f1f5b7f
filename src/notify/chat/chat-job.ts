// A turn notification to a linked Discord user or Telegram chat (and a challenge to its player):
// one queue message per event, player and chat, so a retry sends to that chat only (src/notify/chat/notifier.ts makes them,
// src/notify/chat/channel.ts delivers them).
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
export const isChatJob = (job: object): job is AnyChatJob => 'chat' in job;
