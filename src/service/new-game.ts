// A new game: the engine game it starts from (the variant's own start, or a set-up position held
// to the set-up rules, docs/comforts.md#set-up-positions), and its row as stored, with its seats'
// tokens and links. One place for the create form, the API, challenges, tournaments and record
// import, so each refuses the same way.
import type { NewGameRow } from '../db/schema.ts';
import type { NewMoveRow } from '../db/game-store.ts';
import { Game, type PlayedTurn } from '../engine/game.ts';
import { COLORS, type Color, type Outcome } from '../engine/types.ts';
import { newGameId, newToken, newWebhookSecret, sha256Hex } from './crypto.ts';
import { type GameContext } from './game-core.ts';
import { DAY_MS } from './durations.ts';
import { type LinkBase, playerLinks } from './links.ts';
import { outcomeWords } from './outcome-words.ts';
import { publicState, type PublicState } from './public-state.ts';
import { done, fail, type ServiceResult } from './result.ts';
import type { ClockInput, SideInput } from './schemas.ts';

/** A turn to store; `at` = when it was played (from an imported record), else now. */
export type PlayedTurnRow = PlayedTurn & { readonly side: Color; readonly at?: number };

/** A fresh game, or 400 `options: …` / `position: …` saying what is wrong. */
export function startingGame(variant: string, options: unknown, position?: string): ServiceResult<Game> {
  const created = position === undefined ? Game.create(variant, options ?? {}) : Game.setUp(variant, options ?? {}, position);
  if (!created.ok)
    return created.error.kind === 'options'
      ? fail(400, 'invalid_options', `options: ${created.error.message}`)
      : fail(400, 'invalid_position', `position: ${created.error.message}`);
  const over = created.value.outcome();
  // Only a set-up can be over at once; a game that starts finished has nothing to play.
  if (over)
    return fail(
      400,
      'invalid_position',
      `position: the game would be over before it starts (${outcomeWords(over).replace(/\.$/, '')}); set up a position with a turn to play`,
    );
  return done(created.value);
}

export interface CreatedGame {
  readonly id: string;
  /** Each human player's secret link and token (the computer's side has none). */
  readonly links: { readonly white?: string; readonly black?: string; readonly spectator: string };
  readonly tokens: { readonly white?: string; readonly black?: string };
  /** The Standard Webhooks secret of each player created with a webhook, shown only here. */
  readonly webhookSecrets: { white?: string; black?: string };
  readonly state: PublicState;
}

/** A game made for two players (an accepted challenge): its id, claimed beforehand, and who sits where. */
export interface Seats {
  readonly id?: string;
  readonly players: { readonly white?: string; readonly black?: string };
  /** Rated (docs/ratings.md): only a game between two players, neither the computer. */
  readonly rated?: boolean;
  /** The tournament the game is a board of. */
  readonly tournamentId?: string;
  /** A rematch by links: the seats' token hashes of the game it follows, swapped (no new tokens are given). */
  readonly tokenHashes?: Record<Color, string>;
}

