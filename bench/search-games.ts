// One bench game or one timing job, run in a child process (bench/search.ts
// forks two of these so both cores work). Messages in and out over IPC.
import { Game } from '../src/engine/game.ts';
import { chooseMoveInGame, type Level } from '../src/engine/search/index.ts';
import type { VariantName } from '../src/engine/types.ts';
import { prng } from '../test/engine/helpers.ts';

/** A level 1-6 or 0 for the random mover. */
export type Player = Level | 0;

export interface GameJob {
  readonly kind: 'game';
  readonly variant: VariantName;
  readonly white: Player;
  readonly black: Player;
  /** Random plies played before the players take over, and their seed. */
  readonly openingPlies: number;
  readonly seed: number;
  readonly maxPlies: number;
}

export interface GameResult {
  readonly result: '1-0' | '0-1' | '1/2-1/2';
  /** How the game ended: an outcome reason, or "adjudicated" at the ply cap. */
  readonly reason: string;
  readonly plies: number;
}

/** Material at the ply cap: a side this far ahead (pieces on the board and in hand) wins, otherwise a draw. */
export const ADJUDICATE_MARGIN = 5;
const MATERIAL: Record<string, number> = { K: 0, Q: 9, R: 5, B: 3, N: 3, P: 1 };

export function material(game: Game): number {
  const view = game.variant.view(game.position);
  let score = 0;
  for (const cell of view.cells) score += (cell.color === 'white' ? 1 : -1) * MATERIAL[cell.role]!;
  for (const color of ['white', 'black'] as const)
    for (const [role, n] of Object.entries(view.hands[color])) score += (color === 'white' ? 1 : -1) * MATERIAL[role]! * (n ?? 0);
  return score;
}

export function playGame(job: GameJob): GameResult {
  const created = Game.create(job.variant);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const random = prng(job.seed);
  for (let i = 0; i < job.openingPlies && !game.outcome(); i++) {
    const legal = game.legalTexts();
    game.play(legal[Math.floor(random() * legal.length)]!);
  }
  while (!game.outcome() && game.ply < job.maxPlies) {
    const player = game.variant.turn(game.position) === 'white' ? job.white : job.black;
    let text: string;
    if (player === 0) {
      const legal = game.legalTexts();
      text = legal[Math.floor(random() * legal.length)]!;
    } else text = chooseMoveInGame(game, { level: player, seed: job.seed + game.ply })!.text;
    const played = game.play(text);
    if (!played.ok) throw new Error(`${text}: ${played.error.message}`);
  }
  return { ...finalResult(game), plies: game.ply };
}

/** How a game stopped at the ply cap (or ended) counts: its outcome, else adjudicated on material (ADJUDICATE_MARGIN). */
export function finalResult(game: Game): Pick<GameResult, 'result' | 'reason'> {
  const outcome = game.outcome();
  if (outcome && outcome.result !== '*') return { result: outcome.result, reason: outcome.reason };
  const balance = material(game);
  return { result: balance >= ADJUDICATE_MARGIN ? '1-0' : balance <= -ADJUDICATE_MARGIN ? '0-1' : '1/2-1/2', reason: 'adjudicated' };
}

export interface TimingJob {
  readonly kind: 'timing';
  readonly variant: VariantName;
  readonly level: Level;
  /** Turn texts of the positions to time (each a game from the start). */
  readonly games: readonly (readonly string[])[];
  readonly nodes?: number;
}

/** CPU milliseconds (user + system of this process) and nodes of each reply. */
export function timeReplies(job: TimingJob): { ms: number[]; nodes: number[] } {
  const ms: number[] = [];
  const nodes: number[] = [];
  for (const [i, texts] of job.games.entries()) {
    const replayed = Game.replay(job.variant, {}, texts);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const before = process.cpuUsage();
    const choice = chooseMoveInGame(replayed.value, { level: job.level, seed: i, ...(job.nodes ? { nodes: job.nodes } : {}) });
    const used = process.cpuUsage(before);
    ms.push((used.user + used.system) / 1000);
    nodes.push(choice?.nodes ?? 0);
  }
  return { ms, nodes };
}

// Child process entry: answer each job message with its result.
if (process.send && process.argv.includes('--search-bench-child')) {
  process.on('message', (job: GameJob | TimingJob) => {
    try {
      process.send!({ ok: true, value: job.kind === 'game' ? playGame(job) : timeReplies(job) });
    } catch (e) {
      process.send!({ ok: false, error: String(e) });
    }
  });
}
