// A player's pages: /me (your games, "your turn in N games", challenges to you,
// offer a game) and the key form. The lobby and a challenge's page are in challenges.tsx.
import type { Child } from 'hono/jsx';
import { plural, variantTitle, type VariantName } from '../../engine/types.ts';
import type { PublicChallenge } from '../../service/challenges.ts';
import { type MyGame, type PlayerSelf } from '../../service/players.ts';
import { MAX_NAME_LENGTH } from '../../service/schemas.ts';
import { Layout, ErrorLine } from './layout.tsx';
import { nameOf, PlayerLink, RatingBadge, ratingText, type RatingLookup } from './rating-badge.tsx';
import type { VariantRating } from '../../service/ratings.ts';
import { PushButton } from './push-button.tsx';
import { ChallengeLine } from './challenges.tsx';
import { OfferGameForm, type OfferRefused } from './offer-game-form.tsx';
import { utc } from '../../service/public-state.ts';
import { formatWords, type MyTournament } from '../../service/tournament-views.ts';

const UtcTime = (p: { at: string }) => (
  <time data-deadline="" datetime={p.at}>
    {utc(p.at)}
  </time>
);

/** A tournament the player is in or made, not yet finished: where it stands (tester 14 P9). */
const TournamentLine = (p: { t: MyTournament }) => (
  <li>
    <a href={`/tournaments/${p.t.id}`}>{p.t.name}</a> — {variantTitle(p.t.variant as VariantName)}, {formatWords(p.t)}:{' '}
    {p.t.status === 'running' ? (
      // A round robin pairs every round at the start; a Swiss one at a time.
      p.t.format === 'swiss' ? (
        `round ${p.t.round}${p.t.rounds ? ` of ${p.t.rounds}` : ''} under way`
      ) : (
        `under way, ${plural(p.t.round, 'round')}`
      )
    ) : p.t.startsAt ? (
      <>
        open, starts <UtcTime at={p.t.startsAt} />
      </>
    ) : (
      'open, its creator starts it'
    )}
    {p.t.entered ? '' : p.t.withdrawn ? '. You made it and withdrew from it' : '. You made it and have not joined it'}
  </li>
);

/** The clock of an active game: its deadline, the end of a pause (the deadline is null meanwhile), or none. */
const Clock = (p: { game: MyGame }) =>
  p.game.deadline ? (
    <UtcTime at={p.game.deadline} />
  ) : p.game.pausedUntil ? (
    <>
      paused until <UtcTime at={p.game.pausedUntil} />
    </>
  ) : (
    <>no clock</>
  );

/** The game's open offers in words, the game page's (game-status.tsx) with the opponent's name: the ones to answer first. */
export function offerWords(g: Pick<MyGame, 'side' | 'opponent' | 'drawOffer' | 'takebackOffer' | 'pauseOffer'>): string[] {
  const them = nameOf(g.opponent);
  const mine = (by: string | null | undefined) => by === g.side;
  const words: [boolean, string][] = [];
  if (g.drawOffer) words.push([mine(g.drawOffer), mine(g.drawOffer) ? 'you offered a draw' : `${them} offers a draw`]);
  if (g.takebackOffer)
    words.push([mine(g.takebackOffer), mine(g.takebackOffer) ? 'you asked to take back your last turn' : `${them} asks to take back their last turn`]);
  if (g.pauseOffer) {
    const days = plural(g.pauseOffer.days, 'day');
    words.push([mine(g.pauseOffer.by), mine(g.pauseOffer.by) ? `you asked for a pause of ${days}` : `${them} asks for a pause of ${days}`]);
  }
  return words.sort(([a], [b]) => Number(a) - Number(b)).map(([, w]) => w);
}

/** The opponent's name, a link to their profile when a player holds the side (not the computer, not a seat without a key). */
const Opponent = (p: { game: MyGame; ratings?: RatingLookup | undefined }) => {
  const o = p.game.opponent;
  const rating = p.ratings?.(o.id, p.game.variant);
  return o.id && o.computer === undefined ? (
    <PlayerLink player={{ id: o.id, name: o.name }} rating={rating} />
  ) : (
    <>
      {/* A seat nobody has put on their /me: said as the side, not in account words (tester 9 U11). */}
      {o.name ?? (o.id ? nameOf(o) : `${p.game.side === 'white' ? 'Black' : 'White'}, by their link`)}
      <RatingBadge r={rating} />
    </>
  );
};

