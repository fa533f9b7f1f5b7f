// Ratings and tournaments pages (a player's profile is profile.tsx): a variant's leaderboard, the tournaments
// list and a tournament (players, pairings by round, crosstable and standings, Join / Leave /
// Start). Plain server-rendered HTML with forms; no script needed.
import { clockRuleWords, withOptions } from '../../service/option-words.ts';
import type { Child } from 'hono/jsx';
import { DAYS_PER_MOVE, MAX_LEAVE_DAYS } from '../../service/schemas.ts';
import { plural, VARIANT_NAMES } from '../../engine/types.ts';
import type { LeaderboardEntry } from '../../service/ratings.ts';
import { formatWords, type TournamentBoard, type TournamentSummary, type TournamentView } from '../../service/tournament-views.ts';
import { getVariant } from '../../engine/variants/index.ts';
import { Layout, ErrorLine } from './layout.tsx';
import { CurvedSpaceFields } from './curved-space-fields.tsx';
import { nameOf, PlayerLink, RatingBadge, type RatingLookup } from './rating-badge.tsx';
import { utc } from '../../service/public-state.ts';

/**
 * Names as a list shows them: a name two players of the list share gets the player's id beside it,
 * so neither passes for the other (tester 14 P4: a second "Spock" on the leaderboard).
 */
function namesIn(players: readonly { id: string | null; name: string | null }[]) {
  const seen = new Map<string, Set<string | null>>();
  for (const p of players) {
    const key = nameOf(p).toLowerCase();
    seen.set(key, (seen.get(key) ?? new Set()).add(p.id));
  }
  return (p: { id: string | null; name: string | null }) => (seen.get(nameOf(p).toLowerCase())!.size > 1 ? `${nameOf(p)} (${p.id})` : nameOf(p));
}

const variantTitle = (v: string) => getVariant(v)?.title ?? v;
/** A score as the crosstable writes it: quarters and halves as fractions (Sonneborn-Berger has quarters), 2½, ¾. */
const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };
const points = (n: number) => {
  const whole = Math.floor(n);
  const part = FRACTIONS[n - whole];
  return n === whole ? String(n) : part ? `${whole || ''}${part}` : n.toFixed(2);
};

const VariantLinks = (p: { current: string; base: string }) => (
  <nav aria-label="Variants">
    <ul class="way-on">
      {VARIANT_NAMES.map((v) => (
        <li>
          <a href={`${p.base}/${v}`} {...(v === p.current ? { 'aria-current': 'page' } : {})}>
            {variantTitle(v)}
          </a>
        </li>
      ))}
    </ul>
  </nav>
);

