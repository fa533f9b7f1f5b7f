// What anyone may see of a game: its public state and its moves, never a token,
// an email address or a webhook.
import type { GameRow, MessageRow, MoveRow, TakebackRow } from '../db/schema.ts';
import { plural, ROLE_NAMES, type Color } from '../engine/types.ts';
import { computerLevel, computerName, hintsAllowed } from './computer-sides.ts';
import { winnerOf } from './outcome-words.ts';
import { storedGame, storedOptions } from './stored-game.ts';
import { countsForRatings, type GameRatings } from './ratings.ts';

export interface PublicMove {
  readonly ply: number;
  readonly side: Color;
  readonly text: string;
  readonly at: string;
}

/** A message between the players (shown to spectators only when both players allow it). */
export interface PublicMessage {
  readonly id: number;
  readonly ply: number;
  readonly side: Color;
  readonly text: string;
  readonly at: string;
}

/** Turns taken back by agreement: who asked, from which ply to which, and the turns. */
export interface PublicTakeback {
  readonly side: Color;
  readonly fromPly: number;
  readonly toPly: number;
  readonly turns: readonly PublicMove[];
  readonly at: string;
}

export function publicTakeback(t: TakebackRow): PublicTakeback {
  const turns = (JSON.parse(t.turns) as { ply: number; side: Color; text: string; at: number }[]).map((m) => ({
    ply: m.ply,
    side: m.side,
    text: m.text,
    at: iso(m.at),
  }));
  return { side: t.side, fromPly: t.fromPly, toPly: t.toPly, turns, at: iso(t.createdAt) };
}

/** Everything anyone may see about a game: never a token, an email address or a webhook. */
export interface PublicState {
  readonly id: string;
  readonly variant: string;
  readonly title?: string;
  readonly options: unknown;
  readonly status: GameRow['status'];
  readonly phase?: string;
  readonly sideToMove: Color;
  readonly ply: number;
  readonly result: string;
  readonly reason: string | null;
  readonly winner: Color | null;
  readonly check: boolean;
  readonly position: string;
  /** The position the game started from: the variant's start, or a set-up (POST /api/games `position`). */
  readonly startPosition: string;
  readonly board?: {
    readonly cells: readonly { cell: string; color: Color; role: string; kind: string; orientation?: string }[];
    readonly platforms?: unknown;
    readonly hands: unknown;
    readonly wormhole?: string;
  };
  readonly lastMove: PublicMove | null;
  /** `computer`: the level (1-6) when the computer plays that side; its name is then "Computer (level N)". */
  readonly players: { readonly white: PublicPlayer; readonly black: PublicPlayer };
  /** Whether the players may ask for the engine's hint (GET /api/games/:id/hint). */
  readonly hints: boolean;
  /** `deadline` is null while the game is paused; `leaveDays`: each player's at the start, `leaveLeft`: what each has left (POST …/leave). */
  readonly clock: {
    readonly daysPerMove: number;
    readonly timeout: 'auto' | 'claim';
    readonly deadline: string | null;
    readonly leaveDays: number;
    readonly leaveLeft: { readonly white: number; readonly black: number };
  } | null;
  /** A running pause by agreement: who asked, when it ends, and the side to move's deadline then. */
  readonly pause: { readonly by: Color; readonly until: string; readonly deadline: string } | null;
  /** A pause asked for and not yet answered (POST …/pause). */
  readonly pauseOffer: { readonly by: Color; readonly days: number } | null;
  readonly drawOffer: Color | null;
  /** Who asked to take their last turn back (POST …/takeback). */
  readonly takebackOffer: Color | null;
  /** Whether each player lets spectators read the game's messages (they see them only when both do). */
  readonly spectatorMessages: { readonly white: boolean; readonly black: boolean };
  /**
   * Whether the game counts for the players' ratings (docs/ratings.md): while it is played, whether it
   * was made rated; once over, whether it was rated (false for an abort, or an end before each side made a turn).
   */
  readonly rated: boolean;
  /** Once a rated game is rated: each side's rating and RD before it, and the change. */
  readonly ratings: GameRatings | null;
  /** The tournament the game is a board of (GET /api/tournaments/:id). */
  readonly tournamentId: string | null;
  /**
   * A game played by links (no player key on either side, POST /api/games/:id/rematch with a game
   * token) once it is over: the side that offers a rematch, and the rematch's game once made (each
   * player's own token opens it). Null for any other game (players' rematches are challenges).
   */
  readonly rematch: { readonly offeredBy: Color | null; readonly gameId: string | null } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When a player's token came with the request: which side it is. */
  readonly you?: Color;
}

export interface PublicPlayer {
  readonly name: string | null;
  readonly computer?: number;
}

/** A game played by links alone: no player key holds either side, and no tournament (a rematch by links: link-rematch.ts). */
export const byLinks = (row: Pick<GameRow, 'whitePlayerId' | 'blackPlayerId' | 'tournamentId'>) =>
  !row.whitePlayerId && !row.blackPlayerId && !row.tournamentId;

