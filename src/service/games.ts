// The game service: everything a correspondence game does, between the HTTP
// routes (which only translate) and the store (which only persists). Every
// function returns a typed result; the routes map { status, error } to HTTP.
import { Game, type PlayedTurn } from '../engine/game.ts';
import {
  drawOutcome,
  opposite,
  ROLE_NAMES,
  winOutcome,
  type AnyVariant,
  type Color,
  type EngineError,
  type Outcome,
  type OutcomeReason,
} from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import type { GameRow, MoveRow, NewGameRow } from '../db/schema.ts';
import type { GameChanges, GameStore, NewMoveRow } from '../db/store.ts';
import type { EventSink } from '../notify/publisher.ts';
import { newWebhookSecret } from '../notify/signing.ts';
import type { GameEvent } from '../notify/types.ts';
import { STRICT_WEBHOOKS, type WebhookPolicy } from '../notify/url-policy.ts';
import { winnerOf } from './outcome-words.ts';
import { formatRecord, headerValue, parseRecord, type RecordResult } from './record.ts';
import { DAYS_PER_MOVE, type ClockInput, type CreateGameInput, type DrawAction, type MoveInput, type PlayerInput } from './schemas.ts';
import { newGameId, newToken, sha256Hex, timingSafeEqualText } from './tokens.ts';

export const DAY_MS = 86_400_000;

export type Failure = { readonly ok: false; readonly status: 400 | 403 | 404 | 409 | 422; readonly error: string; readonly at?: number };
export type Outcomes<T> = { readonly ok: true; readonly value: T } | Failure;
const fail = (status: Failure['status'], error: string, at?: number): Failure => ({ ok: false, status, error, ...(at === undefined ? {} : { at }) });
const done = <T>(value: T): Outcomes<T> => ({ ok: true, value });

const gameOver: readonly GameEvent[] = [{ type: 'game-over', recipients: ['white', 'black'] }];
const SIDE_NAME: Record<Color, string> = { white: 'White', black: 'Black' };
const REASONS: readonly OutcomeReason[] = ['checkmate', 'check', 'stalemate', 'repetition', 'resignation', 'agreement', 'timeout', 'aborted'];

/** Where links point: PUBLIC_URL when set, else the origin of the request. */
export interface LinkBase {
  readonly origin: string;
}

export interface PublicMove {
  readonly ply: number;
  readonly side: Color;
  readonly text: string;
  readonly at: string;
}

/** Everything anyone may see about a game: never a token, an email address or a webhook. */
export interface PublicState {
  readonly id: string;
  readonly variant: string;
  readonly title?: string;
  readonly options: unknown;
  readonly status: GameRow['status'];
  readonly phase?: string;
  readonly sideToMove: Color;
  readonly ply: number;
  readonly result: string;
  readonly reason: string | null;
  readonly winner: Color | null;
  readonly check: boolean;
  readonly position: string;
  readonly board?: {
    readonly cells: readonly { cell: string; color: Color; role: string; kind: string; orientation?: string }[];
    readonly platforms?: unknown;
    readonly hands: unknown;
    readonly wormhole?: string;
  };
  readonly lastMove: PublicMove | null;
  readonly players: { readonly white: { name: string | null }; readonly black: { name: string | null } };
  readonly clock: { readonly daysPerMove: number; readonly timeout: 'auto' | 'claim'; readonly deadline: string | null } | null;
  readonly drawOffer: Color | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When a player's token came with the request: which side it is. */
  readonly you?: Color;
}

export interface CreatedGame {
  readonly id: string;
  readonly links: { readonly white: string; readonly black: string; readonly spectator: string };
  readonly tokens: { readonly white: string; readonly black: string };
  /** The Standard Webhooks secret of each player created with a webhook, shown only here. */
  readonly webhookSecrets: { white?: string; black?: string };
  readonly state: PublicState;
}

/**
 * Who acts: a player's token, or a side already proven some other way (the HMAC
 * tag of an email reply address). Only server code can build the second form.
 */
export type Actor = string | { readonly side: Color };

export interface ServiceOptions {
  /** Receives turn / game-over / draw-offer events after each successful write. */
  readonly events?: EventSink;
  /** Where webhooks may go (default: the production rules without resolving names). */
  readonly webhookPolicy?: WebhookPolicy;
}

