// One match child process: plays game pairs for bench/match/cli.ts over IPC.
// Each engine is a bundle of some checkout's Game and chooseMoveInGame (the
// runner builds them), so two versions of the search can meet; the referee is
// this checkout's Game, which checks every turn and ends the game.
import { Game } from '../../src/engine/game.ts';
import type { VariantName } from '../../src/engine/types.ts';
import { finalResult } from '../search-games.ts';

export interface EngineSpec {
  /** The bundle to import (an ES module exporting Game and chooseMoveInGame). */
  readonly module: string;
  /** Options for chooseMoveInGame besides the seed (level, nodes, tuning). */
  readonly options: Record<string, unknown>;
}

export interface PairJob {
  readonly variant: VariantName;
  /** Turn texts of the opening, played before the engines take over. */
  readonly opening: readonly string[];
  readonly index: number;
  readonly seed: number;
  readonly maxPlies: number;
  readonly engines: readonly [EngineSpec, EngineSpec];
}

export interface EngineTally {
  moves: number;
  cpuMs: number;
  nodes: number;
  depth: number;
}

export interface GameRecord {
  /** Which engine (0 = the first) had White. */
  readonly firstWhite: boolean;
  readonly result: '1-0' | '0-1' | '1/2-1/2';
  /** An outcome reason, or "adjudicated" at the ply cap. */
  readonly reason: string;
  readonly plies: number;
  /** The first engine's score: 1, 0.5 or 0. */
  readonly firstScore: number;
  readonly moves: readonly string[];
}

export interface PairResult {
  readonly index: number;
  readonly games: readonly [GameRecord, GameRecord];
  readonly tally: readonly [EngineTally, EngineTally];
}

interface EngineModule {
  Game: typeof Game;
  chooseMoveInGame(game: Game, options: Record<string, unknown>): { text: string; nodes: number; depth: number } | undefined;
}

const loaded = new Map<string, Promise<EngineModule>>();
const load = (module: string) => {
  let m = loaded.get(module);
  if (!m) loaded.set(module, (m = import(module) as Promise<EngineModule>));
  return m;
};

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function playGame(job: PairJob, firstWhite: boolean, tally: [EngineTally, EngineTally]): Promise<GameRecord> {
  const referee = must(Game.replay(job.variant, {}, job.opening));
  const engines = await Promise.all(job.engines.map((e) => load(e.module)));
  // Each engine follows the game in its own build's Game.
  const views = engines.map((e) => must(e.Game.replay(job.variant, {}, job.opening)));
  const moves: string[] = [];
  while (!referee.outcome() && referee.ply < job.maxPlies) {
    const whiteToMove = referee.variant.turn(referee.position) === 'white';
    const who = whiteToMove === firstWhite ? 0 : 1;
    const t0 = cpuMs();
    const choice = engines[who]!.chooseMoveInGame(views[who]!, { ...job.engines[who]!.options, seed: job.seed + referee.ply });
    const t = tally[who]!;
    t.cpuMs += cpuMs() - t0;
    if (!choice) throw new Error(`engine ${who + 1} has no turn in ${referee.positionText}`);
    t.moves++;
    t.nodes += choice.nodes;
    t.depth += choice.depth;
    const played = referee.play(choice.text);
    if (!played.ok) throw new Error(`engine ${who + 1} played an illegal turn ${choice.text} in ${referee.positionText}: ${played.error.message}`);
    for (const view of views) must(view.play(choice.text));
    moves.push(choice.text);
  }
  const { result, reason } = finalResult(referee);
  const firstScore = result === '1/2-1/2' ? 0.5 : (result === '1-0') === firstWhite ? 1 : 0;
  return { firstWhite, result, reason, plies: referee.ply, firstScore, moves };
}

export async function playPair(job: PairJob): Promise<PairResult> {
  const tally: [EngineTally, EngineTally] = [
    { moves: 0, cpuMs: 0, nodes: 0, depth: 0 },
    { moves: 0, cpuMs: 0, nodes: 0, depth: 0 },
  ];
  const first = await playGame(job, true, tally);
  const second = await playGame(job, false, tally);
  return { index: job.index, games: [first, second], tally };
}

if (process.send && process.argv.includes('--match-child')) {
  process.on('message', (job: PairJob) => {
    playPair(job).then(
      (value) => process.send!({ ok: true, value }),
      (e: unknown) => process.send!({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  });
}