/** How a side is shown to anyone: the computer is "Computer (level N)". */
export function publicPlayer(row: GameRow, side: Color): PublicPlayer {
  const level = computerLevel(row, side);
  return level === undefined ? { name: side === 'white' ? row.whiteName : row.blackName } : { name: computerName(level), computer: level };
}

/** What a rated game did to its players' ratings, once it is rated. */
export const gameRatings = (row: Pick<GameRow, 'ratings'>): GameRatings | null => (row.ratings ? (JSON.parse(row.ratings) as GameRatings) : null);

export const iso = (ms: number) => new Date(ms).toISOString();
/** An ISO time as people read it: `2026-11-23 18:40 UTC`. */
export const utc = (isoTime: string) => `${isoTime.slice(0, 16).replace('T', ' ')} UTC`;

/** A wait as people say it, for words (Retry-After keeps the seconds): "in 50 minutes", "in 40 seconds" (tester 17 X3). */
export const waitWords = (seconds: number) => (seconds < 90 ? `in ${plural(seconds, 'second')}` : `in ${plural(Math.ceil(seconds / 60), 'minute')}`);
export const publicMessage = (m: MessageRow): PublicMessage => ({ id: m.id, ply: m.ply, side: m.side, text: m.text, at: iso(m.createdAt) });
export const publicMove = (m: MoveRow): PublicMove => ({ ply: m.ply, side: m.side, text: m.text, at: iso(m.createdAt) });

export const publicPause = (row: GameRow): PublicState['pause'] =>
  row.pausedUntil !== null && row.pausedBy ? { by: row.pausedBy, until: iso(row.pausedUntil), deadline: iso(row.pausedUntil + (row.pauseLeftMs ?? 0)) } : null;
export const publicPauseOffer = (row: GameRow): PublicState['pauseOffer'] =>
  row.pauseOfferBy && row.pauseOfferDays ? { by: row.pauseOfferBy, days: row.pauseOfferDays } : null;

/**
 * The game waits for `side`: its turn, or an offer of the other side's to answer (the site header's
 * count, MyGame.waiting, the game page's "Next game").
 */
export function waitsFor(game: Pick<PublicState, 'status' | 'sideToMove' | 'drawOffer' | 'takebackOffer' | 'pauseOffer'>, side: Color): boolean {
  if (game.status !== 'active') return false;
  const them = side === 'white' ? 'black' : 'white';
  return game.sideToMove === side || game.drawOffer === them || game.takebackOffer === them || game.pauseOffer?.by === them;
}

export function publicState(row: GameRow, lastMove: MoveRow | undefined, you?: Color): PublicState {
  const game = storedGame(row);
  const view = game?.variant.view(game.position);
  return {
    id: row.id,
    variant: row.variant,
    ...(game ? { title: game.variant.title } : {}),
    options: storedOptions(row),
    status: row.status,
    ...(view ? { phase: view.phase } : {}),
    sideToMove: row.sideToMove,
    ply: row.ply,
    result: row.result,
    reason: row.reason,
    winner: winnerOf(row.result),
    check: view?.check ?? false,
    position: row.position,
    startPosition: row.startPosition,
    ...(view
      ? {
          board: {
            cells: view.cells.map((c) => ({ ...c, kind: ROLE_NAMES[c.role] })),
            ...(view.platforms ? { platforms: view.platforms } : {}),
            hands: view.hands,
            ...(view.wormhole ? { wormhole: view.wormhole } : {}),
          },
        }
      : {}),
    lastMove: lastMove ? publicMove(lastMove) : null,
    players: { white: publicPlayer(row, 'white'), black: publicPlayer(row, 'black') },
    hints: hintsAllowed(row),
    clock: row.daysPerMove
      ? {
          daysPerMove: row.daysPerMove,
          timeout: row.timeoutMode,
          deadline: row.deadline === null ? null : iso(row.deadline),
          leaveDays: row.leaveDays,
          leaveLeft: { white: row.whiteLeaveLeft, black: row.blackLeaveLeft },
        }
      : null,
    pause: publicPause(row),
    pauseOffer: publicPauseOffer(row),
    drawOffer: row.drawOfferBy,
    takebackOffer: row.takebackOfferBy,
    spectatorMessages: { white: row.whiteShowsMessages, black: row.blackShowsMessages },
    rated: countsForRatings(row),
    ratings: gameRatings(row),
    tournamentId: row.tournamentId,
    rematch: row.status !== 'active' && byLinks(row) ? { offeredBy: row.rematchOfferBy ?? null, gameId: row.rematchGameId ?? null } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...(you ? { you } : {}),
  };
}

/**
 * A short key of a position (FNV-1a of its text, 8 hex digits): after a takeback the same ply can
 * come back with another position, and the ply alone would not tell the two apart.
 */
export function positionKey(position: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < position.length; i++) hash = Math.imul(hash ^ position.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
