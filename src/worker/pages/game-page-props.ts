// What the game page is given (the route, src/worker/routes/game-pages.tsx, gathers it). A module
// of its own so the imports run one way: the page (game.tsx) imports its parts (game-status.tsx,
// move-form.tsx, game-messages.tsx), and the parts import this, never the page.
import { colorName, type Color } from '../../engine/types.ts';
import type { PlayerSettings } from '../../notify/settings.ts';
import type { GameAnalysis } from '../../service/analysis.ts';
import type { ConditionalLines } from '../../service/conditional.ts';
import type { Variation } from '../../service/notes-schemas.ts';
import type { Preview } from '../../service/preview.ts';
import type { PublicMessage, PublicMove, PublicState, PublicTakeback } from '../../service/public-state.ts';
import type { ShownRating } from '../../service/ratings.ts';
import type { PlanRepliesProps } from './plan-replies.tsx';

/** A side's name as the page says it: the name given, else the colour. */
export const playerName = (s: PublicState, side: Color) => s.players[side].name ?? colorName(side);

/** Whether the reader plays the computer: no one reads messages there, so the page offers none. */
export const againstComputer = (s: PublicState) => s.you !== undefined && s.players[s.you === 'white' ? 'black' : 'white'].computer !== undefined;

export interface Flash {
  readonly error?: string;
  readonly ok?: string;
}

export interface GamePageProps {
  /** Each side's player (players.id), when a player holds it: the name links to their profile. */
  readonly playerIds?: { readonly white: string | null; readonly black: string | null };
  /** The players' ratings now (a rated game between players), shown beside their names. */
  readonly ratings?: { readonly white?: ShownRating; readonly black?: ShownRating };
  readonly state: PublicState;
  /** A tournament's game: the tournament's name and the round, as its record says them. */
  readonly tournament?: { readonly name: string; readonly round: number };
  readonly boardSvg: string;
  readonly moves: readonly PublicMove[];
  readonly token?: string;
  readonly flash?: Flash;
  /** No-JavaScript preview: the text asked for and what it would do. */
  readonly preview?: { readonly move: string; readonly result: Preview | { ok: false; error: string } };
  /** The typing tag the page's GET forms carry back (signing.ts typingTag), for a player's page. */
  readonly typingTag?: string;
  /** The text box's content (after an error, what was sent). */
  readonly moveText?: string;
  /** The message typed with the move, kept through a preview or a refused turn (no JavaScript). */
  readonly moveMessage?: string;
  /** Spectator link (players' pages show it to share). */
  readonly spectatorUrl: string;
  /**
   * A player of a finished game: signed in, offer the same game again (or where the rematch
   * stands: their offer open, the opponent's waiting, its game started); not signed in, how to.
   */
  readonly rematch?: 'offer' | 'sign-in' | { readonly offered: string } | { readonly waiting: true } | { readonly started: string };
  /** Whose side the board is seen from. */
  readonly from: Color;
  /** Looking at an earlier position (replay without JavaScript). */
  readonly viewPly?: number;
  /** The player's notification settings (players' pages). */
  readonly settings?: PlayerSettings;
  /** The engine's suggestion asked for with the Hint button (practice games), or why there is none. */
  readonly hint?: { readonly move: string } | { readonly error: string };
  /** The game's messages: on the players' pages; on the spectator page only when both players allow it. */
  readonly messages?: readonly PublicMessage[];
  /** Turns taken back by agreement. */
  readonly takebacks?: readonly PublicTakeback[];
  /** The player's conditional lines (planned on the opponent's turn; what became of the last ones, on either turn), the lines being written, and the board after the last. */
  readonly conditional?: ConditionalLines;
  readonly plan?: string;
  readonly planPreview?: PlanRepliesProps['preview'];
  /** A finished game: the computer's analysis (null: none asked for yet), and the board after its better turn at the ply shown. */
  readonly analysis?: GameAnalysis | null;
  readonly bestSvg?: string;
  /** A player's own analysis board variations (their seat's only). */
  readonly variations?: readonly Variation[];
  /** The creator's page: the opponent's link, until the opponent has opened it. */
  readonly invitation?: string;
  /** A seat link opened while signed in, the seat nobody's yet: offer to add the game to /me. */
  readonly claim?: boolean;
}