type PlayedTurnRow = PlayedTurn & { readonly side: Color };

const iso = (ms: number) => new Date(ms).toISOString();
const publicMove = (m: MoveRow): PublicMove => ({ ply: m.ply, side: m.side, text: m.text, at: iso(m.createdAt) });

function engineFailure(e: EngineError, status: 400 | 422): Failure {
  return fail(status, e.message, e.at);
}

/** The variant and parsed options of a stored game (they were valid when it was created). */
function variantOf(row: Pick<GameRow, 'variant' | 'options'>): { variant: AnyVariant; options: unknown } | undefined {
  const variant = getVariant(row.variant);
  if (!variant) return undefined;
  const parsed = variant.parseOptions(JSON.parse(row.options));
  return parsed.ok ? { variant, options: parsed.value } : undefined;
}

/** An engine game standing on the stored position (no history: repetition is counted from the moves table). */
function gameAt(row: GameRow): Game {
  const created = Game.create(row.variant, JSON.parse(row.options), row.position);
  if (!created.ok) throw new Error(`game ${row.id}: stored position does not load: ${created.error.message}`);
  return created.value;
}

export function publicState(row: GameRow, lastMove: MoveRow | undefined, you?: Color): PublicState {
  const loaded = variantOf(row);
  let board: PublicState['board'];
  let phase: string | undefined;
  let check = false;
  if (loaded) {
    const pos = loaded.variant.parsePosition(row.position, loaded.options);
    if (pos.ok) {
      const view = loaded.variant.view(pos.value);
      phase = view.phase;
      check = view.check;
      board = {
        cells: view.cells.map((c) => ({ ...c, kind: ROLE_NAMES[c.role] })),
        ...(view.platforms ? { platforms: view.platforms } : {}),
        hands: view.hands,
        ...(view.wormhole ? { wormhole: view.wormhole } : {}),
      };
    }
  }
  const winner = winnerOf(row.result);
  return {
    id: row.id,
    variant: row.variant,
    ...(loaded ? { title: loaded.variant.title } : {}),
    options: JSON.parse(row.options),
    status: row.status,
    ...(phase === undefined ? {} : { phase }),
    sideToMove: row.sideToMove,
    ply: row.ply,
    result: row.result,
    reason: row.reason,
    winner,
    check,
    position: row.position,
    ...(board ? { board } : {}),
    lastMove: lastMove ? publicMove(lastMove) : null,
    players: { white: { name: row.whiteName }, black: { name: row.blackName } },
    clock: row.daysPerMove
      ? { daysPerMove: row.daysPerMove, timeout: row.timeoutMode, deadline: row.deadline === null ? null : iso(row.deadline) }
      : null,
    drawOffer: row.drawOfferBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...(you ? { you } : {}),
  };
}

export function playerLinks(base: LinkBase, id: string, tokens: { white: string; black: string }) {
  const page = `${base.origin}/games/${id}`;
  return { white: `${page}?token=${tokens.white}`, black: `${page}?token=${tokens.black}`, spectator: page };
}

const finishedChanges = (outcome: Outcome, now: number): GameChanges => ({
  status: outcome.reason === 'aborted' ? 'aborted' : 'finished',
  result: outcome.result,
  reason: outcome.reason,
  deadline: null,
  drawOfferBy: null,
  finishedAt: now,
  updatedAt: now,
});

/** The clock of an exported record (`[TimeControl "3 days per move"]`); other forms are not ours and are left out. */
function clockOfRecord(text: string | undefined): { clock?: ClockInput } {
  const days = Number(/^(\d{1,2}) days? per move$/.exec(text ?? '')?.[1]);
  return (DAYS_PER_MOVE as readonly number[]).includes(days) ? { clock: { daysPerMove: days as ClockInput['daysPerMove'], timeout: 'auto' } } : {};
}

/** Endings a record may state that its moves cannot show; the others must be on the board. */
const OFF_BOARD_REASONS: readonly OutcomeReason[] = ['resignation', 'agreement', 'timeout', 'aborted'];

