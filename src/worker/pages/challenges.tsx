// Challenges on the pages: a challenge's line in a list (/me, the lobby), the lobby and a
// challenge's own page, with their Accept, Decline and Withdraw forms (POST /challenges/:id/<action>).
import { clockRuleWords, withOptions } from '../../service/option-words.ts';
import { plural } from '../../engine/types.ts';
import type { PublicChallenge } from '../../service/challenges.ts';
import { Layout } from './layout.tsx';
import { PlayerLink, type RatingLookup } from './rating-badge.tsx';

const ACTION_LABEL = { accept: 'Accept', decline: 'Decline', withdraw: 'Withdraw' } as const;

/** One of a challenge's page forms: inline beside its line unless `block`; `secondary` buttons beside a primary Accept. */
const ChallengeAction = (p: { id: string; action: keyof typeof ACTION_LABEL; secondary?: boolean; block?: boolean }) => (
  <form method="post" action={`/challenges/${p.id}/${p.action}`} {...(p.block ? {} : { class: 'inline' })}>
    <button type="submit" {...(p.secondary ? { class: 'secondary' } : {})}>
      {ACTION_LABEL[p.action]}
    </button>
  </form>
);

/** A challenge in a list: someone's, with Accept (and Decline when it is to you), or your own, with Withdraw. */
export const ChallengeLine = (p: { c: PublicChallenge; me?: string; ratings?: RatingLookup | undefined }) => {
  const own = p.me !== undefined && p.c.from.id === p.me;
  return (
    <li>
      <a href={`/challenges/${p.c.id}`}>
        {p.c.title ?? p.c.variant}
        {p.c.rematchOf ? ' (rematch)' : ''}
      </a>{' '}
      {own ? (
        `your ${p.c.to ? 'challenge' : 'open challenge'}`
      ) : (
        <>
          from <PlayerLink player={p.c.from} rating={p.ratings?.(p.c.from.id, p.c.variant)} />
        </>
      )}
      {/* Sent to the one reading it: "to you", not their own name (tester 18 Y11). */}
      {p.c.to ? (
        p.me === p.c.to.id ? (
          ' to you'
        ) : (
          <>
            {' '}
            to <PlayerLink player={p.c.to} />
          </>
        )
      ) : (
        ''
      )}{' '}
      · {p.c.rated ? 'rated' : 'casual'}
      {withOptions(p.c.options, ' · ')} · {p.c.clock ? clockRuleWords(p.c.clock) : 'no clock'} · {own ? 'you play' : 'creator plays'}{' '}
      {p.c.color === 'random' ? 'a colour by lot' : p.c.color}
      {p.me && !own && (!p.c.to || p.c.to.id === p.me) ? <ChallengeAction id={p.c.id} action="accept" /> : null}
      {p.me && p.c.to?.id === p.me ? <ChallengeAction id={p.c.id} action="decline" secondary /> : null}
      {own ? <ChallengeAction id={p.c.id} action="withdraw" secondary /> : null}
    </li>
  );
};

export const LobbyPage = (p: { challenges: PublicChallenge[]; me?: string; next: number | null; ratings?: RatingLookup }) => (
  <Layout title="Open challenges — Subspace">
    <h1>Open challenges</h1>
    {/* Where a challenge to anyone is made (tester 9 U10: the empty lobby was a dead end). */}
    <p>
      {p.me ? (
        <a href="/me#offer">Offer a game to anyone</a>
      ) : (
        <>
          <a href="/me">Sign in</a> to accept one, or to offer a game to anyone.
        </>
      )}
    </p>
    <script src="/static/me.js" defer></script>
    <div
      id="lobby-live"
      data-live-part=""
      data-lobby=""
      data-news={`${p.challenges.length ? plural(p.challenges.length, 'open challenge') : 'No open challenges'}${p.next ? ' on this page' : ''}.`}
    >
      {p.challenges.length ? (
        <ul id="lobby">
          {p.challenges.map((c) => (
            <ChallengeLine c={c} {...(p.me ? { me: p.me } : {})} ratings={p.ratings} />
          ))}
        </ul>
      ) : (
        <p>No open challenges right now.</p>
      )}
      {p.next ? <a href={`/lobby?before=${p.next}`}>Older</a> : null}
    </div>
  </Layout>
);

/** A challenge's status in a sentence, said when it changes on its open page. */
const challengeNews = (c: PublicChallenge) =>
  c.status === 'accepted' ? 'The challenge is accepted: the game has begun (its link is on this page).' : `The challenge is ${c.status}.`;

export const ChallengePage = (p: { c: PublicChallenge; me?: string }) => {
  const open = p.c.status === 'open';
  const mine = p.me === p.c.from.id;
  const forMe = !mine && p.me && (!p.c.to || p.c.to.id === p.me);
  return (
    <Layout title={`Challenge: ${p.c.title ?? p.c.variant} — Subspace`}>
      <script src="/static/me.js" defer></script>
      <h1>
        {p.c.title ?? p.c.variant}
        {p.c.rematchOf ? ' (rematch)' : ''}
      </h1>
      <div id="challenge-live" data-live-part="" data-lobby="" data-news={challengeNews(p.c)}>
        <p>
          From <PlayerLink player={p.c.from} />
          {p.c.to ? (
            <>
              {' '}
              to <PlayerLink player={p.c.to} />
            </>
          ) : (
            ' to anyone'
          )}
          ; the challenger plays {p.c.color === 'random' ? 'a colour by lot' : p.c.color}; {p.c.clock ? clockRuleWords(p.c.clock) : 'no clock'}
          {withOptions(p.c.options, '; ')}; {p.c.rated ? 'rated' : 'casual'}. Status: <strong id="challenge-status">{p.c.status}</strong>.
        </p>
        {p.c.gameId ? (
          <p>
            <a href={`/games/${p.c.gameId}`}>The game</a>
          </p>
        ) : null}
        {open && forMe ? (
          <>
            <ChallengeAction id={p.c.id} action="accept" /> {p.c.to ? <ChallengeAction id={p.c.id} action="decline" /> : null}
          </>
        ) : null}
        {open && mine ? <ChallengeAction id={p.c.id} action="withdraw" block /> : null}
        {open && !p.me ? (
          <p>
            <a href="/me">Sign in</a> to accept.
          </p>
        ) : null}
      </div>
      <p>
        <a href="/me">Your games</a> · <a href="/lobby">Open challenges</a>
      </p>
    </Layout>
  );
};
