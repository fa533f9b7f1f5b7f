// What a game record means (its text form is record-text.ts): the record a game exports, the game
// a record imports (every turn replayed) and how that game ended.
import type { GameRow } from '../db/schema.ts';
import type { Game } from '../engine/game.ts';
import {
  colorName,
  cut,
  drawOutcome,
  moveNumber,
  plural,
  winOutcome,
  type Color,
  type Outcome,
  OUTCOME_REASONS,
  type OutcomeReason,
  COLORS,
} from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { iso, publicPlayer } from './public-state.ts';
import { done, fail, type ServiceResult } from './result.ts';
import { startingGame, type PlayedTurnRow } from './new-game.ts';
import { ClockSchema, COMPUTER_TIMEOUT, cutAtCharacters, MAX_NAME_LENGTH, NameSchema, type ClockInput, type SideInput } from './schemas.ts';
import * as v from 'valibot';
import { fromSetUp, storedGame, storedOptions } from './stored-game.ts';
import { formatRecord, headerValue, parseRecord, RESULTS, type GameRecord, type RecordResult, type TurnAnnotation } from './record-text.ts';

export type { TurnAnnotation } from './record-text.ts';

/** A takeback as the record says it: who asked, and the turns taken back. */
interface TakebackNote {
  readonly side: Color;
  readonly toPly: number;
  readonly turns: readonly { readonly ply: number; readonly text: string }[];
}

/** The tournament a game is a board of, for its record's [Event] and [Round] (as PGN names them). */
export interface RecordEvent {
  readonly name: string;
  readonly round: number;
}

/** The record of a stored game (its turns in play order), linked to its page at `site`. */
export function exportRecord(
  row: GameRow,
  turns: readonly { readonly text: string; readonly createdAt: number }[],
  site: string,
  takebacks: readonly TakebackNote[] = [],
  annotations?: readonly (TurnAnnotation | undefined)[],
  event?: RecordEvent,
): string {
  const headers: [string, string][] = [
    ['Event', event?.name ?? 'Subspace correspondence game'],
    ['Site', site],
    ['Date', iso(row.createdAt).slice(0, 10).replaceAll('-', '.')],
    ...(event ? [['Round', String(event.round)] as [string, string]] : []),
    ['Variant', row.variant],
    ['Options', row.options],
    ['White', publicPlayer(row, 'white').name ?? '?'],
    ['Black', publicPlayer(row, 'black').name ?? '?'],
    ['Result', row.result],
  ];
  // A set-up start, as PGN writes [SetUp "1"] and [FEN]: import reads it back.
  const setUp = fromSetUp({ ...row, options: storedOptions(row) });
  if (setUp) headers.push(['SetUp', '1'], ['Position', row.startPosition]);
  const start = setUp ? storedGame(row, row.startPosition) : undefined;
  if (row.reason) headers.push(['Termination', row.reason]);
  // The clock whole: import reads these back (clockOfRecord); the defaults are not written.
  if (row.daysPerMove) {
    headers.push(['TimeControl', `${plural(row.daysPerMove, 'day')} per move`]);
    if (row.timeoutMode !== 'auto') headers.push(['Timeout', row.timeoutMode]);
    if (row.leaveDays) headers.push(['LeaveDays', String(row.leaveDays)]);
  }
  // A takeback is a comment where the game went back to, unless a later takeback went back further
  // (then the line it was part of is no longer the game's).
  const notes = new Map<number, string[]>();
  for (const [i, t] of takebacks.entries())
    if (t.toPly <= turns.length && takebacks.slice(i + 1).every((later) => later.toPly >= t.toPly))
      notes.set(t.toPly, [
        ...(notes.get(t.toPly) ?? []),
        `Takeback by agreement (${colorName(t.side)} asked): ${t.turns.map((m) => `ply ${m.ply} ${m.text}`).join(', ')} taken back`,
      ]);
  return formatRecord({
    headers,
    turns: turns.map((t) => t.text),
    times: turns.map((t) => iso(t.createdAt)),
    result: row.result as RecordResult,
    notes,
    ...(annotations ? { annotations } : {}),
    ...(start && start.variant.turn(start.position) === 'black' ? { blackFirst: true } : {}),
  });
}

