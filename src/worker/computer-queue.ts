// The computer's turns go through their own queue: the human's request only sends one
// message, the consumer plays the turn, and a turn that failed is retried with growing
// delays (after the last retry the cron plays it; see src/service/computer.ts).
import type { ComputerPlayer } from '../service/computer.ts';
import type { ComputerTurns } from '../service/ports.ts';

/** Play the computer's turn in this game at this ply (the ply when it got the move). */
export interface ComputerJob {
  readonly gameId: string;
  readonly ply: number;
}

export const isComputerQueue = (queue: string) => /^subspace-computer\b/.test(queue);

export class QueueComputerTurns implements ComputerTurns {
  constructor(private readonly queue: Queue<ComputerJob> | undefined) {}

  async request(gameId: string, ply: number): Promise<void> {
    if (!this.queue) throw new Error('no COMPUTER_QUEUE binding');
    await this.queue.send({ gameId, ply }, { contentType: 'json' });
  }
}

/** Seconds before retry n (1-based): 2, 4, 8, ... up to a minute. */
export const retryDelay = (attempts: number) => Math.min(60, 2 ** Math.max(1, attempts));

export async function playComputerTurns(batch: MessageBatch<ComputerJob>, player: ComputerPlayer): Promise<void> {
  for (const msg of batch.messages) {
    try {
      await player.reply(msg.body.gameId, msg.body.ply);
      msg.ack();
    } catch (e) {
      console.error(`computer turn ${msg.body.gameId}@${msg.body.ply} (attempt ${msg.attempts}):`, e);
      msg.retry({ delaySeconds: retryDelay(msg.attempts) });
    }
  }
}
