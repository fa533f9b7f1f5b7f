// Ratings (docs/ratings.md): Glicko-2 per player and variant. A rated game is rated when it ends,
// as one rating period for each player; before it, each player's RD grows by one idle period per
// 7 days since their last rated game in the variant. The leaderboard, the profile, and the
// ratings shown beside names.
import type { PlayerRatingRow, RatingChangeRow } from '../db/schema-ratings.ts';
import type { GameRow } from '../db/schema.ts';
import type { RatingStore } from '../db/rating-store.ts';
import type { Color } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { idle, isProvisional, PROVISIONAL_RD, ratePeriod, START, type Rating } from '../league/glicko2.ts';
import { done, fail, type ServiceResult } from './result.ts';
import { DAY_MS } from './durations.ts';

/** One rating period of inactivity. */
export const IDLE_PERIOD_MS = 7 * DAY_MS;
/**
 * Plies a game needs for any end to be rated: one turn by each side. Turns alternate in every
 * variant, set-up turns too (First Contact's platform and king placements are plies like moves: a
 * player chose them), so fewer than 2 plies means a side ended it without having played.
 */
const PLIES_BEFORE_AN_END_COUNTS = 2;
/** Plies a game lost on time needs to be rated: two turns by each side. */
const PLIES_BEFORE_A_TIMEOUT_COUNTS = 4;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A rating change in words, in whole points as ratings are shown: the difference of the two shown
 * ratings, so that "1500 −162 = 1338" adds up (the API keeps the decimals). Pages and messages.
 */
export const ratingChangeText = (before: number, change: number) => {
  const n = Math.round(before + change) - Math.round(before);
  return `${n >= 0 ? '+' : '−'}${Math.abs(n)}`;
};

/** A player's rating as shown: rating and RD (one decimal), whether it is provisional. */
export interface ShownRating {
  readonly rating: number;
  readonly rd: number;
  readonly provisional: boolean;
}

/** What a rated game did: each side's rating and RD before, and the change. */
export type GameRatings = Record<Color, ShownRating & { readonly change: number }>;

