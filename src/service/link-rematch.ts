// A rematch of a game played by links (made on the home page without signing in: each side holds only
// its secret link, no player key): either side offers the same game again, colours swapped, and the
// other accepts or declines (against the computer, nobody is there to answer: the new game is made at
// once). The new game's seats hold this game's two token hashes, swapped, so each player's own token
// opens it: `/games/NEW?token=SAME`, no new secret to hand over. This game keeps the rematch's id, so
// both pages and GET /api/games/:id say where it is. Players' rematches are challenges (challenges.ts).
import type { GameRow } from '../db/schema.ts';
import { opposite, type Color } from '../engine/types.ts';
import { computerLevel } from './computer-sides.ts';
import { LOST, noOfferMessage, type Actor, type GameContext, type Lost } from './game-core.ts';
import { madeOrUndone, type CreatedGame, type Seats } from './new-game.ts';
import type { LinkBase } from './links.ts';
import { byLinks, publicState, type PublicState } from './public-state.ts';
import { clockOfGame } from './rematch.ts';
import { done, fail, type ServiceResult } from './result.ts';
import type { CreateGameInput, RematchAction } from './schemas.ts';

/** What the rematch is made of: this game's variant, options, clock, hints and names, each side's on the other colour; the seats' token hashes swapped. */
export interface RematchSeed {
  readonly input: CreateGameInput;
  readonly seats: Seats & { readonly id: string; readonly tokenHashes: Record<Color, string> };
}

/** What a step in the game's object did: the offer made, declined or already there (`state`); the rematch claimed (`make` it); or started before (`started`). */
export type RematchStep =
  | { readonly kind: 'state'; readonly state: PublicState }
  | { readonly kind: 'make'; readonly seed: RematchSeed; readonly side: Color }
  | { readonly kind: 'started'; readonly gameId: string };

/** What asking did, for the routes: the state; the rematch's game made now (its link with the asker's own token); or made before. */
export type LinkRematchAnswer =
  | { readonly kind: 'state'; readonly state: PublicState }
  | { readonly kind: 'made'; readonly game: { readonly id: string; readonly link: string; readonly state: PublicState } }
  | { readonly kind: 'started'; readonly gameId: string };

function seed(row: GameRow, id: string): RematchSeed {
  const clock = clockOfGame(row);
  // Each colour of the new game takes what the other colour had: its player's name (or the computer), its token.
  const side = (c: Color) => {
    const was = opposite(c);
    const level = computerLevel(row, was);
    const name = was === 'white' ? row.whiteName : row.blackName;
    return level !== undefined ? { computer: level } : name ? { name } : {};
  };
  return {
    input: {
      variant: row.variant as CreateGameInput['variant'],
      options: JSON.parse(row.options),
      white: side('white'),
      black: side('black'),
      hints: row.hints,
      ...(clock ? { clock } : {}),
    } as CreateGameInput,
    seats: { id, players: {}, tokenHashes: { white: row.blackTokenHash, black: row.whiteTokenHash } },
  };
}

/**
 * One step of the rematch, in the game's object (GameService.linkRematch): `action` by the side
 * `actor` holds; `newId` is the rematch's id should this step claim it. Every write is guarded by
 * the offer and the rematch as read (rematchStep); one that lost is decided again (GameContext.redecided),
 * so two presses at once make one game.
 */
export function rematchStep(ctx: GameContext, id: string, actor: Actor, action: RematchAction, newId: string): Promise<ServiceResult<RematchStep>> {
  return ctx.redecided(
    id,
    () => stepOnce(ctx, id, actor, action, newId),
    () => fail(409, 'rematch_started', `the rematch of game ${id} is being made: try again in a moment`),
  );
}

