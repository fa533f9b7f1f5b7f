// The computer's work goes through its own queue: its turns in games against it, and pieces of
// post-game analysis. The request only sends one message; the consumer plays the turn (or
// evaluates the piece), and work that failed is retried with growing delays (after the last
// retry the cron does it; see src/service/computer.ts and src/service/analysis.ts).
import type { AnalysisPieces, AnalysisService } from '../service/analysis.ts';
import type { ComputerPlayer } from '../service/computer.ts';
import type { ComputerTurns } from '../service/ports.ts';

/** Play the computer's turn in this game at this ply (the ply when it got the move). */
export interface ComputerTurnJob {
  readonly kind?: 'turn';
  readonly gameId: string;
  readonly ply: number;
}

/** Evaluate the next piece of a game's analysis, from position `from` on. */
export interface AnalysisJob {
  readonly kind: 'analysis';
  readonly gameId: string;
  readonly from: number;
}

export type ComputerJob = ComputerTurnJob | AnalysisJob;

export const isComputerQueue = (queue: string) => /^subspace-computer\b/.test(queue);

export class QueueComputerTurns implements ComputerTurns, AnalysisPieces {
  constructor(private readonly queue: Queue<ComputerJob> | undefined) {}

  async request(gameId: string, ply: number): Promise<void> {
    if (!this.queue) throw new Error('no COMPUTER_QUEUE binding');
    await this.queue.send({ gameId, ply }, { contentType: 'json' });
  }

  async requestAnalysis(gameId: string, from: number): Promise<void> {
    if (!this.queue) throw new Error('no COMPUTER_QUEUE binding');
    await this.queue.send({ kind: 'analysis', gameId, from }, { contentType: 'json' });
  }
}

/** Seconds before retry n (1-based): 2, 4, 8, ... up to a minute. */
export const retryDelay = (attempts: number) => Math.min(60, 2 ** Math.max(1, attempts));

export async function playComputerTurns(batch: MessageBatch<ComputerJob>, player: ComputerPlayer, analysis: AnalysisService): Promise<void> {
  for (const msg of batch.messages) {
    const job = msg.body;
    try {
      if (job.kind === 'analysis') {
        const started = Date.now();
        const outcome = await analysis.piece(job.gameId, job.from);
        console.log(JSON.stringify({ event: 'analysis-piece', game: job.gameId, from: job.from, outcome, ms: Date.now() - started }));
      } else await player.reply(job.gameId, job.ply);
      msg.ack();
    } catch (e) {
      console.error(
        `computer ${job.kind === 'analysis' ? `analysis ${job.gameId} from ${job.from}` : `turn ${job.gameId}@${job.ply}`} (attempt ${msg.attempts}):`,
        e,
      );
      msg.retry({ delaySeconds: retryDelay(msg.attempts) });
    }
  }
}
