// Post-game analysis. When a game ends (and on request for any finished game) the computer
// evaluates every position at a fixed node budget (ANALYSIS_NODES, about 100 ms of CPU for a
// busy position), through the computer queue a piece at a time: one queue message evaluates
// positions until about PIECE_SHARE x that budget is spent (about 1 s of CPU), stores them and
// asks for the next piece. Each position's row says its evaluation (from White's side), the
// computer's best turn there and the judgement of the turn that led to it. Never during a game.
import type { GameRow } from '../db/schema.ts';
import type { AnalysisPlyRow, AnalysisRow, AnalysisStatus } from '../db/schema-analysis.ts';
import type { AnalysisStore } from '../db/analysis-store.ts';
import type { GameStore } from '../db/game-store.ts';
import { ANALYSIS_NODES, evalText, gameAccuracy, GLYPHS, judge, winCurve, type Evaluation, type Judgement } from '../engine/search/analysis-judgement.ts';
import type { Color, GameResult, VariantName } from '../engine/types.ts';
import type { EventSink, GameEvent, Thinking } from './ports.ts';
import { done, fail, type ServiceResult } from './result.ts';
import type { TurnAnnotation } from './record.ts';
import { storedOptions } from './stored-game.ts';

/** A piece of analysis: evaluate positions from `from` on. */
export interface AnalysisPieces {
  requestAnalysis(gameId: string, from: number): Promise<void>;
}

/** A piece spends at most about this many positions' budgets (at least one position). */
export const PIECE_SHARE = 10;
/** An analysis that has not moved for this long lost its message: the cron asks again. */
export const ANALYSIS_STALL_MS = 120_000;
/** Endings that happen on the board: the last position is then decided, not searched. */
const ON_BOARD = new Set(['checkmate', 'check', 'stalemate', 'repetition']);

export interface PlyAnalysis {
  readonly ply: number;
  readonly side: Color;
  readonly move: string;
  /** The position after this turn, from White's side. */
  readonly eval: Evaluation;
  /** The computer's turn where this one was played; null when it was this very turn (or none was found). */
  readonly best: string | null;
  /** The evaluation before this turn (with the best turn), from White's side. */
  readonly bestEval: Evaluation | null;
  readonly judgement: Judgement | null;
  readonly glyph: string | null;
}

export interface SideSummary {
  /** Lichess's accuracy, 0-100 (null: no turn of this side was analysed). */
  readonly accuracy: number | null;
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
}

export interface GameAnalysis {
  readonly id: string;
  readonly status: AnalysisStatus;
  /** Positions evaluated, of `positions` (the start and one after each ply). */
  readonly evaluated: number;
  readonly positions: number;
  /** The start position's evaluation, once evaluated. */
  readonly start: Evaluation | null;
  readonly plies: readonly PlyAnalysis[];
  /** Per side, once the analysis is done. */
  readonly white: SideSummary | null;
  readonly black: SideSummary | null;
  /** The winning-chances curve used (the variant's fitted constant, per centipawn). */
  readonly curve: number;
}

export const evaluationOf = (r: Pick<AnalysisPlyRow, 'cp' | 'mate' | 'over'>): Evaluation =>
  r.over ? { over: r.over } : r.mate !== null ? { mate: r.mate } : { cp: r.cp ?? 0 };

const notOver = (id: string) =>
  fail(
    409,
    'game_not_over',
    `game ${id} is not over: the computer's analysis is only for finished games (during a game, use the analysis board: legal turns, no evaluations)`,
  );

