// Players across games: a key instead of a password, a sign-in link by email,
// and the list of a player's games. Keys are `<player id>_<secret>`: the id finds
// the player's key hashes, each compared in constant time (like game tokens).
import type { DirectoryRow, PlayerRow } from '../db/schema.ts';
import type { PlayerStore } from '../db/player-store.ts';
import { opposite, type Color } from '../engine/types.ts';
import { getVariant } from '../engine/variants/index.ts';
import type { LinkBase } from './links.ts';
import { overFixedWindow, rateLimited } from './rate-limits.ts';
import { done, fail, type ServiceResult } from './result.ts';
import type { CreatePlayerInput, PlayerSettingsInput } from './player-schemas.ts';
import type { WebhookPolicy } from './ports.ts';
import { webhookChange } from './webhook-setting.ts';
import { computerLevel, computerName } from './computer-sides.ts';
import { iso, utc, waitsFor } from './public-state.ts';
import { gameRatings } from './public-state.ts';
import { countsForRatings, type GameRatings } from './ratings.ts';
import { newGameId, newToken, sha256Hex, timingSafeEqualText } from './crypto.ts';
import { HOUR_MS, MINUTE_MS } from './durations.ts';

/** How long an emailed sign-in link works. */
export const SIGN_IN_MINUTES = 15;
/** What asking for a sign-in link answers, on the page and by the API: the same whether or not the address is known. */
export const SIGN_IN_SENT = `If a player has this address, a sign-in link is on its way, unless one went in the last ${SIGN_IN_MINUTES} minutes and is unused: then that one is the link. It works once, for ${SIGN_IN_MINUTES} minutes.`;
/** How long the link that confirms an address works. */
export const CONFIRM_HOURS = 24;
/** Mail to one address (sign-in links and confirmation links together), per hour: counted per
 * request, whether or not a player has the address, so the limit tells nobody who plays here. */
export const MAIL_PER_ADDRESS_PER_HOUR = 5;
const SIGN_IN_LINK_INVALID = 'this sign-in link is not valid: it was used already, it expired, or it was cut short; ask for a new one';
const CONFIRM_LINK_INVALID = 'this confirmation link is not valid: it was used already, it expired, the address was changed since, or it was cut short';
/** The games a list shows (/me, GET /api/me/games): the most urgent ones when there are more. */
export const MAX_GAMES = 200;
/** A change carried to the player's seats reaches every game in progress, not only a list's worth. */
const MAX_SEATS_CARRIED = 10_000;

/** A player as others may see them: never a key or an email address. */
export interface PublicPlayer {
  readonly id: string;
  readonly name: string | null;
}

interface CreatedPlayer {
  readonly id: string;
  /** Shown only here (and after a sign-in): the server keeps only its hash. */
  readonly key: string;
  /** The personal page. The key rides in the fragment (#key=...), which browsers never send, so it
   * stays out of server logs; the page hands it over once and keeps it in an HttpOnly cookie. */
  readonly link: string;
}

/** One of a player's games, as GET /api/me/games and the /me page show it. */
export interface MyGame {
  readonly id: string;
  readonly variant: string;
  readonly title?: string;
  readonly side: Color;
  /** The other side: a player (id null when nobody holds a key there), or the computer with its level. */
  readonly opponent: { readonly id: string | null; readonly name: string | null; readonly computer?: number };
  readonly status: DirectoryRow['status'];
  readonly yourTurn: boolean;
  /** Whether the game waits for you: your turn, or an offer of the other side's to answer. */
  readonly waiting: boolean;
  /** null while the game is paused (then `pausedUntil`) or untimed. */
  readonly deadline: string | null;
  /** A running pause by agreement: when it ends (the clock stopped until then). */
  readonly pausedUntil: string | null;
  /** The open offers, as the game's state names them (GET /api/games/:id): who offered a draw, who asked to take back their turn, a pause asked for. */
  readonly drawOffer: Color | null;
  readonly takebackOffer: Color | null;
  readonly pauseOffer: { readonly by: Color; readonly days: number } | null;
  readonly ply: number;
  readonly result: string;
  /** How it ended (an outcome reason: check, resignation, timeout, …), null while it goes on. */
  readonly reason: string | null;
  readonly link: string;
  /** Whether it counts for the ratings (once over: whether it was rated); once rated, each side's rating before and the change. */
  readonly rated: boolean;
  readonly ratings?: GameRatings;
  /** The tournament the game belongs to, when it does. */
  readonly tournament?: { readonly id: string; readonly link: string };
}

