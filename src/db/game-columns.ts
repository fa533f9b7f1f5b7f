// The columns of a game's row in the game's own object (src/db/game-schema.ts), which holds the
// game, and the part of them D1's directory keeps (src/db/schema.ts), which the object keeps up to date.
import { integer, text } from 'drizzle-orm/sqlite-core';
import { COLORS } from '../engine/types.ts';

export function gameColumns() {
  return {
    id: text('id').primaryKey(),
    variant: text('variant').notNull(),
    /** Variant options as JSON, after the engine filled in defaults. */
    options: text('options').notNull().default('{}'),
    status: text('status', { enum: ['active', 'finished', 'aborted'] })
      .notNull()
      .default('active'),
    /** '1-0' | '0-1' | '1/2-1/2' | '*' */
    result: text('result').notNull().default('*'),
    reason: text('reason'),
    /** Position text the game started from, so the moves can always be replayed. */
    startPosition: text('start_position').notNull(),
    /** Position text after the last move. */
    position: text('position').notNull(),
    ply: integer('ply').notNull().default(0),
    sideToMove: text('side_to_move', { enum: COLORS }).notNull(),
    whiteName: text('white_name'),
    whiteEmail: text('white_email'),
    whiteWebhook: text('white_webhook'),
    whiteTokenHash: text('white_token_hash').notNull(),
    blackName: text('black_name'),
    blackEmail: text('black_email'),
    blackWebhook: text('black_webhook'),
    blackTokenHash: text('black_token_hash').notNull(),
    /** The computer's level (1-6) when the computer plays this side; null for a human. */
    whiteComputer: integer('white_computer'),
    blackComputer: integer('black_computer'),
    /** Both players agreed at creation that either may ask for the engine's hint. */
    hints: integer('hints', { mode: 'boolean' }).notNull().default(false),
    /** Correspondence clock: days per move, null for an untimed game. */
    daysPerMove: integer('days_per_move'),
    /** Epoch ms by which the side to move must move; null when untimed or over. */
    deadline: integer('deadline'),
    /** 'auto': the cron ends a timed-out game; 'claim': the opponent may claim the win. */
    timeoutMode: text('timeout_mode', { enum: ['auto', 'claim'] })
      .notNull()
      .default('auto'),
    drawOfferBy: text('draw_offer_by', { enum: COLORS }),
    /** Who asked to take their last turn back (the offer lapses with the next move). */
    takebackOfferBy: text('takeback_offer_by', { enum: COLORS }),
    /** A pause by agreement asked for (who, how many days), waiting for the opponent's answer. */
    pauseOfferBy: text('pause_offer_by', { enum: COLORS }),
    pauseOfferDays: integer('pause_offer_days'),
    /** When each side asked for a pause in the last hour (JSON `{"white": [ms, …], "black": […]}`): a few an hour (tester 11 S19). */
    pauseAsks: text('pause_asks'),
    /** A running pause: when it ends (epoch ms), who asked for it, and the time the side to move
     * had left when the clock stopped (ms). The deadline is null meanwhile. */
    pausedUntil: integer('paused_until'),
    pausedBy: text('paused_by', { enum: COLORS }),
    pauseLeftMs: integer('pause_left_ms'),
    /** Leave days each player got at creation (0-30), and how many each has left to add to their own deadline. */
    leaveDays: integer('leave_days').notNull().default(0),
    whiteLeaveLeft: integer('white_leave_left').notNull().default(0),
    blackLeaveLeft: integer('black_leave_left').notNull().default(0),
    /** Standard Webhooks secrets (whsec_...): needed in clear to sign deliveries. */
    whiteWebhookSecret: text('white_webhook_secret'),
    blackWebhookSecret: text('black_webhook_secret'),
    /** Set when the receiver answered 410 Gone; a PATCH of the webhook clears it. */
    whiteWebhookDisabledAt: integer('white_webhook_disabled_at'),
    blackWebhookDisabledAt: integer('black_webhook_disabled_at'),
    /** Notification choices as JSON {email, webhook, events}; null = defaults (all on). */
    whiteNotify: text('white_notify'),
    blackNotify: text('black_notify'),
    /** Remind the side to move once this share (%) of the turn's time is used. */
    whiteReminderPercent: integer('white_reminder_percent').notNull().default(80),
    blackReminderPercent: integer('black_reminder_percent').notNull().default(80),
    /** The ply whose reminder was sent (at most one per turn). */
    reminderPly: integer('reminder_ply'),
    /** The ply whose last call (under 10 % of the turn left) was sent (at most one per turn). */
    lastCallPly: integer('last_call_ply'),
    /**
     * Timeout mode 'claim': the deadline whose passing the waiting player was told of (at most once
     * per deadline; a turn, leave or a pause makes a new deadline, and a new notice when it passes).
     */
    claimNoticeDeadline: integer('claim_notice_deadline'),
    /**
     * A game played by links (no player on either seat, nor the computer) once it is over: the side
     * that offered the same game again, colours swapped, and the rematch's game once one is made (its
     * seats hold this game's two tokens, swapped). Only the game's object keeps them (migrations-game/0004).
     */
    rematchOfferBy: text('rematch_offer_by', { enum: COLORS }),
    rematchGameId: text('rematch_game_id'),
    /** Origin of the links in notifications (PUBLIC_URL wins when set). */
    linkOrigin: text('link_origin'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
    /** The player (players.id) on each side, when the game was created or accepted with a player key. */
    whitePlayerId: text('white_player_id'),
    blackPlayerId: text('black_player_id'),
    /** Each player's consent to show the game's messages on the spectator page (both must agree). */
    whiteShowsMessages: integer('white_shows_messages', { mode: 'boolean' }).notNull().default(false),
    blackShowsMessages: integer('black_shows_messages', { mode: 'boolean' }).notNull().default(false),
    /** Rated (docs/ratings.md): set at creation (a challenge between two players, a rated tournament's game). */
    rated: integer('rated', { mode: 'boolean' }).notNull().default(false),
    /** Once a rated game is rated: JSON {white, black}, each {rating, rd, change} (before, and the change). */
    ratings: text('ratings'),
    /** The tournament (tournaments.id) this game is a board of; null for any other game. */
    tournamentId: text('tournament_id'),
    /**
     * Whether a browser's push subscription can hear about this game (a seat's, or a player's on
     * either side). Kept by triggers on push_subscriptions and games (migration 0017), so a move
     * reads the subscriptions only for a game that has some (issue 29, src/notify/push-publisher.ts).
     */
    pushSubscribed: integer('push_subscribed', { mode: 'boolean' }).notNull().default(false),
    /**
     * Bumped by every change of the row in the game's object (src/db/game-store.ts): the directory
     * row in D1 is written only by a higher revision, so it never goes backwards (issue 28).
     */
    revision: integer('revision').notNull().default(0),
  };
}

/**
 * The directory's share of a game's row (D1, issue 28): what lists, the lobby, /me, profiles,
 * tournaments, ratings, digests and the cron's backstop read of many games at once. Never a seat's
 * token hash, webhook or its secret, nor the game's leave or start position: those only the game's
 * object has. The open offers are here (migration 0024) so /me shows the ones waiting for an answer;
 * a row not written since reads as having none.
 */
export const DIRECTORY_COLUMNS = [
  'id',
  'variant',
  'options',
  'status',
  'result',
  'reason',
  'position',
  'ply',
  'sideToMove',
  'whiteName',
  'blackName',
  'whiteEmail',
  'blackEmail',
  'whiteComputer',
  'blackComputer',
  'daysPerMove',
  'deadline',
  'timeoutMode',
  'drawOfferBy',
  'takebackOfferBy',
  'pauseOfferBy',
  'pauseOfferDays',
  'pausedUntil',
  'whiteReminderPercent',
  'blackReminderPercent',
  'reminderPly',
  'lastCallPly',
  'linkOrigin',
  'createdAt',
  'updatedAt',
  'finishedAt',
  'whitePlayerId',
  'blackPlayerId',
  'rated',
  'ratings',
  'tournamentId',
  'pushSubscribed',
  'revision',
] as const satisfies readonly (keyof ReturnType<typeof gameColumns>)[];

type DirectoryColumn = (typeof DIRECTORY_COLUMNS)[number];

export function directoryColumns(): Pick<ReturnType<typeof gameColumns>, DirectoryColumn> {
  const all = gameColumns();
  return Object.fromEntries(DIRECTORY_COLUMNS.map((key) => [key, all[key]])) as Pick<ReturnType<typeof gameColumns>, DirectoryColumn>;
}
