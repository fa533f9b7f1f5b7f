// Building the services from the Worker's bindings: one place for the wiring of
// the game service, the notifier (queue), the channels and the settings service.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ChatStore } from '../db/chat-store.ts';
import { GameStore } from '../db/store.ts';
import { ChatChannel } from '../notify/chat/channel.ts';
import { DiscordApi } from '../notify/chat/discord-api.ts';
import { allPlayerSinks, ChatChallengeNotifier, ChatNotifier, chatsReachable } from '../notify/chat/notifier.ts';
import { TelegramApi } from '../notify/chat/telegram-api.ts';
import { mailConfig } from '../notify/addresses.ts';
import type { ConsumerDeps } from '../notify/consumer.ts';
import { EmailChannel } from '../notify/email.ts';
import { PlayerWebhookNotifier, QueueNotifier } from '../notify/publisher.ts';
import { NotifyService } from '../notify/settings.ts';
import { NotifyStore } from '../notify/store.ts';
import { webhookPolicy } from '../notify/url-policy.ts';
import { WebhookChannel } from '../notify/webhook.ts';
import { DigestMailer } from '../notify/digest.ts';
import { PushNotifier } from '../notify/push-publisher.ts';
import { PushStore } from '../notify/push-store.ts';
import { vapidKeys } from '../notify/web-push.ts';
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
import type { GameEndHook } from '../service/ports.ts';
import type { LinkBase } from '../service/links.ts';
import { ObjectAlarms } from './game-alarms.ts';

/** The event streams' side of every event: game and player hubs, challenge emails. */
const hubEvents = (env: Cloudflare.Env, clock: () => number = Date.now) =>
  new HubEvents(
    env,
    new PlayerStore(env.DB),
    new PlayerMail(env.EMAIL, mailConfig(env)),
    new PlayerWebhookNotifier(env.NOTIFY_QUEUE, clock),
    pushNotifier(env, clock),
  );

/** Web Push of game events (one fan-out message, only for a game with subscriptions: no D1 read) and challenges. */
const pushNotifier = (env: Cloudflare.Env, clock: () => number = Date.now) => new PushNotifier(new PushStore(env.DB), env.NOTIFY_QUEUE, env.PUBLIC_URL, clock);
import type { AppEnv } from './http.ts';

/** `ctx`: a request's context, whose `waitUntil` runs notifications and the computer's request after the answer; without one (cron, queues, email) they are awaited. */
export function gameService(env: Cloudflare.Env, clock: () => number = Date.now, ctx?: Pick<ExecutionContext, 'waitUntil'>): GameService {
  const players = new PlayerService(new PlayerStore(env.DB), clock);
  return new GameService(new GameStore(env.DB), clock, {
    events: allOf(
      new QueueNotifier(env.NOTIFY_QUEUE, env.PUBLIC_URL, clock),
      hubEvents(env, clock),
      new ChatNotifier(env.DB, chatsReachable(env) ? env.NOTIFY_QUEUE : undefined, env.PUBLIC_URL, clock),
      pushNotifier(env, clock),
      ...(env.AUTO_ANALYSIS === 'off' ? [] : [new AnalysisOnGameOver(analysisService(env, clock))]),
    ),
    webhookPolicy: webhookPolicy(env),
    players,
    computer: new QueueComputerTurns(env.COMPUTER_QUEUE),
    ended: gameEnd(env, clock, ctx),
    alarms: new ObjectAlarms(env),
    ...(ctx ? { later: (work: Promise<void>) => ctx.waitUntil(work) } : {}),
  });
}

/** Where links in tournament games and announcements point when no request says. */
const originOf = (env: Cloudflare.Env, row?: { linkOrigin: string | null }): LinkBase => ({
  origin: (env.PUBLIC_URL || row?.linkOrigin || 'http://localhost:8787').replace(/\/+$/, ''),
});

/**
 * A game's end beyond the game: the ratings at once (the game keeps what they did, and its events
 * carry it), then its tournament (the next Swiss round, or the end), after the answer.
 */
