// The game page's live updates: a WebSocket the game's own object holds (GET /api/games/:id/socket);
// where one cannot open, the game's NDJSON event stream (GET /api/games/:id/stream), as before. The
// first message of either is the current state, so reopening after a drop loses nothing. Followed
// while the tab is visible and the game is going (or its rematch by links is open); a line that changes what the page shows refreshes it.
import { announce, flash, st } from './page.ts';

const POLL_MS = 3000;

interface EventLine {
  readonly type?: string;
  readonly state?: { ply: number; updatedAt: string; status: string };
}

/** Does this event line change what the page shows? A message changes no state: its line says to fetch the page again. */
function changes(event: EventLine): boolean {
  const s = event.state;
  const before = st();
  return event.type === 'message' || (!!s && (s.ply !== before.ply || s.updatedAt !== before.updated || s.status !== before.status));
}

/** This page's own offer that an `offerDeclined` line turns down ('draw', 'pause', 'takeback'), read before the refresh removes it. */
function ownOfferDeclined(event: EventLine): string | null {
  return event.type === 'offerDeclined' ? (document.querySelector('[data-own-offer]')?.getAttribute('data-own-offer') ?? null) : null;
}

/**
 * Follows game `id` (a player's stream lines carry `you` with `authHeaders`), calling `refresh`
 * when a line changes the page; returns `poll`, which (re)starts following when it has stopped.
 */
export function followGame(id: string | null, authHeaders: () => Record<string, string>, refresh: () => Promise<unknown>): () => void {
  let timer = 0;
  let listening = false;
  let socketFailed = false;
  let socket: WebSocket | null = null;

  /** The lines that came together: the page refreshed once if any changes it; an own offer turned down is said (its line just went). */
  function apply(events: readonly EventLine[]): Promise<void> {
    const offer = events.map(ownOfferDeclined).find(Boolean);
    return (events.some(changes) ? refresh() : Promise.resolve()).then(() => {
      if (!offer) return;
      const words = 'Your ' + offer + ' offer was declined.';
      flash('info', words);
      announce(words);
    });
  }
  function poll(): void {
    clearTimeout(timer);
    if (listening || document.hidden || !st().follow) return;
    listening = true;
    (socketFailed || typeof WebSocket === 'undefined' ? listenToStream() : listenToSocket())
      .catch(() => {})
      .then(() => {
        listening = false;
        timer = window.setTimeout(poll, POLL_MS);
      });
  }
  function listenToSocket(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/games/' + id + '/socket');
      socket = ws;
      let opened = false;
      let pings = 0;
      let handled = Promise.resolve();
      ws.onopen = () => {
        opened = true;
        // Keeps proxies from closing a quiet socket; the runtime answers without waking the object.
        pings = window.setInterval(() => ws.send('ping'), 25000);
      };
      ws.onmessage = (m) => {
        if (m.data === 'pong') return;
        const event = JSON.parse(String(m.data)) as EventLine;
        handled = handled
          .then(() => apply([event]))
          .then(() => {
            if (!st().follow || document.hidden) ws.close(1000);
          })
          .catch(() => {});
      };
      ws.onclose = () => {
        // A socket that never opened: this network or browser takes none, so read the stream instead.
        if (!opened) socketFailed = true;
        clearInterval(pings);
        if (socket === ws) socket = null;
        resolve();
      };
    });
  }
  function listenToStream(): Promise<void> {
    return fetch('/api/games/' + id + '/stream', { cache: 'no-store', headers: authHeaders() }).then((r) => {
      if (!r.ok || !r.body) throw new Error('stream ' + r.status);
      const reader = r.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      const read = (): Promise<void> =>
        reader.read().then((x) => {
          if (x.done) return;
          buffer += decoder.decode(x.value, { stream: true });
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          // Blank lines are keep-alives.
          const events = lines.filter((line) => line.trim()).map((line) => JSON.parse(line) as EventLine);
          return apply(events).then(() => {
            if (!st().follow || document.hidden) return reader.cancel();
            return read();
          });
        });
      return read();
    });
  }
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) poll();
    else socket?.close(1000);
  });
  return poll;
}
