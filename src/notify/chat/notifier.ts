// Turn notifications to chats: for every event of a game, each of its recipients who is a player
// with a linked Discord user or Telegram chat (notifications on, their choice on /me) gets one
// queue message per linked chat. The event filter is the seat's own (the same as for email and
// webhooks). So that a move costs no D1 read beyond its own (issue 18), this is done in two steps,
// like Web Push: the request queues one fan-out message with the facts of each seat's events (only
// for a game with player seats, and only when a bot can reach chats); the queue consumer reads the
// players' links and queues one message per (event, seat, linked chat) (`chatJobs`). Delivered by
// src/notify/chat/channel.ts through the notification queue, with its retries.
import { ChatStore } from '../../db/chat-store.ts';
import type { ChatLinkRow } from '../../db/schema-chat.ts';
import type { GameRow } from '../../db/schema.ts';
import type { Color } from '../../engine/types.ts';
import type { EventSink, GameEvent } from '../../service/ports.ts';
import type { PublicMove } from '../../service/public-state.ts';
import { eventData, eventFields, eventIdTail } from '../publisher.ts';
import { parseNotify, recipient } from '../recipients.ts';
import type { EventData, QueueJob } from '../types.ts';
import type { PlayerEvent, PlayerEventSink } from '../../service/challenges.ts';
import { linkOrigin, type LinkBase } from '../../service/links.ts';
import { challengeLines } from '../messages.ts';
import { sendJobs } from '../queue.ts';
import type { ChatChallengeJob, ChatFanoutJob, ChatJob, ChatSeatEvent } from '../types.ts';

export class ChatNotifier implements EventSink {
  /** `queue` undefined: no chat notifications (no queue, or no bot token: the config's chatsReachable). */
  constructor(
    private readonly queue: Queue<QueueJob> | undefined,
    private readonly publicUrl: string | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The fan-out message of these events, if any player's seat wants one of them (exported for tests). */
  job(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): ChatFanoutJob | undefined {
    const at = this.clock();
    const origin = linkOrigin(this.publicUrl, row.linkOrigin);
    const facts = new Map<Color, EventData>();
    const seats: ChatSeatEvent[] = [];
    for (const event of events)
      for (const side of event.recipients) {
        const playerId = side === 'white' ? row.whitePlayerId : row.blackPlayerId;
        if (!playerId || !recipient(row, side).notify.events.includes(event.type)) continue;
        if (!facts.has(side)) facts.set(side, eventData(row, side, lastMove, origin));
        const data = { ...facts.get(side)!, ...eventFields(event) };
        const seatNotify = side === 'white' ? row.whiteNotify : row.blackNotify;
        seats.push({ playerId, side, seatNotify, event: event.type, idTail: eventIdTail(event, at, lastMove), data });
      }
    if (!seats.length) return undefined;
    return { id: `chats_${row.id}_${row.ply}_${at.toString(36)}`, channel: 'chat-fanout', gameId: row.id, ply: row.ply, at, origin, events: seats };
  }

  /** No D1 read here: the links are read by the queue consumer (consumer.ts, `chatJobs`). */
  async publish(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<void> {
    if (!this.queue || !events.length) return;
    const job = this.job(row, events, lastMove);
    if (job) await sendJobs(this.queue, [job]);
  }
}

/**
 * The fan-out (the queue consumer's part): one job per (event, seat, linked chat of its player with
 * notifications on), as the seat's and its player's choices allow (`choices`: the players' own, by
 * id; the seat's win where it made them: tester 7 H15, a player's "no turns" did not reach chats).
 */
export function chatJobs(job: ChatFanoutJob, allLinks: readonly ChatLinkRow[], choices: ReadonlyMap<string, string> = new Map()): ChatJob[] {
  const links = allLinks.filter((l) => l.notify);
  const jobs: ChatJob[] = [];
  for (const seat of job.events.filter((e) => parseNotify(e.seatNotify, choices.get(e.playerId)).events.includes(e.event)))
    for (const link of links.filter((l) => l.playerId === seat.playerId))
      jobs.push({
        id: `chat_${link.platform}_${link.externalId}_${job.gameId}_${job.ply}_${seat.event}_${seat.side}${seat.idTail}`,
        chat: { platform: link.platform, externalId: link.externalId, playerId: seat.playerId },
        gameId: job.gameId,
        side: seat.side,
        event: seat.event,
        at: job.at,
        origin: job.origin,
        data: seat.data,
      });
  return jobs;
}

/** A challenge sent to a player goes to their linked chats too (notifications on), with Accept and Decline buttons. */
export class ChatChallengeNotifier implements PlayerEventSink {
  constructor(
    private readonly db: D1Database,
    private readonly queue: Queue<QueueJob> | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  async send(playerId: string, event: PlayerEvent, _base: LinkBase): Promise<void> {
    if (event.type !== 'challenge' || !this.queue) return;
    const links = (await new ChatStore(this.db).linksOf([playerId])).filter((l) => l.notify);
    if (!links.length) return;
    const ch = event.challenge;
    const text = [...challengeLines(ch), '', `Answer with the buttons, or /accept ${ch.id}.`].join('\n');
    const jobs: ChatChallengeJob[] = links.map((link) => ({
      id: `chat_${link.platform}_${link.externalId}_challenge_${ch.id}`,
      chat: { platform: link.platform, externalId: link.externalId, playerId },
      event: 'challenge',
      challengeId: ch.id,
      at: this.clock(),
      text,
    }));
    await sendJobs(this.queue, jobs);
  }
}

/** Several player-event sinks as one (the event stream and webhook, the chats). */
export function allPlayerSinks(...sinks: PlayerEventSink[]): PlayerEventSink {
  return {
    async send(playerId, event, base) {
      const results = await Promise.allSettled(sinks.map((s) => s.send(playerId, event, base)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    // The lobby stream (issue 27): every sink that has one hears of it.
    async challengesChanged() {
      await Promise.all(sinks.map((s) => s.challengesChanged?.()));
    },
  };
}
