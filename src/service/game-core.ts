// What every part of the game service stands on: the store, the clock, the options; who is
// acting (a player's token or key); a lost-on-time game settled on first touch; notifying and
// asking the computer after a write; a lost write decided again; and the stale-write answer.
import type { GameRow, MoveRow } from '../db/schema.ts';
import type { GameChanges, GameStore } from '../db/game-store.ts';
import { colorName, opposite, winOutcome, type Color, type Outcome } from '../engine/types.ts';
import { noSeatWords, renewedSeatWords, seatOf, type KeyCheck } from './seat-holder.ts';
import { sha256Hex } from './crypto.ts';
import { computerLevel, computerToMove } from './computer-sides.ts';
import { reminderAgain } from './due.ts';
import type { ComputerTurns, EventSink, GameAlarms, GameEndHook, GameEvent, WebhookPolicy } from './ports.ts';
import { publicMove } from './public-state.ts';
import { done, fail, type Failure, type ServiceResult } from './result.ts';
import { DAY_MS } from './durations.ts';

/** A guarded write that another request's write came before: decided again (GameContext.redecided). */
export const LOST = Symbol('lost');
export type Lost = typeof LOST;

export const gameOver: readonly GameEvent[] = [{ type: 'game-over', recipients: ['white', 'black'] }];

/**
 * Who acts: a player's token, or a side already proven some other way (the HMAC
 * tag of an email reply address). Only server code can build the second form.
 */
export type Actor = string | { readonly side: Color };

interface ServiceOptions {
  /** Player keys work as the game token of the player's own side. */
  readonly players?: KeyCheck;
  /** Receives turn / game-over / draw-offer events after each successful write. */
  readonly events?: EventSink;
  /** Where webhooks may go; without one, no player can be given a webhook. */
  readonly webhookPolicy?: WebhookPolicy;
  /** Plays the computer's turns; without one, a game against the computer waits for the cron. */
  readonly computer?: ComputerTurns;
  /** The game's alarm (its object): set after each change to the game's next due time. */
  readonly alarms?: GameAlarms;
  /**
   * Runs work the answer does not need (notifications, event streams, asking the computer) after
   * the answer: the Worker's `waitUntil`. Without one, that work is awaited before the answer.
   */
  readonly later?: (work: Promise<void>) => void;
  /** What a game's end changes beyond the game (ratings, tournaments): told once, when the end is recorded. */
  readonly ended?: GameEndHook;
}

export const finishedChanges = (outcome: Outcome, now: number): GameChanges => ({
  status: outcome.reason === 'aborted' ? 'aborted' : 'finished',
  result: outcome.result,
  reason: outcome.reason,
  deadline: null,
  drawOfferBy: null,
  takebackOfferBy: null,
  pauseOfferBy: null,
  pauseOfferDays: null,
  pausedUntil: null,
  pausedBy: null,
  pauseLeftMs: null,
  finishedAt: now,
  updatedAt: now,
});

/**
 * The clock of a turn that just landed: a fresh period. While paused, the period starts when the
 * pause ends (the store's write picks by the row; `asWritten` says what it picked when nothing
 * raced it).
 */
export const turnClock = (row: GameRow, now: number): GameChanges =>
  row.daysPerMove ? { deadline: now + row.daysPerMove * DAY_MS, pauseLeftMs: row.daysPerMove * DAY_MS } : { deadline: null, pauseLeftMs: null };

/** A game row after a write with `turnClock`, as the store wrote it when nothing raced it. */
export const asWritten = (row: GameRow): GameRow => (row.pausedUntil === null ? { ...row, pauseLeftMs: null } : { ...row, deadline: null });

/** Why a game that is not active takes no more turns. */
export const overMessage = (row: GameRow) =>
  row.status === 'aborted' ? 'the game was aborted' : `the game is over (${row.result}, ${row.reason ?? 'finished'})`;

/** Why `side` cannot accept or decline `what` (a draw, a takeback, a pause): it is their own offer, or there is none. */
export const noOfferMessage = (offeredBy: Color | null, side: Color, action: 'accept' | 'decline', what: string) =>
  offeredBy === side ? `you cannot ${action} your own offer` : `${colorName(opposite(side))} has not offered ${what}`;

