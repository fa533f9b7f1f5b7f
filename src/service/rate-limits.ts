// The service's per-player and per-address limits, said alike: a fixed window of counted actions (an
// address's hour of mail, a UTC day of challenges to a stranger) and a sliding hour of stored times
// (a game's messages, its pause requests). Each refusal is a 429 with Retry-After and says when to try again.
import type { PlayerStore } from '../db/player-store.ts';
import { iso, utc, waitWords } from './public-state.ts';
import { fail, type Failure } from './result.ts';

export interface Rate {
  readonly max: number;
  readonly windowMs: number;
}

/** A 429 after `wait` seconds; `words` gets "try again at 2026-11-23 18:40 UTC (in 35 minutes)" to end its sentence with. */
export const rateLimited = (now: number, wait: number, words: (tryAgain: string) => string): Failure => ({
  ...fail(429, 'rate_limited', words(`try again at ${utc(iso(now + wait * 1000))} (${waitWords(wait)})`)),
  retryAfter: wait,
});

/** Sliding window: the seconds until one more fits, given the counted times (oldest first, all inside the window). */
export function slidingWait(times: readonly number[], rate: Rate, now: number): number {
  // Below the limit again once all but max - 1 of the counted ones have aged out.
  const freeing = times[times.length - rate.max];
  return freeing === undefined ? 1 : Math.max(1, Math.ceil((freeing + rate.windowMs - now) / 1000));
}

/**
 * Fixed window (aligned to multiples of `windowMs`: the hour, the UTC day): counts one more action
 * under `key`; the seconds until the window ends when that is over the limit, else undefined.
 */
export async function overFixedWindow(store: Pick<PlayerStore, 'countAction'>, key: string, rate: Rate, now: number): Promise<number | undefined> {
  const window = now - (now % rate.windowMs);
  if ((await store.countAction(key, window)) <= rate.max) return undefined;
  return Math.ceil((window + rate.windowMs - now) / 1000);
}
