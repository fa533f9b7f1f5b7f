// Ratings and tournaments pages and their forms: /players/:id, /leaderboard/:variant,
// /tournaments and /tournaments/:id with Join / Leave / Start (forms post back here, from our
// own pages only, as the signed-in player of the /me cookie).
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import * as v from 'valibot';
import { PlayerIdSchema } from '../../service/player-schemas.ts';
import { playerOf } from '../../service/players.ts';
import { VARIANT_NAMES } from '../../engine/types.ts';
import { CreateTournamentSchema, TournamentIdSchema } from '../../service/tournament-schemas.ts';
import type { ServiceResult } from '../../service/result.ts';
import type { TournamentView } from '../../service/tournament-views.ts';
import { linkBase, type AppEnv } from '../http.ts';
import { readForm } from '../http-body.ts';
import { describeIssues, labelled } from '../http-validation.ts';
import { meErrorPage as errorPage, ownPageForms, rarePage } from '../pages/respond.tsx';
import { cookiePlayer } from '../viewer.tsx';
import { getCookie } from 'hono/cookie';
import { KEY_COOKIE } from '../http-auth.ts';
import { flashSignature, wholeOrTyped, isOwnFlash } from '../forms.ts';
import { playerProfile, ratingTable } from '../profile.ts';
import type { PlayerRow } from '../../db/schema.ts';
import type { OfferRefused } from '../pages/offer-game-form.tsx';

/**
 * A form's refusal travels to the tournament's page in its address (Post/Redirect/Get, so a reload
 * does not post the form again), tagged under the player's key: only our own redirects show one.
 */
async function backWithError(c: Context<AppEnv>, id: string, error: string) {
  const key = getCookie(c, KEY_COOKIE) ?? '';
  const text = error.slice(0, 300);
  const q = new URLSearchParams({ error: text, sig: await flashSignature(key, { error: text }) });
  return c.redirect(`/tournaments/${id}?${q}`, 303);
}

/** The refusal in a tournament page's address, when it is one of our own redirects for this player. */
async function shownError(c: Context<AppEnv>): Promise<string | undefined> {
  const [error, sig, key] = [c.req.query('error'), c.req.query('sig'), getCookie(c, KEY_COOKIE)];
  if (!error || !sig || !key) return undefined;
  return (await isOwnFlash(key, { error }, sig)) ? error : undefined;
}

async function tournamentPage(c: Context<AppEnv>, id: string, error?: string) {
  const [found, player] = await Promise.all([c.var.services.tournaments.get(id, linkBase(c)), cookiePlayer(c)]);
  if (!found.ok) return errorPage(c, 404, 'No such tournament', `There is no tournament with id ${id.slice(0, 40)}.`, '/tournaments');
  const t = found.value;
  const ratings = await ratingTable(
    c.var.services.ratings,
    t.players.map((p) => [p.id, t.variant] as const),
  );
  return rarePage(c, { name: 'tournament', props: { t, ratings, ...(player ? { me: player.id } : {}), ...(error ? { error } : {}) } });
}

/** A form's action on a tournament as the signed-in player: back to its page, with the refusal in words. */
async function act(c: Context<AppEnv>, what: 'join' | 'leave' | 'start' | 'cancel') {
  const id = c.req.param('id') ?? '';
  if (!v.is(TournamentIdSchema, { id })) return errorPage(c, 404, 'No such tournament', `There is no tournament with id ${id.slice(0, 40)}.`, '/tournaments');
  const player = await cookiePlayer(c);
  if (!player) return errorPage(c, 403, 'Not signed in', 'Open your personal link first (your /me page), then come back.', `/tournaments/${id}`);
  const service = c.var.services.tournaments;
  if (what === 'cancel') {
    // Everyone's entry goes with it: the page's form asks for a tick first.
    if ((await readForm(c)).understood !== '1') return backWithError(c, id, 'Tick "every entry goes with it" to cancel: nothing was changed.');
    const canceled = await service.cancel(id, player);
    // The list it lands on says it was done (tester 16 R6).
    return canceled.ok ? c.redirect('/tournaments?canceled=1', 303) : backWithError(c, id, labelled(canceled.error, TOURNAMENT_FORM_LABELS));
  }
  // Withdrawing loses the games left: the page's form asks for a tick first (no script needed).
  if (what === 'leave' && (await readForm(c)).understood !== '1') {
    const running = await service.get(id, linkBase(c));
    if (running.ok && running.value.status === 'running') return backWithError(c, id, 'Tick "my games left are lost" to withdraw: nothing was changed.');
  }
  const result: ServiceResult<TournamentView> = await service[what](id, player, linkBase(c));
  if (!result.ok) return backWithError(c, id, labelled(result.error, TOURNAMENT_FORM_LABELS));
  return c.redirect(`/tournaments/${id}`, 303);
}

/** The tournament form's labels, for its errors (the API's field names mean nothing on the page). */
const TOURNAMENT_FORM_LABELS = {
  name: 'Name',
  variant: 'Variant',
  format: 'Format',
  rounds: 'Rounds',
  maxPlayers: 'Most players',
  'clock.daysPerMove': 'Days per move',
  'clock.timeout': 'When a deadline passes',
  'clock.leaveDays': 'Leave days for each player',
  'options.platforms': 'Number of platforms',
  'options.platformMoves': 'Platform moves',
};

