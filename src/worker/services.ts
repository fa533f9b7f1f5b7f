// Building the services from the Worker's bindings and configuration: the one place where they are
// wired, for requests (on `c.var.services`, through `withServices`), the cron, the queues, email and the game objects.
import type { PageContext } from './pages/site.tsx';
import type { Color } from '../engine/types.ts';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AddressStore } from '../db/address-store.ts';
import { ChatStore } from '../db/chat-store.ts';
import type { GameStore } from '../db/game-store.ts';
import { Directory } from '../db/directory.ts';
import { ChatChannel } from '../notify/chat/channel.ts';
import { DiscordApi } from '../notify/chat/discord-api.ts';
import { allPlayerSinks, ChatChallengeNotifier, ChatNotifier } from '../notify/chat/notifier.ts';
import { TelegramApi } from '../notify/chat/telegram-api.ts';
import type { ConsumerDeps } from '../notify/consumer.ts';
import { EmailChannel } from '../notify/email.ts';
import { PlayerWebhookNotifier, QueueNotifier } from '../notify/publisher.ts';
import { NotifyService } from '../notify/settings.ts';
import { NotifyStore } from '../notify/store.ts';
import { webhookPolicy } from '../notify/url-policy.ts';
import { WebhookChannel } from '../notify/webhook.ts';
import { DigestMailer } from '../notify/digest.ts';
import { PushNotifier } from '../notify/push-publisher.ts';
import { withTournamentRound } from '../notify/tournament-round.ts';
import { SeatTokens } from '../service/seat-tokens.ts';
import { PushStore } from '../notify/push-store.ts';
import { PushService } from '../notify/push-service.ts';
import { ComputerPlayer } from '../service/computer.ts';
import { GameService } from '../service/games.ts';
import { GameViews } from '../service/preview.ts';
import { QueueComputerTurns } from './computer-queue.ts';
import { AnalysisStore } from '../db/analysis-store.ts';
import { AnalysisOnGameOver, AnalysisService } from '../service/analysis.ts';
import { NotesService } from '../service/notes.ts';
import { publicMove } from '../service/public-state.ts';
import { PlayerStore } from '../db/player-store.ts';
import { PlayerMail } from '../notify/player-mail.ts';
import { ChallengeService } from '../service/challenges.ts';
import { PlayerService } from '../service/players.ts';
import { allOf, HubEvents } from './hub-events.ts';
import { RatingStore } from '../db/rating-store.ts';
import { TournamentStore } from '../db/tournament-store.ts';
import { RatingService } from '../service/ratings.ts';
import { TournamentService } from '../service/tournaments.ts';
import type { BoardDrawing, EventSink, GameAlarms, GameEndHook, Thinking } from '../service/ports.ts';
import type { SeatRecords } from '../db/seat-records.ts';
import { config, type Config } from './config.ts';
import { GameIdCheck, gameClient, ObjectAlarms, RemoteGames, remoteNotifyStore, type GameClient } from './game-objects.ts';
import { remoteDrawing, remoteThinking } from './board-png.ts';

/** Every handler finds the services on `c.var.services`, built from the bindings and the configuration. */
/** `pageInfo`: who is looking at a page and its path (src/worker/viewer.tsx), for pages drawn elsewhere. */
export type AppEnv = { Bindings: Cloudflare.Env; Variables: { services: Services; pageInfo?: PageContext } };

type Later = Pick<ExecutionContext, 'waitUntil'>;

/** Inside a game's object: that game's storage and alarm, which its own game service works on. */
interface GameHome {
  readonly store: GameStore;
  /** Its seats' records: the delivery log, reply-to-play mail, the invitation. */
  readonly seats: SeatRecords;
  readonly alarms: GameAlarms;
  /** The game page's sockets the object holds (the game's live events go to them directly). */
  readonly sockets?: { readonly gameId: string; publish(lines: readonly object[]): Promise<number> };
}

/**
 * Every service of the Worker, built from its bindings and configuration on first use: a request
 * builds only what its handler asks for, and within one request each is built once. `ctx`: a
 * request's context, whose `waitUntil` runs notifications, the computer's request and a
 * tournament's next round after the answer; without one (cron, queues, email, alarms) they are
 * awaited.
 */
