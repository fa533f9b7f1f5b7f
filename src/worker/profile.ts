// What the API and the pages show of players: a public profile (GET /api/players/:id and the
// profile page), and ratings to show beside names.
import type { PlayerRow } from '../db/schema.ts';
import type { LinkBase } from '../service/links.ts';
import { opposite } from '../engine/types.ts';
import { myGame, opponentOf, playerOf, sideOfPlayer } from '../service/players.ts';
import type { RatingService, ShownRating } from '../service/ratings.ts';
import { lookupIn, type RatingLookup, type RatingTable } from './pages/rating-badge.tsx';
import type { Services } from './services.ts';

/** A player as anyone may see them: name, ratings per variant, recent rated changes and recent games. */
export async function playerProfile(services: Services, player: PlayerRow, base: LinkBase) {
  const [profile, finished] = await Promise.all([services.ratings.profile(player.id), services.stores.players.gamesOf(player.id, true, 10)]);
  // Whom each rated game was against (the changes keep only the game's id).
  const rated = new Map((await services.stores.players.gamesByIds(profile.recent.map((c) => c.gameId))).map((row) => [row.id, row]));
  return {
    ...playerOf(player),
    ratings: profile.ratings,
    ratingChanges: profile.recent.map((change) => {
      const row = rated.get(change.gameId);
      const side = row && sideOfPlayer(row, player.id);
      return row && side ? { ...change, opponent: opponentOf(row, opposite(side)) } : change;
    }),
    recentGames: finished.map((row) => myGame(row, sideOfPlayer(row, player.id)!, base)),
  };
}

/** The ratings of these players in these variants, for showing beside their names. */
export async function ratingLookup(service: RatingService, wanted: readonly (readonly [string | null | undefined, string])[]): Promise<RatingLookup> {
  return lookupIn(await ratingTable(service, wanted));
}

/** The same as plain data (a page the picture Worker draws): keyed `<variant> <player id>`. */
export async function ratingTable(service: RatingService, wanted: readonly (readonly [string | null | undefined, string])[]): Promise<RatingTable> {
  const byVariant = new Map<string, string[]>();
  for (const [id, variant] of wanted) if (id) byVariant.set(variant, [...(byVariant.get(variant) ?? []), id]);
  const table: Record<string, ShownRating> = {};
  for (const [variant, ids] of byVariant) for (const [id, rating] of await service.ratingsOf(ids, variant)) table[`${variant} ${id}`] = rating;
  return table;
}
