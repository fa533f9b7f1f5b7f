// The guarded changes of a game's row alone (the clock, the seats' settings, the notifications'
// marks), each a plain function of the row as it stands: the columns to write, or undefined when
// the change no longer applies (someone moved or ended the game first, the mark is set already).
// GameStore (game-store.ts) reads the row, writes what they answer and copies the row to the
// directory; the writes of several records at once (a turn, a takeback) stay there with their transactions.
import type { Color } from '../engine/types.ts';
import type { GameChanges, GameRow } from './game-schema.ts';

/** A change of the row alone, decided from the row as it stands. */
export type RowChange = (row: GameRow) => GameChanges | undefined;

/** A seat's own settings, as the notification settings change them: its columns, and `notifyPatch`. */
export type PlayerChanges = SeatColumnChanges & {
  /**
   * Notification choices to change (a JSON object), merged into the seat's stored ones as the row
   * stands at the write: two tabs changing two choices at once keep both (tester 20 T10).
   */
  notifyPatch?: string;
};
type SeatColumnChanges = {
  name?: string | null;
  email?: string | null;
  webhook?: string | null;
  webhookSecret?: string | null;
  webhookDisabledAt?: number | null;
  notify?: string | null;
  reminderPercent?: number;
};

const SEAT_COLUMNS = {
  white: {
    name: 'whiteName',
    email: 'whiteEmail',
    webhook: 'whiteWebhook',
    webhookSecret: 'whiteWebhookSecret',
    webhookDisabledAt: 'whiteWebhookDisabledAt',
    notify: 'whiteNotify',
    reminderPercent: 'whiteReminderPercent',
  },
  black: {
    name: 'blackName',
    email: 'blackEmail',
    webhook: 'blackWebhook',
    webhookSecret: 'blackWebhookSecret',
    webhookDisabledAt: 'blackWebhookDisabledAt',
    notify: 'blackNotify',
    reminderPercent: 'blackReminderPercent',
  },
} as const satisfies Record<Color, Record<keyof SeatColumnChanges, keyof GameRow>>;

/**
 * A turn's fresh period (`deadline`, and the same period as `pauseLeftMs`) on a game that may be
 * paused: paused, the deadline stays null and the period starts when the pause ends.
 */
export function withTurnClock(row: GameRow, changes: GameChanges): GameChanges {
  if (typeof changes.deadline !== 'number' || typeof changes.pauseLeftMs !== 'number') return changes;
  return row.pausedUntil === null ? { ...changes, pauseLeftMs: null } : { ...changes, deadline: null };
}

/**
 * A step of a link game's rematch (src/service/link-rematch.ts): `changes` only while its offer and
 * its rematch's game are as read, so of two answers at once one lands, and one game is made.
 */
export const rematchStep =
  (expected: { readonly offerBy: Color | null; readonly gameId: string | null }, changes: GameChanges): RowChange =>
  (row) =>
    row.status !== 'active' && row.rematchOfferBy === expected.offerBy && row.rematchGameId === expected.gameId ? changes : undefined;

/** What a change expects of the row as the caller read it: the ply and status (active unless said), and when given the deadline and the offers. */
export interface AsRead {
  readonly ply: number;
  readonly status?: GameRow['status'];
  readonly deadline?: number;
  readonly pauseOffer?: { readonly by: Color | null; readonly days: number | null };
  /** The draw and takeback offers: a change decided on them (an offer, an answer) must not land on others (tester 20 T1-T3). */
  readonly offers?: { readonly draw: Color | null; readonly takeback: Color | null };
}

/** A row's draw and takeback offers, as a change decided on them expects them. */
export const offersOf = (row: GameRow): NonNullable<AsRead['offers']> => ({ draw: row.drawOfferBy, takeback: row.takebackOfferBy });

/** `changes`, only if nobody moved or ended the game since it was read (nor, when given, changed its deadline or offers). */
export const ifUnchanged =
  (expected: AsRead, changes: GameChanges): RowChange =>
  (row) => {
    const offer = expected.pauseOffer;
    if (
      row.ply !== expected.ply ||
      row.status !== (expected.status ?? 'active') ||
      (expected.deadline !== undefined && row.deadline !== expected.deadline) ||
      (offer && (row.pauseOfferBy !== offer.by || row.pauseOfferDays !== offer.days)) ||
      (expected.offers && (row.drawOfferBy !== expected.offers.draw || row.takebackOfferBy !== expected.offers.takeback))
    )
      return undefined;
    return changes;
  };

/** The reminder and the last call of the turn sent again (their marks cleared): after leave or a pause. */
export interface RemindAgain {
  readonly reminder: boolean;
  readonly lastCall: boolean;
}

const remindedAgain = (again: RemindAgain | undefined): GameChanges => ({
  ...(again?.reminder ? { reminderPly: null } : {}),
  ...(again?.lastCall ? { lastCallPly: null } : {}),
});