export class Services {
  readonly config: Config;
  private readonly made = new Map<string, unknown>();

  constructor(
    readonly env: Cloudflare.Env,
    readonly clock: () => number = Date.now,
    private readonly ctx?: Later,
    private readonly home?: GameHome,
  ) {
    this.config = config(env);
  }

  private once<T>(name: string, make: () => T): T {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as T;
  }

  /** The event streams' side of every event: game and player hubs, challenge emails. */
  private get hubEvents(): HubEvents {
    const { env, clock } = this;
    return this.once(
      'hubEvents',
      () =>
        new HubEvents(
          env,
          this.config,
          new PlayerStore(env.DB),
          this.playerMail,
          new PlayerWebhookNotifier(env.NOTIFY_QUEUE, clock),
          this.pushNotifier,
          this.home?.sockets,
        ),
    );
  }

  /** Web Push of game events (one fan-out message, only for a game with subscriptions: no D1 read) and challenges. */
  private get pushNotifier(): PushNotifier {
    return this.once('pushNotifier', () => new PushNotifier(new PushStore(this.env.DB), this.env.NOTIFY_QUEUE, this.config.publicUrl, this.clock));
  }

  private get playerMail(): PlayerMail {
    return this.once('playerMail', () => new PlayerMail(this.env.EMAIL, this.config.mail, new AddressStore(this.env.DB), new PushStore(this.env.DB)));
  }

  private get webhookPolicy() {
    return this.once('webhookPolicy', () => webhookPolicy(this.config.webhooks));
  }

  /** The chat notifications' queue: none when no bot could deliver them. */
  private get chatQueue() {
    return this.config.chatsReachable ? this.env.NOTIFY_QUEUE : undefined;
  }

  /** The game service: each call run by the game's object (its after-answer work waited for by the request's waitUntil). */
  get games(): GameClient {
    return this.once('games', () => gameClient(this.env, this.ctx ? (work) => this.ctx!.waitUntil(work) : undefined, this.clock, this.gameIds));
  }

  /**
   * Whether a browser hears a game is D1's to say (its triggers): events from a game's object carry
   * it as the change's own directory write answered it, not as the row read before the change had it.
   */
  private heardBy(store: GameStore, sink: EventSink): EventSink {
    return {
      publish: async (row, events, lastMove) => {
        // The change's directory write (after the answer) says whether the game is heard now.
        await store.directoryCopy.written();
        return sink.publish({ ...row, pushSubscribed: store.directoryCopy.heard ?? row.pushSubscribed }, events, lastMove);
      },
    };
  }

  /** Inside a game's object: the game service on that game's own storage. */
  get localGames(): GameService {
    return this.once('localGames', () => this.gameService(this.gameHome.store, this.ctx));
  }

  private get gameHome(): GameHome {
    if (!this.home) throw new Error('only a game object has a game of its own');
    return this.home;
  }

  /** A game's records as the Worker reads them (and its seats as it changes them): through the game's object, its row from the directory. */
  get gameRecords(): RemoteGames {
    return this.remoteGames;
  }

  private get remoteGames(): RemoteGames {
    return this.once('remoteGames', () => new RemoteGames(this.env, this.gameIds));
  }

  /** Which ids may name games, each judged once for these services' life (the route's check and the object's call). */
  private get gameIds(): GameIdCheck {
    return this.once('gameIds', () => new GameIdCheck(this.env));
  }

  private gameService(store: GameStore, ctx: Later | undefined): GameService {
    const { env, clock } = this;
    const events = withTournamentRound(
      allOf(
        new QueueNotifier(env.NOTIFY_QUEUE, this.config.publicUrl, clock),
        this.hubEvents,
        new ChatNotifier(this.chatQueue, this.config.publicUrl, clock),
        this.pushNotifier,
        ...(this.config.autoAnalysis ? [new AnalysisOnGameOver(this.analysis)] : []),
      ),
      new TournamentStore(env.DB),
    );
    return new GameService(store, clock, {
      events: this.heardBy(store, events),
      webhookPolicy: this.webhookPolicy,
      players: new PlayerService(new PlayerStore(env.DB), clock),
      computer: new QueueComputerTurns(env.COMPUTER_QUEUE),
      ended: this.gameEnd(ctx),
      alarms: this.gameHome.alarms,
      ...(ctx ? { later: (work: Promise<void>) => ctx.waitUntil(work) } : {}),
    });
  }

