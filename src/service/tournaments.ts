// Tournaments (docs/tournaments.md): round robins (Berger tables, every game at once) and Swiss
// events (a round paired when the last one has ended), among players with keys. Each board is an
// ordinary game, rated when the tournament is. Pairings and standings come from src/league/.
import type { PlayerRow } from '../db/schema.ts';
import type { DirectoryRow, GameRow } from '../db/schema.ts';
import type { TournamentGameRow, TournamentRow } from '../db/schema-tournaments.ts';
import type { Entrant, TournamentStore } from '../db/tournament-store.ts';
import { roundRobin, standings, swissRound, type Pairing, type PlayedGame, type SwissPlayer } from '../league/pairing.ts';
import type { PlayerEventSink } from './challenges.ts';
import { newGameId } from './crypto.ts';
import type { CreatedGame } from './games.ts';
import type { Actor } from './game-core.ts';
import { linkOrigin, type LinkBase } from './links.ts';
import { myGame, playerOf, sideOfPlayer, type PublicPlayer } from './players.ts';
import type { RatingService } from './ratings.ts';
import { done, fail, type ServiceResult } from './result.ts';
import type { CreateGameInput } from './schemas.ts';
import { newTournamentRow } from './tournament-row.ts';
import { MAX_OPEN_TOURNAMENTS, type CreateTournamentInput } from './tournament-schemas.ts';
import {
  myTournament,
  tournamentSummary,
  type BoardResult,
  type MyTournament,
  type TournamentBoard,
  type TournamentSummary,
  type TournamentView,
} from './tournament-views.ts';

const MIN_PLAYERS = 3;

/** What the tournament needs of the game service: make a game for two seats, end one by a withdrawal's forfeit. */
export interface TournamentGames {
  create(
    input: CreateGameInput,
    base: LinkBase,
    seats: { id: string; players: { white: string; black: string }; rated: boolean; tournamentId: string },
  ): Promise<ServiceResult<CreatedGame>>;
  forfeit(id: string, actor: Actor): Promise<ServiceResult<unknown>>;
  /** The stored game (for its players' events). */
  row(id: string): Promise<DirectoryRow | undefined>;
}

/** The entrants in seed order: rating at the start, best first; before the start, by joining. */
function seedOrder(entrants: readonly Entrant[]): Entrant[] {
  return [...entrants].sort((a, b) => (b.seedRating ?? 0) - (a.seedRating ?? 0) || a.joinedAt - b.joinedAt || a.playerId.localeCompare(b.playerId));
}

const played = (boards: readonly TournamentGameRow[]): PlayedGame[] =>
  boards.map((b) => ({ round: b.round, white: b.whiteId, black: b.blackId, result: b.result }));

export class TournamentService {
  constructor(
    private readonly store: TournamentStore,
    private readonly ratings: RatingService,
    private readonly games: () => TournamentGames,
    private readonly clock: () => number = Date.now,
    private readonly events?: PlayerEventSink,
    /** PUBLIC_URL: where every link points when set. */
    private readonly publicUrl?: string,
  ) {}

  /** The tournament and round a game is a board of (its record's [Event] and [Round]); undefined for any other game. */
  roundOfGame(gameId: string): Promise<{ readonly name: string; readonly round: number } | undefined> {
    return this.store.roundOfGame(gameId);
  }

  /**
   * Where the links of a tournament's games and notices point when no request says (the cron, a
   * game's end): PUBLIC_URL, else the origin it was made on, else (made before that was kept) `fallback`.
   */
  private baseOf(t: TournamentRow, fallback?: string | null): LinkBase {
    return { origin: linkOrigin(this.publicUrl, t.linkOrigin, fallback) };
  }

  // ---- reading ----