/**
 * How an imported game ended. An ending on the board (checkmate, stalemate, repetition, First
 * Contact's check) comes from the engine and the record must agree with it; otherwise the
 * record's [Result] and [Termination] say, checked against the moves: a draw by agreement, a
 * win by resignation or on time (the side to move lost), or an abort before both sides moved.
 * Without [Termination] a draw reads as agreed and a win as a resignation.
 */
function recordEnding(game: Game, claimed: RecordResult, termination: string | undefined): Outcomes<Outcome | undefined> {
  const onBoard = game.outcome();
  if (onBoard) {
    if (claimed !== '*' && claimed !== onBoard.result) return fail(422, `the record says ${claimed} but the moves end in ${onBoard.result} (${onBoard.reason})`);
    if (termination !== undefined && termination !== onBoard.reason)
      return fail(422, `the record's [Termination "${termination}"] does not match the moves, which end by ${onBoard.reason} (${onBoard.result})`);
    return done(onBoard);
  }
  if (termination !== undefined && !REASONS.includes(termination as OutcomeReason))
    return fail(400, `record: [Termination "${termination.slice(0, 40)}"] must be one of ${REASONS.join(', ')}`);
  const reason = termination as OutcomeReason | undefined;
  if (reason && !OFF_BOARD_REASONS.includes(reason))
    return fail(422, `the record says the game ended by ${reason}, but the moves do not end in ${reason}`);
  const toMove = game.variant.turn(game.position);
  if (claimed === '*') {
    if (reason === undefined) return done(undefined);
    if (reason !== 'aborted') return fail(422, `the record ends by ${reason} but its result is * (still going)`);
    if (game.ply >= 2) return fail(422, 'the record says the game was aborted, but both sides have moved (too late to abort)');
    return done({ result: '*', reason: 'aborted' });
  }
  if (claimed === '1/2-1/2') {
    if (reason && reason !== 'agreement') return fail(422, `a game ended by ${reason} cannot be a draw off the board; a draw off the board is by agreement`);
    return done(drawOutcome('agreement'));
  }
  const winner: Color = claimed === '1-0' ? 'white' : 'black';
  if (reason === 'agreement' || reason === 'aborted') return fail(422, `a game ended by ${reason} cannot have the result ${claimed}`);
  if (reason === 'timeout' && winner === toMove)
    return fail(422, `the record says ${SIDE_NAME[winner]} won on time, but it is ${SIDE_NAME[winner]}'s move: only the side to move can run out of time`);
  return done(winOutcome(winner, reason ?? 'resignation'));
}

/** How the game ends with the turn just played on `game`, if it does: on the board, or by threefold repetition. */
export async function outcomeAfter(store: GameStore, row: GameRow, game: Game, position: string): Promise<Outcome | undefined> {
  const onBoard = game.variant.outcome(game.position);
  if (onBoard) return onBoard;
  // This position, earlier turns that reached it, and the start.
  const earlier = (await store.timesReached(row.id, position)) + (row.startPosition === position ? 1 : 0);
  return earlier + 1 >= 3 ? drawOutcome('repetition') : undefined;
}

const overMessage = (row: GameRow) =>
  row.status === 'aborted' ? 'the game was aborted' : `the game is over (${row.result}, ${row.reason ?? 'finished'})`;

export class GameService {
  constructor(
    private readonly store: GameStore,
    private readonly clock: () => number = Date.now,
    private readonly options: ServiceOptions = {},
  ) {}

  /** Hand events to the notifier. The write already happened: a failure here is logged, not returned. */
  private async emit(row: GameRow, events: readonly GameEvent[], lastMove: MoveRow | undefined): Promise<void> {
    if (!this.options.events || !events.length) return;
    try {
      await this.options.events.publish(row, events, lastMove ? publicMove(lastMove) : null);
    } catch (e) {
      console.error(`game ${row.id}: could not queue notifications:`, e);
    }
  }

  // ---- reading ----

  async load(id: string, token?: string): Promise<Outcomes<PublicState>> {
    const found = await this.store.game(id);
    if (!found) return fail(404, `no game with id ${id}`);
    const row = await this.settleTimeout(found);
    const you = token ? await sideOfToken(row, token) : undefined;
    return done(publicState(row, row.ply ? await this.store.move(id, row.ply) : undefined, you));
  }

