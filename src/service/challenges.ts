// Open challenges and rematches: a player offers a game (to anyone, or to one
// player); the first to accept gets it. Accepting claims the challenge with one
// guarded update before the game is made, so two accepts at once make one game.
import type { ChallengeRow, GameRow, PlayerRow } from '../db/schema.ts';
import type { PlayerStore } from '../db/player-store.ts';
import { opposite, type Color } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { madeOrUndone, startingGame } from './new-game.ts';
import type { CreatedGame } from './games.ts';
import type { LinkBase } from './links.ts';
import type { PublicState } from './public-state.ts';
import { done, fail, type ServiceResult } from './result.ts';
import type { CreateChallengeInput } from './player-schemas.ts';
import { myGame, playerOf, playerSeat, sideOfPlayer, type MyGame, type PublicPlayer } from './players.ts';
import type { CreateGameInput } from './schemas.ts';
import { newGameId } from './crypto.ts';
import { clockOfGame, computerRematchInput } from './rematch.ts';
import type { Seats } from './new-game.ts';
import type { TournamentSummary } from './tournament-views.ts';
import { MAX_OPEN_CHALLENGES, strangerLimit, TWIN_CHALLENGE_MS } from './challenge-limits.ts';
import { DAY_MS } from './durations.ts';

/** What a player's event stream carries (GET /api/stream/events). */
export type PlayerEvent =
  | { readonly type: 'challenge'; readonly challenge: PublicChallenge }
  | { readonly type: 'challengeCanceled'; readonly challenge: PublicChallenge }
  | { readonly type: 'gameStart'; readonly game: MyGame }
  | { readonly type: 'yourTurn'; readonly game: MyGame }
  /** The other side offered a draw, asked for a takeback or a pause: the game waits for your answer (its drawOffer, takebackOffer, pauseOffer say which). */
  | { readonly type: 'offer'; readonly game: MyGame }
  /** An offer in the game was declined, or a takeback or pause agreed, and no turn came to you with it: the game as it is now. */
  | { readonly type: 'offerClosed'; readonly game: MyGame }
  | { readonly type: 'gameFinish'; readonly game: MyGame }
  | { readonly type: 'tournamentFinish'; readonly tournament: TournamentSummary };

/** Where player events go (the player's event stream, emails); failures are the sink's to log. */
export interface PlayerEventSink {
  send(playerId: string, event: PlayerEvent, base: LinkBase): Promise<void>;
  /** A challenge was made, accepted, withdrawn or declined: lobby and challenge pages look again. */
  challengesChanged?(): Promise<void>;
}

/** Makes the game of an accepted challenge, with a player on each side. */
interface GameMaker {
  /** A new game's id, claimed before the game is made. */
  newId(): Promise<string>;
  create(input: CreateGameInput, base: LinkBase, seats: Seats & { id: string }): Promise<ServiceResult<CreatedGame>>;
}

export interface PublicChallenge {
  readonly id: string;
  readonly variant: string;
  readonly title?: string;
  readonly options: unknown;
  readonly clock: { readonly daysPerMove: number; readonly timeout: 'auto' | 'claim'; readonly leaveDays: number } | null;
  /** The creator's colour. */
  readonly color: ChallengeRow['color'];
  readonly from: PublicPlayer;
  readonly to: PublicPlayer | null;
  readonly status: ChallengeRow['status'] | 'expired';
  readonly rematchOf: string | null;
  /** Whether the game it becomes counts for the ratings. */
  readonly rated: boolean;
  readonly gameId: string | null;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly link: string;
}

export interface AcceptedGame {
  readonly id: string;
  readonly challenge: string;
  readonly white: PublicPlayer;
  readonly black: PublicPlayer;
  readonly link: string;
  readonly state: PublicState;
}

/** Where a finished game's rematch stands for one of its players (ChallengeService.rematchState). */
export type RematchState =
  | { readonly kind: 'none' }
  | { readonly kind: 'offered' | 'waiting'; readonly challenge: ChallengeRow }
  | { readonly kind: 'started'; readonly gameId: string };

/**
 * What asking for a rematch did: a new offer, the offer already open, the opponent's offer
 * accepted; against the computer the new game itself (`computer`); or nothing, the rematch
 * having started already (its game: the API refuses, 409 `rematch_started`; the page opens it).
 */
export type RematchAnswer =
  | { readonly kind: 'offered' | 'open'; readonly challenge: PublicChallenge }
  | { readonly kind: 'accepted'; readonly game: AcceptedGame }
  | { readonly kind: 'computer'; readonly game: CreatedGame }
  | { readonly kind: 'started'; readonly gameId: string };

