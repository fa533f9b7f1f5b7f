// The analysis board: a player tries turns from any position of the game (legal turns only,
// never an evaluation, nothing sent) and keeps lines as named variations with a private note per
// ply, for their seat alone, during and after the game. Proving the seat is the game service's
// (a game token or the player's key); the opponent and spectators never read them.
import type { AnalysisStore } from '../db/analysis-store.ts';
import type { GameNotesRow } from '../db/schema-analysis.ts';
import type { GameRow } from '../db/schema.ts';
import type { GameStore } from '../db/game-store.ts';
import { Game } from '../engine/game.ts';
import { plural, type Color, type Outcome } from '../engine/types.ts';
import type { GameService } from './games.ts';
import type { Variation } from './notes-schemas.ts';
import type { BoardDrawing } from './ports.ts';
import { turnMarks } from './preview.ts';
import { done, fail, turnFailure, type ServiceResult } from './result.ts';
import { noSeatWords } from './seat-holder.ts';
import { storedOptions } from './stored-game.ts';

export interface SeatNotes {
  readonly side: Color;
  readonly variations: readonly Variation[];
  /** When they were last saved (ISO 8601); null: never. */
  readonly updatedAt: string | null;
}

export interface Explored {
  readonly from: number;
  /** The line's turns in canonical text. */
  readonly line: readonly string[];
  readonly sideToMove: Color;
  readonly check: boolean;
  /** How the game would end in this position on the board, if it would. */
  readonly outcome: Outcome | null;
  readonly position: string;
  /** The legal turns here (none once the line has ended the game). */
  readonly legal: readonly string[];
  readonly svg: string;
}

/** An engine game standing on the position after `from` turns of the stored game. */
async function gameAfter(games: Pick<GameStore, 'moves'>, row: GameRow, from: number): Promise<ServiceResult<Game>> {
  if (from > row.ply) return fail(422, 'unknown_ply', `the game has ${plural(row.ply, 'turn')}; a line starts at ply ${row.ply} at the latest, not ${from}`);
  const moves = from ? await games.moves(row.id) : [];
  const position = from ? moves[from - 1]?.positionAfter : row.startPosition;
  if (position === undefined) return fail(422, 'unknown_ply', `the game has no ply ${from}`);
  const created = Game.create(row.variant, storedOptions(row), position);
  if (!created.ok) throw new Error(`game ${row.id}: stored position ${from} does not load`);
  return done(created.value);
}

/** Play `turns` on `game`; the first that does not go is refused with its ply and the engine's reason. */
function playLine(game: Game, from: number, turns: readonly string[], where: string): ServiceResult<string[]> {
  const line: string[] = [];
  for (const [j, text] of turns.entries()) {
    const ply = from + j + 1;
    if (game.outcome()) return fail(422, 'illegal_turn', `${where}ply ${ply} (${text}): the line has already ended the game`);
    const played = game.play(text);
    if (!played.ok) return turnFailure(played.error, `${where}ply ${ply} (${text}): `);
    line.push(played.value.text);
  }
  return done(line);
}

/** A variation as the seat saved it and as it comes back (turns in canonical text). */
const sameLine = (a: Variation, b: Variation) =>
  a.name === b.name && a.from === b.from && a.turns.map((t) => t.move).join() === b.turns.map((t) => t.move).join();

