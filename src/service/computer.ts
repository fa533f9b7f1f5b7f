// The computer player. It plays its side through the same path as a human's turn
// (GameService.move with the side proven by the server: engine check, guarded batch,
// history row, notifications to the human), and it suggests hints.
//
// How a reply is never lost: the game service asks for it (ComputerTurns, one queue
// message) right after the write that gave the computer the move; the queue retries a
// reply that failed; a GET of the game asks again once a reply is overdue; the game's alarm
// (its object) plays every overdue reply itself. A reply is for one ply, so a duplicate is a no-op.
import type { GameRow } from '../db/schema.ts';
import type { GameReads } from '../db/game-store.ts';
import type { Level } from '../engine/search/index.ts';
import type { TurnAnswer } from '../engine/search/thinking.ts';
import type { GameApi } from './games.ts';
import { computerLevel, computerToMove, hintsAllowed } from './computer-sides.ts';
import type { Thinking } from './ports.ts';
import { done, fail, type ServiceResult } from './result.ts';
import { noSeatWords } from './seat-holder.ts';
import { storedOptions } from './stored-game.ts';

/** Hints search like level 4: sound, and cheap enough for a request (never level 6, the correspondence level: seconds of CPU). */
const HINT_LEVEL: Level = 4;

/** The same game and ply always give the same seed (FNV-1a of "id:ply"), so a retried reply plays the same turn. */
function replySeed(gameId: string, ply: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${gameId}:${ply}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/** The engine's turn for the side to move, knowing the earlier positions (threefold repetition). */
async function choose(store: GameReads, thinking: Thinking, row: GameRow, level: Level): Promise<TurnAnswer | undefined> {
  const earlier = [row.startPosition, ...(await store.moves(row.id)).map((m) => m.positionAfter)].slice(0, row.ply);
  return thinking.chooseTurn({
    variant: row.variant,
    options: storedOptions(row),
    positions: [...earlier, row.position],
    level,
    seed: replySeed(row.id, row.ply),
  });
}

export interface Hint {
  readonly ply: number;
  readonly move: string;
  /** Centipawns from the side to move; a mate is +-(100000 - plies). */
  readonly score: number;
  /** Turns of the side to move to a mate (negative: being mated). */
  readonly mate?: number;
  readonly depth: number;
  readonly nodes: number;
}

type ReplyResult = 'played' | 'not-needed';

export class ComputerPlayer {
  constructor(
    private readonly store: GameReads,
    private readonly games: GameApi,
    private readonly thinking: Thinking,
  ) {}

  /**
   * The computer's turn at `ply` (the game's ply when the computer got the move). 'not-needed'
   * when the game moved on (already played, resigned, over); a throw means try again later.
   */
  async reply(gameId: string, ply: number): Promise<ReplyResult> {
    const row = await this.store.game(gameId);
    if (!row || row.ply !== ply || !computerToMove(row)) return 'not-needed';
    return this.play(row);
  }

  private async play(row: GameRow): Promise<ReplyResult> {
    const side = row.sideToMove;
    const choice = await choose(this.store, this.thinking, row, computerLevel(row, side)!);
    // No legal turn: the write that led here would have ended the game; nothing to play.
    if (!choice) return 'not-needed';
    const played = await this.games.move(row.id, { side }, { move: choice.text, ply: row.ply + 1 });
    if (played.ok) return 'played';
    // Someone changed the game meanwhile (a resignation, a duplicate reply that landed first).
    if (played.status === 409) return 'not-needed';
    throw new Error(`game ${row.id}: the computer's ${choice.text} at ply ${row.ply + 1} was refused: ${played.error}`);
  }

  /** The engine's suggestion for the player holding `token`, when hints are on in this game and it is their turn. */
  async hint(gameId: string, token: string): Promise<ServiceResult<Hint>> {
    // The game service knows every way to prove a side (game token, player key).
    const seen = await this.games.load(gameId, token);
    if (!seen.ok) return seen;
    const side = seen.value.you;
    const row = await this.store.game(gameId);
    if (!row) return fail(404, 'unknown_game', `no game with id ${gameId}`);
    if (!side) return fail(403, 'bad_token', noSeatWords(gameId));
    if (!hintsAllowed(row))
      return fail(
        403,
        'hints_off',
        'hints are off in this game: they are for games against the computer, or for games both players created with "hints": true',
      );
    if (row.status !== 'active') return fail(409, 'game_over', 'the game is over, so there is nothing to suggest');
    if (row.sideToMove !== side) return fail(409, 'not_your_turn', 'it is not your turn: a hint is for the side to move');
    const choice = await choose(this.store, this.thinking, row, HINT_LEVEL);
    if (!choice) return fail(409, 'no_legal_turn', 'there is no legal turn to suggest');
    return done({
      ply: row.ply + 1,
      move: choice.text,
      score: choice.score,
      ...(choice.mate !== undefined ? { mate: choice.mate } : {}),
      depth: choice.depth,
      nodes: choice.nodes,
    });
  }
}