  /**
   * A game's end beyond the game: the ratings at once (the game keeps what they did, and its events
   * carry it), then its tournament (the next Swiss round, or the end), after the answer.
   */
  private gameEnd(ctx: Later | undefined): GameEndHook {
    return {
      ended: async (row) => {
        const ratings = await this.ratings.rate(row);
        if (!row.tournamentId) return ratings;
        const tournament = (async () => {
          try {
            await this.tournaments.gameEnded({ ...row, ratings: ratings ? JSON.stringify(ratings) : row.ratings });
          } catch (e) {
            console.error(`game ${row.id}: its tournament could not go on:`, e);
          }
        })();
        if (ctx) ctx.waitUntil(tournament);
        else await tournament;
        return ratings;
      },
    };
  }

  get ratings(): RatingService {
    return this.once('ratings', () => new RatingService(new RatingStore(this.env.DB), this.clock));
  }

  get tournaments(): TournamentService {
    const { env, clock } = this;
    return this.once('tournaments', () => {
      const store = new Directory(env.DB);
      return new TournamentService(
        new TournamentStore(env.DB),
        this.ratings,
        () => {
          const games = this.games;
          return {
            create: (input, base, seats) => games.create(input, base, seats),
            forfeit: (id, actor) => games.forfeit(id, actor),
            row: (id) => store.game(id),
          };
        },
        clock,
        this.hubEvents,
        this.config.publicUrl,
      );
    });
  }

  /** The cron's part in tournaments: start those whose `startsAt` has come. */
  startDueTournaments() {
    return this.tournaments.startDue();
  }

  /** The computer's hints (its turns are played in the game's object: localComputer). */
  get computer(): ComputerPlayer {
    return this.once('computer', () => new ComputerPlayer(this.remoteGames, this.games, this.thinking));
  }

  /** Inside a game's object: the computer playing its turns in that game. */
  get localComputer(): ComputerPlayer {
    return this.once('localComputer', () => new ComputerPlayer(this.gameHome.store, this.localGames, this.thinking));
  }

  /** The computer's search, run by the picture Worker (its turns, hints and the analysis ask it). */
  private get thinking(): Thinking {
    return this.once('thinking', () => remoteThinking(this.env));
  }

  /** Post-game analysis (its pieces go through the computer queue). */
  get analysis(): AnalysisService {
    const { env, clock } = this;
    // In a game's object (a game's end asks for its analysis) its own storage, not an RPC to itself.
    const games = this.home?.store ?? this.remoteGames;
    return this.once('analysis', () => new AnalysisService(games, new AnalysisStore(env.DB), new QueueComputerTurns(env.COMPUTER_QUEUE), this.thinking, clock));
  }

  /** The players' analysis boards: private variations and notes per seat. */
  get notes(): NotesService {
    const { env, clock } = this;
    return this.once('notes', () => new NotesService(this.games, this.remoteGames, new AnalysisStore(env.DB), this.drawing, clock));
  }

  get players(): PlayerService {
    const seatPlayer = (gameId: string, side: Color, changes: { name?: string | null; email?: string }) =>
      this.remoteGames.updatePlayer(gameId, side, changes, this.clock());
    return this.once('players', () => new PlayerService(new PlayerStore(this.env.DB), this.clock, this.playerMail, this.webhookPolicy, seatPlayer));
  }

  get challenges(): ChallengeService {
    const { env, clock } = this;
    return this.once(
      'challenges',
      () =>
        new ChallengeService(
          new PlayerStore(env.DB),
          this.games,
          clock,
          allPlayerSinks(this.hubEvents, new ChatChallengeNotifier(env.DB, this.chatQueue, clock)),
        ),
    );
  }

