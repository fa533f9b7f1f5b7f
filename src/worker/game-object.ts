// One Durable Object per game (named by the game id): the game's home (issue 28).
//  - Its storage holds the game: the row, the moves, takebacks, plans and messages (SQLite through
//    drizzle, src/db/game-store.ts), and its seats' records: the delivery log, reply-to-play mail
//    already played, the opponent's invitation link (src/db/seat-records.ts). Every change of the
//    row is copied to the directory (D1) right after the request's answer (the Worker's waitUntil
//    holds the request until it is written), so lists lag a move by that one write; a failed
//    write is retried by the alarm.
//  - The game service runs here (`run`): the object serialises a game's requests, and each guarded
//    write is one synchronous transaction, so the `#ply` guard holds and of racing same-ply turns
//    exactly one lands.
//  - The alarm is always set to the game's next due time (src/service/due.ts: the end of a pause,
//    the reminder, the deadline, an overdue computer turn); when it fires the object does what is
//    due, each job through a guarded write, so a repeat or a racing request changes nothing.
//  - The game page's live updates: WebSockets accepted with the hibernation API, so an object
//    with only quiet sockets is evicted from memory and costs no duration; pings are answered by
//    the runtime without waking it (setWebSocketAutoResponse). The game's NDJSON streams are held
//    here too (a move's events go to both without another object's round trip).
//  - A game from before the objects is copied from D1's legacy tables on its first touch
//    (`npm run migrate:games` touches them all); a game that moved in before its seats' records
//    did (migration 0019) copies those on its next touch. An id the directory does not know gets a 404 and
//    leaves no storage: the object only reads until it has a game.
import { DurableObject } from 'cloudflare:workers';
import { Directory } from '../db/directory.ts';
import { GameStore } from '../db/game-store.ts';
import type { Color } from '../engine/types.ts';
import { SeatRecords } from '../db/seat-records.ts';
import { COMPUTER_GRACE_MS, computerToMove } from '../service/computer-sides.ts';
import type { ErrorCode } from '../service/error-codes.ts';
import { nextWake } from '../service/due.ts';
import type { GameMethod } from '../service/games.ts';
import { keepaliveOf, NdjsonStreams } from './event-hub.ts';
import { CREATING, noRecords, SEAT_RECORD_METHODS, STORE_METHODS, unknownGame, type StoreMethod } from './game-objects.ts';
import { Services } from './services.ts';

/** When something due could not be done (a computer turn that failed, a directory write), the alarm tries again this much later. */
export const RETRY_MS = 60_000;
/** A directory write that failed is tried again this much later (by the alarm). */
export const DIRECTORY_RETRY_MS = 5_000;

/** The object's key saying its seats' records are here: made here, or copied from D1 (migration 0019). */
const SEAT_RECORDS_HERE = 'seatRecords';

