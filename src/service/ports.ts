// What the game service needs from the outside, as it names it: somewhere to hand
// its events, a judge of webhook URLs (the notifier implements both), someone to
// play the computer's turns and someone to draw the board.
import type { GameRow } from '../db/schema.ts';
import type { PositionAnalysis } from '../engine/search/analysis-judgement.ts';
import type { AnalysisRequest, TurnAnswer, TurnRequest } from '../engine/search/thinking.ts';
import type { BoardView, Color } from '../engine/types.ts';
import type { BoardSvgOptions } from '../render/canvas.ts';
import type { PublicMessage, PublicMove } from './public-state.ts';
import type { PlanOutcome } from './plan-outcome.ts';
import type { GameRatings } from './ratings.ts';

export const NOTIFY_EVENTS = [
  'turn',
  'game-over',
  'draw-offer',
  'reminder',
  'game-start',
  'message',
  'takeback-offer',
  'takeback',
  'pause-offer',
  'pause',
  'pause-end',
  'offer-declined',
  /** The opponent took back their request for a pause before it was answered. */
  'offer-withdrawn',
  'last-call',
  /** Timeout mode 'claim': the opponent let the deadline pass, and the win may be claimed (to the waiting player). */
  'deadline-passed',
  /** The opponent played a turn a conditional line began with, and its planned reply was played (to the planner). */
  'plan-played',
  /** A game played by links is over, and the opponent offers a rematch (POST /api/games/:id/rematch). */
  'rematch-offer',
  /** The rematch offered was accepted: its game has begun (the finished game's state names it). */
  'rematch',
  /** A challenge sent to you (a player's event, never a game's). */
  'challenge',
] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** What happened, for whom; emitted by the game service after a successful write. */
export interface GameEvent {
  readonly type: NotifyEvent;
  readonly recipients: readonly Color[];
  /** The opponent's message, on a `message` event or a `turn` whose move came with one. */
  readonly message?: PublicMessage;
  /** On a `turn`: what became of the recipient's planned lines (dropped: the opponent played another turn). */
  readonly plan?: PlanOutcome;
  /** On an `offer-declined` or `offer-withdrawn`: which offer. */
  readonly offer?: 'draw' | 'takeback' | 'pause' | 'rematch';
  /** On a tournament game's `game-start`: its tournament and round. */
  readonly tournament?: TournamentRound;
}

/** A tournament game's tournament and the round it is of. */
export interface TournamentRound {
  readonly id: string;
  readonly name: string;
  readonly round: number;
}

/** Where the game service hands its events after a successful write. */
export interface EventSink {
  publish(row: GameRow, events: readonly GameEvent[], lastMove: PublicMove | null): Promise<void>;
}

/** Where webhooks may go. */
export interface WebhookPolicy {
  /** undefined when the URL may receive webhooks now, else why not. */
  problem(url: string): Promise<string | undefined>;
}

/** Where the game service asks for the computer's turn: played soon after, retried until it lands. */
export interface ComputerTurns {
  /** The computer is to move in this game at this ply. */
  request(gameId: string, ply: number): Promise<void>;
}

/**
 * What a game's end changes beyond the game itself (its players' ratings, its tournament): called
 * once per game, from the one place its end is recorded (GameContext.emit of a game-over). Answers
 * the game's ratings when it was rated, which the game then keeps.
 */
export interface GameEndHook {
  ended(row: GameRow): Promise<GameRatings | undefined>;
}

/** The game's own timer (its object's alarm): told after each change when the game is next due. */
export interface GameAlarms {
  /** The game changed: its alarm must fire no later than its next due time (src/service/due.ts). */
  arm(row: GameRow): Promise<void>;
}

/**
 * The computer's thinking (src/engine/search/thinking.ts), run where the search is: the picture
 * Worker, over RPC, so the Worker that takes moves carries no search (and a long think spends
 * that Worker's CPU, not the caller's).
 */
export interface Thinking {
  chooseTurn(request: TurnRequest): Promise<TurnAnswer | undefined>;
  analysePositions(request: AnalysisRequest): Promise<PositionAnalysis[]>;
}

/**
 * The board picture (src/render/board-svg.ts's boardSvg), drawn where the renderer is: the picture
 * Worker, over RPC, so the Worker that takes moves carries no renderer. The view and the options
 * are plain data (they cross the binding by structured clone); the answer is the SVG document.
 */
export interface BoardDrawing {
  drawBoard(view: BoardView, options?: BoardSvgOptions): Promise<string>;
}