/** Sends the sign-in links and the address confirmations (email); the service never learns whether they went out. */
export interface SignInMailer {
  send(to: string, links: readonly { name: string | null; url: string }[], base: LinkBase): Promise<void>;
  confirm(to: string, url: string, base: LinkBase): Promise<void>;
}

export const playerOf = (row: Pick<PlayerRow, 'id' | 'name'>): PublicPlayer => ({ id: row.id, name: row.name });

/**
 * A player's seat in a game made for them (a challenge accepted, a game made with their key or
 * while signed in): their name, and their address once confirmed (issue 26: nothing else is
 * mailed to an address until its owner opened the link mailed to it).
 */
export const playerSeat = (p: Pick<PlayerRow, 'name' | 'email' | 'emailConfirmedAt'>): { name?: string; email?: string } => ({
  ...(p.name ? { name: p.name } : {}),
  ...(p.email && p.emailConfirmedAt !== null ? { email: p.email } : {}),
});

/** What a player sees of themselves (GET/PATCH /api/me): never a key; the webhook secret only in the answer that made it. */
export interface PlayerSelf extends PublicPlayer {
  readonly email: string | null;
  /** False until the player opened the link mailed to `email`; until then nothing else is mailed there. */
  readonly emailConfirmed: boolean;
  readonly webhook: string | null;
  /** True after the receiver answered 410 Gone; setting the webhook again enables it. */
  readonly webhookDisabled: boolean;
  readonly webhookSecret?: string;
}

export const selfOf = (row: PlayerRow): PlayerSelf => ({
  ...playerOf(row),
  email: row.email,
  emailConfirmed: row.email !== null && row.emailConfirmedAt !== null,
  webhook: row.webhook,
  webhookDisabled: row.webhookDisabledAt !== null,
});

/** The side a player has in a game, if any. */
export const sideOfPlayer = (row: Pick<DirectoryRow, 'whitePlayerId' | 'blackPlayerId'>, playerId: string): Color | undefined =>
  row.whitePlayerId === playerId ? 'white' : row.blackPlayerId === playerId ? 'black' : undefined;