/** A player's profile page; `offer`: its Challenge form refused (that status), shown again as sent with why. */
export async function profilePage(c: Context<AppEnv>, player: PlayerRow, offer?: { refused: OfferRefused; status: 400 | 404 | 409 | 429 }) {
  const [profile, viewer] = await Promise.all([playerProfile(c.var.services, player, linkBase(c)), cookiePlayer(c)]);
  return rarePage(
    c,
    {
      name: 'profile',
      props: {
        player: playerOf(player),
        ratings: profile.ratings,
        changes: profile.ratingChanges,
        games: profile.recentGames,
        viewer: viewer?.id,
        ...(offer ? { offer: offer.refused } : {}),
      },
    },
    offer?.status,
  );
}

export const leaguePages = new Hono<AppEnv>()
  .get('/players/:id', async (c) => {
    const id = c.req.param('id');
    const player = v.is(PlayerIdSchema, id) ? await c.var.services.players.find(id) : undefined;
    if (!player) return errorPage(c, 404, 'No such player', `There is no player with id ${id.slice(0, 40)}.`, '/');
    return profilePage(c, player);
  })

  // `/leaderboard?variant=planar` (as the API's query reads) opens that variant's board; none: the first variant's.
  .get('/leaderboard', (c) => {
    const asked = c.req.query('variant');
    const variant = asked && (VARIANT_NAMES as readonly string[]).includes(asked) ? asked : VARIANT_NAMES[0];
    return c.redirect(`/leaderboard/${variant}`, 302);
  })

  .get('/leaderboard/:variant', async (c) => {
    const board = await c.var.services.ratings.leaderboard(c.req.param('variant'), 100);
    if (!board.ok) return errorPage(c, 404, 'No such variant', `${board.error}: the variants are ${VARIANT_NAMES.join(', ')}.`, '/leaderboard');
    return rarePage(c, { name: 'leaderboard', props: { variant: board.value.variant, players: board.value.players } });
  })

  .get('/tournaments', async (c) => {
    const [list, player] = await Promise.all([c.var.services.tournaments.list(linkBase(c)), cookiePlayer(c)]);
    const canceled = c.req.query('canceled') === '1';
    return rarePage(c, { name: 'tournaments', props: { tournaments: list, signedIn: Boolean(player), ...(canceled ? { canceled } : {}) } });
  })

  .get('/tournaments/:id', async (c) => {
    const id = c.req.param('id');
    if (!v.is(TournamentIdSchema, { id })) return errorPage(c, 404, 'No such tournament', `There is no tournament with id ${id.slice(0, 40)}.`, '/tournaments');
    return tournamentPage(c, id, await shownError(c));
  })

  .use('/tournaments', ownPageForms)
  .use('/tournaments/*', ownPageForms)

  .post('/tournaments', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Open your personal link first (your /me page), then make a tournament.', '/tournaments');
    const f = await readForm(c);
    // The form's one Format choice holds the API's format and `double`.
    const double = f.format === 'double-round-robin';
    const input = v.safeParse(CreateTournamentSchema, {
      name: f.name ?? '',
      variant: f.variant,
      format: double ? 'round-robin' : f.format,
      ...(double ? { double: true } : {}),
      maxPlayers: wholeOrTyped(f.maxPlayers),
      clock: { daysPerMove: wholeOrTyped(f.days), timeout: f.timeout || undefined, leaveDays: wholeOrTyped(f.leave) },
      rated: f.rated === '1',
      // Rounds typed for a round robin are refused in words, as the API refuses them (not dropped).
      ...(f.rounds ? { rounds: wholeOrTyped(f.rounds) } : {}),
      // Curved Space's options from the form's fields (tester 18 Y7); another variant's games have none.
      ...(f.variant === 'curved-space' ? { options: { platforms: wholeOrTyped(f.platforms ?? '4'), platformMoves: f.platformMoves || 'fixed' } } : {}),
    });
    const list = () => c.var.services.tournaments.list(linkBase(c));
    // A refused form comes back as it was typed.
    const values = {
      name: f.name,
      variant: f.variant,
      format: f.format,
      rounds: f.rounds,
      maxPlayers: f.maxPlayers,
      days: f.days,
      timeout: f.timeout,
      leave: f.leave,
      rated: f.rated ?? '',
      platforms: f.platforms,
      platformMoves: f.platformMoves,
    };
    if (!input.success)
      return rarePage(
        c,
        {
          name: 'tournaments',
          props: { tournaments: await list(), signedIn: true, error: describeIssues(input.issues, 'form', TOURNAMENT_FORM_LABELS), values },
        },
        400,
      );
    const made = await c.var.services.tournaments.create(player, input.output, linkBase(c));
    if (!made.ok)
      return rarePage(
        c,
        { name: 'tournaments', props: { tournaments: await list(), signedIn: true, error: labelled(made.error, TOURNAMENT_FORM_LABELS), values } },
        400,
      );
    return c.redirect(`/tournaments/${made.value.id}`, 303);
  })

  .post('/tournaments/:id/join', (c) => act(c, 'join'))
  .post('/tournaments/:id/leave', (c) => act(c, 'leave'))
  .post('/tournaments/:id/start', (c) => act(c, 'start'))
  .post('/tournaments/:id/cancel', (c) => act(c, 'cancel'));