const GameRow = (p: { game: MyGame; ratings?: RatingLookup | undefined }) => {
  const offers = p.game.status === 'active' ? offerWords(p.game) : [];
  return (
    <li class={p.game.waiting ? 'your-turn' : ''}>
      <a href={`/games/${p.game.id}`}>{p.game.title ?? p.game.variant}</a> against <Opponent game={p.game} ratings={p.ratings} /> — you{' '}
      {p.game.status === 'active' ? 'play' : 'played'} {p.game.side}, ply {p.game.ply}
      {/* A tournament's game leads to its tournament (tester 14 P9). */}
      {p.game.tournament ? (
        <>
          {' '}
          · <a href={`/tournaments/${p.game.tournament.id}`}>a tournament game</a>
        </>
      ) : null}
      {p.game.status === 'active' ? (
        <>
          {' '}
          · {p.game.yourTurn ? <strong>your turn</strong> : 'their turn'} · <Clock game={p.game} />
          {offers.map((words, i) => (
            <> · {i === 0 && p.game.waiting && !p.game.yourTurn ? <strong>{words}</strong> : words}</>
          ))}
        </>
      ) : (
        <> · {endWords(p.game)}</>
      )}
    </li>
  );
};

/**
 * How a game that is over ended, for its player: "1-0, you won", "½-½, a draw", "aborted"; a
 * withdrawal's forfeit says so (its reason, not a guess from the ply: tester 14 P7).
 */
const endWords = (g: Pick<MyGame, 'status' | 'result' | 'side' | 'ply' | 'reason' | 'tournament'>) => {
  if (g.status === 'aborted' || g.result === '*') return 'aborted';
  if (g.result === '1/2-1/2') return '½-½, a draw';
  const won = (g.result === '1-0') === (g.side === 'white');
  const forfeit = g.reason === 'withdrawal';
  return `${g.result}, you ${won ? 'won' : 'lost'}${forfeit ? ` by forfeit (${won ? 'your opponent' : 'you'} withdrew from the tournament)` : ''}`;
};

/** A settings form refused: why, the field it names (it takes the focus), and what was typed (shown again). */
export interface MeSettingsRefused {
  readonly error: string;
  readonly focus: 'name' | 'email' | 'webhook';
  readonly name?: string | undefined;
  readonly email?: string | undefined;
  readonly webhook?: string | undefined;
}

