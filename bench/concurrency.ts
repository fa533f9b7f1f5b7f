// Moves per second with 1, 16 and 64 games played at once by the same clients (8 by default),
// against `wrangler dev` on this machine (`npm run bench -- --concurrency`). With fewer games
// than clients, the clients on one game take its plies in turn (each waits for the ply before);
// with more, each client plays its share of the games round by round. Each figure is a fresh
// set of games; docs/scaling.md quotes them (bench/concurrency-results.json keeps a labelled
// run per code version, e.g. "before" = main before the games moved into Durable Objects).
import path from 'node:path';
import { ROOT as root, startServer } from '../test/e2e/server.ts';
import { busyGame } from './engine.ts';

interface Round {
  readonly games: number;
  readonly clients: number;
  readonly moves: number;
  readonly failures: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  readonly p50Ms: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function round(base: string, gameCount: number, clients: number, plies: number, sequence: readonly string[]): Promise<Round> {
  const games: { id: string; tokens: { white: string; black: string } }[] = [];
  for (let i = 0; i < gameCount; i++) {
    const res = await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'warp-factor', clock: { daysPerMove: 3 } }),
    });
    // The new-game limit (60 a minute per address): wait it out, untimed.
    if (res.status === 429) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 61_000));
      i--;
      continue;
    }
    if (res.status !== 201) throw new Error(`creating a game: ${res.status} ${await res.text()}`);
    games.push((await res.json()) as (typeof games)[number]);
  }
  // Per game: a promise per ply that resolves when the ply before it was answered.
  const landed = games.map(() => {
    const resolvers: (() => void)[] = [];
    const ready = Array.from({ length: plies + 1 }, (_, p) => (p === 0 ? Promise.resolve() : new Promise<void>((r) => (resolvers[p] = r))));
    return { ready, resolvers };
  });
  const latencies: number[] = [];
  let moves = 0;
  let failures = 0;
  const send = async (g: number, p: number) => {
    const game = games[g]!;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/games/${game.id}/moves`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${p % 2 === 0 ? game.tokens.white : game.tokens.black}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ move: sequence[p], ply: p + 1 }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.ok) moves++;
    else failures++;
    landed[g]!.resolvers[p + 1]?.();
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      if (gameCount >= clients) {
        const mine = games.map((_, g) => g).filter((g) => g % clients === c);
        for (let p = 0; p < plies; p++) for (const g of mine) await send(g, p);
        return;
      }
      // Fewer games than clients: the clients on game g take its plies in turn.
      const g = c % gameCount;
      const sharers = Array.from({ length: clients }, (_, k) => k).filter((k) => k % gameCount === g);
      const me = sharers.indexOf(c);
      for (let p = me; p < plies; p += sharers.length) {
        await landed[g]!.ready[p];
        await send(g, p);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    games: gameCount,
    clients,
    moves,
    failures,
    seconds: +seconds.toFixed(2),
    movesPerSecond: Math.round(moves / seconds),
    p50Ms: +percentile(latencies, 0.5).toFixed(2),
  };
}

export async function concurrencyBench(opts: { counts?: readonly number[]; clients?: number; plies?: number } = {}): Promise<Round[]> {
  const { counts = [1, 16, 64], clients = 8, plies = 40 } = opts;
  const { base, stop } = await startServer({ stateDir: path.join(root, '.bench', 'concurrency-state') });
  const sequence = busyGame('warp-factor', plies, 3);
  try {
    const rounds: Round[] = [];
    // One short warm-up round, not counted (the first requests compile the Worker's code).
    await round(base, 2, 2, 4, sequence);
    for (const n of counts) rounds.push(await round(base, n, clients, plies, sequence));
    return rounds;
  } finally {
    await stop();
  }
}