export interface VariantRating extends ShownRating {
  readonly variant: string;
  readonly volatility: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface LeaderboardEntry extends ShownRating {
  readonly rank: number;
  readonly id: string;
  readonly name: string | null;
  readonly games: number;
}

export interface RecentRatedGame {
  readonly gameId: string;
  readonly variant: string;
  readonly score: number;
  readonly before: number;
  readonly after: number;
  readonly change: number;
  readonly at: string;
}

/** A rating as it stands at `now`: the stored one after the idle periods since its last game. */
export function currentRating(row: Pick<PlayerRatingRow, 'rating' | 'rd' | 'volatility' | 'ratedAt'> | undefined, now: number): Rating {
  if (!row) return START;
  return idle(row, Math.floor(Math.max(0, now - row.ratedAt) / IDLE_PERIOD_MS));
}

export const shown = (r: Rating): ShownRating => ({ rating: round1(r.rating), rd: round1(r.rd), provisional: isProvisional(r) });

/** What says whether a game is rated: its row, or its directory row. */
type RatedFacts = Pick<GameRow, 'rated' | 'status' | 'result' | 'reason' | 'ply' | 'whitePlayerId' | 'blackPlayerId' | 'whiteComputer' | 'blackComputer'>;

/** Why a finished game is not rated, or undefined when it is. */
export function unratedBecause(row: RatedFacts): string | undefined {
  if (!row.rated) return 'a casual game';
  if (row.status !== 'finished' || row.result === '*') return 'not finished (aborted)';
  if (!row.whitePlayerId || !row.blackPlayerId || row.whiteComputer !== null || row.blackComputer !== null) return 'not between two players';
  // A resignation or withdrawal at the start is a forfeit (its tournament still counts it), not a game.
  if (row.ply < PLIES_BEFORE_AN_END_COUNTS) return 'ended before each side made a turn';
  if (row.reason === 'timeout' && row.ply < PLIES_BEFORE_A_TIMEOUT_COUNTS) return 'lost on time before each side made two turns';
  return undefined;
}

/** Whether a game counts for its players' ratings: while it is played, as it was made; once over, whether its end was rated. */
export const countsForRatings = (row: RatedFacts): boolean => (row.status === 'active' ? row.rated : unratedBecause(row) === undefined);

const scoreOf = (result: string): number => (result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5);

export class RatingService {
  constructor(
    private readonly store: RatingStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Rate a game that just ended (called once, where the end is recorded). Undefined when the game
   * is not rated; else each side's rating before and the change. Two games of a player ending at
   * once are rated one after the other (the write checks what it read, and reads again if not).
   */
  async rate(game: GameRow): Promise<GameRatings | undefined> {
    if (unratedBecause(game)) return undefined;
    const white = game.whitePlayerId!;
    const black = game.blackPlayerId!;
    const at = game.finishedAt ?? this.clock();
    const whiteScore = scoreOf(game.result);
    for (let attempt = 0; attempt < 8; attempt++) {
      const rows = await this.store.ratings([white, black], game.variant);
      const rowOf = (id: string) => rows.find((r) => r.playerId === id);
      const before = { white: currentRating(rowOf(white), at), black: currentRating(rowOf(black), at) };
      const after = {
        white: ratePeriod(before.white, [{ opponent: before.black, score: whiteScore }]),
        black: ratePeriod(before.black, [{ opponent: before.white, score: 1 - whiteScore }]),
      };
      const write = (side: Color, id: string, score: number) => {
        const old = rowOf(id);
        const next: PlayerRatingRow = {
          playerId: id,
          variant: game.variant,
          ...after[side],
          games: (old?.games ?? 0) + 1,
          wins: (old?.wins ?? 0) + (score === 1 ? 1 : 0),
          draws: (old?.draws ?? 0) + (score === 0.5 ? 1 : 0),
          losses: (old?.losses ?? 0) + (score === 0 ? 1 : 0),
          ratedAt: at,
        };
        const change: RatingChangeRow = {
          gameId: game.id,
          playerId: id,
          variant: game.variant,
          score,
          before: before[side].rating,
          rdBefore: before[side].rd,
          after: after[side].rating,
          rdAfter: after[side].rd,
          at,
        };
        return { next, expectedGames: old?.games ?? 0, change };
      };
      const outcome = await this.store.rate(write('white', white, whiteScore), write('black', black, 1 - whiteScore));
      if (outcome === 'already') return undefined;
      if (outcome === 'rated')
        return {
          white: { ...shown(before.white), change: round1(after.white.rating - before.white.rating) },
          black: { ...shown(before.black), change: round1(after.black.rating - before.black.rating) },
        };
    }
    console.error(`game ${game.id}: not rated: its players' ratings kept changing under it`);
    return undefined;
  }

  /** Each player's rating in a variant now (never rated: 1500?), for showing beside names. */
  async ratingsOf(playerIds: readonly (string | null)[], variant: string): Promise<Map<string, ShownRating>> {
    const ids = [...new Set(playerIds.filter((p): p is string => !!p))];
    const rows = await this.store.ratings(ids, variant);
    const now = this.clock();
    return new Map(
      ids.map((id) => [
        id,
        shown(
          currentRating(
            rows.find((r) => r.playerId === id),
            now,
          ),
        ),
      ]),
    );
  }

  /** A player's ratings in every variant they were rated in, and their recent rated games. */
  async profile(playerId: string): Promise<{ ratings: VariantRating[]; recent: RecentRatedGame[] }> {
    const now = this.clock();
    const [rows, changes] = await Promise.all([this.store.ratingsOfPlayer(playerId), this.store.recentChanges(playerId, 20)]);
    const ratings = rows
      .map((row) => {
        const r = currentRating(row, now);
        return {
          variant: row.variant,
          ...shown(r),
          volatility: Math.round(r.volatility * 1e6) / 1e6,
          games: row.games,
          wins: row.wins,
          draws: row.draws,
          losses: row.losses,
        };
      })
      .sort((a, b) => b.games - a.games || a.variant.localeCompare(b.variant));
    const recent = changes.map((c) => ({
      gameId: c.gameId,
      variant: c.variant,
      score: c.score,
      before: round1(c.before),
      after: round1(c.after),
      change: round1(c.after - c.before),
      at: new Date(c.at).toISOString(),
    }));
    return { ratings, recent };
  }

  /** The best established players of a variant (RD at most 110 now), best first. */
  async leaderboard(variant: string, limit: number): Promise<ServiceResult<{ variant: string; players: LeaderboardEntry[] }>> {
    if (!getVariant(variant)) return fail(404, 'unknown_variant', `no variant ${variant}`);
    const now = this.clock();
    // The stored RD only grows with time, so rows stored above 110 can never qualify; a few more
    // are read in case some have grown past it since.
    const rows = await this.store.board(variant, PROVISIONAL_RD, Math.min(500, limit * 2 + 20));
    const players = rows
      .map((row) => ({ row, r: currentRating(row, now) }))
      .filter(({ r }) => !isProvisional(r))
      .slice(0, limit)
      .map(({ row, r }) => ({ id: row.playerId, name: row.name, ...shown(r), games: row.games }));
    // Players with the same rating as shown share a rank: 1, 1, 3 (tester 14 P5: a tie was ranked by the id).
    const ranked = players.map((p, i) => ({ rank: i + 1, ...p }));
    for (let i = 1; i < ranked.length; i++) if (ranked[i]!.rating === ranked[i - 1]!.rating) ranked[i] = { ...ranked[i]!, rank: ranked[i - 1]!.rank };
    return done({ variant, players: ranked });
  }
}
