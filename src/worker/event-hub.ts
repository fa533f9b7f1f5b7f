// The event streams (NDJSON, one JSON object a line): one Durable Object per player
// ("player:<id>") and the lobby's hold their open streams, and a game's own object holds
// its stream's (issue 28), each fanning an event out as it happens, so no reader ever polls. The Worker writes
// the current state first (read once after subscribing, so nothing falls between the two)
// and then passes on what the hub sends.
import { DurableObject } from 'cloudflare:workers';
import type { Color } from '../engine/types.ts';
import { config } from './config.ts';

/** A blank line this often keeps proxies and clients from closing a quiet stream (at most 30 s apart). */
const KEEPALIVE_MS = 25_000;
/** A reader this far behind (bytes queued) is cut off rather than buffered without end. */
const MAX_BACKLOG = 1 << 20;

const encoder = new TextEncoder();
const ndjsonLines = (events: readonly object[]) => encoder.encode(events.map((e) => JSON.stringify(e) + '\n').join(''));

interface Listener {
  readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  /** The reader's side in the game, added to each state it is sent. */
  readonly you: Color | undefined;
}

/**
 * The open NDJSON streams of one hub (a player's, the lobby's, or a game's: the game's own object
 * holds those, src/worker/game-object.ts): each event goes to every stream as it happens, a
 * blank line keeps a quiet one open, a reader too far behind is cut off.
 */
export class NdjsonStreams {
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly keepaliveMs: number = KEEPALIVE_MS) {}

  /** A stream of the events published from now on; `you`: the reader's side, added to each state. */
  subscribe(you: string | null): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(undefined, new ByteLengthQueuingStrategy({ highWaterMark: MAX_BACKLOG }));
    this.listeners.add({ writer: writable.getWriter(), you: you === 'white' || you === 'black' ? you : undefined });
    this.keepAlive();
    return new Response(readable, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
  }

  /** Send events to every open stream; returns how many streams there were. */
  publish(events: readonly object[]): number {
    if (!events.length) return this.listeners.size;
    const shared = ndjsonLines(events);
    for (const listener of this.listeners) {
      const personal = listener.you ? ndjsonLines(events.map((e) => withYou(e, listener.you!))) : shared;
      this.write(listener, personal);
    }
    return this.listeners.size;
  }

  /**
   * Cut every open stream (a player's keys were ended), or `side`'s only (a game's seat token was
   * renewed): a reader whose credential still works opens it again.
   */
  close(side?: Color): void {
    for (const listener of this.listeners) if ((side === undefined || listener.you === side) && this.forget(listener)) listener.writer.close().catch(() => {});
  }

  private write(listener: Listener, bytes: Uint8Array): void {
    const backlog = listener.writer.desiredSize;
    if (backlog === null || backlog < 0) return this.drop(listener);
    // A write fails once the reader went away: forget that stream.
    listener.writer.write(bytes).catch(() => this.drop(listener));
  }

  private drop(listener: Listener): void {
    if (this.forget(listener)) listener.writer.abort('closed').catch(() => {});
  }

  /** Stop sending to a stream (false when it was gone already); the keep-alive stops with the last one. */
  private forget(listener: Listener): boolean {
    if (!this.listeners.delete(listener)) return false;
    if (!this.listeners.size && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    return true;
  }

  private keepAlive(): void {
    if (this.timer !== undefined) return;
    const blank = encoder.encode('\n');
    this.timer = setInterval(
      () => {
        for (const listener of this.listeners) this.write(listener, blank);
      },
      Math.min(this.keepaliveMs, KEEPALIVE_MS),
    );
  }
}

/** The keep-alive of the streams under this configuration. */
export const keepaliveOf = (env: Cloudflare.Env) => config(env).streamKeepaliveMs ?? KEEPALIVE_MS;

/** A player's or the lobby's hub: one Durable Object holding that stream's readers. */
export class EventHub extends DurableObject<Cloudflare.Env> {
  private readonly streams = new NdjsonStreams(keepaliveOf(this.env));

  /** GET .../subscribe?you=white|black: a stream of the events published from now on. */
  override async fetch(request: Request): Promise<Response> {
    return this.streams.subscribe(new URL(request.url).searchParams.get('you'));
  }

  /** Send events to every open stream; returns how many streams there were. */
  async publish(events: readonly object[]): Promise<number> {
    return this.streams.publish(events);
  }

  /** Cut every open stream. */
  async close(): Promise<void> {
    this.streams.close();
  }
}

/** Cut a player's open event streams once keys of theirs ended, so a stream opened with one does not go on. */
export const cutPlayerStreams = (env: Cloudflare.Env, playerId: string): Promise<void> => hubOf(env, `player:${playerId}`).close().catch(console.error);

/** A state line for a player of the game says which side they are (as GET /api/games/:id does with a token). */
function withYou(event: object, you: Color): object {
  const state = (event as { state?: unknown }).state;
  return state && typeof state === 'object' ? { ...event, state: { ...state, you } } : event;
}

/** The hub of one game or one player. */
export const hubOf = (env: Cloudflare.Env, name: `player:${string}` | 'lobby') => env.EVENT_HUB.get(env.EVENT_HUB.idFromName(name));

/**
 * An NDJSON response: subscribe to the hub first, then read the current state (so no event
 * can fall between the two; one may come twice), write that, then pass the hub's stream on.
 */
export async function eventStream(
  hub: { fetch(url: string): Promise<Response> },
  current: () => Promise<readonly object[]>,
  you?: Color,
  params: Record<string, string> = {},
): Promise<Response> {
  const live = await hub.fetch(`https://hub/subscribe?${new URLSearchParams({ ...params, ...(you ? { you } : {}) })}`);
  if (!live.ok || !live.body) return live;
  const first = ndjsonLines(await current());
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const start = async () => {
    const writer = writable.getWriter();
    await writer.write(first);
    writer.releaseLock();
    await live.body!.pipeTo(writable);
  };
  start().catch(() => live.body?.cancel().catch(() => {}));
  return new Response(readable, {
    headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
  });
}
