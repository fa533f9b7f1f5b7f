// A player's public profile (GET /api/players/:id and the profile page).
import type { PlayerRow } from '../db/schema.ts';
import type { LinkBase } from '../service/links.ts';
import { myGame, playerOf, sideOfPlayer } from '../service/players.ts';
import type { Services } from './services.ts';

/** A player as anyone may see them: name, ratings per variant, recent rated changes and recent games. */
export async function playerProfile(services: Services, player: PlayerRow, base: LinkBase) {
  const [profile, finished] = await Promise.all([services.ratings.profile(player.id), services.stores.players.gamesOf(player.id, true, 10)]);
  return {
    ...playerOf(player),
    ratings: profile.ratings,
    ratingChanges: profile.recent,
    recentGames: finished.map((row) => myGame(row, sideOfPlayer(row, player.id)!, base)),
  };
}