/**
 * One game's context, which the game's modules (messages, takebacks, conditional moves, pauses,
 * and the game service's own turns and endings) work on: the store, the clock, the options; who is
 * acting; a game settled on first touch; notifying and asking the computer after a write; the
 * stale-write answer. Inside the game's object the store is the game's own storage.
 */
export class GameContext {
  constructor(
    readonly store: GameStore,
    readonly clock: () => number = Date.now,
    readonly options: ServiceOptions = {},
  ) {}

  /**
   * Hand events to the notifier, after the answer. The write already happened: a failure here is
   * logged, not returned. A game-over is where a game's end is recorded beyond the game: the end
   * hook (ratings, tournaments) is told first, so the events carry the ratings. Returns the row as
   * it now stands (with its ratings once rated).
   */
  async emit(row: GameRow, all: readonly GameEvent[], lastMove: MoveRow | undefined): Promise<GameRow> {
    if (all.some((e) => e.type === 'game-over')) row = await this.recordEnd(row);
    await this.arm(row);
    // The computer is told nothing: it is asked for its turn instead (askComputer). An event left
    // with nobody to tell still goes out: the game's stream and sockets show every change.
    const events = all.map((e) => ({ ...e, recipients: e.recipients.filter((side) => computerLevel(row, side) === undefined) }));
    const sink = this.options.events;
    if (!sink || !events.length) return row;
    const ended = row;
    await this.afterAnswer(`game ${row.id}: could not queue notifications:`, () => sink.publish(ended, events, lastMove ? publicMove(lastMove) : null));
    return row;
  }

  /** The end hook (ratings, tournaments) for a game that just ended; its ratings kept with the game. A failure is logged: the game stays ended. */
  private async recordEnd(row: GameRow): Promise<GameRow> {
    const hook = this.options.ended;
    if (!hook) return row;
    try {
      const ratings = await hook.ended(row);
      if (!ratings) return row;
      const text = JSON.stringify(ratings);
      await this.store.setRatings(row.id, text);
      return { ...row, ratings: text };
    } catch (e) {
      console.error(`game ${row.id}: its end was not recorded beyond the game (ratings, tournament):`, e);
      return row;
    }
  }

  /** After a write that gave the computer the move: ask for its turn (one queue message), after the answer. Logged, not returned. */
  async askComputer(row: GameRow): Promise<void> {
    await this.arm(row);
    const computer = this.options.computer;
    if (!computer || !computerToMove(row)) return;
    return this.afterAnswer(`game ${row.id}: could not ask for the computer's turn (its alarm will play it):`, () => computer.request(row.id, row.ply));
  }

  /** After a change: the game's alarm set to its next due time, after the answer (a lost one is caught by the backstop cron). */
  arm(row: GameRow): Promise<void> {
    const alarms = this.options.alarms;
    if (!alarms) return Promise.resolve();
    return this.afterAnswer(`game ${row.id}: could not set the game's alarm:`, () => alarms.arm(row));
  }

  /** Work the answer does not need: handed to `later` when there is one, else awaited; its failure is logged under `failed`, never lost. */
  private async afterAnswer(failed: string, work: () => Promise<void>): Promise<void> {
    const logged = (async () => {
      try {
        await work();
      } catch (e) {
        console.error(failed, e);
      }
    })();
    if (this.options.later) this.options.later(logged);
    else await logged;
  }

  /** Which side holds this token, or a 404/403; `read`: how the game row is read (one read either way). */
  async player(
    id: string,
    actor: Actor,
    read: (id: string) => Promise<GameRow | undefined> = (id) => this.store.game(id),
  ): Promise<ServiceResult<{ row: GameRow; side: Color }>> {
    const found = await read(id);
    if (!found) return fail(404, 'unknown_game', `no game with id ${id}`);
    const side = typeof actor === 'string' ? await this.sideOf(found, actor) : actor.side;
    if (!side) return fail(403, 'bad_token', typeof actor === 'string' ? await this.noSeat(id, actor) : noSeatWords(id));
    return done({ row: await this.settle(found), side });
  }

  /** Why `token` holds no seat of game `id`: a seat token renewed since is told so (tester 20 T6). */
  async noSeat(id: string, token: string): Promise<string> {
    const renewed = await this.store.renewedToken(await sha256Hex(token));
    return renewed ? renewedSeatWords(id, renewed) : noSeatWords(id);
  }

