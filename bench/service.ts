// Service benchmarks against `wrangler dev` with a local D1 on this machine:
// POST /moves and GET /api/games/:id with N concurrent clients on many games,
// next to a trivial route of the same Worker (the platform's floor).
import path from 'node:path';
import { ROOT as root, startServer } from '../test/e2e/server.ts';
import { busyGame } from './engine.ts';

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Run `clients` loops for `seconds`; each call of `request` is one timed request; undefined: nothing sent, the client stops. */
async function load(clients: number, seconds: number, request: (client: number, i: number) => Promise<boolean | undefined>) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        const ok = await request(client, i);
        if (ok === undefined) break; // this client has nothing left to send
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: +percentile(latencies, 0.5).toFixed(2),
    p99Ms: +percentile(latencies, 0.99).toFixed(2),
  };
}

export async function serviceBench(clients = 8, seconds = 8, warmUpSeconds = 2) {
  const { base, stop } = await startServer({ stateDir: path.join(root, '.bench', 'state') });
  try {
    // Many games; each client plays its own games through a fixed legal sequence.
    const gamesPerClient = 4;
    const sequence = busyGame('warp-factor', 200, 5);
    const games: { id: string; tokens: { white: string; black: string }; ply: number }[] = [];
    for (let i = 0; i < clients * gamesPerClient; i++) {
      const res = await fetch(`${base}/api/games`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ variant: 'warp-factor' }),
      });
      if (res.status !== 201) throw new Error(`creating a game: ${res.status} ${await res.text()}`);
      const created = (await res.json()) as { id: string; tokens: { white: string; black: string } };
      games.push({ ...created, ply: 0 });
    }
    // Each route is run untimed for `warmUpSeconds` first, then timed: the first requests of a route
    // compile its code and wake its objects, which a 5-second run counted as much as the route.
    const measured = async (request: (client: number, i: number) => Promise<boolean | undefined>) => {
      await load(clients, warmUpSeconds, request);
      return load(clients, seconds, request);
    };
    const floor = await measured(async () => (await fetch(`${base}/api`)).ok);
    const get = await measured(async (client, i) => {
      const game = games[(client * gamesPerClient + (i % gamesPerClient)) % games.length]!;
      return (await fetch(`${base}/api/games/${game.id}`)).ok;
    });
    const post = await measured(async (client, i) => {
      const game = games[client * gamesPerClient + (i % gamesPerClient)]!;
      const text = sequence[game.ply];
      if (text === undefined) return undefined; // this game's script has run out: nothing sent, nothing timed
      const res = await fetch(`${base}/api/games/${game.id}/moves`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${game.ply % 2 === 0 ? game.tokens.white : game.tokens.black}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ move: text, ply: game.ply + 1 }),
      });
      if (res.ok) game.ply++;
      await res.arrayBuffer();
      return res.ok;
    });
    return { clients, seconds, warmUpSeconds, games: games.length, floor, getGame: get, postMove: post };
  } finally {
    await stop();
  }
}
