// Reaching the games' Durable Objects (game-object.ts) from the rest of the Worker:
//  - GameClient: the game service's API, each call run by the game's object (one RPC); a new
//    game's id is picked here, so its object is known before it is made.
//  - RemoteGames: a game's records read (and its seats' settings changed) through its object,
//    its row from the directory (D1), for the views, the notification settings and the consumer.
//  - ObjectAlarms: a game's alarm set from outside its object (the notification settings).
import { Directory } from '../db/directory.ts';
import type { PlayerChanges } from '../db/game-store.ts';
import type { GameRow, MessageRow, MoveRow, TakebackRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { newGameId } from '../service/crypto.ts';
import type { GameApi, GameMethod, GameService } from '../service/games.ts';
import type { GameAlarms } from '../service/ports.ts';
import type { StoreMethod } from './game-object.ts';

/** The object of one game (created on first write: it only reads for an id it holds no game of). */
export const gameObject = (env: Cloudflare.Env, id: string) => env.GAMES.get(env.GAMES.idFromName(id));

/**
 * A client of the games' objects with the game service's API. `later`: where the object's
 * after-answer work is waited for (the request's waitUntil), so the answer does not wait for it.
 */
export function gameClient(env: Cloudflare.Env, later?: (work: Promise<unknown>) => void): GameApi {
  const call = async (id: string, method: GameMethod, args: unknown[]) => {
    const stub = gameObject(env, id);
    const answer = await stub.run(id, method, args);
    const drained = stub.drain();
    if (later) later(drained);
    else await drained;
    return answer;
  };
  return new Proxy({} as GameApi, {
    get(_target, method: GameMethod) {
      return (...args: unknown[]) => {
        // A new game: its id chosen here (or the one claimed beforehand), its object makes it.
        if (method === 'create') {
          const [input, base, seats] = args as Parameters<GameService['create']>;
          const id = seats?.id ?? newGameId();
          return call(id, method, [input, base, { players: {}, ...seats, id }]);
        }
        if (method === 'import') {
          const id = newGameId();
          return call(id, method, [...args.slice(0, 3), id]);
        }
        return call(args[0] as string, method, args);
      };
    },
  });
}

/** A game's records, read through its object; its row from the directory. */
export class RemoteGames {
  private readonly directory: Directory;
  constructor(private readonly env: Cloudflare.Env) {
    this.directory = new Directory(env.DB);
  }

  private stored<T>(id: string, method: StoreMethod, args: unknown[]): Promise<T> {
    return gameObject(this.env, id).stored(id, method, args) as Promise<T>;
  }

  game(id: string): Promise<GameRow | undefined> {
    return this.directory.game(id);
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
  claimSeat(id: string, side: Color, playerId: string): Promise<boolean> {
    return this.stored(id, 'claimSeat', [id, side, playerId]);
  }
}

export class ObjectAlarms implements GameAlarms {
  constructor(private readonly env: Cloudflare.Env) {}

  async arm(row: GameRow): Promise<void> {
    await gameObject(this.env, row.id).arm(row);
  }
}
