// What a bot's request needs: the request's services (c.var.services), the link base, and the board picture.
import type { Context } from 'hono';
import { boardPng } from '../board-png.ts';
import { linkBase, type AppEnv } from '../http.ts';
import type { BotDeps } from './bot-play.ts';

export function botDeps(c: Context<AppEnv>): BotDeps {
  return {
    games: c.var.services.games,
    players: c.var.services.players,
    challenges: c.var.services.challenges,
    chat: c.var.services.stores.chat,
    playerStore: c.var.services.stores.players,
    base: linkBase(c),
  };
}

/** A game's board as a PNG (the picture Worker), or why not. */
export async function boardPicture(c: Context<AppEnv>, gameId: string): Promise<{ png: Uint8Array<ArrayBuffer> } | { error: string }> {
  const board = await c.var.services.views.board(gameId);
  if (!board.ok) return { error: board.error };
  try {
    return { png: await boardPng(c.env, board.value.svg) };
  } catch (e) {
    console.error(`board picture of ${gameId}:`, e);
    return { error: 'the board picture could not be drawn just now' };
  }
}

/** Work after the answer (Discord's follow-up, Telegram's replies): the request's waitUntil. */
export function later(c: Context<AppEnv>, work: Promise<unknown>): void {
  const logged = work.catch((e) => console.error(`${c.req.path}: after the answer:`, e));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (a direct app.fetch): the work still runs.
  }
}