/** A game read from a record, ready to be stored. */
interface ImportedGame {
  readonly game: Game;
  readonly startPosition: string;
  readonly turns: readonly PlayedTurnRow[];
  readonly players: { white?: SideInput; black?: SideInput; clock?: ClockInput };
  readonly outcome: Outcome | undefined;
}

/** What a JSON import brings beside the record: players, and a clock (null: none) that replaces the record's. */
export interface ImportExtra {
  readonly white?: SideInput;
  readonly black?: SideInput;
  readonly clock?: ClockInput | null;
}

/** A game from a text record; every turn is replayed and checked. Players and clock in `extra` win over the record's. */
export function importRecord(text: string, extra: ImportExtra, now: number): ServiceResult<ImportedGame> {
  const parsed = parseRecord(text);
  if (!parsed.ok) return fail(400, 'invalid_record', `record: ${parsed.error}`);
  const record = parsed.record;
  const variantName = headerValue(record, 'Variant');
  if (!variantName) return fail(400, 'invalid_record', 'record: there is no [Variant "..."] header');
  if (!getVariant(variantName)) return fail(400, 'unknown_variant', `variant ${variantName} is not available`);
  let options: unknown = {};
  const optionsText = headerValue(record, 'Options');
  if (optionsText?.trim()) {
    try {
      options = JSON.parse(optionsText);
    } catch {
      return fail(400, 'invalid_record', 'record: the [Options] header is not valid JSON');
    }
  }
  const setUp = headerValue(record, 'SetUp');
  const position = headerValue(record, 'Position');
  if (setUp !== undefined && setUp !== '0' && setUp !== '1')
    return fail(400, 'invalid_record', `record: [SetUp "${setUp}"] must be "1" (the game starts from [Position]) or "0"`);
  if (setUp === '1' && position === undefined)
    return fail(400, 'invalid_record', 'record: [SetUp "1"] needs a [Position "..."] header with the position the game starts from');
  if (setUp === '0' && position !== undefined)
    return fail(400, 'invalid_record', 'record: [SetUp "0"] says the game starts from the usual start, but there is a [Position] header');
  const created = startingGame(variantName, options, position);
  if (!created.ok) return fail(400, 'invalid_record', `record: ${created.error}`);
  const game = created.value;
  const startPosition = game.positionText;
  if (record.blackFirst && game.variant.turn(game.position) !== 'black')
    return fail(400, 'invalid_record', 'record: the moves start with "1..." (Black first), but White is to move in the starting position');
  const turns: PlayedTurnRow[] = [];
  for (const [i, turn] of record.turns.entries()) {
    const side: Color = game.variant.turn(game.position);
    const played = game.play(turn);
    // A turn that cannot be read is a 400, like a move sent on its own; readable but illegal is a 422.
    if (!played.ok)
      return fail(
        played.error.kind === 'syntax' ? 400 : 422,
        played.error.kind === 'syntax' ? 'unreadable_turn' : 'illegal_turn',
        `move ${moveNumber(i + 1, side)} (${colorName(side)}'s ${cut(turn)}, ply ${i + 1}): ${played.error.message}`,
        played.error.at,
      );
    turns.push({ ...played.value, side });
  }
  const times = turnTimes(record.times ?? [], turns.length, now);
  if (!times.ok) return times;
  for (const [i, at] of times.value.entries()) if (at !== undefined) turns[i] = { ...turns[i]!, at };
  const headerResult = headerValue(record, 'Result');
  if (headerResult !== undefined && !RESULTS.includes(headerResult))
    return fail(400, 'invalid_record', `record: [Result "${headerResult}"] must be 1-0, 0-1, 1/2-1/2 or *`);
  if (headerResult && record.result && headerResult !== record.result)
    return fail(400, 'invalid_record', `record: the header says ${headerResult} but the moves end with ${record.result}`);
  const claimed = (record.result ?? headerResult ?? '*') as RecordResult;
  const ending = recordEnding(game, claimed, headerValue(record, 'Termination'));
  if (!ending.ok) return ending;
  const names = { white: recordName(record, 'White'), black: recordName(record, 'Black') };
  if (!names.white.ok) return names.white;
  if (!names.black.ok) return names.black;
  // A clock sent with the record (or null, for none) replaces the record's, which is then not read.
  const clock = extra.clock === null ? done({}) : extra.clock ? done({ clock: extra.clock }) : clockOfRecord(record);
  if (!clock.ok) return clock;
  // As a new game: no claim clock against the computer (tester 10 C6: the human could never lose on time).
  const kept: { clock?: ClockInput } = clock.value;
  if (kept.clock?.timeout === 'claim' && (extra.white?.computer !== undefined || extra.black?.computer !== undefined))
    return extra.clock
      ? fail(400, 'invalid_body', `clock.timeout: ${COMPUTER_TIMEOUT}`)
      : fail(
          400,
          'invalid_record',
          `record: [Timeout "claim"] with the computer as a side: ${COMPUTER_TIMEOUT}; send "clock" with the import to give the game another`,
        );
  const players = {
    white: extra.white ?? { name: names.white.value },
    black: extra.black ?? { name: names.black.value },
    ...clock.value,
  };
  for (const side of COLORS) if (players[side].name === '?' || players[side].name === '') players[side] = {};
  return done({ game, startPosition, turns, players, outcome: ending.value });
}