export class ChallengeService {
  constructor(
    private readonly store: PlayerStore,
    private readonly games: GameMaker,
    private readonly clock: () => number = Date.now,
    private readonly events?: PlayerEventSink,
  ) {}

  private async lobbyChanged(): Promise<void> {
    try {
      await this.events?.challengesChanged?.();
    } catch (e) {
      console.error('could not tell the lobby stream:', e instanceof Error ? e.message : String(e));
    }
  }

  private async emit(playerId: string | null, event: PlayerEvent, base: LinkBase): Promise<void> {
    if (!playerId || !this.events) return;
    try {
      await this.events.send(playerId, event, base);
    } catch (e) {
      console.error(`player ${playerId}: could not send ${event.type}:`, e instanceof Error ? e.message : String(e));
    }
  }

  private async view(row: ChallengeRow, base: LinkBase): Promise<PublicChallenge> {
    const [from, to] = await Promise.all([this.store.player(row.creatorId), row.toPlayerId ? this.store.player(row.toPlayerId) : undefined]);
    const title = getVariant(row.variant)?.title;
    return {
      id: row.id,
      variant: row.variant,
      ...(title ? { title } : {}),
      options: JSON.parse(row.options),
      clock: row.daysPerMove ? { daysPerMove: row.daysPerMove, timeout: row.timeoutMode, leaveDays: row.leaveDays } : null,
      color: row.color,
      from: from ? playerOf(from) : { id: row.creatorId, name: null },
      to: row.toPlayerId ? (to ? playerOf(to) : { id: row.toPlayerId, name: null }) : null,
      status: row.status === 'open' && row.expiresAt <= this.clock() ? 'expired' : row.status,
      rematchOf: row.rematchOf,
      rated: row.rated,
      gameId: row.gameId,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(row.expiresAt).toISOString(),
      link: `${base.origin}/challenges/${row.id}`,
    };
  }

  async create(creator: PlayerRow, input: CreateChallengeInput, base: LinkBase): Promise<ServiceResult<PublicChallenge>> {
    const row = await this.challengeRow(creator, input);
    if (!row.ok) return row;
    // The same challenge sent again within seconds (a double click, a form sent twice) is the first one.
    const kept = await this.store.createChallengeOnce(row.value, row.value.createdAt - TWIN_CHALLENGE_MS, MAX_OPEN_CHALLENGES);
    if (kept === 'full')
      return fail(
        409,
        'too_many_challenges',
        `you have ${MAX_OPEN_CHALLENGES} open challenges, the most a player may have at once: withdraw one (on your page, its page, or DELETE /api/challenges/:id) or wait for one to be answered or to expire`,
      );
    if (kept && kept.id !== row.value.id) return done(await this.view(kept, base));
    // Counted once made, before anyone is told: the same challenge sent again (a retry) is the first one and no other (tester 17 X1).
    const tooMany = await strangerLimit(this.store, creator.id, row.value);
    if (tooMany) return tooMany;
    return done(await this.published(row.value, base));
  }

  /** A challenge's row as `create` stores it, its input checked (null rematchOf: not a rematch). */
  private async challengeRow(creator: PlayerRow, input: CreateChallengeInput, rematchOf?: string): Promise<ServiceResult<ChallengeRow>> {
    if (input.to !== undefined) {
      if (input.to === creator.id) return fail(400, 'invalid_body', 'to: you cannot challenge yourself');
      if (!(await this.store.player(input.to))) return fail(404, 'unknown_player', `no player with id ${input.to}`);
    }
    // A rated game without a clock would never end if the player losing stopped answering (tester 14 P1).
    if (input.rated && !input.clock)
      return fail(
        400,
        'invalid_body',
        'rated: a rated game needs a clock (clock.daysPerMove), so that a player who stops answering loses on time; give a clock, or send rated: false',
      );
    // The options are checked now, so accepting can only fail for a reason of its own.
    const game = startingGame(input.variant, input.options);
    if (!game.ok) return game;
    const now = this.clock();
    const row: ChallengeRow = {
      id: newGameId(),
      creatorId: creator.id,
      toPlayerId: input.to ?? null,
      variant: input.variant,
      options: JSON.stringify(game.value.options),
      daysPerMove: input.clock?.daysPerMove ?? null,
      timeoutMode: input.clock?.timeout ?? 'auto',
      leaveDays: input.clock?.leaveDays ?? 0,
      color: input.color,
      status: 'open',
      gameId: null,
      rematchOf: rematchOf ?? null,
      rated: input.rated ?? input.clock !== undefined,
      createdAt: now,
      expiresAt: now + input.expiresInDays * DAY_MS,
    };
    return done(row);
  }

