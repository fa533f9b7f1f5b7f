// D1 queries of the chat bots: links between chats and players, the one-time link codes,
// and the updates already handled.
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { D1Store, failedOnForeignKey } from './d1-store.ts';
import { chatLinkCodes, chatLinks, chatUpdates, type ChatLinkRow, type ChatPlatform, type UpdateSource } from './schema-chat.ts';

/** How long a handled update id is remembered (Telegram retries for about a day). */
const UPDATE_MEMORY_MS = 7 * 86_400_000;

export class ChatStore extends D1Store {
  link(platform: ChatPlatform, externalId: string): Promise<ChatLinkRow | undefined> {
    return this.db
      .select()
      .from(chatLinks)
      .where(and(eq(chatLinks.platform, platform), eq(chatLinks.externalId, externalId)))
      .get();
  }

  linksOf(playerIds: readonly string[]): Promise<ChatLinkRow[]> {
    if (!playerIds.length) return Promise.resolve([]);
    return this.db
      .select()
      .from(chatLinks)
      .where(inArray(chatLinks.playerId, [...playerIds]))
      .all();
  }

  /**
   * Tie a chat to a player (a chat acts for one player: a new link replaces the old one), noting the
   * key that tied it; false when that key ended meanwhile (its foreign key refuses the row).
   */
  async saveLink(row: Omit<ChatLinkRow, 'notify' | 'currentGame'>): Promise<boolean> {
    try {
      await this.db
        .insert(chatLinks)
        .values({ ...row, notify: true, currentGame: null })
        .onConflictDoUpdate({
          target: [chatLinks.platform, chatLinks.externalId],
          set: { playerId: row.playerId, label: row.label, notify: true, currentGame: null, createdAt: row.createdAt, keyHash: row.keyHash },
        });
      return true;
    } catch (e) {
      if (failedOnForeignKey(e)) return false;
      throw e;
    }
  }

  async setNotify(playerId: string, platform: ChatPlatform, externalId: string, notify: boolean): Promise<boolean> {
    const r = await this.db
      .update(chatLinks)
      .set({ notify })
      .where(and(eq(chatLinks.platform, platform), eq(chatLinks.externalId, externalId), eq(chatLinks.playerId, playerId)));
    return r.meta.changes === 1;
  }

  async unlink(playerId: string, platform: ChatPlatform, externalId: string): Promise<boolean> {
    const r = await this.db
      .delete(chatLinks)
      .where(and(eq(chatLinks.platform, platform), eq(chatLinks.externalId, externalId), eq(chatLinks.playerId, playerId)));
    return r.meta.changes === 1;
  }

  /** A group that became a supergroup has a new id (Telegram's migrate_to_chat_id): the link follows it. */
  async moveChat(platform: ChatPlatform, from: string, to: string): Promise<void> {
    await this.db
      .update(chatLinks)
      .set({ externalId: to })
      .where(and(eq(chatLinks.platform, platform), eq(chatLinks.externalId, from)));
  }

  async setCurrentGame(platform: ChatPlatform, externalId: string, gameId: string): Promise<void> {
    await this.db
      .update(chatLinks)
      .set({ currentGame: gameId })
      .where(and(eq(chatLinks.platform, platform), eq(chatLinks.externalId, externalId)));
  }

  async addCode(row: typeof chatLinkCodes.$inferInsert): Promise<void> {
    await this.db.insert(chatLinkCodes).values(row);
  }

  /** Use a code once: it is deleted as it is read; undefined when unknown, used or expired. */
  async useCode(codeHash: string, platform: ChatPlatform, now: number): Promise<typeof chatLinkCodes.$inferSelect | undefined> {
    const rows = await this.db
      .delete(chatLinkCodes)
      .where(and(eq(chatLinkCodes.codeHash, codeHash), eq(chatLinkCodes.platform, platform), gt(chatLinkCodes.expiresAt, now)))
      .returning();
    return rows[0];
  }

  /** Read a code without using it (the confirmation page shows who asked). */
  code(codeHash: string, platform: ChatPlatform, now: number) {
    return this.db
      .select()
      .from(chatLinkCodes)
      .where(and(eq(chatLinkCodes.codeHash, codeHash), eq(chatLinkCodes.platform, platform), gt(chatLinkCodes.expiresAt, now)))
      .get();
  }

  /** Record an update as handled; false when it was handled before (a retry or a replay). Old entries and codes are dropped on the way. */
  async firstTime(platform: UpdateSource, updateId: string, now: number): Promise<boolean> {
    const [inserted] = await this.db.batch([
      this.db.insert(chatUpdates).values({ platform, updateId, at: now }).onConflictDoNothing().returning({ id: chatUpdates.updateId }),
      this.db.delete(chatUpdates).where(lt(chatUpdates.at, now - UPDATE_MEMORY_MS)),
      this.db.delete(chatLinkCodes).where(lt(chatLinkCodes.expiresAt, now)),
    ]);
    return inserted.length === 1;
  }

  /** Forget an update whose handling failed on our side, so the platform's retry is handled. */
  async forget(platform: ChatPlatform, updateId: string): Promise<void> {
    await this.db.delete(chatUpdates).where(and(eq(chatUpdates.platform, platform), eq(chatUpdates.updateId, updateId)));
  }
}
