// Reaching the games' Durable Objects (game-object.ts) from the rest of the Worker:
//  - GameClient: the game service's API, each call run by the game's object (one RPC); a new
//    game's id is picked here, so its object is known before it is made.
//  - RemoteGames: a game's records read (and its seats' settings changed) through its object,
//    its row from the directory (D1), for the views, the notification settings and the consumer.
//  - ObjectAlarms: a game's alarm set from outside its object (the notification settings).
import { Directory } from '../db/directory.ts';
import type { PlayerChanges, RenewedToken } from '../db/game-store.ts';
import type { DeliveryRow, NewDeliveryRow } from '../db/game-schema.ts';
import type { GameRow, MessageRow, MoveRow, TakebackRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { NotifyStore } from '../notify/store.ts';
import { hasGameIdTag, newTaggedGameId } from '../service/game-ids.ts';
import { fail } from '../service/result.ts';
import { config } from './config.ts';
import type { GameApi, GameMethod, GameService } from '../service/games.ts';
import type { GameAlarms } from '../service/ports.ts';

/** The object of one game (created on first write: it only reads for an id it holds no game of). */
export const gameObject = (env: Cloudflare.Env, id: string) => env.GAMES.get(env.GAMES.idFromName(id));

/**
 * A client of the games' objects with the game service's API. `later`: where the object's
 * after-answer work is waited for (the request's waitUntil), so the answer does not wait for it.
 */
export function gameClient(
  env: Cloudflare.Env,
  later?: (work: Promise<unknown>) => void,
  clock: () => number = Date.now,
  ids: GameIdCheck = new GameIdCheck(env),
): GameClient {
  const key = config(env).gameIdKey;
  const call = async (id: string, method: GameMethod, args: unknown[]) => {
    if (!CREATING.includes(method) && !(await ids.mayBeGame(id))) return unknownGame(id, method);
    const stub = gameObject(env, id);
    // A clock of the caller's own (the cron's scheduled time, a test's) is handed over as the time it says now.
    const { answer, pending } = await stub.run(id, method, args, clock === Date.now ? undefined : clock());
    if (pending) {
      const drained = stub.drain();
      if (later) later(drained);
      else await drained;
    }
    return answer;
  };
  return new Proxy({} as GameClient, {
    get(_target, method: GameMethod | 'newId' | 'then' | symbol) {
      // Not a promise (`await` looks for `then`), nor anything but the service's methods.
      if (typeof method === 'symbol' || method === 'then') return undefined;
      if (method === 'newId') return () => newTaggedGameId(key);
      return async (...args: unknown[]) => {
        // A new game: its id chosen here (or the one claimed beforehand), its object makes it.
        if (method === 'create') {
          const [input, base, seats] = args as Parameters<GameService['create']>;
          const id = seats?.id ?? (await newTaggedGameId(key));
          return call(id, method, [input, base, { players: {}, ...seats, id }]);
        }
        if (method === 'import') {
          const id = await newTaggedGameId(key);
          return call(id, method, [...args.slice(0, 3), id]);
        }
        return call(args[0] as string, method, args);
      };
    },
  });
}

/** The game service's client: its API, and a new game's id to claim before the game is made (an accepted challenge). */
export type GameClient = GameApi & { newId(): Promise<string> };

/** Methods that make a game, so they may touch an object that holds none yet. */
export const CREATING: readonly string[] = ['create', 'import'];

/** What the Worker may read or change in a game's storage directly (the views, the notification settings, the consumer, seat claims). */
export const STORE_METHODS = [
  'game',
  'moves',
  'move',
  'takebacks',
  'messages',
  'timesReached',
  'updatePlayer',
  'disableWebhook',
  'claimSeat',
  'renewSeatToken',
  'renewedToken',
] as const;
/** ... and in its seats' records (src/db/seat-records.ts): the consumer's delivery log, reply mail, the game page's invitation. */
export const SEAT_RECORD_METHODS = ['logDelivery', 'deliveries', 'claimMessage', 'addInvitation', 'invitation', 'dropInvitation'] as const;
export type StoreMethod = (typeof STORE_METHODS)[number] | (typeof SEAT_RECORD_METHODS)[number];

/**
 * Whether an id may name a game, before its object is touched: a tag made here, or else the directory
 * knows it. Each id is judged once for the life of the checker (one request, batch or call: the route's
 * check and the object's call share it), so a request does not take the HMAC or read the directory twice.
 */
export class GameIdCheck {
  private readonly key: string;
  private readonly directory: Directory;
  private readonly judged = new Map<string, Promise<boolean>>();
  constructor(env: Cloudflare.Env) {
    this.key = config(env).gameIdKey;
    this.directory = new Directory(env.DB);
  }

  mayBeGame(id: string): Promise<boolean> {
    let answer = this.judged.get(id);
    if (!answer) {
      answer = (async () => (await hasGameIdTag(this.key, id)) || (await this.directory.game(id)) !== undefined)();
      // A failed read is not remembered: the next call asks again.
      answer.catch(() => this.judged.delete(id));
      this.judged.set(id, answer);
    }
    return answer;
  }
}

/** What the game service answers for a game nobody made. */
export function unknownGame(id: string, method: GameMethod): unknown {
  if (method === 'readsAsTurn') return false;
  if (method === 'settleDue') return undefined;
  return fail(404, 'unknown_game', `no game with id ${id}`);
}

/** What a store read or write answers for a game nobody made. */
export function noRecords(method: StoreMethod): unknown {
  if (method === 'moves' || method === 'takebacks' || method === 'messages' || method === 'deliveries') return [];
  if (method === 'claimSeat' || method === 'renewSeatToken' || method === 'claimMessage') return false;
  if (method === 'timesReached') return 0;
  return undefined;
}

/** A game's records, read through its object; its row from the directory. */
export class RemoteGames {
  constructor(
    private readonly env: Cloudflare.Env,
    private readonly ids: GameIdCheck = new GameIdCheck(env),
  ) {}

  /** Whether `id` may name a game (a tag made here, or the directory knows it): no object is touched. */
  mayBeGame(id: string): Promise<boolean> {
    return this.ids.mayBeGame(id);
  }

  private async stored<T>(id: string, method: StoreMethod, args: unknown[]): Promise<T> {
    if (!(await this.mayBeGame(id))) return noRecords(method) as T;
    return (await gameObject(this.env, id).stored(id, method, args)) as T;
  }

  /** The whole row (the directory has only a summary). */
  game(id: string): Promise<GameRow | undefined> {
    return this.stored(id, 'game', [id]);
  }
  moves(id: string, afterPly = 0): Promise<MoveRow[]> {
    return this.stored(id, 'moves', [id, afterPly]);
  }
  move(id: string, ply: number): Promise<MoveRow | undefined> {
    return this.stored(id, 'move', [id, ply]);
  }
  takebacks(id: string): Promise<TakebackRow[]> {
    return this.stored(id, 'takebacks', [id]);
  }
  messages(id: string): Promise<MessageRow[]> {
    return this.stored(id, 'messages', [id]);
  }
  timesReached(id: string, position: string): Promise<number> {
    return this.stored(id, 'timesReached', [id, position]);
  }
  updatePlayer(id: string, side: Color, changes: PlayerChanges, now: number): Promise<void> {
    return this.stored(id, 'updatePlayer', [id, side, changes, now]);
  }
  disableWebhook(id: string, side: Color, url: string, now: number): Promise<void> {
    return this.stored(id, 'disableWebhook', [id, side, url, now]);
  }
  claimSeat(id: string, side: Color, playerId: string, name?: string): Promise<boolean> {
    return this.stored(id, 'claimSeat', [id, side, playerId, name]);
  }
  renewSeatToken(id: string, side: Color, oldHash: string, newHash: string, release = false): Promise<boolean> {
    return this.stored(id, 'renewSeatToken', [id, side, oldHash, newHash, release]);
  }
  renewedToken(id: string, tokenHash: string): Promise<RenewedToken | undefined> {
    return this.stored(id, 'renewedToken', [tokenHash]);
  }
  async cutSeatStreams(id: string, side: Color): Promise<void> {
    if (await this.mayBeGame(id)) await gameObject(this.env, id).cutSeatStreams(side);
  }
  logDelivery(row: NewDeliveryRow): Promise<void> {
    return this.stored(row.gameId, 'logDelivery', [row]);
  }
  deliveries(id: string, side: Color): Promise<DeliveryRow[]> {
    return this.stored(id, 'deliveries', [id, side]);
  }
  claimMessage(id: string, side: Color, messageId: string, now: number): Promise<boolean> {
    return this.stored(id, 'claimMessage', [id, side, messageId, now]);
  }
  addInvitation(id: string, side: Color, token: string, now: number): Promise<void> {
    return this.stored(id, 'addInvitation', [id, side, token, now]);
  }
  invitation(id: string, side: Color): Promise<string | undefined> {
    return this.stored(id, 'invitation', [id, side]);
  }
  dropInvitation(id: string, side: Color): Promise<void> {
    return this.stored(id, 'dropInvitation', [id, side]);
  }
}

/** The notification side's store outside a game's object: the seats' settings and records through the object. */
export function remoteNotifyStore(env: Cloudflare.Env): NotifyStore {
  const remote = new RemoteGames(env);
  return new NotifyStore(env.DB, remote, remote);
}

export class ObjectAlarms implements GameAlarms {
  constructor(private readonly env: Cloudflare.Env) {}

  async arm(row: GameRow): Promise<void> {
    await gameObject(this.env, row.id).arm(row);
  }
}

/**
 * Copy up to `limit` games from before the objects (D1's legacy tables) into their objects: each
 * game's object copies it in (`ensure`), so a copy that ran already changes nothing. Returns the
 * games copied, those that failed (logged; tried again next time) and how many are left. When
 * none is left, D1's legacy tables go (the first run that finds them empty drops them).
 */
export async function migrateGames(env: Cloudflare.Env, limit: number): Promise<{ copied: string[]; failed: string[]; remaining: number }> {
  const directory = new Directory(env.DB);
  if (!(await directory.holdsLegacyTables())) return { copied: [], failed: [], remaining: 0 };
  const ids = await directory.legacyGames(limit);
  const copied: string[] = [];
  const failed: string[] = [];
  await Promise.all(
    ids.map(async (id) => {
      try {
        if (await gameObject(env, id).ensure(id)) copied.push(id);
        else failed.push(id);
      } catch (e) {
        console.error(`game ${id}: could not be copied into its object:`, e);
        failed.push(id);
      }
    }),
  );
  const remaining = await directory.legacyCount();
  if (remaining === 0 && failed.length === 0 && (await directory.dropLegacyTables())) console.log('every game is in its object: the legacy tables are dropped');
  return { copied, failed, remaining };
}
