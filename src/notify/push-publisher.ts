// From events to Web Push messages: one queue message per (event, browser subscription), for
// the seats the event is for and their players, as their choices allow. The words are fixed
// at the time of the event, like a webhook's body; the queue retries and dead-letters them.
import type { GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import type { PublicChallenge } from '../service/challenges.ts';
import type { EventSink, GameEvent, NotifyEvent } from '../service/ports.ts';
import type { PublicMove } from '../service/public-state.ts';
import { challengeLines, challengeSubject, subject, summary } from './messages.ts';
import { eventData } from './publisher.ts';
import type { PushStore } from './push-store.ts';
import { eventWanted, parseNotify, recipient } from './recipients.ts';
import type { EventData, PushJob, PushNotification, QueueJob } from './types.ts';

/** The last call goes out with Urgency: high (a phone wakes for it); everything else is normal. */
export const urgencyOf = (event: NotifyEvent): PushJob['urgency'] => (event === 'last-call' ? 'high' : 'normal');

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** A game event as a notification: the subject line as title, what happened (who, which move, the deadline) as body. */
export function pushWords(event: NotifyEvent, data: EventData): PushNotification {
  const lines = summary(event, data).filter((l) => !/^You have \d+ legal turn/.test(l));
  const opponent = data.players[data.you === 'white' ? 'black' : 'white'];
  const deadline =
    data.deadline && data.status === 'active' && data.sideToMove === data.you ? `Deadline ${data.deadline.slice(0, 16).replace('T', ' ')} UTC.` : '';
  const body = [...lines, ...(deadline && !lines.some((l) => l.includes(data.deadline!)) ? [deadline] : [])].join('\n');
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

export class PushNotifier implements EventSink {
  constructor(
    private readonly store: PushStore,
    private readonly queue: Queue<QueueJob> | undefined,
    private readonly publicUrl: string | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  private origin(row: GameRow): string {
    return (this.publicUrl || row.linkOrigin || 'http://localhost:8787').replace(/\/+$/, '');
  }

  /** The push messages these events make (exported for tests). */
  async jobs(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<PushJob[]> {
    if (!events.length) return [];
    const subs = await this.store.gameSubscriptions(row);
    if (!subs.length) return [];
    const choices = await this.store.playerChoices([row.whitePlayerId, row.blackPlayerId]);
    const at = this.clock();
    const jobs: PushJob[] = [];
    for (const event of events)
      for (const side of event.recipients) {
        const playerId = playerOf(row, side);
        const to = recipient(row, side, playerId ? choices.get(playerId) : null);
        if (eventWanted(to.notify, 'push', event.type)) continue;
        const mine = subs.filter((s) => (s.gameId === row.id && s.side === side) || (playerId !== null && s.playerId === playerId));
        if (!mine.length) continue;
        const data: EventData = {
          ...eventData(row, side, lastMove, this.origin(row)),
          ...(event.message ? { message: event.message } : {}),
          ...(event.plan ? { plan: event.plan } : {}),
          ...(event.offer ? { offer: event.offer } : {}),
        };
        const notification = pushWords(event.type, data);
        const endpoints = new Set<string>();
        for (const sub of mine) {
          if (endpoints.has(sub.endpoint)) continue; // the same browser as seat and as player: one push
          endpoints.add(sub.endpoint);
          jobs.push({
            id: `push_${row.id}_${row.ply}_${event.type}_${side}_${sub.id}_${at.toString(36)}`,
            channel: 'push',
            subscriptionId: sub.id,
            gameId: row.id,
            side,
            event: event.type,
            at,
            urgency: urgencyOf(event.type),
            notification,
          });
        }
      }
    return jobs;
  }

  async publish(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<void> {
    if (!this.queue) return;
    const jobs = await this.jobs(row, events, lastMove);
    if (jobs.length) await this.queue.sendBatch(jobs.map((body) => ({ body, contentType: 'json' as const })));
  }

  /** A challenge sent to a player: pushed to the browsers the player subscribed, if they want it. */
  async challenge(playerId: string, challenge: PublicChallenge): Promise<void> {
    if (!this.queue) return;
    const subs = await this.store.playerSubscriptions(playerId);
    if (!subs.length) return;
    const choices = await this.store.playerChoices([playerId]);
    if (eventWanted(parseNotify(null, choices.get(playerId)), 'push', 'challenge')) return;
    const at = this.clock();
    const notification = challengeWords(challenge);
    const jobs: PushJob[] = subs.map((sub) => ({
      id: `push_challenge_${challenge.id}_${sub.id}`,
      channel: 'push',
      subscriptionId: sub.id,
      gameId: null,
      side: null,
      event: 'challenge',
      at,
      urgency: 'normal',
      notification,
    }));
    await this.queue.sendBatch(jobs.map((body) => ({ body, contentType: 'json' as const })));
  }
}