function gameEnd(env: Cloudflare.Env, clock: () => number, ctx?: Pick<ExecutionContext, 'waitUntil'>): GameEndHook {
  return {
    async ended(row) {
      const ratings = await ratingService(env, clock).rate(row);
      if (!row.tournamentId) return ratings;
      const tournament = (async () => {
        try {
          await tournamentService(env, clock, ctx).gameEnded({ ...row, ratings: ratings ? JSON.stringify(ratings) : row.ratings }, originOf(env, row));
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

export function ratingService(env: Cloudflare.Env, clock: () => number = Date.now): RatingService {
  return new RatingService(new RatingStore(env.DB), clock);
}

export function tournamentService(env: Cloudflare.Env, clock: () => number = Date.now, ctx?: Pick<ExecutionContext, 'waitUntil'>): TournamentService {
  const store = new GameStore(env.DB);
  return new TournamentService(
    new TournamentStore(env.DB),
    ratingService(env, clock),
    () => {
      const games = gameService(env, clock, ctx);
      return { create: (input, base, seats) => games.create(input, base, seats), resign: (id, actor) => games.resign(id, actor), row: (id) => store.game(id) };
    },
    clock,
    hubEvents(env, clock),
  );
}

/** The cron's part in tournaments: start those whose `startsAt` has come. */
export const startDueTournaments = (env: Cloudflare.Env, clock: () => number) => tournamentService(env, clock).startDue(originOf(env));

export function computerPlayer(env: Cloudflare.Env, clock: () => number = Date.now): ComputerPlayer {
  return new ComputerPlayer(new GameStore(env.DB), gameService(env, clock), clock);
}

/** Post-game analysis (its pieces go through the computer queue). */
export function analysisService(env: Cloudflare.Env, clock: () => number = Date.now): AnalysisService {
  return new AnalysisService(new GameStore(env.DB), new AnalysisStore(env.DB), new QueueComputerTurns(env.COMPUTER_QUEUE), clock);
}

/** The players' analysis boards: private variations and notes per seat. */
export function notesService(env: Cloudflare.Env, clock: () => number = Date.now): NotesService {
  return new NotesService(gameService(env, clock), new GameStore(env.DB), new AnalysisStore(env.DB), clock);
}

export function playerService(env: Cloudflare.Env, clock: () => number = Date.now): PlayerService {
  return new PlayerService(new PlayerStore(env.DB), clock, new PlayerMail(env.EMAIL, mailConfig(env)), webhookPolicy(env));
}

export function challengeService(env: Cloudflare.Env, clock: () => number = Date.now): ChallengeService {
  return new ChallengeService(
    new PlayerStore(env.DB),
    gameService(env, clock),
    clock,
    allPlayerSinks(hubEvents(env, clock), new ChatChallengeNotifier(env.DB, chatsReachable(env) ? env.NOTIFY_QUEUE : undefined, clock)),
  );
}

export function notifyService(env: Cloudflare.Env, clock: () => number = Date.now): NotifyService {
  const games = new GameStore(env.DB);
  return new NotifyService(new NotifyStore(env.DB), mailConfig(env), {
    webhookPolicy: webhookPolicy(env),
    clock,
    alarms: new ObjectAlarms(env),
    events: allOf(new QueueNotifier(env.NOTIFY_QUEUE, env.PUBLIC_URL, clock), pushNotifier(env, clock)),
    push: new PushStore(env.DB),
    ...(env.NOTIFY_QUEUE ? { queue: env.NOTIFY_QUEUE } : {}),
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    lastMove: async (row) => {
      const m = row.ply ? await games.move(row.id, row.ply) : undefined;
      return m ? publicMove(m) : null;
    },
  });
}

/** The request's ExecutionContext; Hono throws when the app was called without one. */
export function requestContext(c: Pick<Context<AppEnv>, 'executionCtx'>): Pick<ExecutionContext, 'waitUntil'> | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Every request finds the services on `c.var` (moves made by page forms notify the players too). */
export const withServices = createMiddleware<AppEnv>(async (c, next) => {
  c.set('games', gameService(c.env, Date.now, requestContext(c)));
  c.set('notify', notifyService(c.env));
  c.set('views', new GameViews(new GameStore(c.env.DB)));
  await next();
});

export function consumerDeps(env: Cloudflare.Env, clock: () => number = Date.now): ConsumerDeps {
  return {
    store: new NotifyStore(env.DB),
    players: new PlayerStore(env.DB),
    clock,
    channels: {
      webhook: new WebhookChannel({ policy: webhookPolicy(env), clock }),
      email: new EmailChannel(env.EMAIL, mailConfig(env), new PushStore(env.DB), clock),
    },
    chat: new ChatChannel(new ChatStore(env.DB), TelegramApi.from(env), DiscordApi.from(env)),
    push: { store: new PushStore(env.DB), keys: vapidKeys(env), queue: env.NOTIFY_QUEUE },
    digests: new DigestMailer(env.EMAIL, mailConfig(env), new PushStore(env.DB), env.PUBLIC_URL),
  };
}
