// Players (JSON API): player keys and sign-in, public profiles (/api/players), and the caller's own
// player: settings, games, chat commands, challenges (/api/me). Thin: validate, call the services,
// translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { PlayerRow } from '../../db/schema.ts';
import { CreatePlayerSchema, MyGamesQuerySchema, PlayerIdSchema, PlayerSettingsSchema, SignInSchema } from '../../service/player-schemas.ts';
import { MAX_GAMES, selfOf, sideOfPlayer, SIGN_IN_SENT } from '../../service/players.ts';
import { cutPlayerStreams } from '../event-hub.ts';
import { playerProfile } from '../profile.ts';
import { unknownCommand } from '../text/commands.ts';
import { PLAYER_HELP, parsePlayerCommand, runPlayerCommand } from '../text/player-commands.ts';
import { chatAnswer, chatText, commandLine } from './seats.ts';
import { slackSignature } from '../slack-signature.ts';
import { fromFailure, jsonError, linkBase, reply, type AppEnv } from '../http.ts';
import { playerToken, refuseKey } from '../http-auth.ts';
import { requireJson } from '../http-body.ts';
import { limitNewGames, MAIL_LIMITED, mailLimited, tooMany } from '../http-limits.ts';
import { validationHook } from '../http-validation.ts';

export type PlayerEnv = AppEnv & { Variables: { player: PlayerRow; playerKey: string } };

/**
 * The caller's player key: `Authorization: Bearer <key>`, or the personal page's cookie.
 * None is a 401; a key that is not one (or not any more) is a 403.
 */
export const requirePlayerKey: MiddlewareHandler<PlayerEnv> = async (c, next) => {
  const auth = playerToken(c, true, 'your player key');
  if (!auth.ok) return auth.response;
  const player = await c.var.services.players.authenticate(auth.token);
  if (!player) return refuseKey(c, auth.token);
  c.set('player', player);
  c.set('playerKey', auth.token);
  await next();
};

/** Under /api/players. */
export const players = new Hono<PlayerEnv>()
  .post('/', limitNewGames(undefined, 'new players'), requireJson, vValidator('json', CreatePlayerSchema, validationHook('body')), async (c) => {
    const input = c.req.valid('json');
    // An address gets a confirmation link, and nothing else until it is opened: limited like sign-in mail.
    if (input.email && (await mailLimited(c))) return tooMany(c, MAIL_LIMITED);
    return reply(c, await c.var.services.players.create(input, linkBase(c)), 201);
  })

  .post('/sign-in', requireJson, vValidator('json', SignInSchema, validationHook('body')), async (c) => {
    if (await mailLimited(c)) return tooMany(c, MAIL_LIMITED);
    const sent = await c.var.services.players.requestSignIn(c.req.valid('json').email, linkBase(c));
    if (!sent.ok) return fromFailure(c, sent);
    // The same answer either way: it must not tell who has an account here.
    return c.json({ ok: true, message: SIGN_IN_SENT }, 202);
  })

  .get('/:id', async (c) => {
    const id = c.req.param('id');
    const player = v.is(PlayerIdSchema, id) ? await c.var.services.players.find(id) : undefined;
    if (!player) return jsonError(c, 404, 'unknown_player', `no player with id ${id.slice(0, 40)}`);
    return c.json(await playerProfile(c.var.services, player, linkBase(c)));
  });

/** The caller's own player, under /api/me. */
export const me = new Hono<PlayerEnv>()
  .get('/', requirePlayerKey, (c) => c.json(selfOf(c.var.player)))

  .patch('/', requirePlayerKey, requireJson, vValidator('json', PlayerSettingsSchema, validationHook('body')), async (c) => {
    const input = c.req.valid('json');
    if (input.email && input.email.toLowerCase() !== c.var.player.email && (await mailLimited(c))) return tooMany(c, MAIL_LIMITED);
    return reply(c, await c.var.services.players.updateSettings(c.var.player, input, linkBase(c)));
  })

  .get('/games', requirePlayerKey, vValidator('query', MyGamesQuerySchema, validationHook('query')), async (c) => {
    // One more than a list shows, to say whether some were left out (the least urgent, or the oldest finished).
    const { games, more } = await c.var.services.players.gameList(c.var.player, c.req.valid('query').status, linkBase(c));
    return c.json(more ? { games, more } : { games });
  })

  .post('/chat', slackSignature, requirePlayerKey, async (c) => {
    const body = await chatText(c);
    if (!body.ok) return body.response;
    const line = commandLine(body.text).trim();
    const command = parsePlayerCommand(line) ?? (line ? undefined : { kind: 'help' as const });
    const result = command
      ? await runPlayerCommand({ players: c.var.services.players, challenges: c.var.services.challenges }, c.var.player, command, linkBase(c))
      : unknownCommand(line, PLAYER_HELP);
    return chatAnswer(c, body.form, result, result.state ? { state: result.state } : {});
  })

  .get('/challenges', requirePlayerKey, async (c) => c.json({ challenges: await c.var.services.challenges.mine(c.var.player, linkBase(c)) }))

  // A key shared by mistake (tester 3 F4): a new key, every other one (this one too) ended; or every other one ended.
  .post('/key', requirePlayerKey, async (c) => {
    const made = await endKeys(c, c.var.player, c.var.playerKey, [false]);
    if (!made.ok) return fromFailure(c, made);
    const [key] = made.value.keys;
    return c.json({ id: c.var.player.id, key, link: `${linkBase(c).origin}/me#key=${key}` }, 201);
  })
  .delete('/keys', requirePlayerKey, async (c) => {
    const ended = await endKeys(c, c.var.player, c.var.playerKey);
    return ended.ok ? c.json({ ended: ended.value.ended }) : fromFailure(c, ended);
  });

/**
 * End the player's keys but `asker`'s (PlayersService.endKeys), and cut their open event streams,
 * the player's own and those of their seat in each game still going (a game's stream may be opened
 * with a player key): one opened with an ended key does not go on, and a reader whose credential
 * still works opens it again.
 */
export async function endKeys<E extends AppEnv>(c: Context<E>, player: PlayerRow, asker: string, make?: boolean[]) {
  const ended = await c.var.services.players.endKeys(player, asker, make);
  if (!ended.ok) return ended;
  const games = await c.var.services.stores.players.gamesOf(player.id, false, MAX_GAMES);
  const cutSeat = (row: (typeof games)[number]) => c.var.services.gameRecords.cutSeatStreams(row.id, sideOfPlayer(row, player.id)!).catch(console.error);
  await Promise.all([cutPlayerStreams(c.env, player.id), ...games.map(cutSeat)]);
  return ended;
}