/** How far ahead of the server's clock a record's turn time may be (another server's clock): stored as now. */
const CLOCK_SKEW_MS = 60_000;

/**
 * When each of `count` turns was played, from the record's [%at] times: in play order and not in
 * the future (within CLOCK_SKEW_MS, kept as now). A turn without a time takes the one of the turn
 * before it (turns before the first time, the first time); none at all: undefined (stored as now).
 */
function turnTimes(given: readonly (string | undefined)[], count: number, now: number): ServiceResult<(number | undefined)[]> {
  const first = given.findIndex((t) => t !== undefined);
  if (first < 0) return done([]);
  const times: number[] = [];
  let last = Date.parse(given[first]!);
  let lastPly = first + 1;
  for (let i = 0; i < count; i++) {
    const text = given[i];
    if (text !== undefined) {
      const at = Date.parse(text);
      if (at > now + CLOCK_SKEW_MS)
        return fail(400, 'invalid_record', `record: ply ${i + 1}'s [%at ${text}] is in the future (it is now ${new Date(now).toISOString()})`);
      if (at < last) return fail(400, 'invalid_record', `record: ply ${i + 1}'s [%at ${text}] is before ply ${lastPly}'s: the times must be in play order`);
      last = at;
      lastPly = i + 1;
    }
    times.push(Math.min(last, now));
  }
  return done(times);
}

/**
 * A player's name from a record's [White] / [Black]: cut to the longest name at a whole character,
 * then held to the same rules as a name sent to the create route (no control or bidi characters).
 */
function recordName(record: GameRecord, tag: 'White' | 'Black'): ServiceResult<string | undefined> {
  const text = headerValue(record, tag);
  if (text === undefined) return done(undefined);
  const name = cutAtCharacters(text.trim(), MAX_NAME_LENGTH);
  if (name === '' || name === '?') return done(undefined);
  const checked = v.safeParse(NameSchema, name);
  return checked.success ? done(checked.output) : fail(400, 'invalid_record', `record: the [${tag}] name ${checked.issues[0].message}`);
}

/**
 * The clock of an exported record: `[TimeControl "3 days per move"]`, with `[Timeout "claim"]` and
 * `[LeaveDays "5"]` when they are not the defaults. Our form with values we do not offer is a 400
 * (not a game quietly without its clock or with another one); other forms (a chess server's
 * "40/7200") are not ours and are left out, and so are the other two tags then.
 */