export const MePage = (p: {
  player: PlayerSelf;
  games: MyGame[];
  /** More games in progress than `games`: the least urgent are left out. */
  more?: boolean;
  finished?: MyGame[];
  challenges: PublicChallenge[];
  error?: string;
  /** Came from "Next game" with nothing waiting. */
  noneWaiting?: boolean;
  children?: Child;
  /** Ratings beside names (the opponents'), and the player's own. */
  ratings?: RatingLookup;
  own?: readonly VariantRating[];
  settings?: MeSettingsRefused;
  tournaments?: readonly MyTournament[];
  /** The offer form refused, shown again as sent with why. */
  offer?: OfferRefused | undefined;
}) => {
  // Waiting for you: your turn, or an offer of the other side's to answer (as the header counts them).
  const mine = p.games.filter((g) => g.waiting);
  const theirs = p.games.filter((g) => !g.waiting);
  const waiting = mine.length;
  const turns = mine.filter((g) => g.yourTurn).length;
  const answers = waiting - turns;
  const waitingWords = [
    turns ? `Your turn in ${plural(turns, 'game')}.` : '',
    answers ? `An offer to answer in ${plural(answers, 'game')}${turns ? ' more' : ''}.` : '',
  ].join(turns && answers ? ' ' : '');
  return (
    <Layout title={`${waiting ? `(${waiting}) ` : ''}Your games — Subspace`}>
      <script src="/static/me.js" defer></script>
      <h1>{p.player.name ?? 'Your games'}</h1>
      <p>
        {p.own?.length ? (
          <>
            Your ratings:{' '}
            {p.own.map((r, i) => (
              <>
                {i ? ', ' : ''}
                {variantTitle(r.variant as VariantName)} {ratingText(r)}
              </>
            ))}
            .{' '}
          </>
        ) : null}
        <a href={`/players/${p.player.id}`}>Your public profile</a>
      </p>
      <ErrorLine error={p.error} />
      <div id="me-live" data-live-part="" data-news={`${waiting ? waitingWords : 'No game is waiting for you.'} ${plural(p.challenges.length, 'challenge')}.`}>
        <p id="waiting" class={waiting ? 'msg info' : ''}>
          {waiting ? waitingWords : p.noneWaiting ? 'No other game is waiting for you.' : 'No game is waiting for you.'}
        </p>
        {waiting ? (
          <p>
            <a class="button" href="/next" id="next-game">
              Next game
            </a>
          </p>
        ) : null}
        <div id="my-games">
          {mine.length ? (
            <>
              <h2>Waiting for you</h2>
              <ul id="your-turn" class="game-list">
                {mine.map((g) => (
                  <GameRow game={g} ratings={p.ratings} />
                ))}
              </ul>
            </>
          ) : null}
          {theirs.length ? (
            <>
              <h2>Their turn</h2>
              <ul id="their-games" class="game-list">
                {theirs.map((g) => (
                  <GameRow game={g} ratings={p.ratings} />
                ))}
              </ul>
            </>
          ) : null}
          {p.more ? <p>Only the {p.games.length} most urgent of your games are listed here.</p> : null}
        </div>
        {p.challenges.length ? (
          <>
            <h2>Challenges</h2>
            <ul id="my-challenges">
              {p.challenges.map((c) => (
                <ChallengeLine c={c} me={p.player.id} ratings={p.ratings} />
              ))}
            </ul>
          </>
        ) : null}
        {p.tournaments?.length ? (
          <>
            <h2>Tournaments</h2>
            <ul id="my-tournaments">
              {p.tournaments.map((t) => (
                <TournamentLine t={t} />
              ))}
            </ul>
          </>
        ) : null}
        {p.finished?.length ? (
          <>
            <h2>Finished</h2>
            <ul id="finished-games" class="game-list">
              {p.finished.map((g) => (
                <GameRow game={g} ratings={p.ratings} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <h2 id="offer">Offer a game</h2>
      <OfferGameForm id="challenge-form" refused={p.offer} />
      <h2>Your name and notifications</h2>
      <p>
        Your name is shown in your games, those in progress too. A challenge to you and the start of each game come to your email, and to your webhook (signed
        like a game's webhooks, with a text line for chat bots). Empty a field to remove it.
      </p>
      <ErrorLine error={p.settings ? `Settings not saved. ${p.settings.error}` : undefined} />
      <form method="post" action="/me/settings" id="settings-form">
        <label>
          {/* A new name is shown in the games in progress too; finished games keep the name they were played under. */}
          Name{' '}
          <input
            name="name"
            size={20}
            maxlength={MAX_NAME_LENGTH}
            value={p.settings?.name ?? p.player.name ?? ''}
            autocomplete="nickname"
            autofocus={p.settings?.focus === 'name' ? true : undefined}
          />
        </label>{' '}
        <label>
          {/* Refused: the field named has the focus, so the page opens scrolled to the form and its error. */}
          Email{' '}
          <input
            name="email"
            type="email"
            size={30}
            value={p.settings?.email ?? p.player.email ?? ''}
            autofocus={p.settings?.focus === 'email' ? true : undefined}
          />
        </label>{' '}
        {p.player.email && !p.player.emailConfirmed ? <span class="hint">(not confirmed yet: follow the link mailed to it)</span> : null}{' '}
        <label>
          Webhook URL{' '}
          <input
            name="webhook"
            type="url"
            size={40}
            value={p.settings?.webhook ?? p.player.webhook ?? ''}
            placeholder="https://bot.example/subspace"
            autofocus={p.settings?.focus === 'webhook' ? true : undefined}
          />
        </label>{' '}
        <button type="submit">Save</button>
      </form>
      <PushButton api="/api/me/push" what="(Web Push: your turn, offers, messages, the end, challenges and last calls in all your games)" />
      {p.player.webhookDisabled ? <p class="msg error">Your webhook answered 410 Gone and was switched off; save it again to switch it back on.</p> : null}
      {p.children}
      <p>
        Your player id is <code>{p.player.id}</code>. <a href="/lobby">Open challenges</a> · <a href="/me?status=finished">All finished games</a>
      </p>
      <form method="post" action="/me/sign-out" data-once>
        <button type="submit">Sign out on this device</button>
      </form>
      {/* Drastic and not undone: a tick first, as withdrawing from a tournament (tester 9 U14). */}
      <form method="post" action="/me/keys" data-once>
        <label>
          <input type="checkbox" name="understood" value="1" required /> every other device, bot and linked chat is signed out, and your key changes
        </label>{' '}
        <button type="submit" class="danger">
          Sign out everywhere else
        </button>
      </form>
    </Layout>
  );
};

export const FinishedPage = (p: { games: MyGame[] }) => (
  <Layout title="Finished games — Subspace">
    <h1>Finished games</h1>
    <ul>
      {p.games.map((g) => (
        <GameRow game={g} />
      ))}
    </ul>
    <p>
      <a href="/me">Your games</a>
    </p>
  </Layout>
);
