// The shapes in which tournaments are shown (API answers, pages, mails), apart from the service that
// makes them (tournaments.ts) so the challenges' player events can name a tournament without importing it.
import type { TournamentGameRow, TournamentRow } from '../db/schema-tournaments.ts';
import { plural } from '../engine/types.ts';
import type { Standing } from '../league/pairing.ts';
import type { PublicPlayer } from './players.ts';
import { getVariant } from '../engine/variants/index.ts';
import type { LinkBase } from './links.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A board's result as tournaments keep it. */
export type BoardResult = NonNullable<TournamentGameRow['result']>;

export interface TournamentEntrant extends PublicPlayer {
  /** The rating at the start (the seed order); null before. */
  readonly seedRating: number | null;
  readonly withdrawn: boolean;
}

export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly variant: string;
  readonly title?: string;
  readonly options: unknown;
  readonly clock: { readonly daysPerMove: number; readonly timeout: 'auto' | 'claim'; readonly leaveDays: number };
  readonly format: TournamentRow['format'];
  readonly double: boolean;
  /** Swiss: as asked; round robin: known once it starts (null before). */
  readonly rounds: number | null;
  /** The last round paired (0 before the start). */
  readonly round: number;
  readonly maxPlayers: number;
  readonly playerCount: number;
  readonly rated: boolean;
  readonly status: TournamentRow['status'];
  readonly startsAt: string | null;
  readonly creator: PublicPlayer;
  readonly winner: PublicPlayer | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly link: string;
}

export interface TournamentBoard {
  readonly board: number;
  readonly white: PublicPlayer;
  /** null: a bye for white. */
  readonly black: PublicPlayer | null;
  readonly gameId: string | null;
  readonly result: BoardResult | null;
  readonly link: string | null;
}

/** A standing as the pairer counts it (league/pairing.ts), with the player shown instead of the id. */
export interface TournamentStanding extends Omit<Standing, 'id'> {
  readonly player: PublicPlayer;
  readonly withdrawn: boolean;
}

export interface TournamentView extends TournamentSummary {
  readonly players: readonly TournamentEntrant[];
  readonly pairings: readonly { readonly round: number; readonly boards: readonly TournamentBoard[] }[];
  /** Sonneborn-Berger (round robin) or Buchholz (Swiss): the second thing compared after points. */
  readonly tiebreak: 'Sonneborn-Berger' | 'Buchholz';
  readonly standings: readonly TournamentStanding[];
}

/** A tournament's format in words, as its pages and mails say it: "round robin", "double round robin", "Swiss, 3 rounds". */
export const formatWords = (t: Pick<TournamentSummary, 'format' | 'double' | 'rounds'>): string =>
  t.format === 'swiss' ? (t.rounds === null ? 'Swiss' : `Swiss, ${plural(t.rounds, 'round')}`) : `${t.double ? 'double ' : ''}round robin`;

/** A tournament on its player's /me: in it (`entered`; else only made by them), not yet finished. */
export type MyTournament = Pick<TournamentSummary, 'id' | 'name' | 'variant' | 'format' | 'double' | 'rounds' | 'round' | 'status' | 'startsAt'> & {
  readonly entered: boolean;
  /** Made by them, who joined it and withdrew. */
  readonly withdrawn: boolean;
};

/** The line of a tournament on its player's /me, from the store's row (TournamentStore.currentOf). */
export const myTournament = (t: TournamentRow & Pick<MyTournament, 'entered' | 'withdrawn'>): MyTournament => ({
  id: t.id,
  name: t.name,
  variant: t.variant,
  format: t.format,
  double: t.double,
  round: t.round,
  status: t.status,
  rounds: roundsOf(t),
  startsAt: iso(t.startsAt),
  entered: t.entered,
  withdrawn: t.withdrawn,
});

/** The rounds a tournament has: set by its format, or (a Swiss tournament's) as many as were paired once it started; none known while open. */
export const roundsOf = (t: TournamentRow): number | null => t.rounds ?? (t.status === 'open' ? null : t.round);

/** A tournament in brief (the list, the page's head, the end's mail), its links on `base`. */
export function tournamentSummary(
  t: TournamentRow,
  creator: PublicPlayer,
  winner: PublicPlayer | null,
  playerCount: number,
  base: LinkBase,
): TournamentSummary {
  const title = getVariant(t.variant)?.title;
  return {
    id: t.id,
    name: t.name,
    variant: t.variant,
    ...(title ? { title } : {}),
    options: JSON.parse(t.options),
    clock: { daysPerMove: t.daysPerMove, timeout: t.timeoutMode, leaveDays: t.leaveDays },
    format: t.format,
    double: t.double,
    rounds: roundsOf(t),
    round: t.round,
    maxPlayers: t.maxPlayers,
    playerCount,
    rated: t.rated,
    status: t.status,
    startsAt: iso(t.startsAt),
    creator,
    winner,
    createdAt: iso(t.createdAt)!,
    startedAt: iso(t.startedAt),
    finishedAt: iso(t.finishedAt),
    link: `${base.origin}/tournaments/${t.id}`,
  };
}