function clockOfRecord(record: GameRecord): ServiceResult<{ clock?: ClockInput }> {
  const text = headerValue(record, 'TimeControl');
  const ours = /^\s*(\d+)\s+days?\s+per\s+move\s*$/i.exec(text ?? '');
  if (!ours) return done({});
  const timeout = headerValue(record, 'Timeout');
  const leaveDays = headerValue(record, 'LeaveDays');
  const checked = v.safeParse(ClockSchema, {
    daysPerMove: Number(ours[1]),
    ...(timeout === undefined ? {} : { timeout }),
    ...(leaveDays === undefined ? {} : { leaveDays: /^\s*\d+\s*$/.test(leaveDays) ? Number(leaveDays) : leaveDays }),
  });
  if (checked.success) return done({ clock: checked.output });
  const issue = checked.issues[0];
  const key = issue.path?.[0]?.key;
  const tag =
    key === 'timeout'
      ? `[Timeout "${timeout}"]: the timeout`
      : key === 'leaveDays'
        ? `[LeaveDays "${leaveDays}"]: the leave days`
        : `[TimeControl "${text}"]: the days per move`;
  return fail(400, 'invalid_record', `record: ${tag} ${issue.message}`);
}

/** Endings a record may state that its moves cannot show; the others must be on the board. */
const OFF_BOARD_REASONS: readonly OutcomeReason[] = ['resignation', 'agreement', 'timeout', 'aborted', 'withdrawal'];

/**
 * How an imported game ended. An ending on the board (checkmate, stalemate, repetition, First
 * Contact's check) comes from the engine and the record must agree with it; otherwise the
 * record's [Result] and [Termination] say, checked against the moves: a draw by agreement, a
 * win by resignation or on time (the side to move lost), or an abort before both sides moved.
 * Without [Termination] a draw reads as agreed and a win as a resignation.
 */
function recordEnding(game: Game, claimed: RecordResult, termination: string | undefined): ServiceResult<Outcome | undefined> {
  const onBoard = game.outcome();
  if (onBoard) {
    if (claimed !== '*' && claimed !== onBoard.result)
      return fail(422, 'inconsistent_record', `the record says ${claimed} but the moves end in ${onBoard.result} (${onBoard.reason})`);
    if (termination !== undefined && termination !== onBoard.reason)
      return fail(
        422,
        'inconsistent_record',
        `the record's [Termination "${termination}"] does not match the moves, which end by ${onBoard.reason} (${onBoard.result})`,
      );
    return done(onBoard);
  }
  if (termination !== undefined && !OUTCOME_REASONS.includes(termination as OutcomeReason))
    return fail(400, 'invalid_record', `record: [Termination "${termination.slice(0, 40)}"] must be one of ${OUTCOME_REASONS.join(', ')}`);
  const reason = termination as OutcomeReason | undefined;
  if (reason && !OFF_BOARD_REASONS.includes(reason))
    return fail(422, 'inconsistent_record', `the record says the game ended by ${reason}, but the moves do not end in ${reason}`);
  const toMove = game.variant.turn(game.position);
  if (claimed === '*') {
    if (reason === undefined) return done(undefined);
    if (reason !== 'aborted') return fail(422, 'inconsistent_record', `the record ends by ${reason} but its result is * (still going)`);
    if (game.ply >= 2) return fail(422, 'inconsistent_record', 'the record says the game was aborted, but both sides have moved (too late to abort)');
    return done({ result: '*', reason: 'aborted' });
  }
  if (claimed === '1/2-1/2') {
    if (reason && reason !== 'agreement')
      return fail(422, 'inconsistent_record', `a game ended by ${reason} cannot be a draw off the board; a draw off the board is by agreement`);
    return done(drawOutcome('agreement'));
  }
  const winner: Color = claimed === '1-0' ? 'white' : 'black';
  if (reason === 'agreement' || reason === 'aborted')
    return fail(422, 'inconsistent_record', `${reason === 'aborted' ? 'an aborted game' : 'a game drawn by agreement'} cannot have the result ${claimed}`);
  if (reason === 'timeout' && winner === toMove)
    return fail(
      422,
      'inconsistent_record',
      `the record says ${colorName(winner)} won on time, but it is ${colorName(winner)}'s move: only the side to move can run out of time`,
    );
  return done(winOutcome(winner, reason ?? 'resignation'));
}