export const LeaderboardPage = (p: { variant: string; players: LeaderboardEntry[] }) => {
  const shown = namesIn(p.players);
  return (
    <Layout title={`Leaderboard: ${variantTitle(p.variant)} — Subspace`}>
      <h1>Leaderboard: {variantTitle(p.variant)}</h1>
      <VariantLinks current={p.variant} base="/leaderboard" />
      <p>Players with an established rating (RD at most 110), best first. Ratings are Glicko-2; see a player's page for the rest.</p>
      {p.players.length ? (
        <table class="examples">
          <caption class="sr">Leaderboard of {variantTitle(p.variant)}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              <th scope="col">Rating</th>
              <th scope="col">RD</th>
              <th scope="col">Games</th>
            </tr>
          </thead>
          <tbody>
            {p.players.map((e) => (
              <tr>
                <td>{e.rank}</td>
                <td>
                  <a href={`/players/${e.id}`}>{shown(e)}</a>
                </td>
                <td>{Math.round(e.rating)}</td>
                <td>{Math.round(e.rd)}</td>
                <td>{e.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nobody has an established rating in this variant yet.</p>
      )}
    </Layout>
  );
};

const describe = (t: TournamentSummary) =>
  `${t.title ?? t.variant}${withOptions(t.options)}, ${formatWords(t)}, ${clockRuleWords(t.clock)}, ${t.rated ? 'rated' : 'casual'}`;

/** Where a running tournament stands: a Swiss one's round, a round robin's rounds all at once (tester 18 Y11: the list said "round 3"). */
const runningWords = (t: Pick<TournamentSummary, 'format' | 'round' | 'rounds'>) =>
  t.format === 'swiss' ? `round ${t.round}${t.rounds ? ` of ${t.rounds}` : ''}` : `all ${t.rounds ? `${t.rounds} ` : ''}rounds played at once`;

const TournamentLine = (p: { t: TournamentSummary }) => (
  <li>
    <a href={`/tournaments/${p.t.id}`}>{p.t.name}</a> — {describe(p.t)}; {p.t.playerCount} of {p.t.maxPlayers} players
    {p.t.status === 'open' && p.t.startsAt ? `; starts ${utc(p.t.startsAt)}` : ''}
    {p.t.status === 'running' ? `; ${runningWords(p.t)}` : ''}
    {p.t.winner ? (
      <>
        ; won by <a href={`/players/${p.t.winner.id}`}>{nameOf(p.t.winner)}</a>
      </>
    ) : null}
  </li>
);

/** What was typed in the tournament form, shown again with its error. */
export type TournamentFormValues = Partial<
  Record<'name' | 'variant' | 'format' | 'rounds' | 'maxPlayers' | 'days' | 'timeout' | 'leave' | 'rated' | 'platforms' | 'platformMoves', string>
>;

export const TournamentsPage = (p: {
  tournaments: TournamentSummary[];
  signedIn: boolean;
  error?: string;
  values?: TournamentFormValues;
  /** The page a cancel lands on says it was done (fixed words: an address cannot put its own on the page). */
  canceled?: boolean;
}) => {
  const f = p.values;
  const group = (status: TournamentSummary['status']) => p.tournaments.filter((t) => t.status === status);
  const section = (title: string, list: TournamentSummary[], none: string) => (
    <section>
      <h2>{title}</h2>
      {list.length ? (
        <ul>
          {list.map((t) => (
            <TournamentLine t={t} />
          ))}
        </ul>
      ) : (
        <p>{none}</p>
      )}
    </section>
  );
  return (
    <Layout title="Tournaments — Subspace">
      <h1>Tournaments</h1>
      <ErrorLine error={p.error} />
      {p.canceled ? (
        <p class="msg ok" role="status">
          The tournament was canceled: its entries went with it.
        </p>
      ) : null}
      {section('Open', group('open'), 'No tournament is taking players right now.')}
      {section('Running', group('running'), 'None running.')}
      {section('Finished', group('finished'), 'None finished yet.')}
      {p.signedIn ? (
        <section>
          <h2>Make a tournament</h2>
          <form method="post" action="/tournaments" class="stack" data-once>
            <label>
              Name <input name="name" required maxlength={40} value={f?.name ?? ''} />
            </label>
            <label>
              Variant{' '}
              <select name="variant">
                {VARIANT_NAMES.map((v) => (
                  <option value={v} {...(f?.variant === v ? { selected: true } : {})}>
                    {variantTitle(v)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Format{' '}
              <select name="format">
                <option value="round-robin">Round robin</option>
                <option value="double-round-robin" {...(f?.format === 'double-round-robin' ? { selected: true } : {})}>
                  Double round robin (each pairing twice, colours swapped)
                </option>
                <option value="swiss" {...(f?.format === 'swiss' ? { selected: true } : {})}>
                  Swiss
                </option>
              </select>
            </label>
            <label>
              Rounds (Swiss) <input name="rounds" type="number" min={1} max={255} value={f?.rounds ?? ''} />
            </label>
            <label>
              Most players <input name="maxPlayers" type="number" min={3} max={256} value={f?.maxPlayers ?? '8'} required />
            </label>
            <label>
              Days per move{' '}
              <select name="days">
                {DAYS_PER_MOVE.map((d) => (
                  <option value={String(d)} {...(String(d) === (f?.days ?? '3') ? { selected: true } : {})}>
                    {d}
                  </option>
                ))}
              </select>
            </label>
            <label>
              When a deadline passes{' '}
              <select name="timeout">
                <option value="auto">the game ends on time</option>
                <option value="claim" {...(f?.timeout === 'claim' ? { selected: true } : {})}>
                  the waiting player may claim the win
                </option>
              </select>
            </label>
            <label>
              Leave days for each player <input name="leave" type="number" min={0} max={MAX_LEAVE_DAYS} value={f?.leave ?? '0'} />
            </label>
            {/* A Curved Space tournament's games with the options the home and offer forms have (tester 18 Y7). */}
            <CurvedSpaceFields typed={f} />
            <label>
              <input type="checkbox" name="rated" value="1" checked={!f || f.rated === '1'} /> Rated
            </label>
            <button type="submit">Make it</button>
          </form>
          <p class="small">
            You are not entered yourself: join it from its page. You start it when enough players have joined: at least 3, and for a Swiss one more than its
            rounds.
          </p>
        </section>
      ) : (
        <p>
          <a href="/me">Sign in</a> to join or make a tournament.
        </p>
      )}
    </Layout>
  );
};

const resultFor = (b: TournamentBoard, id: string): string => {
  if (!b.result) return '·';
  const white = b.result === '1-0' ? 1 : b.result === '0-1' ? 0 : 0.5;
  const mine = b.white.id === id ? white : 1 - white;
  return mine === 1 ? '1' : mine === 0 ? '0' : '½';
};

/** The crosstable: a row per player (in standing order), a column per opponent, each cell the games between them. */
const Crosstable = (p: { t: TournamentView }) => {
  const order = p.t.standings.map((s) => s.player);
  const named = namesIn(order);
  const all = p.t.pairings.flatMap((r) => r.boards);
  const boards = all.filter((b) => b.black);
  // A Swiss bye scores a point with no opponent: its own column, so that each row adds up to its points.
  const byes = new Map<string, number>();
  if (p.t.format === 'swiss') for (const b of all) if (!b.black) byes.set(b.white.id, (byes.get(b.white.id) ?? 0) + 1);
  const anyBye = byes.size > 0;
  return (
    <>
      {/* Said above the table, not as its caption: a caption is as wide as the table, so a phone scrolled part of it away. */}
      <p>
        Crosstable: the row player's score against each column player{anyBye ? ', and a point for each bye' : ''}.
        {order.length > 4 ? <span class="phone-only"> On a phone, scroll it sideways for the points.</span> : null}
      </p>
      {/* Wide tables scroll on their own on a phone, not the whole page. */}
      <section style="overflow-x:auto" aria-label="Crosstable" tabindex={0}>
        <table class="examples crosstable">
          <caption class="sr">Crosstable (the row player's score against each column player)</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              {order.map((_, i) => (
                <th scope="col">{i + 1}</th>
              ))}
              {anyBye ? <th scope="col">Bye</th> : null}
              <th scope="col">Points</th>
              <th scope="col">
                <abbr title={p.t.tiebreak}>{p.t.tiebreak === 'Buchholz' ? 'Buch.' : 'SB'}</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {p.t.standings.map((s, i) => (
              <tr>
                <td>{s.rank}</td>
                <th scope="row">
                  <a href={`/players/${s.player.id}`}>{named(s.player)}</a>
                  {s.withdrawn ? ' (withdrew)' : ''}
                </th>
                {order.map((o, j) =>
                  i === j ? (
                    <td>×</td>
                  ) : (
                    <td>
                      {boards
                        .filter((b) => (b.white.id === s.player.id && b.black!.id === o.id) || (b.black!.id === s.player.id && b.white.id === o.id))
                        .map((b) =>
                          b.gameId ? (
                            <a
                              href={`/games/${b.gameId}`}
                              class="xt"
                              aria-label={`${nameOf(s.player)} against ${nameOf(o)}: ${b.result ? resultFor(b, s.player.id) : 'still going'}`}
                            >
                              {resultFor(b, s.player.id)}
                            </a>
                          ) : (
                            resultFor(b, s.player.id)
                          ),
                        )}
                    </td>
                  ),
                )}
                {anyBye ? <td>{byes.has(s.player.id) ? points(byes.get(s.player.id)!) : ''}</td> : null}
                <td>{points(s.points)}</td>
                <td>{points(s.tiebreak)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
};

export const TournamentPage = (p: { t: TournamentView; me?: string; ratings: RatingLookup; error?: string; children?: Child }) => {
  const t = p.t;
  const named = namesIn(t.players);
  const entered = p.me ? t.players.find((x) => x.id === p.me) : undefined;
  const action = (what: string, label: string) => (
    <form method="post" action={`/tournaments/${t.id}/${what}`} class="inline">
      <button type="submit">{label}</button>
    </form>
  );
  return (
    <Layout title={`${t.name} — Subspace`} wide>
      <h1>{t.name}</h1>
      <p>
        {describe(t)}. Status: <strong>{t.status}</strong>
        {t.status === 'running' ? `, ${runningWords(t)}` : ''}
        {t.startsAt && t.status === 'open' ? `; starts ${utc(t.startsAt)}` : ''}. Made by <PlayerLink player={t.creator} />.
        {t.winner ? (
          <>
            {' '}
            Winner: <PlayerLink player={t.winner} />.
          </>
        ) : null}
      </p>
      <ErrorLine error={p.error} />
      {p.me ? (
        <p>
          {t.status === 'open' && !entered ? action('join', 'Join') : null}
          {t.status === 'open' && entered ? action('leave', 'Leave') : null}
          {t.status === 'running' && entered && !entered.withdrawn ? (
            <form method="post" action={`/tournaments/${t.id}/leave`} class="inline">
              <label>
                <input type="checkbox" name="understood" value="1" required /> my games left are lost
              </label>{' '}
              <button type="submit" class="danger">
                Withdraw
              </button>
            </form>
          ) : null}
          {t.status === 'open' && p.me === t.creator.id ? (
            <>
              {' '}
              {action('start', 'Start now')}{' '}
              <form method="post" action={`/tournaments/${t.id}/cancel`} class="inline">
                <label>
                  <input type="checkbox" name="understood" value="1" required /> every entry goes with it
                </label>{' '}
                <button type="submit" class="danger">
                  Cancel the tournament
                </button>
              </form>
            </>
          ) : null}
        </p>
      ) : t.status === 'open' ? (
        <p>
          <a href="/me">Sign in</a> to join.
        </p>
      ) : null}
      {t.status === 'open' ? (
        // How many it takes, said before Start is pressed (tester 9 U21): 3, and a Swiss one more than its rounds.
        <p class="small" id="players-needed">
          It starts with at least {Math.max(3, t.format === 'swiss' && t.rounds !== null ? t.rounds + 1 : 3)} players
          {t.format === 'swiss' && t.rounds !== null ? ` (a Swiss of ${plural(t.rounds, 'round')} needs one more player than rounds)` : ''}.
        </p>
      ) : null}
      <h2>
        Players ({t.players.length} of {t.maxPlayers})
      </h2>
      {t.players.length ? (
        <ol>
          {t.players.map((x) => (
            <li>
              <a href={`/players/${x.id}`}>{named(x)}</a>
              <RatingBadge r={p.ratings(x.id, t.variant)} />
              {x.withdrawn ? ' (withdrew)' : ''}
            </li>
          ))}
        </ol>
      ) : (
        <p>Nobody yet.</p>
      )}
      {t.status !== 'open' ? (
        <>
          <h2>Standings</h2>
          <Crosstable t={t} />
          <h2>Pairings</h2>
          {t.pairings.map((r) => (
            <section>
              <h3>Round {r.round}</h3>
              <ul>
                {r.boards.map((b) => (
                  <li>
                    {b.black ? (
                      <>
                        <PlayerLink player={b.white} /> – <PlayerLink player={b.black} />:{' '}
                        {b.gameId ? <a href={`/games/${b.gameId}`}>{b.result ?? 'playing'}</a> : (b.result ?? 'playing')}
                      </>
                    ) : (
                      <>
                        <PlayerLink player={b.white} /> {t.format === 'swiss' ? 'has a bye (1 point)' : 'sits this round out'}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
      <p>
        <a href="/tournaments">All tournaments</a>
      </p>
    </Layout>
  );
};
