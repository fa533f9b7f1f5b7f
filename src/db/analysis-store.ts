// D1 queries of a game's analysis and of its players' notes (src/db/schema-analysis.ts). Only
// this store touches those tables: moving them into the game's own Durable Object (issue 28)
// means another implementation of this class, nothing above it.
import { and, asc, eq, lt, ne } from 'drizzle-orm';
import type { Color } from '../engine/types.ts';
import { D1Store } from './d1-store.ts';
import { analyses, analysisPlies, gameNotes, type AnalysisPlyRow, type AnalysisRow, type GameNotesRow } from './schema-analysis.ts';

export class AnalysisStore extends D1Store {
  analysis(gameId: string): Promise<AnalysisRow | undefined> {
    return this.db.select().from(analyses).where(eq(analyses.gameId, gameId)).get();
  }

  plies(gameId: string): Promise<AnalysisPlyRow[]> {
    return this.db.select().from(analysisPlies).where(eq(analysisPlies.gameId, gameId)).orderBy(asc(analysisPlies.ply)).all();
  }

  ply(gameId: string, ply: number): Promise<AnalysisPlyRow | undefined> {
    return this.db
      .select()
      .from(analysisPlies)
      .where(and(eq(analysisPlies.gameId, gameId), eq(analysisPlies.ply, ply)))
      .get();
  }

  /** A new analysis (none yet for the game): true when this call made it. */
  async start(row: AnalysisRow): Promise<boolean> {
    const r = await this.db.insert(analyses).values(row).onConflictDoNothing();
    return r.meta.changes === 1;
  }

  /**
   * One piece done: its evaluated positions stored and the analysis moved on from `from`, in one
   * batch guarded by `evaluated = from` (a duplicate or late piece changes nothing). False when
   * another piece got there first.
   */
  async savePiece(gameId: string, from: number, rows: readonly AnalysisPlyRow[], changes: Partial<AnalysisRow>): Promise<boolean> {
    const moved = this.db
      .update(analyses)
      .set(changes)
      .where(and(eq(analyses.gameId, gameId), eq(analyses.evaluated, from)));
    if (!rows.length) return (await moved).meta.changes === 1;
    // A duplicate piece that lost the race writes the very rows the winner wrote (the search is
    // deterministic: nodes, not time), so the inserts need no guard of their own.
    const [updated] = await this.db.batch([
      moved,
      ...rows.map((r) =>
        this.db
          .insert(analysisPlies)
          .values(r)
          .onConflictDoUpdate({ target: [analysisPlies.gameId, analysisPlies.ply], set: r }),
      ),
    ]);
    return updated.meta.changes === 1;
  }

  /** Analyses stuck since before `before` (a lost piece): the cron asks for their next piece again. */
  stalled(before: number, limit: number): Promise<AnalysisRow[]> {
    return this.db
      .select()
      .from(analyses)
      .where(and(ne(analyses.status, 'done'), lt(analyses.updatedAt, before)))
      .limit(limit)
      .all();
  }

  notes(gameId: string, side: Color): Promise<GameNotesRow | undefined> {
    return this.db
      .select()
      .from(gameNotes)
      .where(and(eq(gameNotes.gameId, gameId), eq(gameNotes.side, side)))
      .get();
  }

  async putNotes(row: GameNotesRow): Promise<void> {
    await this.db
      .insert(gameNotes)
      .values(row)
      .onConflictDoUpdate({ target: [gameNotes.gameId, gameNotes.side], set: { variations: row.variations, updatedAt: row.updatedAt } });
  }

  async clearNotes(gameId: string, side: Color): Promise<void> {
    await this.db.delete(gameNotes).where(and(eq(gameNotes.gameId, gameId), eq(gameNotes.side, side)));
  }
}
