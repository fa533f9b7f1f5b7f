// The game service: everything a correspondence game does, between the HTTP
// routes (which only translate) and the store (which only persists). Every
// function returns a typed result; the routes map { status, error } to HTTP.
import type { GameRow } from '../db/schema.ts';
import type { GameChanges, GameReads, GameStore, NewMessageRow, NewMoveRow } from '../db/game-store.ts';
import { Game } from '../engine/game.ts';
import { COLORS, colorName, drawOutcome, opposite, variantTitle, type Color, type Outcome, type VariantName } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { COMPUTER_GRACE_MS, computerToMove } from './computer-sides.ts';
import type { GameEvent } from './ports.ts';
import type { LinkBase } from './links.ts';
import {
  publicMessage,
  publicMove,
  publicState,
  publicTakeback,
  type PublicMessage,
  type PublicMove,
  type PublicState,
  type PublicTakeback,
} from './public-state.ts';
import { exportRecord, type ImportExtra, importRecord, type RecordEvent, type TurnAnnotation } from './record.ts';
import { done, fail, sentTurnFailure, type Failure, type ServiceResult } from './result.ts';
import type { ConditionalLine, CreateGameInput, DrawAction, MoveInput, PauseInput, RematchAction, TakebackAction } from './schemas.ts';
import { storedGame, storedOptions } from './stored-game.ts';
import { GameContext, asWritten, finishedChanges, gameOver, overMessage, turnClock, type Actor } from './game-core.ts';
import * as conditional from './conditional.ts';
import type { ConditionalLines, PlannedAnswer } from './conditional.ts';
import * as messages from './messages.ts';
import * as pauses from './pauses.ts';
import * as endings from './endings.ts';
import * as takebacks from './takebacks.ts';
import * as linkRematch from './link-rematch.ts';
import { insertGame, startingGame, type CreatedGame, type Seats } from './new-game.ts';

export type { CreatedGame } from './new-game.ts';

/** How the game ends with the turn just played on `game`, if it does: on the board, or by threefold repetition. */
export async function outcomeAfter(store: Pick<GameStore, 'timesReached'>, row: GameRow, game: Game, position: string): Promise<Outcome | undefined> {
  const onBoard = game.variant.outcome(game.position);
  if (onBoard) return onBoard;
  // This position, earlier turns that reached it, and the start.
  const earlier = (await store.timesReached(row.id, position)) + (row.startPosition === position ? 1 : 0);
  return earlier + 1 >= 3 ? drawOutcome('repetition') : undefined;
}

/** An engine game on the stored position; the row was valid when written, so only damage stops it. */
function gameAt(row: GameRow): Game {
  const game = storedGame(row);
  if (!game) throw new Error(`game ${row.id}: stored position does not load`);
  return game;
}