export class AnalysisService {
  constructor(
    private readonly games: Pick<GameStore, 'game' | 'moves'>,
    private readonly store: AnalysisStore,
    private readonly pieces: AnalysisPieces | undefined,
    private readonly thinking: Thinking,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Ask for the analysis of a finished game (again: a no-op while one exists). */
  async request(id: string): Promise<ServiceResult<GameAnalysis>> {
    const row = await this.games.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    if (row.status === 'active') return notOver(id);
    const now = this.clock();
    if (await this.store.start({ gameId: id, status: 'queued', positions: row.ply + 1, evaluated: 0, requestedAt: now, updatedAt: now, finishedAt: null }))
      await this.ask(id, 0);
    return this.get(id);
  }

  /** The analysis as far as it has gone (404 when none was asked for; 409 during a game). */
  async get(id: string): Promise<ServiceResult<GameAnalysis>> {
    const row = await this.games.game(id);
    if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
    if (row.status === 'active') return notOver(id);
    const analysis = await this.store.analysis(id);
    if (!analysis) return fail(404, 'no_analysis', `game ${id} has no analysis yet: POST /api/games/${id}/analysis asks for one`);
    const [rows, moves] = await Promise.all([this.store.plies(id), this.games.moves(id)]);
    return done(describe(row, analysis, rows, moves));
  }

  /** The record's annotations (glyph, evaluation) per turn, once the analysis is done; none otherwise. */
  async annotations(id: string): Promise<TurnAnnotation[] | undefined> {
    const analysis = await this.store.analysis(id);
    if (analysis?.status !== 'done') return undefined;
    const rows = await this.store.plies(id);
    return rows.filter((r) => r.ply > 0).map((r) => ({ eval: evalText(evaluationOf(r)), ...(r.judgement ? { glyph: GLYPHS[r.judgement] } : {}) }));
  }

  /** The queue's piece: evaluate positions from `from` on; 'not-needed' for a duplicate or late piece. */
  async piece(id: string, from: number): Promise<'done' | 'more' | 'not-needed'> {
    const analysis = await this.store.analysis(id);
    if (!analysis || analysis.status === 'done' || analysis.evaluated !== from) return 'not-needed';
    const row = await this.games.game(id);
    if (!row) return 'not-needed';
    const options = storedOptions(row);
    const moves = await this.games.moves(id);
    const last = analysis.positions - 1;
    const texts = [row.startPosition, ...moves.map((m) => m.positionAfter)].slice(0, analysis.positions);
    const k = winCurve(row.variant);
    const nodeBudget = (ANALYSIS_NODES[row.variant as VariantName] ?? 4_000) * PIECE_SHARE;
    const overAtLast = row.reason && ON_BOARD.has(row.reason) && row.result !== '*' ? (row.result as GameResult) : undefined;
    // The search runs in the picture Worker: a piece's positions in one call.
    const analysed = await this.thinking.analysePositions({
      variant: row.variant,
      options,
      positions: texts,
      from,
      nodeBudget,
      ...(overAtLast ? { overAtLast } : {}),
    });
    let prev = from > 0 ? await this.store.ply(id, from - 1) : undefined;
    const rows: AnalysisPlyRow[] = [];
    let i = from;
    for (const found of analysed) {
      const e = found.eval;
      let judgement: Judgement | undefined;
      if (i > 0 && prev) {
        // The side that played the turn leading here (the stored move says it; no position to read).
        const mover: Color = moves[i - 1]!.side;
        judgement = judge(mover, evaluationOf(prev), e, k, moves[i - 1]?.text, prev.best ?? undefined);
      }
      const r: AnalysisPlyRow = {
        gameId: id,
        ply: i,
        cp: 'cp' in e ? Math.round(e.cp) : null,
        mate: 'mate' in e ? e.mate : null,
        over: 'over' in e ? e.over : null,
        best: found.best ?? null,
        depth: found.depth,
        nodes: found.nodes,
        judgement: judgement ?? null,
      };
      rows.push(r);
      prev = r;
      i++;
    }
    const finished = i > last;
    const now = this.clock();
    const moved = await this.store.savePiece(id, from, rows, {
      evaluated: i,
      status: finished ? 'done' : 'running',
      updatedAt: now,
      ...(finished ? { finishedAt: now } : {}),
    });
    if (!moved) return 'not-needed';
    if (finished) return 'done';
    await this.ask(id, i);
    return 'more';
  }

  /** The cron: ask again for the next piece of every analysis that stalled (its message lost, retries used up). */
  async resumeStalled(limit = 20): Promise<string[]> {
    const stalled = await this.store.stalled(this.clock() - ANALYSIS_STALL_MS, limit);
    for (const a of stalled) await this.ask(a.gameId, a.evaluated);
    return stalled.map((a) => a.gameId);
  }

  private async ask(id: string, from: number): Promise<void> {
    if (!this.pieces) throw new Error('no queue for the analysis');
    await this.pieces.requestAnalysis(id, from);
  }
}

/** The game service's events: a game that ended (finished, with turns played) is analysed. */
export class AnalysisOnGameOver implements EventSink {
  constructor(private readonly analysis: Pick<AnalysisService, 'request'>) {}
  async publish(row: GameRow, events: readonly GameEvent[]): Promise<void> {
    if (row.status !== 'finished' || row.ply < 1 || !events.some((e) => e.type === 'game-over')) return;
    const asked = await this.analysis.request(row.id);
    if (!asked.ok) throw new Error(`game ${row.id}: analysis not asked for: ${asked.error}`);
  }
}

function describe(
  row: GameRow,
  analysis: AnalysisRow,
  rows: readonly AnalysisPlyRow[],
  moves: readonly { ply: number; side: Color; text: string }[],
): GameAnalysis {
  const k = winCurve(row.variant);
  const byPly = new Map(rows.map((r) => [r.ply, r]));
  const plies: PlyAnalysis[] = [];
  for (const m of moves) {
    const after = byPly.get(m.ply);
    if (!after) break;
    const before = byPly.get(m.ply - 1);
    const best = before?.best && before.best !== m.text ? before.best : null;
    plies.push({
      ply: m.ply,
      side: m.side,
      move: m.text,
      eval: evaluationOf(after),
      best,
      bestEval: before ? evaluationOf(before) : null,
      judgement: after.judgement ?? null,
      glyph: after.judgement ? GLYPHS[after.judgement] : null,
    });
  }
  const start = byPly.get(0);
  let white: SideSummary | null = null;
  let black: SideSummary | null = null;
  if (analysis.status === 'done' && start) {
    const first: Color = moves[0]?.side ?? 'white';
    const accuracy = gameAccuracy([evaluationOf(start), ...plies.map((p) => p.eval)], first, k);
    const summary = (side: Color): SideSummary => {
      const mine = plies.filter((p) => p.side === side);
      const count = (j: Judgement) => mine.filter((p) => p.judgement === j).length;
      return { accuracy: accuracy[side] ?? null, inaccuracies: count('inaccuracy'), mistakes: count('mistake'), blunders: count('blunder') };
    };
    white = summary('white');
    black = summary('black');
  }
  return {
    id: row.id,
    status: analysis.status,
    evaluated: analysis.evaluated,
    positions: analysis.positions,
    start: start ? evaluationOf(start) : null,
    plies,
    white,
    black,
    curve: k,
  };
}
