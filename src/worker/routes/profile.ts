// A player's public profile (GET /api/players/:id and the profile page).
import type { PlayerRow } from '../../db/schema.ts';
import { PlayerStore } from '../../db/player-store.ts';
import type { LinkBase } from '../../service/links.ts';
import { myGame, playerOf, sideOfPlayer } from '../../service/players.ts';
import { ratingService } from '../services.ts';

/** A player as anyone may see them: name, ratings per variant, recent rated changes and recent games. */
export async function playerProfile(env: Cloudflare.Env, player: PlayerRow, base: LinkBase) {
  const [profile, finished] = await Promise.all([ratingService(env).profile(player.id), new PlayerStore(env.DB).gamesOf(player.id, true, 10)]);
  return {
    ...playerOf(player),
    ratings: profile.ratings,
    ratingChanges: profile.recent,
    recentGames: finished.map((row) => myGame(row, sideOfPlayer(row, player.id)!, base)),
  };
}
