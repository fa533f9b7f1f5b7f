// From events to Web Push messages. A game's events are pushed in two steps, so that a move
// costs no D1 read beyond its own (issue 18): the request queues one fan-out message with the
// words of each seat's push, and only for a game that has subscriptions (games.push_subscribed,
// kept by triggers); the queue consumer reads the subscriptions and the players' choices and
// queues one message per (push, browser subscription), each retried and dead-lettered on its own.
// The words are fixed at the time of the event, like a webhook's body.
import type { GameRow, PushSubscriptionRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import type { PublicChallenge } from '../service/challenges.ts';
import type { EventSink, GameEvent, NotifyEvent } from '../service/ports.ts';
import { utc, type PublicMove } from '../service/public-state.ts';
import { challengeLines, challengeSubject, noTypedReply, subject, summary, yourDeadline } from './messages.ts';
import { eventData } from './publisher.ts';
import type { PushStore } from './push-store.ts';
import { linkOrigin } from '../service/links.ts';
import { sendJobs } from './queue.ts';
import { carriedAs, parseNotify, whyUnwanted } from './recipients.ts';
import type { EventData, PushFanoutJob, PushJob, PushNotification, QueueJob, SeatPush } from './types.ts';

/** The last call goes out with Urgency: high (a phone wakes for it); everything else is normal. */
export const urgencyOf = (event: NotifyEvent): PushJob['urgency'] => (event === 'last-call' ? 'high' : 'normal');

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** A game event as a notification: the subject line as title, what happened (who, which move, the deadline) as body. */
export function pushWords(event: NotifyEvent, data: EventData): PushNotification {
  // A notification takes no typed reply: its answers are on the game's page, which it opens.
  const lines = summary(event, data)
    .filter((l) => !/^You have \d+ legal turn/.test(l))
    .map(noTypedReply);
  const opponent = data.players[data.you === 'white' ? 'black' : 'white'];
  // The deadline once: the summary of a turn, a reminder or a last call already says it.
  const deadline = yourDeadline(data);
  const body = [...lines, ...(deadline && !lines.some((l) => l.includes(utc(data.deadline!))) ? [deadline] : [])].join('\n');
  return {
    title: clip(`${subject(event, data)}${opponent && !subject(event, data).includes(opponent) ? ` (vs ${opponent})` : ''}`, 200),
    body: clip(body, 1200),
    tag: `game-${data.gameId}`,
    url: data.link,
    event,
    gameId: data.gameId,
  };
}

export function challengeWords(ch: PublicChallenge): PushNotification {
  return { title: clip(challengeSubject(ch), 200), body: clip(challengeLines(ch)[0]!, 1200), tag: `challenge-${ch.id}`, url: ch.link, event: 'challenge' };
}

const playerOf = (row: GameRow, side: Color) => (side === 'white' ? row.whitePlayerId : row.blackPlayerId);

/** The seats' pushes of these events, in words (exported for tests); empty when the game has no push subscription. */
export function seatPushes(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null, origin: string): SeatPush[] {
  // Unknown (a row without the column): push, and let the fan-out find out.
  if (row.pushSubscribed === false) return [];
  const facts = new Map<Color, EventData>();
  const pushes: SeatPush[] = [];
  for (const event of events)
    for (const side of event.recipients) {
      const seatNotify = side === 'white' ? row.whiteNotify : row.blackNotify;
      // The seat's own choices win over its player's (recipients.ts): what they turn off is off whatever the player chose.
      if (!carriedAs(parseNotify(seatNotify), 'push', event)) continue;
      if (!facts.has(side)) facts.set(side, eventData(row, side, lastMove, origin));
      const data: EventData = {
        ...facts.get(side)!,
        ...(event.message ? { message: event.message } : {}),
        ...(event.plan ? { plan: event.plan } : {}),
        ...(event.offer ? { offer: event.offer } : {}),
        ...(event.tournament ? { tournament: event.tournament } : {}),
      };
      // A turn's news is stale once its deadline has passed: a phone offline until then never gets it (tester 7 H13).
      const expires = side === row.sideToMove && row.deadline !== null && ['turn', 'reminder', 'last-call'].includes(event.type);
      pushes.push({
        side,
        ...(expires ? { expiresAt: row.deadline! } : {}),
        playerId: playerOf(row, side),
        seatNotify,
        event: event.type,
        urgency: urgencyOf(event.type),
        notification: pushWords(event.type, data),
        ...(event.type === 'turn' && event.message ? { asMessage: pushWords('message', data) } : {}),
      });
    }
  return pushes;
}

/**
 * The fan-out (the queue consumer's part): one push message per seat push and browser that hears it
 * (the seat's own subscriptions and its player's), as the seat's and the player's choices allow; a
 * browser subscribed both as the seat and as its player gets one push.
 */
export function fanOut(job: PushFanoutJob, subs: readonly PushSubscriptionRow[], choices: ReadonlyMap<string, string>): PushJob[] {
  const jobs: PushJob[] = [];
  for (const push of job.pushes) {
    const { side, playerId } = push;
    const event = carriedAs(parseNotify(push.seatNotify, playerId ? choices.get(playerId) : null), 'push', { type: push.event, message: push.asMessage });
    if (!event) continue;
    const notification = event === push.event ? push.notification : push.asMessage!;
    const endpoints = new Set<string>();
    for (const sub of subs) {
      const mine = (sub.gameId === job.gameId && sub.side === side) || (playerId !== null && sub.playerId === playerId);
      if (!mine || endpoints.has(sub.endpoint)) continue;
      endpoints.add(sub.endpoint);
      jobs.push({
        id: `push_${job.gameId}_${job.ply}_${event}_${side}_${sub.id}_${job.at.toString(36)}`,
        channel: 'push',
        subscriptionId: sub.id,
        gameId: job.gameId,
        side,
        event,
        at: job.at,
        urgency: event === push.event ? push.urgency : urgencyOf(event),
        notification,
        ...(push.expiresAt !== undefined ? { expiresAt: push.expiresAt } : {}),
      });
    }
  }
  return jobs;
}

export class PushNotifier implements EventSink {
  constructor(
    private readonly store: PushStore,
    private readonly queue: Queue<QueueJob> | undefined,
    private readonly publicUrl: string | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  private origin(row: GameRow): string {
    return linkOrigin(this.publicUrl, row.linkOrigin);
  }

  /** The fan-out message of these events, if any browser can hear them (exported for tests). */
  job(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): PushFanoutJob | undefined {
    const pushes = seatPushes(row, events, lastMove, this.origin(row));
    if (!pushes.length) return undefined;
    const at = this.clock();
    return { id: `pushes_${row.id}_${row.ply}_${at.toString(36)}`, channel: 'push-fanout', gameId: row.id, ply: row.ply, at, pushes };
  }

  /** No D1 read here: the fan-out is the consumer's (consumer.ts). */
  async publish(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<void> {
    if (!this.queue) return;
    const job = this.job(row, events, lastMove);
    if (job) await sendJobs(this.queue, [job]);
  }

  /**
   * A challenge sent to a player: pushed to the browsers the player subscribed, if they want it.
   * (Read here, after the answer, beside the player's row that the challenge's other notices read.)
   */
  async challenge(playerId: string, challenge: PublicChallenge): Promise<void> {
    if (!this.queue) return;
    const subs = await this.store.playerSubscriptions(playerId);
    if (!subs.length) return;
    const choices = await this.store.playerChoices([playerId]);
    if (whyUnwanted(parseNotify(null, choices.get(playerId)), 'push', 'challenge')) return;
    const at = this.clock();
    const notification = challengeWords(challenge);
    await sendJobs(
      this.queue,
      subs.map((sub) => ({
        id: `push_challenge_${challenge.id}_${sub.id}`,
        channel: 'push',
        subscriptionId: sub.id,
        gameId: null,
        side: null,
        event: 'challenge',
        at,
        urgency: 'normal',
        notification,
      })),
    );
  }
}
