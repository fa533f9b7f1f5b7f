// A player's name and rating as every page shows them: "Kirk (1523?)" (a rating's change in whole
// points, "1500 −162 = 1338", is ratingChangeText in service/ratings.ts, which messages use too).
// The profile, the leaderboard, tournaments, /me and the game page.
import type { ShownRating } from '../../service/ratings.ts';
import type { PublicPlayer } from '../../service/players.ts';

export const nameOf = (p: { id: string | null; name: string | null }) => p.name ?? (p.id ? `player ${p.id}` : 'someone without a key');

/** A rating as shown beside a name: "1523" or, while provisional, "1523?". */
export const ratingText = (r: ShownRating) => `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;

/** " (1523?)" after a name, with the RD for those who hover; nothing when there is no rating to show. */
export const RatingBadge = (p: { r?: ShownRating | undefined }) =>
  p.r ? (
    <span class="rating" title={`rating ${p.r.rating}, RD ${p.r.rd}${p.r.provisional ? ' (provisional)' : ''}`}>
      {' '}
      ({ratingText(p.r)})
    </span>
  ) : null;

/** Ratings for names on a page: the player's rating in a variant, if known. */
export type RatingLookup = (playerId: string | null | undefined, variant: string) => ShownRating | undefined;

/** The same as plain data (it travels to the picture Worker, src/worker/pages/rare-pages.tsx): keyed `<variant> <player id>`. */
export type RatingTable = Readonly<Record<string, ShownRating>>;

export const lookupIn =
  (table: RatingTable): RatingLookup =>
  (id, variant) =>
    id ? table[`${variant} ${id}`] : undefined;

export const PlayerLink = (p: { player: PublicPlayer; rating?: ShownRating | undefined }) => (
  <>
    <a href={`/players/${p.player.id}`}>{nameOf(p.player)}</a>
    <RatingBadge r={p.rating} />
  </>
);