  /** A stored challenge told to the player it is for (or the lobby). */
  private async published(row: ChallengeRow, base: LinkBase): Promise<PublicChallenge> {
    const view = await this.view(row, base);
    await this.emit(row.toPlayerId, { type: 'challenge', challenge: view }, base);
    await this.lobbyChanged();
    return view;
  }

  async get(id: string, base: LinkBase): Promise<ServiceResult<PublicChallenge>> {
    const row = await this.store.challenge(id);
    return row ? done(await this.view(row, base)) : fail(404, 'unknown_challenge', `no challenge with id ${id}`);
  }

  /**
   * Open challenges to anyone, newest first; `next` is the `before` of the following page (null: no more).
   * The cursor is a time, so challenges made in the same millisecond never straddle two pages: a page
   * ends before such a group (a shorter page), or holds all of it when the group alone fills the page.
   */
  async list(base: LinkBase, limit: number, before?: number): Promise<{ challenges: PublicChallenge[]; next: number | null }> {
    const now = this.clock();
    const rows = await this.store.openChallenges(now, limit + 1, before);
    let page = rows.slice(0, limit);
    let next: number | null = null;
    if (rows.length > limit) {
      const edge = page.at(-1)!.createdAt;
      if (rows[limit]!.createdAt !== edge) next = edge;
      else if (page[0]!.createdAt !== edge) {
        page = page.filter((r) => r.createdAt !== edge);
        next = edge + 1;
      } else {
        page = await this.store.openChallengesAt(now, edge);
        next = edge;
      }
    }
    return { challenges: await Promise.all(page.map((r) => this.view(r, base))), next };
  }

  /** Open challenges a player made or was sent. */
  async mine(player: PlayerRow, base: LinkBase): Promise<PublicChallenge[]> {
    return Promise.all((await this.store.challengesOf(player.id, this.clock(), 100)).map((r) => this.view(r, base)));
  }

  private notOpen(row: ChallengeRow): string | undefined {
    if (row.status === 'open' && row.expiresAt <= this.clock()) return `challenge ${row.id} expired`;
    if (row.status !== 'open') return `challenge ${row.id} is no longer open (${row.status})`;
    return undefined;
  }

  /**
   * The game of a challenge this player accepted already, if it is that (an accept pressed twice, a
   * retry after a timeout): the answer names the game, and the page opens it (tester 20 T13).
   */
  async acceptedBy(row: ChallengeRow | string, player: PlayerRow): Promise<string | undefined> {
    const challenge = typeof row === 'string' ? await this.store.challenge(row) : row;
    if (challenge?.status !== 'accepted' || !challenge.gameId || challenge.creatorId === player.id) return undefined;
    const game = await this.store.game(challenge.gameId);
    return game && sideOfPlayer(game, player.id) ? challenge.gameId : undefined;
  }