  private async view(t: TournamentRow, base: LinkBase): Promise<TournamentView> {
    const [entrants, boards] = await Promise.all([this.store.entrants(t.id), this.store.boards(t.id)]);
    const ordered = seedOrder(entrants);
    const names = new Map(entrants.map((e) => [e.playerId, { id: e.playerId, name: e.name }]));
    const who = async (id: string): Promise<PublicPlayer> => names.get(id) ?? { id, name: (await this.store.player(id))?.name ?? null };
    const creator = await who(t.creatorId);
    const winner = t.winnerId ? await who(t.winnerId) : null;
    const rounds = new Map<number, TournamentBoard[]>();
    for (const b of boards) {
      const list = rounds.get(b.round) ?? [];
      list.push({
        board: b.board,
        white: await who(b.whiteId),
        black: b.blackId ? await who(b.blackId) : null,
        gameId: b.gameId,
        result: b.result,
        link: b.gameId ? `${base.origin}/games/${b.gameId}` : null,
      });
      rounds.set(b.round, list);
    }
    const withdrawn = new Set(entrants.filter((e) => e.withdrawnAt !== null).map((e) => e.playerId));
    const table = standings(
      ordered.map((e) => e.playerId),
      played(boards),
      t.format,
    ).map((s) => ({
      rank: s.rank,
      player: names.get(s.id)!,
      points: s.points,
      tiebreak: s.tiebreak,
      wins: s.wins,
      draws: s.draws,
      losses: s.losses,
      played: s.played,
      withdrawn: withdrawn.has(s.id),
    }));
    return {
      ...tournamentSummary(t, creator, winner, entrants.length, base),
      players: ordered.map((e) => ({ id: e.playerId, name: e.name, seedRating: e.seedRating, withdrawn: e.withdrawnAt !== null })),
      pairings: [...rounds].map(([round, list]) => ({ round, boards: list })),
      tiebreak: t.format === 'swiss' ? 'Buchholz' : 'Sonneborn-Berger',
      standings: table,
    };
  }

  async get(id: string, base: LinkBase): Promise<ServiceResult<TournamentView>> {
    const t = await this.store.tournament(id);
    return t ? done(await this.view(t, base)) : fail(404, 'unknown_tournament', `no tournament with id ${id}`);
  }

  /** Every tournament, newest first (open, running and finished; the page groups them). */
  async list(base: LinkBase, limit = 100): Promise<TournamentSummary[]> {
    const rows = await this.store.list(limit);
    return Promise.all(
      rows.map(async (t) => {
        const [creator, winner, count] = await Promise.all([
          this.store.player(t.creatorId),
          t.winnerId ? this.store.player(t.winnerId) : undefined,
          this.store.entrantCount(t.id),
        ]);
        return tournamentSummary(t, creator ? playerOf(creator) : { id: t.creatorId, name: null }, winner ? playerOf(winner) : null, count, base);
      }),
    );
  }

  /** The tournaments `player` is in or made, not yet finished, newest first (at most 20). */
  async current(player: PlayerRow): Promise<MyTournament[]> {
    return (await this.store.currentOf(player.id, 20)).map(myTournament);
  }

  // ---- before the start ----

  async create(creator: PlayerRow, input: CreateTournamentInput, base: LinkBase): Promise<ServiceResult<TournamentView>> {
    const made = newTournamentRow(creator.id, input, base.origin, this.clock());
    if (!made.ok) return made;
    const row = made.value;
    // One key cannot fill the list with tournaments that never start (tester 11 S12, tester 14 P6).
    if (!(await this.store.create(row, MAX_OPEN_TOURNAMENTS)))
      return fail(
        409,
        'too_many_tournaments',
        `you have ${MAX_OPEN_TOURNAMENTS} tournaments that have not started, the most a player may have at once: start or cancel one first`,
      );
    return done(await this.view(row, base));
  }

  async join(id: string, player: PlayerRow, base: LinkBase): Promise<ServiceResult<TournamentView>> {
    const t = await this.store.tournament(id);
    if (!t) return fail(404, 'unknown_tournament', `no tournament with id ${id}`);
    const entrants = await this.store.entrants(id);
    const me = entrants.find((e) => e.playerId === player.id);
    // A player who withdrew (from a running tournament) is still an entrant, but not "in" it.
    if (me?.withdrawnAt != null) return fail(409, 'joining_closed', 'you withdrew from this tournament once it had started: you cannot join it again');
    if (me) return fail(409, 'already_joined', 'you have already joined this tournament');
    if (t.status !== 'open') return fail(409, 'joining_closed', `the tournament has ${t.status === 'running' ? 'started' : 'finished'}: joining is closed`);
    if (entrants.length >= t.maxPlayers) return fail(409, 'tournament_full', `the tournament is full (${t.maxPlayers} players)`);
    if (!(await this.store.join(id, player.id, this.clock()))) {
      const now = await this.store.tournament(id);
      // Another join of theirs came first.
      if ((await this.store.entrants(id)).some((e) => e.playerId === player.id)) return fail(409, 'already_joined', 'you have already joined this tournament');
      return now?.status !== 'open'
        ? fail(409, 'joining_closed', 'the tournament has just started: joining is closed')
        : fail(409, 'tournament_full', `the tournament is full (${t.maxPlayers} players)`);
    }
    return done(await this.view((await this.store.tournament(id))!, base));
  }