export class GameObject extends DurableObject<Cloudflare.Env> {
  /** The clock of the alarm's work (tests move it to a due time). */
  clock: () => number = Date.now;
  private readonly directory: Directory;
  /** The game's storage (tests reach it through runInDurableObject). */
  readonly store: GameStore;
  /** Its seats' records (the same storage). */
  readonly seats: SeatRecords;
  private migrated = false;
  /** The game's NDJSON streams (GET /api/games/:id/stream): held in memory, so an object with one open stays awake. */
  private readonly streams: NdjsonStreams;
  /** Work a request left for after its answer (notifications, the computer's request): `drain` waits for it. */
  private readonly pending = new Set<Promise<void>>();

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    this.directory = new Directory(env.DB);
    this.store = new GameStore(ctx.storage, this.directory);
    this.seats = new SeatRecords(ctx.storage);
    this.streams = new NdjsonStreams(keepaliveOf(env));
    // A change's directory write goes out after the answer, with the rest of the after-answer work;
    // one that failed is written again by the alarm soon (DIRECTORY_RETRY_MS).
    this.store.directoryCopy.later = (write) => this.keep(write);
    this.store.directoryCopy.whenUnpublished = () => this.wakeBy(Date.now() + DIRECTORY_RETRY_MS);
    // Keep-alive pings are answered without waking a hibernating object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /**
   * The game's storage, ready; undefined when this object holds no game and none is being made (nor
   * one from before the objects to copy). Only reads until then, so an unknown id leaves nothing.
   */
  private async open(id: string, creating: boolean): Promise<GameStore | undefined> {
    if (this.migrated) return this.store;
    if (this.store.holdsGame()) {
      await this.store.migrate();
      if (!(await this.ctx.storage.get<boolean>(SEAT_RECORDS_HERE)))
        await this.ctx.blockConcurrencyWhile(async () => (await this.ctx.storage.get<boolean>(SEAT_RECORDS_HERE)) || (await this.copySeatRecords(id)));
    } else if (!creating) {
      // One copy, however many requests touch the game at once: no other event runs until it is done.
      const held = await this.ctx.blockConcurrencyWhile(async () => this.store.holdsGame() || (await this.copyFromD1(id)));
      if (!held) return undefined;
    }
    if ((await this.ctx.storage.get<string>('gameId')) !== id) await this.ctx.storage.put({ gameId: id, [SEAT_RECORDS_HERE]: true });
    this.migrated = !creating || this.store.holdsGame();
    return this.store;
  }

  /** A game D1 still holds (from before the objects): copied in with all its records, then D1's records of it go. */
  private async copyFromD1(id: string): Promise<boolean> {
    const legacy = await this.directory.legacy(id);
    if (!legacy) return false;
    await this.store.createGame(legacy.row, legacy.records.moves, legacy.records);
    this.seats.add(legacy.records);
    await this.ctx.storage.put(SEAT_RECORDS_HERE, true);
    await this.directory.dropLegacy(id);
    await this.rearm(legacy.row.id);
    return true;
  }

  /**
   * A game that moved in before its seats' records did (migration 0019): those D1 still holds are
   * copied in, with the last call its directory row says went out for this turn; then D1's go.
   */
  private async copySeatRecords(id: string): Promise<true> {
    const legacy = await this.directory.legacySeatRecords(id);
    this.seats.add(legacy);
    if (legacy.lastCallPly !== null) await this.store.markLastCall(id, legacy.lastCallPly);
    await this.ctx.storage.put(SEAT_RECORDS_HERE, true);
    if (legacy.deliveries.length || legacy.inboundMail.length || legacy.invitations.length) await this.directory.dropLegacy(id);
    return true;
  }

  /** The services as they run inside this object: the game service on this game's storage, its after-answer work kept for `drain`. */
  private services(now?: () => number, gameId?: string): Services {
    const sockets = gameId === undefined ? undefined : { gameId, publish: (lines: readonly object[]) => this.publish(lines) };
    return new Services(
      this.env,
      now ?? Date.now,
      { waitUntil: (work: Promise<unknown>) => this.keep(work) },
      { store: this.store, seats: this.seats, alarms: this, ...(sockets ? { sockets } : {}) },
    );
  }

  private keep(work: Promise<unknown>): void {
    const done: Promise<void> = work.then(
      () => undefined,
      (e) => console.error('a game object job failed:', e),
    );
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  /** A call of the game service for this game (`args` as the method takes them); `at`: the caller's time when its clock is not the real one. */
  async run(id: string, method: GameMethod, args: unknown[], at?: number): Promise<{ answer: unknown; pending: boolean }> {
    const store = await this.open(id, CREATING.includes(method));
    if (!store) return { answer: unknownGame(id, method), pending: false };
    const service = this.services(at === undefined ? undefined : () => at, id).localGames;
    const answer = await (service[method] as (...a: unknown[]) => Promise<unknown>).apply(service, args);
    // `pending`: work left for after the answer (the directory's copy, notifications), which the caller waits for with `drain`.
    return { answer, pending: this.pending.size > 0 };
  }

  /** A direct read or write of the game's storage (see STORE_METHODS and SEAT_RECORD_METHODS). */
  async stored(id: string, method: StoreMethod, args: unknown[]): Promise<unknown> {
    const seatRecord = (SEAT_RECORD_METHODS as readonly string[]).includes(method);
    if (!seatRecord && !(STORE_METHODS as readonly string[]).includes(method)) throw new Error(`not a store method: ${String(method)}`);
    const store = await this.open(id, false);
    if (!store) return noRecords(method);
    const target = (seatRecord ? this.seats : store) as unknown as Record<StoreMethod, (...a: unknown[]) => Promise<unknown>>;
    const before = store.directoryCopy.written();
    const answer = await target[method].apply(target, args);
    // A seat's settings may move its reminder: the alarm follows.
    if (method === 'updatePlayer') await this.rearm(id);
    // Off the move's path: a call that changed the row is answered once the directory has it (a seat
    // claimed shows on /me at once). Only that write: the rest of the after-answer work may itself be
    // waiting on this call, and a read waits for nothing.
    const written = store.directoryCopy.written();
    if (written !== before) await written;
    return answer;
  }

  /** Make sure the game is in this object (copied from D1 if it was not): for `npm run migrate:games`. */
  async ensure(id: string): Promise<boolean> {
    const store = await this.open(id, false);
    if (store && (await this.directory.game(id))?.revision === 0) await store.directoryCopy.republish(id);
    return store !== undefined;
  }

  /** Resolves once the work earlier requests left for after their answer is done (the Worker's waitUntil holds it). */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /**
   * The game changed: the alarm fires no later than its next due time (or the last call). An
   * earlier alarm stays (it recomputes when it fires).
   */
  async arm(row: Parameters<typeof nextWake>[0]): Promise<void> {
    const at = nextWake(row, this.clock());
    if (at !== undefined) await this.wakeBy(at);
  }

  /** The alarm fires no later than `at`. */
  private async wakeBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  private async rearm(id: string): Promise<void> {
    const row = await this.store.game(id);
    if (row) await this.arm(row);
  }

  /** The alarm: does what is due now (each job once), then sets the alarm to the next due time. */
  override async alarm(): Promise<void> {
    const id = await this.ctx.storage.get<string>('gameId');
    if (!id || !(await this.open(id, false))) return;
    await this.dueWork(id, this.clock());
  }

  /** The cron's backstop (src/worker/index.ts): what is due at `now`, as the alarm would do it; whether the game changed. */
  async tick(id: string, now: number): Promise<boolean> {
    if (!(await this.open(id, false))) return false;
    const before = (await this.store.game(id))?.revision;
    await this.dueWork(id, now);
    return (await this.store.game(id))?.revision !== before;
  }

  private async dueWork(id: string, now: number): Promise<void> {
    const services = this.services(() => now, id);
    let row = await this.store.game(id);
    if (!row) return this.ctx.storage.deleteAlarm();
    let failed = false;
    // A directory write that failed earlier is written again (the revision keeps it from going backwards).
    try {
      await this.store.directoryCopy.republish(id);
    } catch (e) {
      console.error(`game ${id}: the directory could not be written:`, e);
      failed = true;
    }
    // First the computer's overdue turn, so the computer never loses on time to a lost queue message.
    if (computerToMove(row) && now >= row.updatedAt + COMPUTER_GRACE_MS) {
      try {
        await services.localComputer.reply(id, row.ply);
      } catch (e) {
        console.error(`game ${id}: the alarm's computer turn failed:`, e);
        failed = true;
      }
    }
    // A pause whose days are over ends (its deadline back before the timeout is judged); a game
    // whose side to move let the deadline pass is lost on time; then the reminder, if due.
    row = await services.localGames.settleDue(id);
    if (row) {
      const notify = services.notify;
      await notify.remindGame(row);
      // The last call (under 10 % of the turn left), once per turn.
      await notify.lastCall(row);
      // Timeout mode 'claim': the waiting player hears that the deadline passed, once per deadline.
      await notify.claimNotice(row);
    }
    await this.drain();
    row = await this.store.game(id);
    const next = row ? nextWake(row, now) : undefined;
    if (failed) return this.ctx.storage.setAlarm(now + RETRY_MS);
    if (next === undefined) return this.ctx.storage.deleteAlarm();
    await this.ctx.storage.setAlarm(next <= now ? now + RETRY_MS : next);
  }

  /**
   * GET .../socket (an upgrade): a live socket for the game page; its first message is the game as
   * it stands. GET .../subscribe: the game's NDJSON stream of what happens from now on (the route
   * writes the state first, src/worker/event-hub.ts `eventStream`).
   */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const id = url.searchParams.get('game');
    const streaming = url.pathname === '/subscribe';
    if ((!streaming && request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') || !id)
      return Response.json({ code: 'websocket_required' satisfies ErrorCode, error: 'expected a WebSocket upgrade' }, { status: 426 });
    if (!(await this.open(id, false))) return Response.json({ code: 'unknown_game' satisfies ErrorCode, error: `no game with id ${id}` }, { status: 404 });
    if (streaming) return this.streams.subscribe(url.searchParams.get('you'));
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    // Read after accepting, so no event can fall between the two (one may come twice).
    const state = await this.services(undefined, id).localGames.load(id);
    if (state.ok) server.send(JSON.stringify({ type: 'gameFull', state: state.value }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Send event lines (the NDJSON stream's objects) to every open stream and socket; returns how many sockets there are. */
  async publish(events: readonly object[]): Promise<number> {
    this.streams.publish(events);
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

  /** Cut the NDJSON streams opened with `side`'s seat (its token was renewed); the public sockets carry no seat. */
  cutSeatStreams(side: Color): void {
    this.streams.close(side);
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