/** The player id a key names (its first 12 characters), or undefined for anything else. */
/** The key in a pasted text: the key itself, a /me#key= link or "Bearer <key>" (tester 3 F14); else the text as typed. */
export const keyInText = (text: string): string => /(?<![A-Za-z0-9_-])[a-z0-9]{12}_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/.exec(text)?.[0] ?? text.trim();
const keyPlayerId = (key: string): string | undefined => (/^[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/.test(key) ? key.slice(0, 12) : undefined);

/** Who plays `them` in the game: a player (id and name as the game holds them), or the computer. */
export function opponentOf(row: DirectoryRow, them: Color): MyGame['opponent'] {
  const level = computerLevel(row, them);
  if (level !== undefined) return { id: null, name: computerName(level), computer: level };
  return { id: them === 'white' ? row.whitePlayerId : row.blackPlayerId, name: them === 'white' ? row.whiteName : row.blackName };
}

/** The game's open offers (none once it is over). */
function offersOf(row: DirectoryRow): Pick<MyGame, 'drawOffer' | 'takebackOffer' | 'pauseOffer'> {
  const active = row.status === 'active';
  return {
    drawOffer: active ? row.drawOfferBy : null,
    takebackOffer: active ? row.takebackOfferBy : null,
    pauseOffer: active && row.pauseOfferBy && row.pauseOfferDays ? { by: row.pauseOfferBy, days: row.pauseOfferDays } : null,
  };
}

export function myGame(row: DirectoryRow, side: Color, base: LinkBase): MyGame {
  const them = opposite(side);
  const title = getVariant(row.variant)?.title;
  const offers = offersOf(row);
  const yourTurn = row.status === 'active' && row.sideToMove === side;
  return {
    id: row.id,
    variant: row.variant,
    ...(title ? { title } : {}),
    side,
    opponent: opponentOf(row, them),
    status: row.status,
    yourTurn,
    waiting: waitsFor({ status: row.status, sideToMove: row.sideToMove, ...offers }, side),
    deadline: row.status === 'active' && row.deadline !== null ? new Date(row.deadline).toISOString() : null,
    pausedUntil: row.status === 'active' && row.pausedUntil !== null ? new Date(row.pausedUntil).toISOString() : null,
    ...offers,
    ply: row.ply,
    result: row.result,
    reason: row.reason,
    link: `${base.origin}/games/${row.id}`,
    rated: countsForRatings(row),
    ...(row.ratings ? { ratings: gameRatings(row)! } : {}),
    ...(row.tournamentId ? { tournament: { id: row.tournamentId, link: `${base.origin}/tournaments/${row.tournamentId}` } } : {}),
  };
}

export class PlayerService {
  constructor(
    private readonly store: PlayerStore,
    private readonly clock: () => number = Date.now,
    private readonly mailer?: SignInMailer,
    /** Judges the URL of a player's own webhook; without one, webhooks are refused. */
    private readonly webhookPolicy?: WebhookPolicy,
    /** Gives a seat of a game in progress the player's new name or address (its mail goes there from now on). */
    private readonly seatPlayer?: (gameId: string, side: Color, changes: { name?: string | null; email?: string }) => Promise<void>,
  ) {}

  async create(input: CreatePlayerInput, base: LinkBase): Promise<ServiceResult<CreatedPlayer>> {
    const email = input.email?.toLowerCase();
    if (email) {
      const limited = await this.mailLimit(email);
      if (limited) return limited;
    }
    const id = newGameId();
    const key = `${id}_${newToken()}`;
    const row: PlayerRow = {
      id,
      name: input.name ?? null,
      email: input.email?.toLowerCase() ?? null,
      emailConfirmedAt: null,
      createdAt: this.clock(),
      webhook: null,
      webhookSecret: null,
      webhookDisabledAt: null,
    };
    await this.store.createPlayer(row, await sha256Hex(key));
    if (email) await this.sendConfirmation(row, email, base);
    return done({ id, key, link: `${base.origin}/me#key=${key}` });
  }

  /** The player a key belongs to; every stored hash of that player is compared in constant time. */
  async authenticate(key: string): Promise<PlayerRow | undefined> {
    const id = keyPlayerId(key);
    return id && (await this.keyMatches(id, key)) ? this.store.player(id) : undefined;
  }

  /** Whether a key that is no player's now was one that ended (signed out, or replaced by new ones). */
  async endedKey(key: string): Promise<boolean> {
    return keyPlayerId(key) !== undefined && this.store.keyEnded(await sha256Hex(key));
  }

  /** The player among `ids` (a game's players) this key belongs to: one read, none for a key of someone else. */
  async keyHolder(key: string, ids: readonly (string | null)[]): Promise<string | undefined> {
    const id = keyPlayerId(key);
    return id && ids.includes(id) && (await this.keyMatches(id, key)) ? id : undefined;
  }

  private async keyMatches(id: string, key: string): Promise<boolean> {
    const hashes = await this.store.keyHashes(id);
    const hash = await sha256Hex(key);
    let match = false;
    for (const h of hashes) match = timingSafeEqualText(hash, h) || match;
    return match;
  }

  /** Change the player's own name, email or webhook. */
  async updateSettings(player: PlayerRow, input: PlayerSettingsInput, base?: LinkBase): Promise<ServiceResult<PlayerSelf>> {
    let secret: string | undefined;
    const changes: Parameters<PlayerStore['updatePlayer']>[1] = {};
    if (input.name !== undefined) changes.name = input.name;
    // A new address is unconfirmed until its link is opened (the same address again changes nothing).
    const email = input.email === undefined ? undefined : (input.email?.toLowerCase() ?? null);
    const newAddress = email !== undefined && email !== player.email ? email : undefined;
    if (newAddress) {
      const limited = await this.mailLimit(newAddress);
      if (limited) return limited;
    }
    if (email !== undefined && email !== player.email) {
      changes.email = email;
      changes.emailConfirmedAt = null;
    }
    if (input.webhook !== undefined) {
      const policy = this.webhookPolicy ?? { problem: async () => 'this server takes no webhooks' };
      const change = await webhookChange(policy, player, input.webhook);
      if (!change.ok) return change;
      Object.assign(changes, change.value.changes);
      secret = change.value.secret;
    }
    // A confirmed address changed for another stays confirmed: until the new one is, the games in
    // progress keep mailing it and taking its replies (tester 3 F7: a typo cut the player off).
    const leaving = newAddress && player.email && player.emailConfirmedAt !== null ? { email: player.email, confirmedAt: player.emailConfirmedAt } : undefined;
    await this.store.updatePlayer(player.id, changes, leaving);
    // The games in progress show the new name too (tester F12); finished ones keep the name they were played under.
    if (changes.name !== undefined && changes.name !== player.name) await this.toActiveSeats(player.id, { name: changes.name });
    const updated = (await this.store.player(player.id))!;
    if (newAddress && base) await this.sendConfirmation(updated, newAddress, base);
    // The webhook this request wrote, with its secret: a change made at the same moment may have come after it.
    const self = changes.webhook !== undefined ? { ...selfOf(updated), webhook: changes.webhook, webhookDisabled: false } : selfOf(updated);
    return done(secret ? { ...self, webhookSecret: secret } : self);
  }

  async find(id: string): Promise<PlayerRow | undefined> {
    return this.store.player(id);
  }

  /**
   * Email a one-use sign-in link to each player (at most a few) with this address. The answer is
   * the same whether or not the address is known, so it tells nobody who plays here.
   */
  async requestSignIn(email: string, base: LinkBase): Promise<ServiceResult<void>> {
    const found = await this.store.playersByEmail(email.toLowerCase(), 5);
    if (!found.length || !this.mailer) return done(undefined);
    // No new mail while a link mailed to the address still works: its owner has that one, and no
    // one else, asking again and again, can use up the address's mail and lock its owner out (tester
    // 11 S11). So a sign-in has no hourly limit per address: at most one mail in 15 minutes unless
    // its link is used. The answer is the same 202 whether anything is sent or anyone has the address.
    if (
      await this.store.anySignInLinkOpen(
        found.map((p) => p.id),
        this.clock(),
      )
    )
      return done(undefined);
    const expires = this.clock() + SIGN_IN_MINUTES * MINUTE_MS;
    const links: { name: string | null; url: string }[] = [];
    for (const p of found) {
      const token = newToken();
      await this.store.addSignInLink(await sha256Hex(token), p.id, expires);
      links.push({ name: p.name, url: `${base.origin}/me/sign-in?t=${token}` });
    }
    try {
      await this.mailer.send(found[0]!.email!, links, base);
    } catch (e) {
      console.error('sign-in email could not be sent:', e instanceof Error ? e.message : String(e));
    }
    return done(undefined);
  }

  /** Open the link that confirms a player's address: from now on mail may go there. */
  async confirmEmail(token: string): Promise<ServiceResult<PlayerRow>> {
    const id = await this.store.confirmEmail(await sha256Hex(token), this.clock());
    const player = id && (await this.store.player(id));
    if (!player) return fail(403, 'bad_link', CONFIRM_LINK_INVALID);
    // The address is the player's, not a game's: the games in progress mail it from now on (and
    // take replies from it), as new games do (tester: mail kept going to the old address).
    if (player.email) await this.toActiveSeats(player.id, { email: player.email });
    return done(player);
  }

  /** Carry a change of the player's to their seat in each of their games in progress. */
  private async toActiveSeats(playerId: string, changes: { name?: string | null; email?: string }): Promise<void> {
    if (!this.seatPlayer) return;
    for (const row of await this.store.gamesOf(playerId, false, MAX_SEATS_CARRIED)) {
      const side = sideOfPlayer(row, playerId);
      if (side) await this.seatPlayer(row.id, side, changes);
    }
  }

  /** The address a confirmation link would confirm, for its page's button; the link is not used. */
  async checkEmailConfirmation(token: string): Promise<ServiceResult<{ email: string }>> {
    const email = await this.store.emailConfirmationOpen(await sha256Hex(token), this.clock());
    return email ? done({ email }) : fail(403, 'bad_link', CONFIRM_LINK_INVALID);
  }

  /** Count one more mail to `address` this hour; the 429 when that is over the limit. */
  private async mailLimit(address: string): Promise<ServiceResult<never> | undefined> {
    const now = this.clock();
    const wait = await overFixedWindow(this.store, `mail:${address}`, { max: MAIL_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS }, now);
    return wait === undefined
      ? undefined
      : rateLimited(now, wait, (tryAgain) => `too many emails to ${address} in the last hour (at most ${MAIL_PER_ADDRESS_PER_HOUR}); ${tryAgain}`);
  }

  /** The one mail an unconfirmed address gets: a link that confirms it. */
  private async sendConfirmation(player: PlayerRow, email: string, base: LinkBase): Promise<void> {
    if (!this.mailer) return;
    const token = newToken();
    await this.store.addEmailConfirmation(await sha256Hex(token), player.id, email, this.clock() + CONFIRM_HOURS * HOUR_MS);
    try {
      await this.mailer.confirm(email, `${base.origin}/me/confirm-email?t=${token}`, base);
    } catch (e) {
      console.error('confirmation email could not be sent:', e instanceof Error ? e.message : String(e));
    }
  }

  /** Whether a sign-in link still works, for its page's button; the link is not used. */
  async checkSignIn(token: string): Promise<ServiceResult<true>> {
    return (await this.store.signInLinkOpen(await sha256Hex(token), this.clock())) ? done(true) : fail(403, 'bad_link', SIGN_IN_LINK_INVALID);
  }

  /** Use a sign-in link: a fresh key for this browser (the old ones keep working). */
  async signIn(token: string): Promise<ServiceResult<{ player: PlayerRow; key: string }>> {
    const hash = await sha256Hex(token);
    const playerId = await this.store.useSignInLink(hash, this.clock());
    const player = playerId && (await this.store.player(playerId));
    if (!player) {
      // Pressed twice (a double click shows the second answer): the first press signed this browser in.
      const usedAt = await this.store.signInLinkUsedAt(hash);
      if (usedAt !== undefined && this.clock() - usedAt < MINUTE_MS)
        return fail(
          403,
          'bad_link',
          `this sign-in link was used a moment ago (at ${utc(iso(usedAt))}), and works once: if that was you pressing twice, this browser is signed in: open /me`,
        );
      return fail(403, 'bad_link', SIGN_IN_LINK_INVALID);
    }
    return done({ player, key: await this.browserKey(player) });
  }

  /** A key for one browser's cookie, never shown: signing out there ends it (`signOut`). */
  async browserKey(player: Pick<PlayerRow, 'id'>): Promise<string> {
    const key = `${player.id}_${newToken()}`;
    await this.store.addKey(player.id, await sha256Hex(key), this.clock(), true);
    return key;
  }

  /** Sign a browser out: its key ends when it was made for that browser (a key shown once, a bot's, stays). */
  async signOut(key: string): Promise<void> {
    await this.store.endBrowserKey(await sha256Hex(key), this.clock());
  }

  /**
   * End every key of the player but `asker` (the one asking); `make`: new keys made first, which are
   * then the only ones left (each true for a browser's, false for one shown). How many ended, and the
   * new keys; a 403 when `asker` had ended meanwhile (another such request came first).
   */
  async endKeys(player: Pick<PlayerRow, 'id'>, asker: string, make: readonly boolean[] = []): Promise<ServiceResult<{ ended: number; keys: string[] }>> {
    const keys = make.map(() => `${player.id}_${newToken()}`);
    const fresh = await Promise.all(keys.map(async (key, i) => [await sha256Hex(key), Number(make[i])] as const));
    const ended = await this.store.rekey(player.id, await sha256Hex(asker), fresh, this.clock());
    return ended === undefined ? fail(403, 'bad_key', 'that key was ended meanwhile') : done({ ended, keys });
  }

  /** What waits for the player: active games (their turn, or an offer of the other side's to answer), and challenges sent to them. */
  waiting(player: Pick<PlayerRow, 'id'>): Promise<{ games: number; challenges: number }> {
    return this.store.waitingCount(player.id, this.clock());
  }

  /**
   * The player's games, at most `limit`: active ones most urgent first (waiting for you, then the
   * nearest deadline, none last; the store orders them, so a cap leaves out the least urgent), or
   * finished ones by when they ended, latest first.
   */
  async games(player: PlayerRow, status: 'active' | 'finished', base: LinkBase, limit = MAX_GAMES): Promise<MyGame[]> {
    const rows = await this.store.gamesOf(player.id, status === 'finished', limit);
    return rows.map((row) => myGame(row, sideOfPlayer(row, player.id)!, base));
  }

  /** The player's games as `games` lists them, at most `limit`, and whether more were left out (one more asked for). */
  async gameList(player: PlayerRow, status: 'active' | 'finished', base: LinkBase, limit = MAX_GAMES): Promise<{ games: MyGame[]; more: boolean }> {
    const listed = await this.games(player, status, base, limit + 1);
    return { games: listed.slice(0, limit), more: listed.length > limit };
  }
}