/** A new game row (and its imported turns): `outcome` of an imported record, `seats` of an accepted challenge or a tournament pairing. */
export async function insertGame(
  ctx: GameContext,
  {
    base,
    game,
    startPosition,
    turns,
    input,
    outcome,
    seats,
    hints = false,
  }: {
    base: LinkBase;
    game: Game;
    startPosition: string;
    turns: readonly PlayedTurnRow[];
    input: { white?: SideInput; black?: SideInput; clock?: ClockInput };
    outcome?: Outcome | undefined;
    seats?: Seats | undefined;
    hints?: boolean;
  },
): Promise<ServiceResult<CreatedGame>> {
  const now = ctx.clock();
  for (const side of COLORS) {
    const url = input[side]?.webhook;
    const problem = url === undefined ? undefined : ctx.options.webhookPolicy ? await ctx.options.webhookPolicy.problem(url) : 'this server takes no webhooks';
    if (problem) return fail(400, 'refused_url', `${side}.webhook: ${problem}`);
  }
  const webhookSecrets: { white?: string; black?: string } = {};
  if (input.white?.webhook) webhookSecrets.white = newWebhookSecret();
  if (input.black?.webhook) webhookSecrets.black = newWebhookSecret();
  // The computer's side gets a token nobody is given, so no request can act for it.
  const tokens = { white: newToken(), black: newToken() };
  const given = seats?.tokenHashes
    ? {}
    : { ...(input.white?.computer ? {} : { white: tokens.white }), ...(input.black?.computer ? {} : { black: tokens.black }) };
  const id = seats?.id ?? newGameId();
  const over = outcome ?? game.outcome();
  const row: NewGameRow = {
    id,
    variant: game.variant.name,
    options: JSON.stringify(game.options),
    status: over ? (over.reason === 'aborted' ? 'aborted' : 'finished') : 'active',
    result: over?.result ?? '*',
    reason: over?.reason ?? null,
    startPosition,
    position: game.positionText,
    ply: game.ply,
    sideToMove: game.variant.turn(game.position),
    whiteName: input.white?.name ?? null,
    whiteEmail: input.white?.email ?? null,
    whiteWebhook: input.white?.webhook ?? null,
    whiteTokenHash: seats?.tokenHashes?.white ?? (await sha256Hex(tokens.white)),
    blackName: input.black?.name ?? null,
    blackEmail: input.black?.email ?? null,
    blackWebhook: input.black?.webhook ?? null,
    blackTokenHash: seats?.tokenHashes?.black ?? (await sha256Hex(tokens.black)),
    whiteComputer: input.white?.computer ?? null,
    blackComputer: input.black?.computer ?? null,
    hints,
    daysPerMove: input.clock?.daysPerMove ?? null,
    deadline: input.clock && !over ? now + input.clock.daysPerMove * DAY_MS : null,
    timeoutMode: input.clock?.timeout ?? 'auto',
    leaveDays: input.clock?.leaveDays ?? 0,
    whiteLeaveLeft: input.clock?.leaveDays ?? 0,
    blackLeaveLeft: input.clock?.leaveDays ?? 0,
    drawOfferBy: null,
    whiteWebhookSecret: webhookSecrets.white ?? null,
    blackWebhookSecret: webhookSecrets.black ?? null,
    linkOrigin: base.origin,
    createdAt: now,
    updatedAt: now,
    finishedAt: over ? now : null,
    whitePlayerId: seats?.players.white ?? null,
    blackPlayerId: seats?.players.black ?? null,
    rated: Boolean(seats?.rated && seats.players.white && seats.players.black && !input.white?.computer && !input.black?.computer),
    tournamentId: seats?.tournamentId ?? null,
  };
  const moveRows: NewMoveRow[] = turns.map((t) => ({
    gameId: id,
    ply: t.ply,
    side: t.side,
    text: t.text,
    positionAfter: t.position,
    createdAt: t.at ?? now,
  }));
  await ctx.store.createGame(row, moveRows);
  const stored = await ctx.store.game(id);
  const last = turns.length ? await ctx.store.move(id, turns.length) : undefined;
  await ctx.askComputer(stored!);
  return done({ id, links: playerLinks(base, id, given), tokens: given, webhookSecrets, state: publicState(stored!, last) });
}

/** The game of a claim (an accepted challenge, a computer rematch, a rematch by links), or the claim undone when it could not be made. */
export async function madeOrUndone(make: () => Promise<ServiceResult<CreatedGame>>, undo: () => Promise<void>): Promise<ServiceResult<CreatedGame>> {
  let created: ServiceResult<CreatedGame>;
  try {
    created = await make();
  } catch (e) {
    await undo();
    throw e;
  }
  if (!created.ok) await undo();
  return created;
}