  /** Its creator calls off a tournament that has not started: it and its entries go (tester 14 P6). */
  async cancel(id: string, player: PlayerRow): Promise<ServiceResult<{ id: string; canceled: true }>> {
    const t = await this.store.tournament(id);
    if (!t) return fail(404, 'unknown_tournament', `no tournament with id ${id}`);
    if (t.status === 'finished') return fail(409, 'tournament_over', 'the tournament is over');
    if (t.creatorId !== player.id) return fail(403, 'not_creator', 'only the player who made the tournament can cancel it');
    if (t.status !== 'open' || !(await this.store.cancel(id)))
      return fail(409, 'tournament_started', 'the tournament has started: it can no longer be canceled (each player may withdraw)');
    return done({ id, canceled: true });
  }

  /** Leave before the start; after it, withdraw: the games still going are lost, the games played stand. */
  async leave(id: string, player: PlayerRow, base: LinkBase, again = false): Promise<ServiceResult<TournamentView>> {
    const t = await this.store.tournament(id);
    if (!t) return fail(404, 'unknown_tournament', `no tournament with id ${id}`);
    const me = (await this.store.entrants(id)).find((e) => e.playerId === player.id);
    if (!me) return fail(409, 'not_joined', 'you are not in this tournament');
    if (t.status === 'finished') return fail(409, 'tournament_over', 'the tournament is over');
    if (t.status === 'open') {
      // Not left: the tournament started, or this player's other press left first (tester 20 T7): read again, once.
      if (!(await this.store.leave(id, player.id)))
        return again ? fail(409, 'tournament_started', 'the tournament has just started: leave again to withdraw') : this.leave(id, player, base, true);
      return done(await this.view((await this.store.tournament(id))!, base));
    }
    if (me.withdrawnAt !== null || !(await this.store.withdraw(id, player.id, this.clock())))
      return fail(409, 'already_withdrawn', 'you have already withdrawn');
    const games = this.games();
    for (const b of await this.store.boards(id)) {
      if (!b.gameId || b.result !== null || (b.whiteId !== player.id && b.blackId !== player.id)) continue;
      // A forfeit, through the game service (its end counts here as any end).
      const side = b.whiteId === player.id ? 'white' : 'black';
      const resigned = await games.forfeit(b.gameId, { side });
      // Its board's result now, not only when the game's end hook runs after the answer: this answer
      // shows the round paired or the tournament ended. (The hook then finds the result set.)
      if (resigned.ok) await this.store.setResult(b.gameId, side === 'white' ? '0-1' : '1-0');
    }
    // A Swiss round may now be complete without them.
    await this.advance(id, base);
    return done(await this.view((await this.store.tournament(id))!, base));
  }

  // ---- the start ----

  async start(id: string, player: PlayerRow, base: LinkBase): Promise<ServiceResult<TournamentView>> {
    const t = await this.store.tournament(id);
    if (!t) return fail(404, 'unknown_tournament', `no tournament with id ${id}`);
    if (t.creatorId !== player.id) return fail(403, 'not_creator', 'only the player who made the tournament can start it');
    const started = await this.begin(t, base);
    if (!started.ok) return started;
    return done(await this.view((await this.store.tournament(id))!, base));
  }

  /**
   * The cron: start the open tournaments whose `startsAt` has come (one with too few players stays
   * open, and is tried again). Their links point where each was made.
   */
  async startDue(limit = 20): Promise<string[]> {
    const started: string[] = [];
    for (const t of await this.store.dueToStart(this.clock(), limit)) if ((await this.begin(t, this.baseOf(t))).ok) started.push(t.id);
    return started;
  }

