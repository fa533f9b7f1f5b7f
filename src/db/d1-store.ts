// What every store shares: Drizzle on the D1 binding, and reading a game's directory row by id.
import { eq } from 'drizzle-orm';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import { games, type DirectoryRow } from './schema.ts';

export abstract class D1Store {
  protected readonly db: DrizzleD1Database;
  constructor(protected readonly d1: D1Database) {
    this.db = drizzle(d1);
  }

  game(id: string): Promise<DirectoryRow | undefined> {
    return this.db.select().from(games).where(eq(games.id, id)).get();
  }
}

/** Whether a write failed on a foreign key: a row it names is gone (a player key ended meanwhile). */
export const failedOnForeignKey = (e: unknown): boolean => /FOREIGN KEY constraint failed/i.test(`${e} ${(e as { cause?: unknown } | null)?.cause}`);
