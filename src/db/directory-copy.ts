// A game's row copied to the directory (D1, src/db/directory.ts) after each change of it in the
// game's object (GameStore, game-store.ts): the one D1 round trip of a change, made after the
// request's answer inside the object (issue 28). A failed write is tried again by the object's
// alarm. The directory's answer says whether a push subscription hears the game (D1's triggers
// keep that there), which is kept in the object's row too.
import { eq } from 'drizzle-orm';
import type { DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite';
import type { Directory } from './directory.ts';
import type { GameQueries } from './game-queries.ts';
import { games, type GameRow } from './game-schema.ts';

export class DirectoryCopy {
  /** Whether a browser's push subscription hears this game, as the directory last answered (D1's triggers keep it there). */
  heard: boolean | undefined;
  /** Where a change's directory write goes to be done after the answer (the object's after-answer work); unset: awaited. */
  later?: (write: Promise<void>) => void;
  /** Told when a directory write failed: the object sets its alarm, which writes the row again. */
  whenUnpublished?: () => Promise<void>;
  private publishing: Promise<void> = Promise.resolve();

  constructor(
    private readonly directory: Directory,
    private readonly db: DrizzleSqliteDODatabase,
    private readonly queries: GameQueries,
  ) {}

  /**
   * The row changed: its copy goes to the directory, after the answer when the object takes it
   * (`later`: a list may lag the change by that write, never lose it), else now. A failed write
   * is retried by the object's alarm.
   */
  async changed(id: string): Promise<void> {
    const write = (this.publishing = this.write(id));
    if (this.later) this.later(write);
    else await write;
  }

  /** A new game is in the directory before its answer (the creator's lists show it at once). */
  async created(id: string): Promise<void> {
    await this.write(id);
    // A new row's flag is set by D1's triggers after the insert, which its own answer does not show.
    const row = this.row(id);
    if (row) this.hears(id, row, await this.directory.pushSubscribed(id));
  }

  /** Resolves once the directory write of the last change is done (or failed, to be retried): what it answered about pushes is then known. */
  written(): Promise<void> {
    return this.publishing;
  }

  /** Write the row to the directory again (after a failed write, or a copy from D1); throws when D1 fails again. */
  async republish(id: string): Promise<void> {
    const row = this.row(id);
    if (row) this.hears(id, row, await this.directory.put(row));
  }

  private async write(id: string): Promise<void> {
    try {
      await this.republish(id);
    } catch (e) {
      // The change stands (it is the game's); the directory's copy is written again soon (the object's alarm).
      console.error(`game ${id}: the directory could not be written (tried again shortly):`, e);
      await this.whenUnpublished?.();
    }
  }

  private row(id: string): GameRow | undefined {
    return this.queries.reads.row.get({ id });
  }

  /** What the directory answered about push subscriptions, kept in the row too (no new revision: it is D1's to say). */
  private hears(id: string, row: GameRow, heard: boolean | undefined): void {
    if (heard === undefined) return;
    this.heard = heard;
    if (row.pushSubscribed !== heard) this.db.update(games).set({ pushSubscribed: heard }).where(eq(games.id, id)).run();
  }
}
