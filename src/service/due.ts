// When a game next needs the server without anyone asking: the end of a pause, the reminder of
// the side to move, the deadline (timeout mode 'auto'), a computer turn that should have landed.
// Pure: the game's object sets its alarm to this (src/worker/game-object.ts) and, when it fires,
// does what is due (src/service/due-work.ts), each job guarded so that it happens once.
import type { GameRow } from '../db/schema.ts';
import { COMPUTER_GRACE_MS, computerToMove } from './computer-sides.ts';
import { DAY_MS } from './durations.ts';

export type DueRow = Pick<
  GameRow,
  | 'status'
  | 'sideToMove'
  | 'ply'
  | 'deadline'
  | 'daysPerMove'
  | 'timeoutMode'
  | 'pausedUntil'
  | 'reminderPly'
  | 'whiteReminderPercent'
  | 'blackReminderPercent'
  | 'whiteComputer'
  | 'blackComputer'
  | 'updatedAt'
>;

/** When the side to move has used its reminder share of the turn (undefined: no reminder is pending). */
export function reminderAt(row: DueRow): number | undefined {
  if (row.status !== 'active' || row.deadline === null || !row.daysPerMove) return undefined;
  if (row.reminderPly !== null && row.reminderPly >= row.ply) return undefined;
  const percent = row.sideToMove === 'white' ? row.whiteReminderPercent : row.blackReminderPercent;
  const turnMs = row.daysPerMove * DAY_MS;
  return row.deadline - turnMs + Math.ceil((turnMs * percent) / 100);
}

/**
 * Whether the turn's reminder, sent or not, is due again when the deadline moves to `deadline`
 * (leave taken, a pause over): its moment at that deadline is still ahead of `now`.
 */
export function reminderAgain(row: DueRow, deadline: number, now: number): boolean {
  const at = reminderAt({ ...row, deadline, reminderPly: null });
  return at !== undefined && at > now;
}

/** When the side to move enters the last tenth of the turn: the last call (Web Push, Urgency: high; src/notify/settings.ts). */
export function lastCallAt(row: Pick<DueRow, 'status' | 'deadline' | 'daysPerMove'>): number | undefined {
  if (row.status !== 'active' || row.deadline === null || !row.daysPerMove) return undefined;
  return row.deadline - row.daysPerMove * (DAY_MS / 10);
}

/**
 * Timeout mode 'claim': when the waiting player is to hear that the deadline passed (just after it),
 * unless they were told of this deadline already or a pause runs.
 */
export function claimNoticeAt(
  row: Pick<DueRow, 'status' | 'deadline' | 'timeoutMode' | 'pausedUntil'> & { readonly claimNoticeDeadline: number | null },
): number | undefined {
  if (row.status !== 'active' || row.timeoutMode !== 'claim' || row.deadline === null || row.pausedUntil !== null) return undefined;
  return row.claimNoticeDeadline === row.deadline ? undefined : row.deadline + 1;
}

/**
 * When the game's alarm must wake after `now`: its next due time, or the turn's last call or the
 * claim notice when that comes first and is still ahead and not sent (a reminder set above 90 % comes
 * after the last call: tester 7 H12).
 */
export function nextWake(row: DueRow & { readonly lastCallPly: number | null; readonly claimNoticeDeadline: number | null }, now: number): number | undefined {
  let wake = nextDue(row);
  const call = row.lastCallPly !== null && row.lastCallPly >= row.ply ? undefined : lastCallAt(row);
  for (const at of [call, claimNoticeAt(row)]) if (at !== undefined && at > now && (wake === undefined || at < wake)) wake = at;
  return wake;
}

/** The game's next due time (epoch ms), or undefined when nothing will ever be due without a request. */
export function nextDue(row: DueRow): number | undefined {
  if (row.status !== 'active') return undefined;
  const times: number[] = [];
  if (row.pausedUntil !== null) times.push(row.pausedUntil);
  if (row.deadline !== null && row.timeoutMode === 'auto') times.push(row.deadline);
  const remind = reminderAt(row);
  // A reminder is only sent before the deadline passes.
  if (remind !== undefined && row.deadline !== null && remind <= row.deadline) times.push(remind);
  if (computerToMove(row)) times.push(row.updatedAt + COMPUTER_GRACE_MS);
  return times.length ? Math.min(...times) : undefined;
}
