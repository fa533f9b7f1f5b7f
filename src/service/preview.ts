// Read-only views of a game for the pages and image URLs: the position a turn
// would reach (preview, never written), the board picture at any ply, and the
// picture of a position given as text. Nothing here writes to the store; the pictures are drawn
// through the BoardDrawing port (the picture Worker's renderer).
import type { GameRow } from '../db/schema.ts';
import type { GameReads } from '../db/game-store.ts';
import { plural, type AnyVariant, type BoardView, type Color, type Outcome } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import { overMessage } from './game-core.ts';
import { outcomeAfter, plyRefusal } from './games.ts';
import { outcomeWords, resultWords, winnerOf } from './outcome-words.ts';
import type { BoardDrawing } from './ports.ts';
import { done, fail, sentTurnFailure, type ServiceResult } from './result.ts';
import { storedGame, storedOptions } from './stored-game.ts';

/** Widths an image URL may ask for (pixels). */
export const MIN_SIZE = 120;
export const MAX_SIZE = 2000;

interface PreviewState {
  readonly position: string;
  readonly sideToMove: Color;
  readonly phase: string;
  readonly check: boolean;
  readonly outcome: Outcome | null;
}

export interface Preview {
  readonly ok: true;
  /** The canonical text the engine would record. */
  readonly canonical: string;
  /** The ply the turn would have (send it with the move). */
  readonly ply: number;
  readonly svg: string;
  readonly state: PreviewState;
}

/**
 * The cells and pins a turn names, for the last-move tint: `Wa1u:b2xWb3` ->
 * [Wa1u:b2, Wb3], `@Wa1u` -> [Wa1u], `Q@Ab2=XZ` -> [Ab2], `Wa1u-Na1u&...` -> both pins.
 */
export function turnMarks(variant: string, text: string): string[] {
  const re = variant === 'planar' ? /[A-D][a-d][1-4]/g : /[WNB](?:a1|d1|a4|d4)[ud]:[ab][12]|[WNB](?:a1|d1|a4|d4)[ud](?![a-z0-9])|[WNB][a-d][1-4]/g;
  return [...text.matchAll(re)].map((m) => m[0]);
}

/** The picture of a position text of a game (or a free-standing position). */
export function viewOf(
  variantName: string,
  options: unknown,
  position: string,
): ServiceResult<{ view: BoardView; variant: AnyVariant; pos: unknown; options: unknown }> {
  const variant = getVariant(variantName);
  if (!variant) return fail(400, 'unknown_variant', `variant ${variantName} is not available`);
  const opts = variant.parseOptions(options ?? {});
  if (!opts.ok) return fail(400, 'invalid_options', `options: ${opts.error.message}`);
  const pos = variant.parsePosition(position, opts.value);
  if (!pos.ok) return fail(400, 'invalid_position', `position: ${pos.error.message}`, pos.error.at);
  return done({ view: variant.view(pos.value), variant, pos: pos.value, options: opts.value });
}

interface PositionAtPly {
  readonly row: GameRow;
  readonly ply: number;
  readonly position: string;
  readonly lastTurn: string | null;
}

/** The read-only views of stored games: previews and board pictures. */
export class GameViews {
  constructor(
    private readonly store: GameReads,
    private readonly drawing: BoardDrawing,
  ) {}

