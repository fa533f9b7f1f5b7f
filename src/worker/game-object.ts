// One Durable Object per game (named by the game id): the game's alarm and its live sockets.
//  - The alarm is always set to the game's next due time (src/service/due.ts: the end of a pause,
//    the reminder, the deadline, an overdue computer turn); when it fires the object does what is
//    due, each job through a guarded write in D1, so a repeat or a racing request changes
//    nothing (each happens once), and sets the alarm to the next due time.
//  - The game page's live updates: WebSockets accepted with the hibernation API, so an object
//    with only quiet sockets is evicted from memory and costs no duration; pings are answered by
//    the runtime without waking it (setWebSocketAutoResponse).
// The object is touched only for games the directory (D1) knows: the routes check the id first.
import { DurableObject } from 'cloudflare:workers';
import { GameStore } from '../db/store.ts';
import { COMPUTER_GRACE_MS, computerToMove } from '../service/computer-sides.ts';
import type { ErrorCode } from '../service/error-codes.ts';
import { lastCallAt, nextDue } from '../service/due.ts';
import { Services } from './services.ts';

/** When something due could not be done (a computer turn that failed), the alarm tries again this much later. */
export const RETRY_MS = 60_000;

export class GameObject extends DurableObject<Cloudflare.Env> {
  /** The clock of the alarm's work (tests move it to a due time). */
  clock: () => number = Date.now;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    // Keep-alive pings are answered without waking a hibernating object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** The game's id, kept by the first call (an alarm has no request to read it from). */
  private async gameId(id?: string): Promise<string | undefined> {
    if (id === undefined) return this.ctx.storage.get<string>('gameId');
    if ((await this.ctx.storage.get<string>('gameId')) !== id) await this.ctx.storage.put('gameId', id);
    return id;
  }

  /**
   * Something is due at `at` (the game just changed): the alarm fires no later than that. An
   * earlier alarm stays (it recomputes when it fires), so calls that arrive out of order are safe.
   */
  async arm(id: string, at: number): Promise<void> {
    await this.gameId(id);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  /** The alarm: does what is due now (each job once), then sets the alarm to the next due time. */
  override async alarm(): Promise<void> {
    const id = await this.gameId();
    if (!id) return;
    const now = this.clock();
    const services = new Services(this.env, () => now);
    const store = new GameStore(this.env.DB);
    let row = await store.game(id);
    if (!row) return this.ctx.storage.deleteAlarm();
    let failed = false;
    // First the computer's overdue turn, so the computer never loses on time to a lost queue message.
    if (computerToMove(row) && now >= row.updatedAt + COMPUTER_GRACE_MS) {
      try {
        await services.computer.reply(id, row.ply);
      } catch (e) {
        console.error(`game ${id}: the alarm's computer turn failed:`, e);
        failed = true;
      }
    }
    // A pause whose days are over ends (its deadline back before the timeout is judged); a game
    // whose side to move let the deadline pass is lost on time; then the reminder, if due.
    row = await services.games.settleDue(id);
    if (row) {
      const notify = services.notify;
      await notify.remindGame(row);
      // The last call (under 10 % of the turn left), once per turn.
      await notify.lastCall(row);
    }
    row = await store.game(id);
    // The last call's moment is due once: only while it is still ahead.
    const call = row ? lastCallAt(row) : undefined;
    const due = row ? nextDue(row) : undefined;
    const next = call !== undefined && call > now && (due === undefined || call < due) ? call : due;
    if (next === undefined) return this.ctx.storage.deleteAlarm();
    await this.ctx.storage.setAlarm(failed || next <= now ? Math.max(next, now + RETRY_MS) : next);
  }

  /** GET .../socket (an upgrade): a live socket for the game page; its first message is the game as it stands. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const id = url.searchParams.get('game');
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !id)
      return Response.json({ code: 'websocket_required' satisfies ErrorCode, error: 'expected a WebSocket upgrade' }, { status: 426 });
    await this.gameId(id);
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    // Read after accepting, so no event can fall between the two (one may come twice).
    const state = await new Services(this.env).games.load(id);
    if (state.ok) server.send(JSON.stringify({ type: 'gameFull', state: state.value }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Send event lines (the NDJSON stream's objects) to every open socket; returns how many there are. */
  async publish(events: readonly object[]): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    if (!events.length || !sockets.length) return sockets.length;
    const lines = events.map((e) => JSON.stringify(e));
    for (const socket of sockets)
      try {
        for (const line of lines) socket.send(line);
      } catch {
        socket.close(1011, 'send failed');
      }
    return sockets.length;
  }

  /** A client says nothing but pings (answered by the runtime); anything else is ignored. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      socket.close(code === 1005 ? 1000 : code, 'closed');
    } catch {
      /* already closed */
    }
  }
}