/** The game service's methods (its API): what a request may have a game's object run (src/worker/game-object.ts). */
export type GameMethod = {
  [K in keyof GameService]: GameService[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof GameService];

/** The game service as the rest of the Worker calls it: the same methods, each run by the game's object (src/worker/game-objects.ts). */
export type GameApi = Pick<GameService, GameMethod>;

export class GameService {
  /** The game's context, which every module of the game works on (src/service/game-core.ts). */
  private readonly ctx: GameContext;

  constructor(store: GameStore, clock: () => number = Date.now, options: ConstructorParameters<typeof GameContext>[2] = {}) {
    this.ctx = new GameContext(store, clock, options);
  }

  // ---- reading ----

  async load(id: string, token?: string): Promise<ServiceResult<PublicState>> {
    const found = await this.ctx.store.game(id);
    if (!found) return fail(404, 'unknown_game', `no game with id ${id}`);
    const row = await this.ctx.settle(found);
    // A computer reply that should have landed by now was lost: ask again (a duplicate is a no-op).
    if (computerToMove(row) && this.ctx.clock() - row.updatedAt > COMPUTER_GRACE_MS) await this.ctx.askComputer(row);
    const you = token ? await this.ctx.sideOf(row, token) : undefined;
    return done(publicState(row, row.ply ? await this.ctx.store.move(id, row.ply) : undefined, you));
  }

  async legal(id: string): Promise<ServiceResult<{ ply: number; sideToMove: Color; status: GameRow['status']; legal: string[] }>> {
    const row = await this.ctx.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const legal = row.status === 'active' ? gameAt(row).legalTexts() : [];
    return done({ ply: row.ply, sideToMove: row.sideToMove, status: row.status, legal });
  }

  /**
   * What a seat's email digest tells about a game (no token: the digest is mailed to the seat's own
   * address): the last turn played, and the opponent's messages written since `since` (epoch ms).
   */
  async newsFor(id: string, you: Color, since: number): Promise<ServiceResult<{ lastMove: PublicMove | null; messages: PublicMessage[] }>> {
    const row = await this.ctx.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const [last, said] = await Promise.all([row.ply ? this.ctx.store.move(id, row.ply) : undefined, this.ctx.store.messages(id)]);
    // A second's slack: a message sent with a turn is written as the turn's event is stamped.
    const messages = said.filter((m) => m.side !== you && m.createdAt >= since - 1000).map(publicMessage);
    return done({ lastMove: last ? publicMove(last) : null, messages });
  }

  /** The turns played, and the turns taken back by agreement (which are no longer among them). */
  async history(id: string, since = 0): Promise<ServiceResult<{ ply: number; moves: PublicMove[]; takebacks: PublicTakeback[] }>> {
    const row = await this.ctx.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const [moves, takebacks] = await Promise.all([this.ctx.store.moves(id, since), this.ctx.store.takebacks(id)]);
    return done({ ply: row.ply, moves: moves.map(publicMove), takebacks: takebacks.map(publicTakeback) });
  }

  /**
   * The text record; `annotations`: the computer's analysis per turn (glyphs and evaluations), when
   * there is one; `event`: the tournament and round of a tournament's game.
   */
  async record(id: string, base: LinkBase, annotations?: readonly (TurnAnnotation | undefined)[], event?: RecordEvent): Promise<ServiceResult<string>> {
    const row = await this.ctx.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const takebacks = (await this.ctx.store.takebacks(id)).map(publicTakeback);
    return done(exportRecord(row, await this.ctx.store.moves(id), `${base.origin}/games/${row.id}`, takebacks, annotations, event));
  }

  /** Does this text read as a turn in the game's position (legal or not)? For finding the turn in an email. */
  async readsAsTurn(id: string, text: string): Promise<boolean> {
    const row = await this.ctx.store.game(id);
    const game = row && storedGame(row);
    if (!game) return false;
    const parsed = game.variant.parseMove(game.position, text);
    return parsed.ok || parsed.error.kind !== 'syntax';
  }

  /** Replay the stored move rows from the stored start: the game must come out identical. */
  async rebuild(id: string): Promise<ServiceResult<{ position: string; ply: number; outcome?: Outcome }>> {
    const row = await this.ctx.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const turns = await this.ctx.store.moves(id);
    const replayed = Game.replay(
      row.variant,
      storedOptions(row),
      turns.map((m) => m.text),
      row.startPosition,
    );
    if (!replayed.ok) return fail(422, 'illegal_turn', replayed.error.message);
    const outcome = replayed.value.outcome();
    return done({ position: replayed.value.positionText, ply: replayed.value.ply, ...(outcome ? { outcome } : {}) });
  }

  // ---- creating ----

  async create(input: CreateGameInput, base: LinkBase, seats?: Seats): Promise<ServiceResult<CreatedGame>> {
    const variant = getVariant(input.variant);
    if (!variant) return fail(400, 'unknown_variant', `variant ${input.variant} is not available`);
    const game = startingGame(input.variant, input.options, input.position);
    if (!game.ok) return game;
    const created = await insertGame(this.ctx, {
      base,
      game: game.value,
      startPosition: game.value.positionText,
      turns: [],
      input,
      seats,
      hints: input.hints ?? false,
    });
    // Both seats taken by players (an accepted challenge): tell them the game is on. A game made with
    // a seat's address tells that seat too (tester 12 E18: the first to move heard nothing until the
    // reminder, and an unconfirmed address gets its confirmation now rather than then).
    const row = created.ok ? await this.ctx.store.game(created.value.id) : undefined;
    if (row) {
      const challenge = Boolean(seats?.players.white && seats.players.black);
      const told = COLORS.filter((side) => challenge || (side === 'white' ? row.whiteEmail : row.blackEmail));
      if (told.length) await this.ctx.emit(row, [{ type: 'game-start', recipients: told }], undefined);
    }
    return created;
  }

  /** A game from a text record; every turn is replayed and checked. */
  async import(text: string, extra: ImportExtra, base: LinkBase, id?: string): Promise<ServiceResult<CreatedGame>> {
    const imported = importRecord(text, extra, this.ctx.clock());
    if (!imported.ok) return imported;
    const { game, startPosition, turns, players, outcome } = imported.value;
    return insertGame(this.ctx, { base, game, startPosition, turns, input: players, outcome, seats: id === undefined ? undefined : { id, players: {} } });
  }

  // ---- playing ----

  /**
   * The turn at `ply` when it is this player's and reads `text` (as stored): a turn sent twice (a
   * form posted again) whose first sending was played. Else undefined.
   */
  async playedAlready(id: string, token: Actor, ply: number, text: string): Promise<PublicMove | undefined> {
    const who = await this.ctx.player(id, token);
    if (!who.ok) return undefined;
    const turn = await this.ctx.store.move(id, ply);
    return turn && turn.side === who.value.side && turn.text === text.trim() ? publicMove(turn) : undefined;
  }

  async move(
    id: string,
    token: Actor,
    input: MoveInput,
  ): Promise<ServiceResult<{ move: PublicMove; state: PublicState; answer?: PublicMove; message?: PublicMessage }>> {
    const { who, mayMessage } = await messages.turnPlayer(this.ctx, id, token, input.message !== undefined);
    if (!who.ok) return who;
    const { row, side } = who.value;
    if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
    const wrongPly = (await plyRefusal(this.ctx.store, row, input.ply)) ?? positionRefusal(row, input.position);
    if (wrongPly) return wrongPly;
    if (side !== row.sideToMove) return fail(403, 'not_your_turn', `it is ${colorName(row.sideToMove)}'s turn, not yours`);
    // A message over the limit refuses the whole turn: nothing is played that the player sent together.
    if (!mayMessage) return messages.tooManyMessages(this.ctx, id, side, true);

    const game = gameAt(row);
    const played = game.play(input.move);
    if (!played.ok) return sentTurnFailure(played.error, input.move);
    const turn = played.value;
    const next = game.position;
    const now = this.ctx.clock();
    const onBoard = game.variant.outcome(next);
    const ply = row.ply + 1;
    const changes: GameChanges = {
      position: turn.position,
      ply,
      sideToMove: game.variant.turn(next),
      updatedAt: now,
      // An offer lapses when the player it was made to moves instead of answering.
      drawOfferBy: row.drawOfferBy === side ? side : null,
      // A takeback asked for is about the position it was asked in: any move ends it.
      takebackOfferBy: null,
      ...turnClock(row, now),
      ...(onBoard ? finishedChanges(onBoard, now) : {}),
    };
    const moveRow: NewMoveRow = { gameId: id, ply, side, text: turn.text, positionAfter: turn.position, createdAt: now };
    // Threefold repetition is counted from the moves table by the write itself: one round trip.
    const repetition = onBoard ? undefined : { earlier: row.startPosition === turn.position ? 1 : 0, changes: finishedChanges(drawOutcome('repetition'), now) };
    const said: NewMessageRow | undefined = input.message === undefined ? undefined : { gameId: id, side, ply, text: input.message, createdAt: now };
    const written = await this.ctx.store.commitMove({
      gameId: id,
      expectedPly: row.ply,
      move: moveRow,
      changes,
      repetition,
      message: said,
      plansFor: { side: opposite(side), position: row.position },
    });
    if (!written.committed) return this.ctx.conflict(id);
    // The guarded write succeeded, so the row is exactly what we read plus our changes.
    const stored: GameRow = asWritten({ ...row, ...changes, ...(written.repeated ? repetition?.changes : {}) });
    const move = publicMove({ ...moveRow, createdAt: now });
    const lastMove = { ...moveRow, createdAt: now };
    const message = said ? publicMessage({ id: written.messageId ?? 0, ...said }) : undefined;
    // The opponent's conditional line that starts with this turn, if any: its answer is played below.
    const { answer: planned, outcome: plan } = await conditional.plannedAnswer(this.ctx, row, stored, turn.text, written.plans);
    const messageEvent: GameEvent[] = message ? [{ type: 'message', recipients: [opposite(side)], message }] : [];
    // Your move, to the player now to move (with a word when their planned lines were dropped); to
    // nobody when their answer is played at once, but the game's stream still shows it. Or the
    // end, to both. A message goes to the opponent.
    const turnEvent: GameEvent = planned
      ? { type: 'turn', recipients: [] }
      : { type: 'turn', recipients: [stored.sideToMove], ...(message ? { message } : {}), ...(plan ? { plan } : {}) };
    // A turn that ends the game is still a turn on the game's stream (its `move` line, to nobody), then the end.
    const events: GameEvent[] =
      stored.status !== 'active' ? [{ type: 'turn', recipients: [] }, ...gameOver, ...messageEvent] : planned ? [turnEvent, ...messageEvent] : [turnEvent];
    const ended = await this.ctx.emit(stored, events, lastMove);
    await this.ctx.askComputer(stored);
    const answer = planned ? await this.playAnswer(id, planned) : undefined;
    // The planner hears that their line was followed: the turn it began with and the reply played
    // (tester 12 E4: an email player saw the board two plies on with no word of either).
    if (answer && plan) {
      const now = await this.ctx.store.game(id);
      if (now) await this.ctx.emit(now, [{ type: 'plan-played', recipients: [opposite(side)], plan }], await this.ctx.store.move(id, now.ply));
    }
    const state = answer ? { ...answer.state, you: side } : publicState(ended, lastMove, side);
    return done({ move, state, ...(answer ? { answer: answer.move } : {}), ...(message ? { message } : {}) });
  }

  /** A conditional answer, through the same path as any turn; a manual turn that landed first wins (409). */
  private async playAnswer(id: string, planned: PlannedAnswer): Promise<{ move: PublicMove; state: PublicState } | undefined> {
    const answered = await this.move(id, { side: planned.side }, { move: planned.text, ply: planned.ply });
    if (answered.ok) return answered.value;
    if (answered.status !== 409) console.error(`game ${id}: the conditional answer ${planned.text} at ply ${planned.ply} was refused: ${answered.error}`);
    return undefined;
  }

  resign(id: string, token: Actor) {
    return endings.resign(this.ctx, id, token);
  }
  /** A tournament game forfeited by its player's withdrawal from the tournament (src/service/tournaments.ts leave). */
  forfeit(id: string, token: Actor) {
    return endings.forfeit(this.ctx, id, token);
  }
  abort(id: string, token: Actor) {
    return endings.abort(this.ctx, id, token);
  }
  draw(id: string, token: Actor, action: DrawAction) {
    return endings.draw(this.ctx, id, token, action);
  }
  claim(id: string, token: Actor) {
    return endings.claim(this.ctx, id, token);
  }

  /**
   * The game's alarm: a pause whose days are over ends, then a game (timeout mode 'auto') whose
   * side to move let the deadline pass is lost on time; each through a guarded write, so an alarm
   * delivered twice, or racing a request, does each once. Returns the game as it stands after.
   */
  async settleDue(id: string): Promise<GameRow | undefined> {
    const row = await this.ctx.store.game(id);
    return row && this.ctx.settle(row);
  }
  // ---- the game's modules, each working on the game's context ----

  /** Messages between the players (src/service/messages.ts). */
  sendMessage(id: string, actor: Actor, text: string) {
    return messages.sendMessage(this.ctx, id, actor, text);
  }
  messages(id: string, token?: string) {
    return messages.messages(this.ctx, id, token);
  }
  showMessages(id: string, actor: Actor, spectators: boolean) {
    return messages.showMessages(this.ctx, id, actor, spectators);
  }

  /** Takebacks by agreement (src/service/takebacks.ts). */
  takeback(id: string, actor: Actor, action: TakebackAction, ply?: number) {
    return takebacks.takeback(this.ctx, id, actor, action, ply);
  }

  /** A rematch of a game played by links (src/service/link-rematch.ts): one step, and the claim undone or told. */
  linkRematch(id: string, actor: Actor, action: RematchAction, newId: string) {
    return linkRematch.rematchStep(this.ctx, id, actor, action, newId);
  }
  rematchRelease(id: string, newId: string) {
    return linkRematch.rematchRelease(this.ctx, id, newId);
  }
  rematchMade(id: string, by: Color) {
    return linkRematch.rematchMade(this.ctx, id, by);
  }

  /** Conditional moves (src/service/conditional.ts). */
  conditional(id: string, actor: Actor): Promise<ServiceResult<ConditionalLines>> {
    return conditional.conditional(this.ctx, id, actor);
  }
  setConditional(
    id: string,
    actor: Actor,
    lines: readonly ConditionalLine[],
    meant?: { readonly ply?: number | undefined; readonly position?: string | undefined },
  ): Promise<ServiceResult<ConditionalLines>> {
    return conditional.setConditional(this.ctx, id, actor, lines, meant);
  }
  addConditionalLine(id: string, actor: Actor, line: ConditionalLine): Promise<ServiceResult<ConditionalLines>> {
    return conditional.addConditionalLine(this.ctx, id, actor, line);
  }
  clearConditional(id: string, actor: Actor): Promise<ServiceResult<ConditionalLines>> {
    return conditional.clearConditional(this.ctx, id, actor);
  }

  /** Time off the clock: pauses by agreement and leave days (src/service/pauses.ts). */
  pause(id: string, actor: Actor, input: PauseInput) {
    return pauses.pause(this.ctx, id, actor, input);
  }
  leave(id: string, actor: Actor, days: number, deadline?: string) {
    return pauses.leave(this.ctx, id, actor, days, deadline);
  }
}

/**
 * Why a turn meant for `position` (the state's position as its sender read it) cannot be played in
 * `row`: the game has left it. The ply alone misses a takeback followed by other turns back to the
 * same ply; the position does not (and the same position reached again is the one the turn was for).
 */
export function positionRefusal(row: GameRow, position: string | undefined): Failure | undefined {
  if (position === undefined || position === row.position) return undefined;
  // No position at all is a mistake in the request, not a game that moved on (tester 18 Y9).
  if (getVariant(row.variant)?.parsePosition(position, storedOptions(row)).ok === false)
    return fail(
      400,
      'invalid_body',
      `position: is not a ${variantTitle(row.variant as VariantName)} position; send the state's position as you read it, or leave it out`,
    );
  return fail(
    409,
    'stale_ply',
    `stale: the game is no longer in the position you sent (turns were played or taken back since); it is at ply ${row.ply}, so read it again`,
  );
}

/**
 * Why a turn meant for `ply` (the sender's `#<ply>` or `ply`) cannot be played in `row` now, or
 * undefined when it can (or none was given): stale, or not yet; a ply ahead because turns were taken
 * back since the sender read the game is stale, not the future. Moves and previews answer alike.
 */
export async function plyRefusal(store: Pick<GameReads, 'takebacks'>, row: GameRow, ply: number | undefined): Promise<Failure | undefined> {
  if (ply === undefined || ply === row.ply + 1) return undefined;
  if (ply > row.ply + 1) {
    const takenBack = (await store.takebacks(row.id)).some((t) => t.fromPly >= ply - 1);
    if (takenBack)
      return fail(
        409,
        'stale_ply',
        `stale: turns were taken back since; the game is at ply ${row.ply}, so the next turn is ply ${row.ply + 1} (you sent ${ply})`,
      );
    return fail(409, 'future_ply', `not yet at ply ${ply}: the game is at ply ${row.ply}, so the next turn is ply ${row.ply + 1}`);
  }
  return fail(409, 'stale_ply', `stale: the game is at ply ${row.ply}, so the next turn is ply ${row.ply + 1} (you sent ${ply})`);
}