  /**
   * What `text` would do if played now: the canonical turn and the position it
   * reaches, as state and picture, and how the game would end with it (threefold
   * repetition included, from the stored history).
   */
  async preview(id: string, text: string, size?: number, from?: Color, ply?: number): Promise<ServiceResult<Preview>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
    // A turn sent with its ply ("Bb3-Bb2 #4") is previewed only where sending it would be played.
    const wrongPly = await plyRefusal(this.store, row, ply);
    if (wrongPly) return wrongPly;
    const game = storedGame(row);
    if (!game) return fail(422, 'invalid_position', 'the stored position does not load');
    const played = game.play(text);
    if (!played.ok) return sentTurnFailure(played.error, text);
    const view = game.variant.view(game.position);
    const svg = await this.drawing.drawBoard(view, {
      lastMove: turnMarks(row.variant, played.value.text),
      ...(size ? { size } : {}),
      ...(from ? { from } : {}),
    });
    return done({
      ok: true as const,
      canonical: played.value.text,
      ply: row.ply + 1,
      svg,
      state: {
        position: played.value.position,
        sideToMove: view.sideToMove,
        phase: view.phase,
        check: view.check,
        outcome: (await outcomeAfter(this.store, row, game, played.value.position)) ?? null,
      },
    });
  }

  /** The board after the turns of a conditional line, from the game as it stands (never written), and the legal turns there. */
  async previewLine(
    id: string,
    turns: readonly string[],
    from?: Color,
  ): Promise<ServiceResult<{ svg: string; line: string[]; sideToMove: Color; legal: string[] }>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
    const game = storedGame(row);
    if (!game) return fail(422, 'invalid_position', 'the stored position does not load');
    const line: string[] = [];
    for (const [i, text] of turns.entries()) {
      const played = game.play(text);
      if (!played.ok) return fail(422, 'illegal_turn', `turn ${i + 1} (${text}): ${played.error.message}`);
      line.push(played.value.text);
    }
    const last = line.at(-1);
    const view = game.variant.view(game.position);
    const svg = await this.drawing.drawBoard(view, { ...(last ? { lastMove: turnMarks(row.variant, last) } : {}), ...(from ? { from } : {}) });
    return done({ svg, line, sideToMove: view.sideToMove, legal: game.legalTexts() });
  }

  /** The stored position after `ply` turns (default: now). */
  private async positionAt(id: string, ply?: number): Promise<ServiceResult<PositionAtPly>> {
    const row = await this.store.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    const at = ply ?? row.ply;
    // "So far" only of a game still going (tester 18 Y9: a finished game's turns are all there are).
    if (at > row.ply)
      return fail(404, 'unknown_ply', `game ${id} has ${plural(row.ply, 'turn')}${row.status === 'active' ? ' so far' : ''}; there is no ply ${at}`);
    if (at === 0) return done({ row, ply: 0, position: row.startPosition, lastTurn: null });
    if (at === row.ply && ply === undefined) {
      const last = await this.store.move(id, at);
      return done({ row, ply: at, position: row.position, lastTurn: last?.text ?? null });
    }
    const move = await this.store.move(id, at);
    if (!move) return fail(404, 'unknown_ply', `game ${id} has no ply ${at}`);
    return done({ row, ply: at, position: move.positionAfter, lastTurn: move.text });
  }

  /** The board picture of a game after `ply` turns (default: now). */
  async board(
    id: string,
    opts: { ply?: number; size?: number; interactive?: boolean; from?: Color } = {},
  ): Promise<ServiceResult<{ svg: string; ply: number; position: string; row: GameRow; view: BoardView }>> {
    const at = await this.positionAt(id, opts.ply);
    if (!at.ok) return at;
    const { row } = at.value;
    const viewed = viewOf(row.variant, storedOptions(row), at.value.position);
    if (!viewed.ok) return fail(422, 'invalid_position', viewed.error);
    const view = viewed.value.view;
    // The final position of a finished game says how it ended (also when not ended on the board).
    const ended = row.status !== 'active' && at.value.ply === row.ply;
    const svg = await this.drawing.drawBoard(view, {
      ...(ended ? { result: resultWords({ ...row, winner: winnerOf(row.result) }) } : {}),
      ...(at.value.lastTurn ? { lastMove: turnMarks(row.variant, at.value.lastTurn) } : {}),
      ...(opts.size ? { size: opts.size } : {}),
      ...(opts.interactive ? { interactive: true } : {}),
      ...(opts.from ? { from: opts.from } : {}),
    });
    return done({ svg, ply: at.value.ply, position: at.value.position, row, view });
  }
}

/** A free-standing position as a picture (for chat bots and e-mails). */
export async function positionSvg(
  drawing: BoardDrawing,
  variantName: string,
  position: string,
  opts: { options?: unknown; size?: number; lastMove?: string } = {},
): Promise<ServiceResult<{ svg: string }>> {
  const viewed = viewOf(variantName, opts.options ?? {}, position);
  if (!viewed.ok) return viewed;
  const { variant, pos } = viewed.value;
  // Only what a game can reach is drawn, by the rules a set-up follows; a finished position is fine.
  const legal = variant.validateSetup(pos, viewed.value.options);
  if (!legal.ok) return fail(400, 'invalid_position', `position: ${legal.error.message}`);
  const outcome = variant.outcome(pos);
  const svg = await drawing.drawBoard(viewed.value.view, {
    ...(outcome ? { result: outcomeWords(outcome) } : {}),
    ...(opts.lastMove ? { lastMove: turnMarks(variantName, opts.lastMove) } : {}),
    ...(opts.size ? { size: opts.size } : {}),
  });
  return done({ svg });
}