  async accept(id: string, player: PlayerRow, base: LinkBase): Promise<ServiceResult<AcceptedGame>> {
    const row = await this.store.challenge(id);
    if (!row) return fail(404, 'unknown_challenge', `no challenge with id ${id}`);
    // Its creator first: a challenge they sent to someone is still their own.
    if (row.creatorId === player.id)
      return fail(409, 'own_challenge', 'you cannot accept your own challenge: it waits for another player (withdraw it if you no longer want it)');
    if (row.toPlayerId && row.toPlayerId !== player.id) return fail(403, 'not_for_you', `challenge ${id} was sent to another player`);
    const yours = await this.acceptedBy(row, player);
    if (yours) return fail(409, 'challenge_closed', `challenge ${id} was accepted already, by you: game ${yours}, ${base.origin}/games/${yours}`);
    const closed = this.notOpen(row);
    if (closed) return fail(409, 'challenge_closed', closed);
    // One rematch a game: of two offers that crossed (both players pressed Rematch at once), the
    // one accepted first starts it, and the other can no longer be accepted (it made a second game).
    const started = row.rematchOf ? (await this.store.rematchesOf(row.rematchOf)).find((r) => r.id !== id && r.status === 'accepted' && r.gameId) : undefined;
    if (started)
      return fail(409, 'challenge_closed', `challenge ${id} is a rematch of game ${row.rematchOf}, whose rematch has started already: game ${started.gameId}`);
    const creator = await this.store.player(row.creatorId);
    if (!creator) return fail(404, 'unknown_challenge', `no challenge with id ${id}`);
    const gameId = await this.games.newId();
    if (!(await this.store.claimChallenge(id, gameId, this.clock()))) return fail(409, 'challenge_closed', `challenge ${id} was just accepted or withdrawn`);
    const creatorSide: Color = row.color === 'random' ? (crypto.getRandomValues(new Uint8Array(1))[0]! & 1 ? 'white' : 'black') : row.color;
    const sides = creatorSide === 'white' ? { white: creator, black: player } : { white: player, black: creator };
    const input: CreateGameInput = {
      variant: row.variant as CreateGameInput['variant'],
      options: JSON.parse(row.options),
      white: playerSeat(sides.white),
      black: playerSeat(sides.black),
      ...(row.daysPerMove
        ? {
            clock: { daysPerMove: row.daysPerMove as NonNullable<CreateGameInput['clock']>['daysPerMove'], timeout: row.timeoutMode, leaveDays: row.leaveDays },
          }
        : {}),
    };
    const created = await madeOrUndone(
      () => this.games.create(input, base, { id: gameId, players: { white: sides.white.id, black: sides.black.id }, rated: row.rated }),
      () => this.store.releaseChallenge(id, gameId),
    );
    if (!created.ok) return created;
    const game = created.value;
    const link = `${base.origin}/games/${game.id}`;
    const stored = await this.store.game(game.id);
    if (stored)
      for (const p of [sides.white, sides.black]) await this.emit(p.id, { type: 'gameStart', game: myGame(stored, sideOfPlayer(stored, p.id)!, base) }, base);
    await this.lobbyChanged();
    return done({ id: game.id, challenge: id, white: playerOf(sides.white), black: playerOf(sides.black), link, state: game.state });
  }

  /** The creator withdraws an open challenge. */
  async withdraw(id: string, player: PlayerRow, base: LinkBase): Promise<ServiceResult<PublicChallenge>> {
    return this.close(id, player, base, 'withdrawn');
  }

  /** The player a challenge was sent to turns it down. */
  async decline(id: string, player: PlayerRow, base: LinkBase): Promise<ServiceResult<PublicChallenge>> {
    return this.close(id, player, base, 'declined');
  }

  private async close(id: string, player: PlayerRow, base: LinkBase, status: 'withdrawn' | 'declined'): Promise<ServiceResult<PublicChallenge>> {
    const row = await this.store.challenge(id);
    if (!row) return fail(404, 'unknown_challenge', `no challenge with id ${id}`);
    if (status === 'withdrawn' && row.creatorId !== player.id) return fail(403, 'not_creator', `only the player who made challenge ${id} can withdraw it`);
    if (status === 'declined' && row.toPlayerId !== player.id)
      return fail(403, 'not_for_you', `challenge ${id} was not sent to you, so there is nothing to decline`);
    const closed = this.notOpen(row);
    if (closed) return fail(409, 'challenge_closed', closed);
    if (!(await this.store.closeChallenge(id, status))) return fail(409, 'challenge_closed', `challenge ${id} was just accepted or withdrawn`);
    const view = await this.view({ ...row, status }, base);
    await this.emit(status === 'withdrawn' ? row.toPlayerId : row.creatorId, { type: 'challengeCanceled', challenge: view }, base);
    await this.lobbyChanged();
    return done(view);
  }

  /**
   * Where the rematch of a finished game stands for one of its players: none asked for, their own
   * offer open, the opponent's offer waiting for them, or started (an offer accepted: its game).
   */
  async rematchState(gameId: string, player: Pick<PlayerRow, 'id'>): Promise<RematchState> {
    const rows = await this.store.rematchesOf(gameId);
    const started = rows.find((r) => r.status === 'accepted' && r.gameId);
    if (started) return { kind: 'started', gameId: started.gameId! };
    const open = rows.filter((r) => !this.notOpen(r));
    const mine = open.find((r) => r.creatorId === player.id);
    if (mine) return { kind: 'offered', challenge: mine };
    const theirs = open.find((r) => r.toPlayerId === player.id);
    return theirs ? { kind: 'waiting', challenge: theirs } : { kind: 'none' };
  }

