// What service events become on the event streams: a game's moves, offers and ending
// go to its stream and sockets (held by the game's own object); "your turn", an offer to answer
// (and its closing) and "game over" go to the players' streams;
// challenge events, game starts and game ends go to the player's stream and own webhook, a
// challenge also by email.
import type { PlayerStore } from '../db/player-store.ts';
import type { GameRow } from '../db/schema.ts';
import type { PlayerMail } from '../notify/player-mail.ts';
import type { PlayerWebhookNotifier } from '../notify/publisher.ts';
import type { EventSink, GameEvent } from '../service/ports.ts';
import type { PlayerEvent, PlayerEventSink, PublicChallenge } from '../service/challenges.ts';
import { linkOrigin, type LinkBase } from '../service/links.ts';
import type { Config } from './config.ts';
import { publicState, type PublicMove } from '../service/public-state.ts';
import { myGame } from '../service/players.ts';
import { hubOf } from './event-hub.ts';
import { gameObject } from './game-objects.ts';
import { COLORS } from '../engine/types.ts';

/** The game stream's name for what happened: a move, a draw offer, the end, or a message (its words are not in the line: the stream is public). */
const GAME_LINE: Partial<Record<GameEvent['type'], string>> = {
  turn: 'move',
  'draw-offer': 'drawOffer',
  'game-over': 'gameFinish',
  message: 'message',
  'takeback-offer': 'takebackOffer',
  takeback: 'takeback',
  'pause-offer': 'pauseOffer',
  pause: 'pause',
  'pause-end': 'pauseEnd',
  'offer-declined': 'offerDeclined',
  'offer-withdrawn': 'offerWithdrawn',
  'rematch-offer': 'rematchOffer',
  rematch: 'rematch',
};

/** An offer made to a side (a draw, a takeback, a pause): the game now waits for that side's answer. */
const OFFER_MADE: ReadonlySet<GameEvent['type']> = new Set(['draw-offer', 'takeback-offer', 'pause-offer']);
/** An offer answered (declined, or a takeback or pause agreed) with the game going on: it waits no more. */
const OFFER_CLOSED: ReadonlySet<GameEvent['type']> = new Set(['offer-declined', 'offer-withdrawn', 'takeback', 'pause']);

export class HubEvents implements EventSink, PlayerEventSink {
  constructor(
    private readonly env: Cloudflare.Env,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly players: PlayerStore,
    private readonly mail: PlayerMail,
    private readonly webhooks: PlayerWebhookNotifier,
    /** Web Push of a challenge to the player's browsers. */
    private readonly push?: { challenge(playerId: string, challenge: PublicChallenge): Promise<void> },
    /** Inside a game's object: its own sockets, reached without an RPC to itself. */
    private readonly ownSockets?: { readonly gameId: string; publish(lines: readonly object[]): Promise<number> },
  ) {}

  private base(row: GameRow): LinkBase {
    return { origin: linkOrigin(this.config.publicUrl, row.linkOrigin) };
  }

  async publish(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<void> {
    // A message sent with a turn rides on the turn's event (one notification): on the stream it is
    // a `message` line of its own after the move, as a message sent alone is.
    const lines = events.flatMap((e): GameEvent['type'][] =>
      GAME_LINE[e.type] ? (e.type === 'turn' && 'message' in e && e.message ? [e.type, 'message'] : [e.type]) : [],
    );
    if (!lines.length) return;
    const last = lastMove
      ? { gameId: row.id, ply: lastMove.ply, side: lastMove.side, text: lastMove.text, positionAfter: row.position, createdAt: Date.parse(lastMove.at) }
      : undefined;
    const state = publicState(row, last);
    const base = this.base(row);
    const gameLines = lines.map((type) => ({ type: GAME_LINE[type], state }));
    // The game's NDJSON streams and the game page's sockets: both held by the game's own object.
    const sockets = this.ownSockets?.gameId === row.id ? this.ownSockets : gameObject(this.env, row.id);
    const sends: Promise<unknown>[] = [sockets.publish(gameLines)];
    for (const side of COLORS) {
      const playerId = side === 'white' ? row.whitePlayerId : row.blackPlayerId;
      if (!playerId) continue;
      const game = myGame(row, side, base);
      // The end (with the ratings) also goes to the player's own webhook; "your turn" only to the stream (the seat's notifications say it),
      // after the opponent's turn or a takeback that gives the move back.
      if (events.some((e) => e.type === 'game-over')) sends.push(this.send(playerId, { type: 'gameFinish', game }, base));
      else {
        // An offer to answer (or one answered) changes what waits for the player as a turn does: /me,
        // the header's count and a bot following the stream hear of it (both players, once it closes).
        const line =
          game.yourTurn && events.some((e) => (e.type === 'turn' && e.recipients.includes(side)) || e.type === 'takeback')
            ? 'yourTurn'
            : events.some((e) => OFFER_MADE.has(e.type) && e.recipients.includes(side))
              ? 'offer'
              : events.some((e) => OFFER_CLOSED.has(e.type))
                ? 'offerClosed'
                : undefined;
        if (line) sends.push(hubOf(this.env, `player:${playerId}`).publish([{ type: line, game }]));
      }
    }
    await Promise.all(sends);
  }

  /** The public lobby stream says only that something changed (no ids: a challenge to one player stays theirs). */
  async challengesChanged(): Promise<void> {
    await hubOf(this.env, 'lobby').publish([{ type: 'challenges' }]);
  }

  async send(playerId: string, event: PlayerEvent, base: LinkBase): Promise<void> {
    const stream = hubOf(this.env, `player:${playerId}`).publish([event]);
    const others = async () => {
      const player = await this.players.player(playerId);
      if (!player) return;
      await Promise.all([
        this.webhooks.publish(player, event, base.origin),
        event.type === 'challenge' && player.email && player.emailConfirmedAt !== null
          ? this.mail.challenge(player.email, event.challenge, playerId)
          : undefined,
        event.type === 'tournamentFinish' && player.email && player.emailConfirmedAt !== null
          ? this.mail.tournamentFinish(player.email, event.tournament, playerId)
          : undefined,
        event.type === 'challenge' ? this.push?.challenge(playerId, event.challenge) : undefined,
      ]);
    };
    const results = await Promise.allSettled([stream, others()]);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** Several sinks as one: each gets every event; one failing does not stop the others. */
export function allOf(...sinks: EventSink[]): EventSink {
  return {
    async publish(row, events, lastMove) {
      const results = await Promise.allSettled(sinks.map((s) => s.publish(row, events, lastMove)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