async function stepOnce(ctx: GameContext, id: string, actor: Actor, action: RematchAction, newId: string): Promise<ServiceResult<RematchStep> | Lost> {
  const who = await ctx.player(id, actor);
  // No seat of a game player keys hold: the route answers as for any player key that is not one.
  if (!who.ok) return who.code === 'bad_token' && !byLinks((await ctx.store.game(id))!) ? fail(403, 'bad_key', who.error) : who;
  const { row, side } = who.value;
  if (row.status === 'active') return fail(409, 'game_not_over', `game ${id} is still going: a rematch comes after the end`);
  if (!byLinks(row))
    return fail(
      409,
      row.tournamentId ? 'tournament_game' : 'rematch_by_key',
      row.tournamentId
        ? `game ${id} is a game of tournament ${row.tournamentId}, which has no rematches`
        : `game ${id} is played by player keys: a rematch is offered with your player key (sign in, or POST /api/games/${id}/rematch with the key)`,
    );
  if (row.rematchGameId) return done({ kind: 'started', gameId: row.rematchGameId });
  const other = opposite(side);
  const now = ctx.clock();
  const expected = { offerBy: row.rematchOfferBy, gameId: null };
  // Against the computer nobody answers: the offer is the rematch. An offer meets the other side's offer.
  const theirs = row.rematchOfferBy === other;
  const computer = computerLevel(row, other) !== undefined;
  if ((action === 'decline' || (action === 'accept' && !computer)) && !theirs)
    return fail(409, 'no_offer', noOfferMessage(row.rematchOfferBy, side, action, 'a rematch'));
  // The game's last turn, which its state and the stream's lines show as they show it everywhere.
  const last = row.ply ? await ctx.store.move(id, row.ply) : undefined;
  if (action === 'decline') {
    if (!(await ctx.store.changeRematch(id, expected, { rematchOfferBy: null, updatedAt: now }))) return LOST;
    const stored = { ...row, rematchOfferBy: null, updatedAt: now };
    await ctx.emit(stored, [{ type: 'offer-declined', recipients: [other], offer: 'rematch' }], last);
    return done({ kind: 'state', state: publicState(stored, last, side) });
  }
  if (computer || theirs) {
    if (!(await ctx.store.changeRematch(id, expected, { rematchGameId: newId, updatedAt: now }))) return LOST;
    return done({ kind: 'make', seed: seed(row, newId), side });
  }
  // Asked again (a second press, a retried request): the offer stands.
  if (row.rematchOfferBy === side) return done({ kind: 'state', state: publicState(row, last, side) });
  if (!(await ctx.store.changeRematch(id, expected, { rematchOfferBy: side, updatedAt: now }))) return LOST;
  const stored = { ...row, rematchOfferBy: side, updatedAt: now };
  await ctx.emit(stored, [{ type: 'rematch-offer', recipients: [other] }], last);
  return done({ kind: 'state', state: publicState(stored, last, side) });
}

/** The rematch claimed as `newId` could not be made: the claim undone (the offer stays). */
export async function rematchRelease(ctx: GameContext, id: string, newId: string): Promise<void> {
  const row = await ctx.store.game(id);
  if (row) await ctx.store.changeRematch(id, { offerBy: row.rematchOfferBy, gameId: newId }, { rematchGameId: null, updatedAt: ctx.clock() });
}

/** The rematch is made: the other side (who offered) is told, and the game's page and stream show it. */
export async function rematchMade(ctx: GameContext, id: string, by: Color): Promise<void> {
  const row = await ctx.store.game(id);
  if (row) await ctx.emit(row, [{ type: 'rematch', recipients: [opposite(by)] }], row.ply ? await ctx.store.move(id, row.ply) : undefined);
}

/** The game's methods a rematch by links needs (each one call to the game's object), and a new game's. */
export interface RematchGames {
  newId(): Promise<string>;
  linkRematch(id: string, actor: Actor, action: RematchAction, newId: string): Promise<ServiceResult<RematchStep>>;
  rematchRelease(id: string, newId: string): Promise<void>;
  rematchMade(id: string, by: Color): Promise<void>;
  create(input: CreateGameInput, base: LinkBase, seats?: Seats): Promise<ServiceResult<CreatedGame>>;
}

/**
 * A player of a link game asks (offer, accept, decline): the step in the game's object, then, when it
 * claimed the rematch, the new game made with the claimed id (the claim undone if it cannot be).
 */
export async function askLinkRematch(
  games: RematchGames,
  id: string,
  token: string,
  action: RematchAction,
  base: LinkBase,
): Promise<ServiceResult<LinkRematchAnswer>> {
  const step = await games.linkRematch(id, token, action, await games.newId());
  if (!step.ok || step.value.kind !== 'make') return step as ServiceResult<LinkRematchAnswer>;
  const { input, seats } = step.value.seed;
  const created = await madeOrUndone(
    () => games.create(input, base, seats),
    () => games.rematchRelease(id, seats.id),
  );
  if (!created.ok) return created;
  await games.rematchMade(id, step.value.side);
  // The asker plays the other colour now, with the same token.
  const state = { ...created.value.state, you: opposite(step.value.side) };
  return done({ kind: 'made', game: { id: created.value.id, link: `${base.origin}/games/${created.value.id}?token=${encodeURIComponent(token)}`, state } });
}
