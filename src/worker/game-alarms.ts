// The game service's alarm port on the game objects: after a change, the game's object is told
// its next due time (one RPC; none when nothing will be due, e.g. a finished game).
import type { GameRow } from '../db/schema.ts';
import { nextDue } from '../service/due.ts';
import type { GameAlarms } from '../service/ports.ts';
import { gameObject } from './game-object.ts';

export class ObjectAlarms implements GameAlarms {
  constructor(private readonly env: Cloudflare.Env) {}

  async arm(row: GameRow): Promise<void> {
    const at = nextDue(row);
    if (at !== undefined) await gameObject(this.env, row.id).arm(row.id, at);
  }
}