export class NotesService {
  constructor(
    private readonly games: Pick<GameService, 'load'>,
    private readonly gameStore: Pick<GameStore, 'game' | 'moves' | 'takebacks'>,
    private readonly store: AnalysisStore,
    private readonly drawing: BoardDrawing,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Which seat this token or key holds in the game (403 for anyone else). */
  private async seat(id: string, token: string): Promise<ServiceResult<{ row: GameRow; side: Color }>> {
    const seen = await this.games.load(id, token);
    if (!seen.ok) return seen;
    const side = seen.value.you;
    if (!side) return fail(403, 'bad_token', `${noSeatWords(id)}; notes are kept for the players' seats only`);
    const row = await this.gameStore.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    return done({ row, side });
  }

  async get(id: string, token: string): Promise<ServiceResult<SeatNotes>> {
    const who = await this.seat(id, token);
    if (!who.ok) return who;
    const stored = await this.store.notes(id, who.value.side);
    return done({
      side: who.value.side,
      variations: stored ? (await this.saved(id, stored)).standing : [],
      updatedAt: stored ? new Date(stored.updatedAt).toISOString() : null,
    });
  }

  /**
   * The saved variations, less those a takeback made since they were saved has left behind (they
   * start after the ply the game went back to: a position the game has left, as its conditional
   * lines are cleared). `gone`: those left behind.
   */
  private async saved(id: string, stored: GameNotesRow): Promise<{ standing: Variation[]; gone: Variation[] }> {
    const all = JSON.parse(stored.variations) as Variation[];
    const since = (await this.gameStore.takebacks(id)).filter((t) => t.createdAt >= stored.updatedAt);
    const back = Math.min(...since.map((t) => t.toPly));
    return { standing: all.filter((v) => v.from <= back), gone: all.filter((v) => v.from > back) };
  }

  /** Replace the seat's variations (an empty list clears them). Every turn must be legal where it stands. */
  async put(id: string, token: string, variations: readonly Variation[]): Promise<ServiceResult<SeatNotes>> {
    const who = await this.seat(id, token);
    if (!who.ok) return who;
    const { row, side } = who.value;
    // A page opened before a takeback sends back what it was shown: a variation the takeback left
    // behind is dropped again, never a reason to refuse the others.
    const stored = await this.store.notes(id, side);
    const gone = stored ? (await this.saved(id, stored)).gone : [];
    const checked: Variation[] = [];
    for (const [i, v] of variations.entries()) {
      if (gone.some((g) => sameLine(g, v))) continue;
      const where = `variation ${i + 1} ("${v.name}"), `;
      const game = await gameAfter(this.gameStore, row, v.from);
      if (!game.ok) return fail(game.status, game.code, `${where}from: ${game.error}`);
      const line = playLine(
        game.value,
        v.from,
        v.turns.map((t) => t.move),
        where,
      );
      if (!line.ok) return line;
      checked.push({ name: v.name, from: v.from, turns: v.turns.map((t, j) => ({ move: line.value[j]!, ...(t.note ? { note: t.note } : {}) })) });
    }
    const now = this.clock();
    if (!checked.length) await this.store.clearNotes(id, side);
    else await this.store.putNotes({ gameId: id, side, variations: JSON.stringify(checked), updatedAt: now });
    return done({ side, variations: checked, updatedAt: checked.length ? new Date(now).toISOString() : null });
  }

  /** The board after `line` from ply `from` of the game, and the legal turns there. No evaluation, nothing stored. */
  async explore(id: string, from: number | undefined, turns: readonly string[], orientation?: Color): Promise<ServiceResult<Explored>> {
    const row = await this.gameStore.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const start = from ?? row.ply;
    const game = await gameAfter(this.gameStore, row, start);
    if (!game.ok) return game;
    const line = playLine(game.value, start, turns, '');
    if (!line.ok) return line;
    const g = game.value;
    const view = g.variant.view(g.position);
    // The position's own ending on the board, also where the game itself ended (its last ply).
    const outcome = g.outcome() ?? null;
    const last = line.value.at(-1);
    return done({
      from: start,
      line: line.value,
      sideToMove: view.sideToMove,
      check: view.check,
      outcome,
      position: g.positionText,
      legal: outcome ? [] : g.legalTexts(),
      // Interactive: its cells, pins and pieces in hand are the page's buttons for click-to-move (tester 19 Z5).
      svg: await this.drawing.drawBoard(view, {
        ...(last ? { lastMove: turnMarks(row.variant, last) } : {}),
        interactive: true,
        size: 480,
        ...(orientation ? { from: orientation } : {}),
      }),
    });
  }
}