  /** `tries`: a start that found the entrants changed as it paired them reads them again, a few times. */
  private async begin(t: TournamentRow, base: LinkBase, tries = 3): Promise<ServiceResult<true>> {
    if (t.status !== 'open')
      return t.status === 'running'
        ? fail(409, 'tournament_started', 'the tournament has already started')
        : fail(409, 'tournament_over', 'the tournament has already finished');
    const entrants = await this.store.entrants(t.id);
    // Canceled meanwhile (its entries go with it): said as such, not "too few players" (tester 20 T7).
    if (entrants.length < MIN_PLAYERS && !(await this.store.tournament(t.id)))
      return fail(404, 'unknown_tournament', `no tournament with id ${t.id} (it was canceled)`);
    if (entrants.length < MIN_PLAYERS)
      return fail(409, 'too_few_players', `a tournament needs at least ${MIN_PLAYERS} players to start; it has ${entrants.length}`);
    if (t.format === 'swiss' && t.rounds! > entrants.length - 1)
      return fail(
        409,
        'too_many_rounds',
        `rounds: ${t.rounds} Swiss rounds are more than possible with ${entrants.length} players (at most ${entrants.length - 1})`,
      );
    const now = this.clock();
    const ratings = await this.ratings.ratingsOf(
      entrants.map((e) => e.playerId),
      t.variant,
    );
    const seeds = new Map(entrants.map((e) => [e.playerId, ratings.get(e.playerId)!.rating]));
    const order = seedOrder(entrants.map((e) => ({ ...e, seedRating: seeds.get(e.playerId)! })));
    const ids = order.map((e) => e.playerId);
    const rounds: Pairing[][] =
      t.format === 'round-robin'
        ? roundRobin(ids, t.double)
        : [
            swissRound(
              ids.map((id) => ({ id, score: 0, opponents: [], colors: [], hadBye: false })),
              t.rounds! - 1,
            )!,
          ];
    const boards = rounds.flatMap((round, r) => this.boards(t, r + 1, round));
    if (!(await this.store.pairRounds(t, 0, rounds.length, boards, now, seeds))) {
      // Another start came first, or a player joined or left while these were paired: still open, the
      // start pairs the entrants as they are now.
      const again = await this.store.tournament(t.id);
      if (again?.status === 'open' && tries > 1) return this.begin(again, base, tries - 1);
      return fail(409, 'tournament_started', 'the tournament has just been started');
    }
    await this.makeGames(t, boards, base);
    return done(true);
  }

  /** The boards of a round: a game id claimed for each game, none for a bye. */
  private boards(t: TournamentRow, round: number, pairs: readonly Pairing[]): TournamentGameRow[] {
    return pairs.map((p, i) => ({
      tournamentId: t.id,
      round,
      board: i + 1,
      whiteId: p.white,
      blackId: p.black,
      gameId: p.black === null ? null : newGameId(),
      result: null,
    }));
  }

  /** The games of newly paired boards: ordinary games, with their clocks and notifications; each player is told. */
  private async makeGames(t: TournamentRow, boards: readonly TournamentGameRow[], base: LinkBase): Promise<void> {
    const games = this.games();
    const players = new Map<string, PlayerRow | undefined>();
    const playerRow = async (id: string) => {
      if (!players.has(id)) players.set(id, await this.store.player(id));
      return players.get(id);
    };
    const seat = (p: PlayerRow | undefined) => ({ ...(p?.name ? { name: p.name } : {}), ...(p?.email ? { email: p.email } : {}) });
    for (const b of boards) {
      if (!b.gameId || !b.blackId) continue;
      const [white, black] = [await playerRow(b.whiteId), await playerRow(b.blackId)];
      const input: CreateGameInput = {
        variant: t.variant as CreateGameInput['variant'],
        options: JSON.parse(t.options),
        white: seat(white),
        black: seat(black),
        clock: { daysPerMove: t.daysPerMove as NonNullable<CreateGameInput['clock']>['daysPerMove'], timeout: t.timeoutMode, leaveDays: t.leaveDays },
      };
      const created = await games.create(input, base, { id: b.gameId, players: { white: b.whiteId, black: b.blackId }, rated: t.rated, tournamentId: t.id });
      if (!created.ok) {
        console.error(`tournament ${t.id}: the game of round ${b.round}, board ${b.board} could not be made: ${created.error}`);
        continue;
      }
      const stored = await games.row(b.gameId);
      if (stored && this.events)
        for (const id of [b.whiteId, b.blackId]) await this.tell(id, { type: 'gameStart', game: myGame(stored, sideOfPlayer(stored, id)!, base) }, base);
    }
  }

  private async tell(playerId: string, event: Parameters<PlayerEventSink['send']>[1], base: LinkBase): Promise<void> {
    if (!this.events) return;
    try {
      await this.events.send(playerId, event, base);
    } catch (e) {
      console.error(`player ${playerId}: could not send ${event.type}:`, e instanceof Error ? e.message : String(e));
    }
  }

  // ---- as games end ----