  get notify(): NotifyService {
    const { env, clock } = this;
    return this.once('notify', () => {
      // In a game's object its own storage; elsewhere through the object.
      const games = this.home?.store ?? this.remoteGames;
      return new NotifyService(new NotifyStore(env.DB, games, this.home?.seats ?? this.remoteGames), this.config.mail, {
        addresses: new AddressStore(env.DB),
        players: this.players,
        webhookPolicy: this.webhookPolicy,
        clock,
        alarms: this.home?.alarms ?? new ObjectAlarms(env),
        events: ((sink) => (this.home ? this.heardBy(this.home.store, sink) : sink))(
          // The clock's reminders and last calls: every channel a game's own events reach, chats too (tester 6 G1).
          allOf(
            new QueueNotifier(env.NOTIFY_QUEUE, this.config.publicUrl, clock),
            new ChatNotifier(this.chatQueue, this.config.publicUrl, clock),
            this.pushNotifier,
          ),
        ),
        push: new PushStore(env.DB),
        ...(env.NOTIFY_QUEUE ? { queue: env.NOTIFY_QUEUE } : {}),
        ...(this.config.publicUrl ? { publicUrl: this.config.publicUrl } : {}),
        lastMove: async (row) => {
          const m = row.ply ? await games.move(row.id, row.ply) : undefined;
          return m ? publicMove(m) : null;
        },
      });
    });
  }

  /** A seat's token renewed (a seat link shared by mistake). */
  get seatTokens(): SeatTokens {
    return this.once('seatTokens', () => new SeatTokens(this.remoteGames, new PushStore(this.env.DB), this.players));
  }

  /** Web Push subscriptions and a player's own choices of what goes where. */
  get push(): PushService {
    return this.once('push', () => new PushService(new PushStore(this.env.DB), this.remoteGames, this.webhookPolicy, undefined, this.players));
  }

  /** The tables a route reads without a service in between (a game row, a player's invitations, chat links). */
  get stores(): { readonly games: Directory; readonly players: PlayerStore; readonly chat: ChatStore } {
    const db = this.env.DB;
    return this.once('stores', () => ({ games: new Directory(db), players: new PlayerStore(db), chat: new ChatStore(db) }));
  }

  /** What a game looks like: previews, boards, pictures. */
  get views(): GameViews {
    return this.once('views', () => new GameViews(this.remoteGames, this.drawing));
  }

  /** The board pictures, drawn by the picture Worker. */
  get drawing(): BoardDrawing {
    return this.once('drawing', () => remoteDrawing(this.env));
  }
}

/** The game service alone (the cron, tests): each call run by the game's object. */
export const gameService = (env: Cloudflare.Env, clock: () => number = Date.now) => new Services(env, clock).games;

/** The request's ExecutionContext; Hono throws when the app was called without one. */
function requestContext(c: Pick<Context<AppEnv>, 'executionCtx'>): Later | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Every request finds the services on `c.var.services`, each built when a handler first asks (moves made by page forms notify the players too). */
export const withServices = createMiddleware<AppEnv>(async (c, next) => {
  c.set('services', new Services(c.env, Date.now, requestContext(c)));
  await next();
});

export function consumerDeps(env: Cloudflare.Env, clock: () => number = Date.now): ConsumerDeps {
  const { mail, webhooks, telegram, discord, vapid, publicUrl } = config(env);
  return {
    store: remoteNotifyStore(env),
    players: new PlayerStore(env.DB),
    clock,
    channels: {
      webhook: new WebhookChannel({ policy: webhookPolicy(webhooks), clock }),
      email: new EmailChannel(env.EMAIL, mail, new PushStore(env.DB), clock, new AddressStore(env.DB)),
    },
    chat: new ChatChannel(new ChatStore(env.DB), TelegramApi.from(telegram), DiscordApi.from(discord)),
    chatLinks: { store: new ChatStore(env.DB), choices: new PushStore(env.DB), queue: env.NOTIFY_QUEUE },
    push: { store: new PushStore(env.DB), keys: vapid, queue: env.NOTIFY_QUEUE, policy: webhookPolicy(webhooks) },
    digests: new DigestMailer(env.EMAIL, mail, new PushStore(env.DB), publicUrl, async (id, you, since) => {
      const news = await gameService(env, clock).newsFor(id, you, since);
      return news.ok ? news.value : undefined;
    }),
  };
}