/**
 * The end of the pause that was to end at `until`: the side to move gets back the time it had
 * left, counted from the end of the pause. Only while that very pause still runs.
 */
export const pauseEnded =
  (until: number, now: number, remindAgain?: RemindAgain): RowChange =>
  (row) =>
    row.status !== 'active' || row.pausedUntil !== until
      ? undefined
      : { deadline: until + (row.pauseLeftMs ?? 0), pausedUntil: null, pausedBy: null, pauseLeftMs: null, updatedAt: now, ...remindedAgain(remindAgain) };

export interface LeaveSpending {
  readonly side: Color;
  readonly days: number;
  readonly addMs: number;
  readonly expected: { readonly ply: number; readonly deadline: number };
  readonly now: number;
  /** The reminder and the last call of this turn sent again before the new deadline (their moments ahead again). */
  readonly remindAgain?: RemindAgain;
}

/**
 * The side to move spends `days` of its leave: `addMs` more on its deadline, only while the leave
 * is there, the game still at `ply` with that deadline and not paused.
 */
export const leaveSpent =
  ({ side, days, addMs, expected, now, remindAgain }: LeaveSpending): RowChange =>
  (row) => {
    const left = side === 'white' ? row.whiteLeaveLeft : row.blackLeaveLeft;
    if (
      row.status !== 'active' ||
      row.ply !== expected.ply ||
      row.sideToMove !== side ||
      row.deadline !== expected.deadline ||
      row.pausedUntil !== null ||
      left < days
    )
      return undefined;
    return {
      deadline: expected.deadline + addMs,
      [side === 'white' ? 'whiteLeaveLeft' : 'blackLeaveLeft']: left - days,
      ...remindedAgain(remindAgain),
      updatedAt: now,
    };
  };

/** One seat's settings (only the columns given); nothing when none is given. */
export const seatSettings =
  (side: Color, { notifyPatch, ...columns }: PlayerChanges, now: number): RowChange =>
  (row) => {
    const set: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(columns)) if (value !== undefined) set[SEAT_COLUMNS[side][key as keyof SeatColumnChanges]] = value;
    if (notifyPatch !== undefined)
      set[SEAT_COLUMNS[side].notify] = JSON.stringify({ ...storedObject(row[SEAT_COLUMNS[side].notify]), ...JSON.parse(notifyPatch) });
    return Object.keys(set).length ? { ...set, updatedAt: now } : undefined;
  };

/** A stored JSON object column, or an empty object when it holds none. */
function storedObject(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** 410 Gone: webhooks to this URL stop (only if it is still the seat's URL). */
export const webhookGone =
  (side: Color, url: string, now: number): RowChange =>
  (row) =>
    (side === 'white' ? row.whiteWebhook : row.blackWebhook) !== url
      ? undefined
      : side === 'white'
        ? { whiteWebhookDisabledAt: now }
        : { blackWebhookDisabledAt: now };

/** A once-per-turn mark set for `ply`, only while the game is still active there and the mark is not set for it yet. */
export const turnMarked =
  (ply: number, mark: 'reminderPly' | 'lastCallPly'): RowChange =>
  (row) => {
    if (row.ply !== ply || row.status !== 'active') return undefined;
    const marked = row[mark];
    if (marked !== null && marked >= ply) return undefined;
    return { [mark]: ply };
  };

/** Timeout mode 'claim': the passing of `deadline` told to the waiting player, once, while it is still the game's deadline. */
export const claimNoticeMarked =
  (deadline: number): RowChange =>
  (row) =>
    row.status !== 'active' || row.timeoutMode !== 'claim' || row.deadline !== deadline || row.claimNoticeDeadline === deadline
      ? undefined
      : { claimNoticeDeadline: deadline };

/** An unowned seat given to a player (and their name, if the seat has none); nothing when the seat is someone's already. */
export const seatClaimed =
  (side: Color, playerId: string, name?: string): RowChange =>
  (row) => {
    if ((side === 'white' ? row.whitePlayerId : row.blackPlayerId) !== null) return undefined;
    const named = name && !(side === 'white' ? row.whiteName : row.blackName);
    const changes: GameChanges = side === 'white' ? { whitePlayerId: playerId } : { blackPlayerId: playerId };
    if (named) Object.assign(changes, side === 'white' ? { whiteName: name } : { blackName: name });
    return changes;
  };

/** A seat's token hash replaced, only while it is still `oldHash` (of two renewals at once, one wins). */
export const seatTokenRenewed =
  (side: Color, oldHash: string, newHash: string, release = false): RowChange =>
  (row) => {
    if ((side === 'white' ? row.whiteTokenHash : row.blackTokenHash) !== oldHash) return undefined;
    // `release`: the seat is no player's any more (a claim made with the leaked link ends with it).
    return side === 'white'
      ? { whiteTokenHash: newHash, ...(release ? { whitePlayerId: null } : {}) }
      : { blackTokenHash: newHash, ...(release ? { blackPlayerId: null } : {}) };
  };
