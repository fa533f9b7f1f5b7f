// A player's profile (/players/:id): the player id, a Challenge form for another signed-in player,
// ratings by variant, recent rated games and recent games.
import type { VariantRating, RecentRatedGame } from '../../service/ratings.ts';
import { ratingChangeText } from '../../service/ratings.ts';
import type { MyGame, PublicPlayer } from '../../service/players.ts';
import { getVariant } from '../../engine/variants/index.ts';
import { Layout } from './layout.tsx';
import { nameOf, ratingText } from './rating-badge.tsx';
import { OfferGameForm, type OfferRefused } from './offer-game-form.tsx';

const variantTitle = (v: string) => getVariant(v)?.title ?? v;

/** A player's profile; `viewer`: the signed-in player's id (another player sees a Challenge form). */
export const ProfilePage = (p: {
  player: PublicPlayer;
  ratings: VariantRating[];
  /** With whom each was played, where the game is still known. */
  changes: (RecentRatedGame & { opponent?: MyGame['opponent'] })[];
  games: MyGame[];
  viewer?: string | undefined;
  /** The Challenge form refused, shown again as sent with why. */
  offer?: OfferRefused | undefined;
}) => (
  <Layout title={`${nameOf(p.player)} — Subspace`}>
    <h1>{nameOf(p.player)}</h1>
    <p>
      Player id <code id="player-id">{p.player.id}</code>
      {p.viewer === p.player.id ? (
        <>
          {' '}
          (you: <a href="/me">your games</a>)
        </>
      ) : null}
    </p>
    {p.viewer === undefined ? (
      <p>
        <a href="/me">Sign in</a> to challenge {nameOf(p.player)} to a game.
      </p>
    ) : p.viewer !== p.player.id ? (
      <section aria-labelledby="challenge-heading">
        <h2 id="challenge-heading">Challenge {nameOf(p.player)}</h2>
        <OfferGameForm id="challenge-player-form" to={p.player} refused={p.offer} />
      </section>
    ) : null}
    <h2>Ratings</h2>
    {p.ratings.length ? (
      <table class="examples">
        <caption class="sr">Glicko-2 ratings by variant; "?" marks a provisional rating (RD above 110)</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Rating</th>
            <th scope="col">RD</th>
            <th scope="col">Games</th>
            <th scope="col">Won / drawn / lost</th>
          </tr>
        </thead>
        <tbody>
          {p.ratings.map((r) => (
            <tr>
              <td>
                <a href={`/leaderboard/${r.variant}`}>{variantTitle(r.variant)}</a>
              </td>
              <td class="num">{ratingText(r)}</td>
              <td class="num">{Math.round(r.rd)}</td>
              <td class="num">{r.games}</td>
              <td class="num">
                {r.wins} / {r.draws} / {r.losses}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : (
      <p>No rated games yet: every variant starts at 1500?.</p>
    )}
    {p.changes.length ? (
      <>
        <h2>Recent rated games</h2>
        <ul>
          {p.changes.map((c) => (
            <li>
              <a href={`/games/${c.gameId}`}>{variantTitle(c.variant)}</a>
              {c.opponent ? <> against {c.opponent.id ? <a href={`/players/${c.opponent.id}`}>{nameOf(c.opponent)}</a> : nameOf(c.opponent)}</> : null},{' '}
              <time datetime={c.at}>{c.at.slice(0, 10)}</time>: {c.score === 1 ? 'won' : c.score === 0 ? 'lost' : 'drawn'}, {Math.round(c.before)}{' '}
              {ratingChangeText(c.before, c.change)} = {Math.round(c.after)}
            </li>
          ))}
        </ul>
      </>
    ) : null}
    {p.games.length ? (
      <>
        <h2>Recent games</h2>
        <ul>
          {p.games.map((g) => (
            <li>
              <a href={`/games/${g.id}`}>
                {g.title ?? g.variant} against {nameOf(g.opponent)}
              </a>{' '}
              — {g.side}, {g.status === 'aborted' ? 'aborted' : g.result}
              {g.rated ? '' : ' (not rated)'}
            </li>
          ))}
        </ul>
        {p.games.some((g) => !g.rated) ? <p class="hint">Not rated: a casual game, or one that ended before each side had moved.</p> : null}
      </>
    ) : null}
  </Layout>
);