  async legal(id: string): Promise<Outcomes<{ ply: number; sideToMove: Color; status: GameRow['status']; legal: string[] }>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, `no game with id ${id}`);
    const legal = row.status === 'active' ? gameAt(row).legalTexts() : [];
    return done({ ply: row.ply, sideToMove: row.sideToMove, status: row.status, legal });
  }

  async history(id: string, since = 0): Promise<Outcomes<{ ply: number; moves: PublicMove[] }>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, `no game with id ${id}`);
    return done({ ply: row.ply, moves: (await this.store.moves(id, since)).map(publicMove) });
  }

  async record(id: string, base: LinkBase): Promise<Outcomes<string>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, `no game with id ${id}`);
    const turns = (await this.store.moves(id)).map((m) => m.text);
    const headers: [string, string][] = [
      ['Event', 'Subspace correspondence game'],
      ['Site', `${base.origin}/games/${row.id}`],
      ['Date', iso(row.createdAt).slice(0, 10).replaceAll('-', '.')],
      ['Variant', row.variant],
      ['Options', row.options],
      ['White', row.whiteName ?? '?'],
      ['Black', row.blackName ?? '?'],
      ['Result', row.result],
    ];
    const loaded = variantOf(row);
    if (loaded && loaded.variant.formatPosition(loaded.variant.initial(loaded.options)) !== row.startPosition)
      headers.push(['Position', row.startPosition]);
    if (row.reason) headers.push(['Termination', row.reason]);
    if (row.daysPerMove) headers.push(['TimeControl', `${row.daysPerMove} day${row.daysPerMove === 1 ? '' : 's'} per move`]);
    return done(formatRecord({ headers, turns, result: row.result as RecordResult }));
  }

  /** Does this text read as a turn in the game's position (legal or not)? For finding the turn in an email. */
  async readsAsTurn(id: string, text: string): Promise<boolean> {
    const row = await this.store.game(id);
    const loaded = row && variantOf(row);
    if (!row || !loaded) return false;
    const pos = loaded.variant.parsePosition(row.position, loaded.options);
    if (!pos.ok) return false;
    const parsed = loaded.variant.parseMove(pos.value, text);
    return parsed.ok || parsed.error.kind !== 'syntax';
  }

  /** Replay the stored move rows from the stored start: the game must come out identical. */
  async rebuild(id: string): Promise<Outcomes<{ position: string; ply: number; outcome?: Outcome }>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, `no game with id ${id}`);
    const turns = await this.store.moves(id);
    const replayed = Game.replay(row.variant, JSON.parse(row.options), turns.map((m) => m.text), row.startPosition);
    if (!replayed.ok) return fail(422, replayed.error.message);
    const outcome = replayed.value.outcome();
    return done({ position: replayed.value.positionText, ply: replayed.value.ply, ...(outcome ? { outcome } : {}) });
  }

  // ---- creating ----

  async create(input: CreateGameInput, base: LinkBase): Promise<Outcomes<CreatedGame>> {
    const variant = getVariant(input.variant);
    if (!variant) return fail(400, `variant ${input.variant} is not available`);
    const game = Game.create(input.variant, input.options ?? {});
    if (!game.ok) return fail(400, `options: ${game.error.message}`);
    return this.insert(base, game.value, game.value.positionText, [], input, undefined);
  }

  /** A game from a text record; every turn is replayed and checked. */
  async import(
    text: string,
    extra: { white?: PlayerInput; black?: PlayerInput; clock?: ClockInput },
    base: LinkBase,
  ): Promise<Outcomes<CreatedGame>> {
    const parsed = parseRecord(text);
    if (!parsed.ok) return fail(400, `record: ${parsed.error}`);
    const record = parsed.record;
    const variantName = headerValue(record, 'Variant');
    if (!variantName) return fail(400, 'record: there is no [Variant "..."] header');
    if (!getVariant(variantName)) return fail(400, `variant ${variantName} is not available`);
    let options: unknown = {};
    const optionsText = headerValue(record, 'Options');
    if (optionsText !== undefined && optionsText.trim()) {
      try {
        options = JSON.parse(optionsText);
      } catch {
        return fail(400, 'record: the [Options] header is not valid JSON');
      }
    }
    const created = Game.create(variantName, options, headerValue(record, 'Position'));
    if (!created.ok) return fail(400, `record: ${created.error.kind === 'options' ? 'options' : 'position'}: ${created.error.message}`);
    const game = created.value;
    const startPosition = game.positionText;
    const turns: PlayedTurnRow[] = [];
    for (const [i, turn] of record.turns.entries()) {
      const side: Color = game.variant.turn(game.position);
      const played = game.play(turn);
      if (!played.ok)
        return fail(422, `move ${Math.floor(i / 2) + 1} (${SIDE_NAME[side]}'s ${turn}, ply ${i + 1}): ${played.error.message}`, played.error.at);
      turns.push({ ...played.value, side });
    }
    const headerResult = headerValue(record, 'Result');
    if (headerResult !== undefined && !['1-0', '0-1', '1/2-1/2', '*'].includes(headerResult))
      return fail(400, `record: [Result "${headerResult}"] must be 1-0, 0-1, 1/2-1/2 or *`);
    if (headerResult && record.result && headerResult !== record.result)
      return fail(400, `record: the header says ${headerResult} but the moves end with ${record.result}`);
    const claimed = (record.result ?? headerResult ?? '*') as RecordResult;
    const ending = recordEnding(game, claimed, headerValue(record, 'Termination'));
    if (!ending.ok) return ending;
    const outcome = ending.value;
    const players = {
      white: extra.white ?? { name: headerValue(record, 'White')?.slice(0, 40) },
      black: extra.black ?? { name: headerValue(record, 'Black')?.slice(0, 40) },
      ...(extra.clock ? { clock: extra.clock } : clockOfRecord(headerValue(record, 'TimeControl'))),
    };
    for (const side of ['white', 'black'] as const) if (players[side].name === '?' || players[side].name === '') players[side] = {};
    return this.insert(base, game, startPosition, turns, players, outcome);
  }

  private async insert(
    base: LinkBase,
    game: Game,
    startPosition: string,
    turns: readonly PlayedTurnRow[],
    input: { white?: PlayerInput; black?: PlayerInput; clock?: ClockInput },
    outcome: Outcome | undefined,
  ): Promise<Outcomes<CreatedGame>> {
    const now = this.clock();
    for (const side of ['white', 'black'] as const) {
      const url = input[side]?.webhook;
      const problem = url === undefined ? undefined : await (this.options.webhookPolicy ?? STRICT_WEBHOOKS).problem(url);
      if (problem) return fail(400, `${side}.webhook: ${problem}`);
    }
    const webhookSecrets: { white?: string; black?: string } = {};
    if (input.white?.webhook) webhookSecrets.white = newWebhookSecret();
    if (input.black?.webhook) webhookSecrets.black = newWebhookSecret();
    const tokens = { white: newToken(), black: newToken() };
    const id = newGameId();
    const over = outcome ?? game.outcome();
    const row: NewGameRow = {
      id,
      variant: game.variant.name,
      options: JSON.stringify(game.options),
      status: over ? (over.reason === 'aborted' ? 'aborted' : 'finished') : 'active',
      result: over?.result ?? '*',
      reason: over?.reason ?? null,
      startPosition,
      position: game.positionText,
      ply: game.ply,
      sideToMove: game.variant.turn(game.position),
      whiteName: input.white?.name ?? null,
      whiteEmail: input.white?.email ?? null,
      whiteWebhook: input.white?.webhook ?? null,
      whiteTokenHash: await sha256Hex(tokens.white),
      blackName: input.black?.name ?? null,
      blackEmail: input.black?.email ?? null,
      blackWebhook: input.black?.webhook ?? null,
      blackTokenHash: await sha256Hex(tokens.black),
      daysPerMove: input.clock?.daysPerMove ?? null,
      deadline: input.clock && !over ? now + input.clock.daysPerMove * DAY_MS : null,
      timeoutMode: input.clock?.timeout ?? 'auto',
      drawOfferBy: null,
      whiteWebhookSecret: webhookSecrets.white ?? null,
      blackWebhookSecret: webhookSecrets.black ?? null,
      linkOrigin: base.origin,
      createdAt: now,
      updatedAt: now,
      finishedAt: over ? now : null,
    };
    const moveRows: NewMoveRow[] = turns.map((t) => ({
      gameId: id,
      ply: t.ply,
      side: t.side,
      text: t.text,
      positionAfter: t.position,
      createdAt: now,
    }));
    await this.store.createGame(row, moveRows);
    const stored = await this.store.game(id);
    const last = turns.length ? await this.store.move(id, turns.length) : undefined;
    return done({ id, links: playerLinks(base, id, tokens), tokens, webhookSecrets, state: publicState(stored!, last) });
  }

  // ---- playing ----

  /** Which side holds this token, or a 404/403. */
  private async player(id: string, actor: Actor): Promise<Outcomes<{ row: GameRow; side: Color }>> {
    const found = await this.store.game(id);
    if (!found) return fail(404, `no game with id ${id}`);
    const side = typeof actor === 'string' ? await sideOfToken(found, actor) : actor.side;
    if (!side) return fail(403, `that token is not a player's token for game ${id}`);
    return done({ row: await this.settleTimeout(found), side });
  }

  /**
   * With timeout mode 'auto' a game whose side to move let the deadline pass is lost on time. The
   * cron ends such games every 15 minutes; a request that touches one first ends it at once, so a
   * move sent after the deadline is refused rather than racing the opponent's claim or the cron.
   */
  private async settleTimeout(row: GameRow): Promise<GameRow> {
    const now = this.clock();
    if (row.status !== 'active' || row.timeoutMode !== 'auto' || row.deadline === null || row.deadline > now) return row;
    return (await this.endOnTime(row, now)) ?? (await this.store.game(row.id)) ?? row;
  }

  /** The side to move loses on time; undefined when someone else changed the game first. */
  private async endOnTime(row: GameRow, now: number): Promise<GameRow | undefined> {
    const changes = finishedChanges(winOutcome(opposite(row.sideToMove), 'timeout'), now);
    if (!(await this.store.updateGameIf(row.id, { ply: row.ply }, changes))) return undefined;
    const stored: GameRow = { ...row, ...changes };
    await this.emit(stored, gameOver, row.ply ? await this.store.move(row.id, row.ply) : undefined);
    return stored;
  }

  async move(id: string, token: Actor, input: MoveInput): Promise<Outcomes<{ move: PublicMove; state: PublicState }>> {
    const who = await this.player(id, token);
    if (!who.ok) return who;
    const { row, side } = who.value;
    if (row.status !== 'active') return fail(409, overMessage(row));
    if (input.ply !== undefined && input.ply !== row.ply + 1)
      return fail(409, `stale: the game is at ply ${row.ply}, so the next turn is ply ${row.ply + 1} (you sent ${input.ply})`);
    if (side !== row.sideToMove) return fail(403, `it is ${SIDE_NAME[row.sideToMove]}'s turn, not yours`);

    const game = gameAt(row);
    const played = game.play(input.move);
    if (!played.ok) return engineFailure(played.error, played.error.kind === 'syntax' ? 400 : 422);
    const turn = played.value;
    const next = game.position;
    const now = this.clock();
    const outcome = await outcomeAfter(this.store, row, game, turn.position);
    const ply = row.ply + 1;
    const changes: GameChanges = {
      position: turn.position,
      ply,
      sideToMove: game.variant.turn(next),
      updatedAt: now,
      // An offer lapses when the player it was made to moves instead of answering.
      drawOfferBy: row.drawOfferBy === side ? side : null,
      deadline: row.daysPerMove ? now + row.daysPerMove * DAY_MS : null,
      ...(outcome ? finishedChanges(outcome, now) : {}),
    };
    const moveRow: NewMoveRow = { gameId: id, ply, side, text: turn.text, positionAfter: turn.position, createdAt: now };
    if (!(await this.store.commitMove(id, row.ply, moveRow, changes))) return this.conflict(id);
    // The guarded write succeeded, so the row is exactly what we read plus our changes.
    const stored: GameRow = { ...row, ...changes };
    const move = publicMove({ ...moveRow, createdAt: now });
    const lastMove = { ...moveRow, createdAt: now };
    // Your move, to the player now to move; or the end, to both.
    await this.emit(stored, stored.status === 'active' ? [{ type: 'turn', recipients: [stored.sideToMove] }] : gameOver, lastMove);
    return done({ move, state: publicState(stored, lastMove, side) });
  }

  /** Someone else changed the game between our read and our write. */
  private async conflict(id: string): Promise<Failure> {
    const now = await this.store.game(id);
    if (now && now.status !== 'active') return fail(409, overMessage(now));
    return fail(409, `stale: the game is at ply ${now?.ply ?? '?'}; reload it and try again`);
  }

  private async finish(id: string, token: Actor, decide: (row: GameRow, side: Color) => Failure | GameChanges): Promise<Outcomes<PublicState>> {
    const who = await this.player(id, token);
    if (!who.ok) return who;
    const { row, side } = who.value;
    if (row.status !== 'active') return fail(409, overMessage(row));
    const changes = decide(row, side);
    if ('ok' in changes) return changes;
    if (!(await this.store.updateGameIf(id, { ply: row.ply }, changes))) return this.conflict(id);
    const stored: GameRow = { ...row, ...changes };
    const lastMove = row.ply ? await this.store.move(id, row.ply) : undefined;
    if (stored.status !== 'active') await this.emit(stored, gameOver, lastMove);
    else if (stored.drawOfferBy && stored.drawOfferBy !== row.drawOfferBy)
      await this.emit(stored, [{ type: 'draw-offer', recipients: [opposite(stored.drawOfferBy)] }], lastMove);
    return done(publicState(stored, lastMove, side));
  }

  resign(id: string, token: Actor) {
    return this.finish(id, token, (_row, side) => finishedChanges(winOutcome(opposite(side), 'resignation'), this.clock()));
  }

  abort(id: string, token: Actor) {
    return this.finish(id, token, (row) =>
      row.ply >= 2 ? fail(409, 'too late to abort: both sides have moved; resign or offer a draw instead') : finishedChanges({ result: '*', reason: 'aborted' }, this.clock()),
    );
  }

  draw(id: string, token: Actor, action: DrawAction) {
    return this.finish(id, token, (row, side) => {
      const now = this.clock();
      const offered = row.drawOfferBy === opposite(side);
      if (action === 'offer' || action === 'accept') {
        if (offered) return finishedChanges(drawOutcome('agreement'), now);
        if (action === 'accept') return fail(409, `${SIDE_NAME[opposite(side)]} has not offered a draw`);
        if (row.drawOfferBy === side) return fail(409, 'you have already offered a draw');
        return { drawOfferBy: side, updatedAt: now };
      }
      if (!offered) return fail(409, `${SIDE_NAME[opposite(side)]} has not offered a draw`);
      return { drawOfferBy: null, updatedAt: now };
    });
  }

  /** The waiting player claims the win once the side to move let its deadline pass. */
  claim(id: string, token: Actor) {
    return this.finish(id, token, (row, side) => {
      const now = this.clock();
      if (row.deadline === null) return fail(409, 'this game has no clock, so there is nothing to claim');
      if (side === row.sideToMove) return fail(403, 'it is your own turn: only the waiting player can claim');
      if (now <= row.deadline) return fail(409, `${SIDE_NAME[row.sideToMove]}'s deadline has not passed (${iso(row.deadline)})`);
      return finishedChanges(winOutcome(side, 'timeout'), now);
    });
  }

  /** The cron: end games (timeout mode 'auto') whose side to move let the deadline pass. */
  async expireOverdue(limit = 100): Promise<string[]> {
    const now = this.clock();
    const ended: string[] = [];
    for (const row of await this.store.overdueGames(now, 'auto', limit)) if (await this.endOnTime(row, now)) ended.push(row.id);
    return ended;
  }
}

/** The side whose token this is; both hashes are always compared, in constant time. */
export async function sideOfToken(row: Pick<GameRow, 'whiteTokenHash' | 'blackTokenHash'>, token: string): Promise<Color | undefined> {
  const hash = await sha256Hex(token);
  const white = timingSafeEqualText(hash, row.whiteTokenHash);
  const black = timingSafeEqualText(hash, row.blackTokenHash);
  return white ? 'white' : black ? 'black' : undefined;
}
