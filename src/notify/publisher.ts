// From game events to queue messages: one message per (event, recipient, channel),
// with the payload fixed at the time of the event (so a retried webhook carries the
// same body and the same webhook-id). Sending to the queue never waits on a receiver.
import type { GameRow, PlayerRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { winnerOf } from '../service/outcome-words.ts';
import type { EventSink, GameEvent } from '../service/ports.ts';
import { gameRatings, positionKey, publicPause, publicPauseOffer, publicPlayer, type PublicMove } from '../service/public-state.ts';
import { storedGame } from '../service/stored-game.ts';
import { boardText } from './board-text.ts';
import { carriedAs, channelOff, recipient } from './recipients.ts';
import type { PlayerEvent } from '../service/challenges.ts';
import { playerEventText } from './messages.ts';
import { CHANNELS, type EventData, type NotifyJob, type PlayerJob, type QueueJob } from './types.ts';
import { linkOrigin } from '../service/links.ts';
import { sendJobs } from './queue.ts';

/** The facts of a game for one player: board as text, legal-turn count, link (also the chat notifications' facts, chat/notifier.ts). */
export function eventData(row: GameRow, you: Color, lastMove: PublicMove | null, origin: string): EventData {
  const game = storedGame(row);
  const view = game?.variant.view(game.position);
  const example = game && row.status === 'active' && row.sideToMove === you ? game.exampleTurns()[0]?.text : undefined;
  const ratings = gameRatings(row);
  const over = row.status === 'active' ? undefined : row.status === 'aborted' ? 'Game aborted' : `Game over: ${row.result} (${row.reason ?? 'finished'})`;
  return {
    gameId: row.id,
    variant: row.variant,
    ...(game ? { title: game.variant.title } : {}),
    you,
    ply: row.ply,
    status: row.status,
    sideToMove: row.sideToMove,
    result: row.result,
    reason: row.reason,
    winner: winnerOf(row.result),
    check: view?.check ?? false,
    lastMove,
    position: row.position,
    board: view ? boardText(view, over ? { over } : undefined) : row.position,
    legalCount: game && row.status === 'active' ? game.legalTexts().length : 0,
    ...(example ? { example } : {}),
    drawOffer: row.drawOfferBy,
    pause: publicPause(row),
    pauseOffer: publicPauseOffer(row),
    deadline: row.status === 'active' && row.deadline !== null ? new Date(row.deadline).toISOString() : null,
    ...(row.daysPerMove ? { daysPerMove: row.daysPerMove } : {}),
    players: { white: publicPlayer(row, 'white').name, black: publicPlayer(row, 'black').name },
    link: `${origin}/games/${row.id}`,
    // The position's key in the address: after a takeback the same ply is another picture, and mail
    // clients and Discord's proxy keep a picture by its address.
    image: `${origin}/api/games/${row.id}/board.png?ply=${row.ply}&at=${positionKey(row.position)}`,
    ...(ratings ? { ratings } : {}),
    ...(row.tournamentId ? { tournament: { id: row.tournamentId } } : {}),
    ...((you === 'white' ? row.whitePlayerId : row.blackPlayerId) ? { playerSeat: true as const } : {}),
  };
}

/**
 * The end of an event's stable ids (the webhooks' and the chats'), after the game, ply and event.
 * Several draw offers can happen at one ply (offer, decline, offer): told apart by time; messages by
 * their id. A ply can be reached twice (turns taken back, then played again): the rest by the time
 * of the turn that made the position, so a receiver that de-duplicates on the id never drops the second.
 */
export function eventIdTail(event: GameEvent, at: number, lastMove: PublicMove | null): string {
  const type = event.type;
  if (
    type === 'draw-offer' ||
    type === 'takeback-offer' ||
    type === 'takeback' ||
    type.startsWith('pause') ||
    type.startsWith('rematch') ||
    type === 'offer-declined'
  )
    return `_${at.toString(36)}`;
  if (type === 'message' && event.message) return `_${event.message.id}`;
  return lastMove ? `_${Date.parse(lastMove.at).toString(36)}` : '';
}

/** What an event adds to its game's facts: the message, the planned lines' outcome, the offer, the tournament. */
export const eventFields = (event: GameEvent) => ({
  ...(event.message ? { message: event.message } : {}),
  ...(event.plan ? { plan: event.plan } : {}),
  ...(event.offer ? { offer: event.offer } : {}),
  ...(event.tournament ? { tournament: event.tournament } : {}),
});

/** Stable message id: the same event for the same player and channel always has the same id. */
const jobId = (row: GameRow, event: GameEvent, side: Color, channel: string, at: number, lastMove: PublicMove | null): string =>
  `msg_${row.id}_${row.ply}_${event.type}_${side}_${channel}${eventIdTail(event, at, lastMove)}`;

export class QueueNotifier implements EventSink {
  constructor(
    private readonly queue: Queue<QueueJob> | undefined,
    private readonly publicUrl: string | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  origin(row: GameRow): string {
    return linkOrigin(this.publicUrl, row.linkOrigin);
  }

  /** The jobs these events make (exported for tests and the README's examples). */
  jobs(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): NotifyJob[] {
    const at = this.clock();
    const origin = this.origin(row);
    const data = new Map<Color, EventData>();
    const jobs: NotifyJob[] = [];
    for (const event of events)
      for (const side of event.recipients) {
        const to = recipient(row, side);
        for (const channel of CHANNELS) {
          const type = carriedAs(to.notify, channel, event);
          if (!type || channelOff(to, channel, type)) continue;
          const sent = type === event.type ? event : { ...event, type };
          if (!data.has(side)) data.set(side, eventData(row, side, lastMove, origin));
          const facts = { ...data.get(side)!, ...eventFields(sent) };
          jobs.push({
            id: jobId(row, sent, side, channel, at, lastMove),
            gameId: row.id,
            side,
            event: type,
            channel,
            at,
            origin,
            data: facts,
          });
        }
      }
    return jobs;
  }

  async publish(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<void> {
    if (!this.queue || !events.length) return;
    const jobs = this.jobs(row, events, lastMove);
    await sendJobs(this.queue, jobs);
  }
}

/** Stable message id of a player event: the same event for the same player always has the same id. */
function playerJobId(playerId: string, event: PlayerEvent): string {
  const about = 'challenge' in event ? event.challenge.id : 'tournament' in event ? event.tournament.id : `${event.game.id}_${event.game.ply}`;
  return `msg_player_${playerId}_${event.type}_${about}`;
}

/** A player's events to their own webhook, when they set one, through the same queue as the games' notifications. */
export class PlayerWebhookNotifier {
  constructor(
    private readonly queue: Queue<QueueJob> | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  job(player: Pick<PlayerRow, 'id' | 'webhook' | 'webhookSecret' | 'webhookDisabledAt'>, event: PlayerEvent, origin: string): PlayerJob | undefined {
    if (!player.webhook || !player.webhookSecret || player.webhookDisabledAt !== null) return undefined;
    return {
      id: playerJobId(player.id, event),
      playerId: player.id,
      event: event.type,
      channel: 'webhook',
      at: this.clock(),
      origin,
      data: { ...event, text: playerEventText(event) },
    };
  }

  async publish(player: Pick<PlayerRow, 'id' | 'webhook' | 'webhookSecret' | 'webhookDisabledAt'>, event: PlayerEvent, origin: string): Promise<void> {
    const job = this.job(player, event, origin);
    if (job && this.queue) await sendJobs(this.queue, [job]);
  }
}