  /**
   * A game ended (the end hook, in the game's object: no request of the tournament's): its board's
   * result; then the next Swiss round, or the end, with links where the tournament was made.
   */
  async gameEnded(row: GameRow): Promise<void> {
    if (!row.tournamentId) return;
    const board = await this.store.boardOfGame(row.id);
    if (!board) return;
    // An aborted game (before both sides moved) counts as a draw here; it is not rated.
    const result: BoardResult = row.result === '1-0' || row.result === '0-1' ? row.result : '1/2-1/2';
    if (!(await this.store.setResult(row.id, result))) return;
    const t = await this.store.tournament(board.tournamentId);
    if (t) await this.advance(t.id, this.baseOf(t, row.linkOrigin));
  }

  /** When every game paired so far has ended: pair the next Swiss round, or end the tournament. */
  private async advance(id: string, base: LinkBase): Promise<void> {
    const t = await this.store.tournament(id);
    if (t?.status !== 'running') return;
    const boards = await this.store.boards(id);
    if (boards.some((b) => b.gameId !== null && b.result === null)) return;
    if (t.format === 'swiss' && t.round < t.rounds! && (await this.pairNext(t, boards, base))) return;
    await this.finish(t, boards, base);
  }

  /**
   * The next Swiss round among the players still in; false when none can be paired (the tournament then ends).
   * `tries`: a pairing that found a player withdrawn as it paired them reads the entrants again, a few times.
   */
  private async pairNext(t: TournamentRow, boards: readonly TournamentGameRow[], base: LinkBase, tries = 3): Promise<boolean> {
    const entrants = seedOrder(await this.store.entrants(t.id));
    const table = standings(
      entrants.map((e) => e.playerId),
      played(boards),
      'swiss',
    );
    const active = new Set(entrants.filter((e) => e.withdrawnAt === null).map((e) => e.playerId));
    if (active.size < 2) return false;
    const view: SwissPlayer[] = table
      .filter((s) => active.has(s.id))
      .map((s) => ({
        id: s.id,
        score: s.points,
        opponents: boards.flatMap((b) => (b.blackId === null ? [] : b.whiteId === s.id ? [b.blackId] : b.blackId === s.id ? [b.whiteId] : [])),
        colors: boards.flatMap((b) => (b.blackId === null ? [] : b.whiteId === s.id ? ['w' as const] : b.blackId === s.id ? ['b' as const] : [])),
        hadBye: boards.some((b) => b.blackId === null && b.whiteId === s.id),
      }));
    const pairs = swissRound(view, t.rounds! - (t.round + 1));
    if (!pairs) return false;
    const next = this.boards(t, t.round + 1, pairs);
    // Of two games ending at once, one pairs the round; the other finds it paired. A withdrawal that
    // landed while this round was paired leaves it unpaired: then it is paired again without them.
    if (!(await this.store.pairRounds(t, t.round, t.round + 1, next, this.clock(), undefined, [...active]))) {
      const again = await this.store.tournament(t.id);
      if (again?.status === 'running' && again.round === t.round && tries > 1) return this.pairNext(again, await this.store.boards(t.id), base, tries - 1);
      return true;
    }
    await this.makeGames(t, next, base);
    // A round of byes only (every other player withdrew) is complete at once.
    if (next.every((b) => b.gameId === null)) await this.advance(t.id, base);
    return true;
  }

  /** The end: the winner is the top of the standings; every entrant is told (event stream, webhook, email). */
  private async finish(t: TournamentRow, boards: readonly TournamentGameRow[], base: LinkBase): Promise<void> {
    const entrants = seedOrder(await this.store.entrants(t.id));
    const table = standings(
      entrants.map((e) => e.playerId),
      played(boards),
      t.format,
    );
    const withdrawn = new Set(entrants.filter((e) => e.withdrawnAt !== null).map((e) => e.playerId));
    const winnerId = table.find((s) => !withdrawn.has(s.id))?.id ?? null;
    if (!(await this.store.finish(t.id, winnerId, this.clock()))) return;
    const finished = await this.store.tournament(t.id);
    if (!finished) return;
    const names = new Map(entrants.map((e) => [e.playerId, { id: e.playerId, name: e.name }]));
    const creator = names.get(t.creatorId) ?? playerOf((await this.store.player(t.creatorId)) ?? { id: t.creatorId, name: null });
    const summary = tournamentSummary(finished, creator, winnerId ? names.get(winnerId)! : null, entrants.length, base);
    for (const e of entrants) await this.tell(e.playerId, { type: 'tournamentFinish', tournament: summary }, base);
  }
}
