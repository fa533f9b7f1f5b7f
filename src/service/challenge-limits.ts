// How many challenges a player may send: open at once, and to one player they have never played in
// a day; and the same challenge sent again, which is the first.
import type { ChallengeRow } from '../db/schema.ts';
import type { PlayerStore } from '../db/player-store.ts';
import { overFixedWindow } from './rate-limits.ts';
import { fail, type Failure } from './result.ts';
import { DAY_MS } from './durations.ts';

/** How long the same challenge sent again is taken for the first one (a double click, a form sent twice). */
export const TWIN_CHALLENGE_MS = 10_000;
/** Open challenges a player may have at once (to anyone or to one player): one client cannot fill the lobby. */
export const MAX_OPEN_CHALLENGES = 20;
/**
 * Challenges one player may send another they have never played in a UTC day: each is told to them
 * by mail, chat, push and webhook, and a withdrawn one frees its open slot at once, so without it a
 * stranger's key could flood a player (tester 11 S18). Players who have had a game together are free.
 */
export const CHALLENGES_TO_ONE_A_DAY = 5;
const strangerKey = (from: string, to: string) => `challenge:${from}:${to}`;

/** A challenge just made to a player its creator has never played, over the day's limit: dropped (nobody was told yet), and the refusal. */
export async function strangerLimit(store: PlayerStore, creatorId: string, row: ChallengeRow): Promise<Failure | undefined> {
  const to = row.toPlayerId;
  if (!to || (await store.havePlayed(creatorId, to))) return undefined;
  const wait = await overFixedWindow(store, strangerKey(creatorId, to), { max: CHALLENGES_TO_ONE_A_DAY, windowMs: DAY_MS }, row.createdAt);
  if (wait === undefined) return undefined;
  await store.dropNewChallenge(row.id);
  return {
    ...fail(
      429,
      'rate_limited',
      `to: you have challenged this player ${CHALLENGES_TO_ONE_A_DAY} times today (UTC), the most in a day before you have played them; challenge them again tomorrow, or leave an open challenge in the lobby`,
    ),
    retryAfter: wait,
  };
}