  /** The side of a game token, or of a player key whose player sits at this game. */
  sideOf(row: GameRow, token: string): Promise<Color | undefined> {
    return seatOf(row, token, this.options.players);
  }

  /** A game as it stands now: a pause whose end has come is over, a game lost on time is ended. */
  async settle(row: GameRow): Promise<GameRow> {
    return this.settleTimeout(await this.settlePause(row));
  }

  /** A pause whose end has come is over on first touch, as the cron would end it. */
  async settlePause(row: GameRow): Promise<GameRow> {
    const now = this.clock();
    if (row.status !== 'active' || row.pausedUntil === null || row.pausedUntil > now) return row;
    return (await this.resumePause(row, now)) ?? (await this.store.game(row.id)) ?? row;
  }

  /** End the pause and tell both players; undefined when the cron or another request did it first. */
  async resumePause(row: GameRow, now: number): Promise<GameRow | undefined> {
    if (row.pausedUntil === null) return undefined;
    // A player back from a pause hears the turn's reminder and last call again, as after leave: the
    // reminder when its moment is ahead again, the last call if it was sent before the pause (at once
    // when the turn resumes in its last tenth; tester 6 G10: they came back to a silent timeout).
    const remindAgain = {
      reminder: reminderAgain(row, row.pausedUntil + (row.pauseLeftMs ?? 0), now),
      lastCall: row.lastCallPly !== null && row.lastCallPly >= row.ply,
    };
    const resumed = await this.store.resumePause(row.id, row.pausedUntil, now, remindAgain);
    if (!resumed) return undefined;
    return this.emit(resumed, [{ type: 'pause-end', recipients: ['white', 'black'] }], resumed.ply ? await this.store.move(row.id, resumed.ply) : undefined);
  }

  /**
   * With timeout mode 'auto' a game whose side to move let the deadline pass is lost on time. The
   * cron ends such games every 15 minutes; a request that touches one first ends it at once, so a
   * move sent after the deadline is refused rather than racing the opponent's claim or the cron.
   */
  async settleTimeout(row: GameRow): Promise<GameRow> {
    const now = this.clock();
    if (row.status !== 'active' || row.timeoutMode !== 'auto' || row.deadline === null || row.deadline > now) return row;
    // The computer never loses on time: its overdue turn is played (the alarm, the cron) instead. Ending
    // the game here first made that turn a 409 (tester 10 C4: a lost queue message lost the game).
    if (computerToMove(row)) return row;
    return (await this.endOnTime(row, now)) ?? (await this.store.game(row.id)) ?? row;
  }

  /** The side to move loses on time; undefined when someone else changed the game first. */
  async endOnTime(row: GameRow, now: number): Promise<GameRow | undefined> {
    const changes = finishedChanges(winOutcome(opposite(row.sideToMove), 'timeout'), now);
    if (!(await this.store.updateGameIf(row.id, { ply: row.ply }, changes))) return undefined;
    return this.emit({ ...row, ...changes }, gameOver, row.ply ? await this.store.move(row.id, row.ply) : undefined);
  }

  /**
   * `attempt` decides on the game as it stands and writes once, guarded; LOST when another request
   * changed the game between its read and its write (the same request sent twice, two tabs, both
   * players at once). It is then decided once more, on the game as the other left it, so it answers
   * as a request sent just after the other would (tester 20 T4): "you have already offered", an
   * agreement, "the game is over", not a bare "stale". Lost twice: `lostTwice`, else the stale answer.
   */
  async redecided<T>(id: string, attempt: () => Promise<ServiceResult<T> | Lost>, lostTwice?: () => Failure): Promise<ServiceResult<T>> {
    for (let tries = 0; tries < 2; tries++) {
      const result = await attempt();
      if (result !== LOST) return result;
    }
    return lostTwice ? lostTwice() : this.conflict(id);
  }

  /** Someone else changed the game between our read and our write. */
  async conflict(id: string): Promise<Failure> {
    const now = await this.store.game(id);
    if (now && now.status !== 'active') return fail(409, 'game_over', overMessage(now));
    return fail(409, 'stale_ply', `stale: the game is at ply ${now?.ply ?? '?'}; reload it and try again`);
  }
}