  /**
   * A player of a finished game offers the same game again, colours swapped, to the opponent.
   * Asked again while the offer is open: that offer (`open`). When the opponent's own rematch
   * offer is already waiting, the two meet: it is accepted and the game starts (`accepted`), as
   * when both players press Rematch on lichess.
   */
  async rematch(game: GameRow, player: PlayerRow, base: LinkBase, crossed = false): Promise<ServiceResult<RematchAnswer>> {
    const side = sideOfPlayer(game, player.id);
    if (!side) return fail(403, 'not_a_player', `you are not a player of game ${game.id} (with this key)`);
    if (game.status === 'active') return fail(409, 'game_not_over', `game ${game.id} is still going: a rematch comes after the end`);
    // The tournament pairs its games: a rematch would be a game outside it, offered from inside it.
    if (game.tournamentId)
      return fail(
        409,
        'tournament_game',
        `game ${game.id} is a game of tournament ${game.tournamentId}, which has no rematches: to play this opponent again, challenge them from their profile`,
      );
    const againstComputer = computerRematchInput(game, side);
    if (againstComputer) return this.computerRematch(game, player, opposite(side), againstComputer, base);
    const state = await this.rematchState(game.id, player);
    // One rematch a game: once one is played, asking again is told where it is (it made another before).
    if (state.kind === 'started') return done(state);
    // Asked again (a second press, a retried request): the offer still open is the answer, not a second one.
    if (state.kind === 'offered') return done({ kind: 'open', challenge: await this.view(state.challenge, base) });
    const theirs = state.kind === 'waiting' ? state.challenge : undefined;
    if (theirs) {
      const accepted = await this.accept(theirs.id, player, base);
      // Taken or withdrawn a moment ago: this player's own offer is made instead.
      if (accepted.ok) return done({ kind: 'accepted', game: accepted.value });
    }
    const opponent = opposite(side) === 'white' ? game.whitePlayerId : game.blackPlayerId;
    const clock = clockOfGame(game);
    const input: CreateChallengeInput = {
      variant: game.variant as CreateChallengeInput['variant'],
      options: JSON.parse(game.options),
      color: opposite(side),
      expiresInDays: 7,
      // A rated game of before rated games needed a clock is played again casual.
      rated: game.rated && Boolean(clock),
      ...(opponent ? { to: opponent } : {}),
      ...(clock ? { clock } : {}),
    };
    const row = await this.challengeRow(player, input, game.id);
    if (!row.ok) return row;
    // Offers that crossed: the other one is open now, so this press meets it (asked again, once).
    if (!(await this.store.offerRematch({ ...row.value, rematchOf: game.id }, row.value.createdAt)))
      return crossed
        ? fail(409, 'rematch_started', `the rematch of game ${game.id} is being made: try again in a moment`)
        : this.rematch(game, player, base, true);
    return done({ kind: 'offered', challenge: await this.published(row.value, base) });
  }

  /**
   * Against the computer nobody is there to accept: the rematch is the new game at once, the player
   * on `mine`. It is recorded first as an accepted challenge whose id is made from the finished
   * game's, so a second press (a double click without JavaScript, a retried request) finds it
   * (`started`) instead of making another game.
   */
  private async computerRematch(game: GameRow, player: PlayerRow, mine: Color, input: CreateGameInput, base: LinkBase): Promise<ServiceResult<RematchAnswer>> {
    const claim = `${COMPUTER_REMATCH_PREFIX}${game.id}`;
    const gameId = await this.games.newId();
    const now = this.clock();
    const claimed = await this.store.claimComputerRematch({
      id: claim,
      creatorId: player.id,
      variant: game.variant,
      options: game.options,
      daysPerMove: game.daysPerMove,
      timeoutMode: game.timeoutMode,
      leaveDays: game.leaveDays,
      color: mine,
      status: 'accepted',
      gameId,
      rematchOf: game.id,
      rated: false,
      createdAt: now,
      expiresAt: now,
    });
    if (!claimed) {
      const earlier = await this.store.challenge(claim);
      if (earlier?.gameId) return done({ kind: 'started', gameId: earlier.gameId });
      return fail(409, 'rematch_started', `the rematch of game ${game.id} is being made: try again in a moment`);
    }
    const created = await madeOrUndone(
      () => this.games.create({ ...input, [mine]: playerSeat(player) }, base, { id: gameId, players: { [mine]: player.id } }),
      () => this.store.dropComputerRematch(claim, gameId),
    );
    if (!created.ok) return created;
    // Its start on the player's event stream, as an accepted challenge's is.
    const stored = await this.store.game(gameId);
    if (stored) await this.emit(player.id, { type: 'gameStart', game: myGame(stored, mine, base) }, base);
    return done({ kind: 'computer', game: created.value });
  }
}

/** The id of a computer rematch's record: never the shape of a challenge's own id (not served as one). */
const COMPUTER_REMATCH_PREFIX = 'rematch-';
