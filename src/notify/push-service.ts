// Web Push subscriptions and a player's own notification choices: store a browser's
// PushSubscription for a player (their key: all their games and challenges) or for one seat
// (its token), remove it, read and change which events go where.
import { failedOnForeignKey } from '../db/d1-store.ts';
import type { GameReads } from '../db/game-store.ts';
import type { PlayerRow } from '../db/schema.ts';
import { sha256Hex } from '../service/crypto.ts';
import { heldSeat, type KeyCheck } from '../service/seat-holder.ts';
import type { WebhookPolicy } from '../service/ports.ts';
import { done, fail, type ServiceResult } from '../service/result.ts';
import type { PushOwner, PushStore } from './push-store.ts';
import { parseNotify } from './recipients.ts';
import type { NotifyChoices } from './schemas.ts';
import type { NotifySettings } from './types.ts';
import { subscriptionProblem, type SubscriptionInput } from './web-push.ts';

export interface Subscribed {
  readonly subscribed: boolean;
  /** "player" (all your games) or "seat" (this game's side). */
  readonly for: 'player' | 'seat';
  readonly endpoint: string;
  readonly gameId?: string;
  readonly side?: string;
}

export class PushService {
  constructor(
    private readonly store: PushStore,
    /** A game's whole row (the seats' token hashes): from its object. */
    private readonly games: Pick<GameReads, 'game'>,
    private readonly policy: WebhookPolicy,
    private readonly clock: () => number = Date.now,
    /** Player keys act as the token of their player's seat (as on every game route). */
    private readonly players?: KeyCheck,
  ) {}

  /** The seat a game token (or its player's key: `byKey`) holds: 404 for no game, 403 for a token that is not a player's. */
  private async seat(gameId: string, token: string): Promise<ServiceResult<{ owner: PushOwner & { gameId: string }; byKey: boolean }>> {
    const seat = await heldSeat(await this.games.game(gameId), gameId, token, this.players);
    return seat.ok ? done({ owner: { gameId, side: seat.value.side }, byKey: seat.value.byKey }) : seat;
  }

  private async add(owner: PushOwner, sub: SubscriptionInput, key?: string): Promise<ServiceResult<Subscribed>> {
    const problem = await subscriptionProblem(sub, this.policy);
    if (problem) return fail(400, problem.startsWith('endpoint:') ? 'refused_url' : 'invalid_body', problem);
    const keyHash = key === undefined ? null : await sha256Hex(key);
    try {
      await this.store.subscribe(owner, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, this.clock(), keyHash);
    } catch (e) {
      // The key ended between its check and this write: its subscription would have ended with it.
      if (keyHash && failedOnForeignKey(e)) return fail(403, 'bad_key', 'that key was ended meanwhile');
      throw e;
    }
    return done(described(owner, sub.endpoint, true));
  }

  private async drop(owner: PushOwner, endpoint: string): Promise<ServiceResult<Subscribed>> {
    if (!(await this.store.unsubscribe(owner, endpoint))) return fail(404, 'unknown_subscription', 'endpoint: no subscription with this endpoint here');
    return done(described(owner, endpoint, false));
  }

  /** `key`: the player key that asked; the subscription ends when that key does (a leaked key's with it). */
  subscribePlayer(player: PlayerRow, key: string, sub: SubscriptionInput) {
    return this.add({ playerId: player.id }, sub, key);
  }

  unsubscribePlayer(player: PlayerRow, endpoint: string) {
    return this.drop({ playerId: player.id }, endpoint);
  }

  /** A seat's subscription; made with the player's key, it ends when that key does (a game token's, when the seat's link is renewed). */
  async subscribeSeat(gameId: string, token: string, sub: SubscriptionInput): Promise<ServiceResult<Subscribed>> {
    const seat = await this.seat(gameId, token);
    return seat.ok ? this.add(seat.value.owner, sub, seat.value.byKey ? token : undefined) : seat;
  }

  async unsubscribeSeat(gameId: string, token: string, endpoint: string): Promise<ServiceResult<Subscribed>> {
    const seat = await this.seat(gameId, token);
    return seat.ok ? this.drop(seat.value.owner, endpoint) : seat;
  }

  /** The player's choices in force in their games (where a seat chose nothing itself). */
  async choices(player: PlayerRow): Promise<NotifySettings> {
    return parseNotify(null, (await this.store.playerChoices([player.id])).get(player.id));
  }

  async setChoices(player: PlayerRow, input: NotifyChoices): Promise<NotifySettings> {
    await this.store.patchPlayerChoices(player.id, JSON.stringify(input));
    return this.choices(player);
  }
}

function described(owner: PushOwner, endpoint: string, subscribed: boolean): Subscribed {
  return 'playerId' in owner ? { subscribed, for: 'player', endpoint } : { subscribed, for: 'seat', endpoint, gameId: owner.gameId, side: owner.side };
}
