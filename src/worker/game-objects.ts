// Reaching the games' Durable Objects (game-object.ts) from the rest of the Worker: a game's object
// by id, and the game service's alarm port on them: after a change, the game's object is told its
// next due time (one RPC; none when nothing will be due, e.g. a finished game).
import type { GameRow } from '../db/schema.ts';
import { nextDue } from '../service/due.ts';
import type { GameAlarms } from '../service/ports.ts';

/** The object of one game (created on first use: call only for an id the directory knows). */
export const gameObject = (env: Cloudflare.Env, id: string) => env.GAMES.get(env.GAMES.idFromName(id));

export class ObjectAlarms implements GameAlarms {
  constructor(private readonly env: Cloudflare.Env) {}

  async arm(row: GameRow): Promise<void> {
    const at = nextDue(row);
    if (at !== undefined) await gameObject(this.env, row.id).arm(row.id, at);
  }
}
