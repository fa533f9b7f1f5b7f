// The shapes of the API's answers in /openapi.json (JSON Schema 2020-12). The request bodies come
// from the valibot schemas the routes validate with (openapi-components.ts); the answers are
// written here, and test/service/openapi-contract.test.ts checks real answers of every route
// against them.
import { OUTCOME_REASONS, VARIANT_NAMES } from '../engine/types.ts';
import { ERROR_CODES } from '../service/error-codes.ts';
import { NOTIFY_EVENTS } from '../service/ports.ts';
import { bool, int, list, nullable, num, object, oneOf, ref, str, time, type Json } from './openapi-schema.ts';

const color = oneOf('white', 'black');
const both = (schema: Json) => object({ white: schema, black: schema });
const variant = oneOf(...VARIANT_NAMES);
const options: Json = { type: 'object', description: 'variant options, e.g. {"platforms": 4}', additionalProperties: true };
const pieceCounts: Json = { type: 'object', additionalProperties: int, description: 'pieces in hand by role letter' };
/** A player as anyone may see them (the `Player` component). */
const publicPlayer = ref('Player');
const clockRule = object({ daysPerMove: int, timeout: oneOf('auto', 'claim'), leaveDays: int });
const pause = nullable(object({ by: color, until: time, deadline: time }));
const pauseOffer = nullable(object({ by: color, days: int }));
/** A delivery's envelope (Standard Webhooks): the event, when it happened (ISO; the signed `webhook-timestamp` header is Unix seconds), its data. */
const delivery = (events: readonly string[], data: Json, description: string) => object({ type: oneOf(...events), timestamp: time, data }, {}, description);

const tournamentFields = (): Record<string, Json> => ({
  id: str,
  name: str,
  variant,
  options,
  clock: clockRule,
  format: oneOf('round-robin', 'swiss'),
  double: bool,
  rounds: { ...nullable(int), description: 'Swiss: as asked; round robin: known from the start' },
  round: { type: 'integer', description: 'the last round paired (0 before the start)' },
  maxPlayers: int,
  playerCount: int,
  rated: bool,
  status: oneOf('open', 'running', 'finished'),
  startsAt: nullable(time),
  creator: publicPlayer,
  winner: nullable(publicPlayer),
  createdAt: time,
  startedAt: nullable(time),
  finishedAt: nullable(time),
  link: str,
});

export const answerSchemas = (): Record<string, Json> => ({
  PlayedMove: object({ ply: int, side: color, text: str, at: time }, {}, 'a turn as played: its ply, side, canonical text and when'),
  GameMessage: object({ id: int, ply: int, side: color, text: str, at: time }),
  TakenBack: object({ side: color, fromPly: int, toPly: int, turns: list(ref('PlayedMove')), at: time }),
  GameState: object(
    {
      id: str,
      variant,
      options,
      status: oneOf('active', 'finished', 'aborted'),
      sideToMove: color,
      ply: int,
      result: oneOf('*', '1-0', '0-1', '1/2-1/2'),
      reason: { ...nullable(oneOf(...OUTCOME_REASONS)), description: 'how a finished game ended (null while it goes on)' },
      winner: nullable(color),
      check: bool,
      position: { type: 'string', description: 'the position text (docs/position-text.md)' },
      startPosition: str,
      lastMove: nullable(ref('PlayedMove')),
      players: both(object({ name: nullable(str) }, { computer: { type: 'integer', minimum: 1, maximum: 6 } })),
      hints: bool,
      clock: nullable(
        object(
          { daysPerMove: int, timeout: oneOf('auto', 'claim'), deadline: nullable(time), leaveDays: int, leaveLeft: both(int) },
          {},
          '`deadline` is null while the game is paused',
        ),
      ),
      pause,
      pauseOffer,
      drawOffer: nullable(color),
      takebackOffer: nullable(color),
      spectatorMessages: both(bool),
      rated: { type: 'boolean', description: 'whether the game counts for the players’ ratings (docs/ratings.md)' },
      ratings: { ...nullable(ref('GameRatings')), description: 'once a rated game is rated: each side’s rating before it and the change' },
      tournamentId: { ...nullable(str), description: 'the tournament the game is a board of' },
      rematch: {
        ...nullable(object({ offeredBy: nullable(color), gameId: nullable(str) })),
        description:
          'a game played by links (no player key on either side) once over: who offers a rematch, and its game once made (each player’s own token opens it); null for any other game (POST /api/games/{id}/rematch)',
      },
      createdAt: time,
      updatedAt: time,
    },
    {
      title: str,
      phase: { type: 'string', description: 'platforms, kings, drops or play (ST3D set-up phases); kings or play (Planar)' },
      board: object(
        {
          cells: list(object({ cell: str, color, role: str, kind: str }, { orientation: str })),
          hands: both(pieceCounts),
        },
        { platforms: list(object({ pin: str, up: bool }, { owner: color, number: int, locked: bool })), wormhole: str },
      ),
      you: { ...color, description: 'which side the request’s token plays' },
    },
    'What anyone may see of a game; never a token or an email address.',
  ),
  Created: object(
    {
      id: str,
      links: object({ spectator: str }, { white: str, black: str }),
      tokens: object({}, { white: str, black: str }),
      state: ref('GameState'),
    },
    { webhookSecrets: object({}, { white: str, black: str }, 'the secret that signs each seat’s webhook calls; shown only here') },
    'A new game: each human seat’s link and token (none for the computer’s side).',
  ),
  Legal: object({ ply: int, sideToMove: color, status: oneOf('active', 'finished', 'aborted'), legal: list(str) }, {}, 'every legal turn, in canonical text'),
  Hint: object(
    {
      ply: {
        type: 'integer',
        description: 'the ply the suggested turn would be: the game’s ply + 1, the `ply` to post it with (GameState and Legal say the game’s own ply)',
      },
      move: { type: 'string', description: 'canonical turn text' },
      score: { type: 'integer', description: 'centipawns from the side to move' },
      depth: int,
      nodes: int,
    },
    { mate: { type: 'integer', description: 'turns to a forced mate (negative: being mated)' }, level: int },
  ),
  History: object({ ply: int, moves: list(ref('PlayedMove')), takebacks: list(ref('TakenBack')) }),
  Moved: object(
    { move: ref('PlayedMove'), state: ref('GameState') },
    { answer: ref('PlayedMove'), message: ref('GameMessage') },
    '`answer`: your opponent’s planned reply, played at once',
  ),
  Preview: object({
    ok: { const: true },
    canonical: str,
    ply: int,
    svg: { type: 'string', description: 'the board after the turn (SVG)' },
    state: object({
      position: str,
      sideToMove: color,
      phase: str,
      check: bool,
      outcome: nullable(object({ result: oneOf('*', '1-0', '0-1', '1/2-1/2'), reason: str }, { winner: color })),
    }),
  }),
  ConditionalLines: object(
    { ply: int, lines: list(list(str)) },
    {
      outcome: object(
        { after: str, dropped: int },
        {
          answer: str,
          held: { type: 'boolean', const: true, description: 'the answer was not played: the opponent offered a draw with the turn, which waits for yours' },
        },
        'what became of the lines stored for the opponent’s last turn',
      ),
    },
  ),
  Messages: object({ messages: list(ref('GameMessage')) }),
  MessageSent: object({ message: ref('GameMessage') }),
  SeatSettings: object(
    {
      side: color,
      name: nullable(str),
      email: nullable(str),
      webhook: nullable(str),
      webhookDisabled: bool,
      replyTo: nullable(str),
      notify: ref('NotifySettings'),
      reminderPercent: int,
    },
    { webhookSecret: str },
  ),
  NotifySettings: object(
    {
      email: bool,
      webhook: bool,
      push: bool,
      events: list(oneOf(...NOTIFY_EVENTS)),
      emailEvents: list(oneOf(...NOTIFY_EVENTS)),
      pushEvents: list(oneOf(...NOTIFY_EVENTS)),
      digestHours: nullable(int),
    },
    {},
    'which events go anywhere, which by email, which by Web Push; digestHours: null for an email per event, n for at most one digest email every n hours',
  ),
  PushKey: object({ publicKey: { type: 'string', description: 'the VAPID public key: an uncompressed P-256 point, base64url (applicationServerKey)' } }),
  PushSubscribed: object(
    { subscribed: bool, for: oneOf('player', 'seat'), endpoint: str },
    { gameId: str, side: color },
    'the subscription stored (true) or removed (false); `for`: a player (all their games and challenges) or one seat',
  ),
  Deliveries: object({
    side: color,
    deliveries: list(
      object({ messageId: str, event: str, channel: str, attempt: int, status: str, httpStatus: nullable(int), error: nullable(str), at: time }),
    ),
  }),
  ChatReply: object(
    { ok: bool, reply: str },
    {
      status: { type: 'integer', description: 'the HTTP status the same refusal has in the API' },
      state: ref('GameState'),
      response_type: oneOf('ephemeral'),
      text: { type: 'string', description: 'Slack-style forms: the reply in a code block' },
    },
    'A command’s answer; a refused command is an answer too (ok: false), so chat shows the reason.',
  ),
  GameRatings: both(
    object(
      { rating: num, rd: num, provisional: bool, change: { type: 'number', description: 'the rating after minus the rating before' } },
      {},
      'the rating and RD before the game, and the change',
    ),
  ),
  PlayerCreated: object({ id: str, key: { type: 'string', description: 'shown only here' }, link: str }),
  SignInSent: object({ ok: bool, message: str }),
  SeatRenewed: object(
    {
      side: color,
      token: { type: 'string', description: "the seat's new token, shown only here; the old one is a 403 from now on" },
      link: { type: 'string', description: "the seat's page with the new token" },
    },
    {},
    "A seat's new token. What the old token set up ends (the seat's push subscriptions, its event streams, its link waiting on the creator's page); its turns, notes, settings and reply address stay.",
  ),
  KeysEnded: object({ ended: { type: 'integer', description: 'how many of your keys ended (the one that asked works on)' } }),
  Player: object({ id: str, name: nullable(str) }),
  ApiIndex: object(
    { name: str, openapi: str, newGame: str, lobby: str, tournaments: str, me: str },
    {},
    'The OpenAPI document, how a game is made, and the lists to read: open challenges, tournaments, and your own (with a player key).',
  ),
  PlayerSelf: object(
    { id: str, name: nullable(str), email: nullable(str), emailConfirmed: bool, webhook: nullable(str), webhookDisabled: bool },
    { webhookSecret: str },
  ),
  PlayerProfile: object(
    {
      id: str,
      name: nullable(str),
      ratings: list(
        object(
          { variant, rating: num, rd: num, provisional: bool, volatility: num, games: int, wins: int, draws: int, losses: int },
          {},
          'the rating now: the RD has grown by one Glicko-2 idle step per 7 days since the last rated game',
        ),
      ),
      ratingChanges: list(
        object(
          { gameId: str, variant, score: num, before: num, after: num, change: num, at: time },
          { opponent: object({ id: nullable(str), name: nullable(str) }, { computer: int }) },
        ),
      ),
      recentGames: list(ref('MyGame')),
    },
    {},
    'A player as anyone may see them: ratings per variant, recent rated games and recent finished games; never a key or an email address.',
  ),
  Leaderboard: object({
    variant,
    players: list(object({ rank: int, id: str, name: nullable(str), rating: num, rd: num, provisional: bool, games: int })),
  }),
  MyGame: object(
    {
      id: str,
      variant,
      side: color,
      opponent: object({ id: nullable(str), name: nullable(str) }, { computer: { type: 'integer', minimum: 1, maximum: 6 } }),
      status: oneOf('active', 'finished', 'aborted'),
      yourTurn: bool,
      waiting: { ...bool, description: 'the game waits for you: your turn, or an offer of the other side’s to answer' },
      deadline: { ...nullable(time), description: 'null while the game is paused (see pausedUntil) or untimed' },
      pausedUntil: { ...nullable(time), description: 'a running pause by agreement: the clock is stopped until then' },
      drawOffer: { ...nullable(color), description: 'who offered a draw (open offers as in the game’s state)' },
      takebackOffer: { ...nullable(color), description: 'who asked to take back their last turn' },
      pauseOffer,
      ply: int,
      result: str,
      reason: nullable(oneOf(...OUTCOME_REASONS)),
      link: str,
      rated: bool,
    },
    { title: str, ratings: ref('GameRatings'), tournament: object({ id: str, link: str }) },
  ),
  MyGames: object(
    { games: list(ref('MyGame')) },
    { more: { type: 'boolean', enum: [true], description: 'more games than the 200 listed: the least urgent (or the oldest finished) are left out' } },
  ),
  Challenge: object(
    {
      id: str,
      variant,
      options,
      clock: nullable(clockRule),
      color: oneOf('white', 'black', 'random'),
      from: publicPlayer,
      to: nullable(publicPlayer),
      status: oneOf('open', 'accepted', 'withdrawn', 'declined', 'expired'),
      rematchOf: nullable(str),
      rated: bool,
      gameId: nullable(str),
      createdAt: time,
      expiresAt: time,
      link: str,
    },
    { title: str },
    'Never a key or an email address.',
  ),
  Challenges: object({ challenges: list(ref('Challenge')) }, { next: { ...nullable(int), description: 'pass as `before` for the next page' } }),
  TournamentSummary: object(tournamentFields(), { title: str }),
  GameEvent: object(
    {
      gameId: str,
      variant,
      you: { ...color, description: 'the player this delivery is for' },
      ply: int,
      status: oneOf('active', 'finished', 'aborted'),
      sideToMove: color,
      result: oneOf('*', '1-0', '0-1', '1/2-1/2'),
      reason: nullable(oneOf(...OUTCOME_REASONS)),
      winner: nullable(color),
      check: bool,
      lastMove: { ...nullable(ref('PlayedMove')), description: 'the last turn played (on a `turn`: the opponent’s)' },
      position: { type: 'string', description: 'the position text (docs/position-text.md)' },
      board: { type: 'string', description: 'the board as text, as chat and mail show it' },
      legalCount: { type: 'integer', description: 'the legal turns of the side to move (0 once over)' },
      drawOffer: nullable(color),
      pause,
      pauseOffer,
      deadline: { ...nullable(time), description: 'the side to move’s deadline, with a clock (null while paused)' },
      players: { ...both(nullable(str)), description: 'the names (null: unnamed); the state’s `players` has objects' },
      link: { type: 'string', description: 'the game page; the seat’s own link adds ?token=' },
      image: { type: 'string', description: 'the board at this ply as a PNG' },
    },
    {
      title: str,
      example: { type: 'string', description: 'one of your legal turns, when it is your move' },
      daysPerMove: int,
      message: ref('GameMessage'),
      plan: object({ after: str, dropped: int }, { answer: str, held: { const: true } }, 'on a `turn`: what became of your planned lines'),
      offer: { ...oneOf('draw', 'takeback', 'pause', 'rematch'), description: 'on an `offer-declined`: which offer' },
      playerSeat: { const: true, description: 'the seat is a player’s: they play from /me, not from a seat link' },
      ratings: ref('GameRatings'),
      tournament: object({ id: str }, { name: str, round: int }),
    },
    'A game’s event as its webhooks get it (`data`; docs/notifications.md).',
  ),
  GameWebhook: delivery(NOTIFY_EVENTS, ref('GameEvent'), 'The body POSTed to a seat’s webhook.'),
  PlayerWebhook: delivery(
    ['challenge', 'challengeCanceled', 'gameStart', 'yourTurn', 'offer', 'offerClosed', 'gameFinish', 'tournamentFinish'],
    {
      allOf: [
        { type: 'object', required: ['type', 'text'], properties: { type: str, text: { type: 'string', description: 'the event in words' } } },
        {
          anyOf: [
            { type: 'object', required: ['challenge'], properties: { challenge: ref('Challenge') } },
            { type: 'object', required: ['game'], properties: { game: ref('MyGame') } },
            { type: 'object', required: ['tournament'], properties: { tournament: ref('TournamentSummary') } },
          ],
        },
      ],
      description: 'the event as GET /api/stream/events sends it (`challenge`, `game` or `tournament` by its type), and `text`',
    },
    'The body POSTed to a player’s own webhook (PATCH /api/me).',
  ),
  Tournaments: object({ tournaments: list(ref('TournamentSummary')) }),
  TournamentCanceled: object({ id: str, canceled: { const: true } }),
  Tournament: object(
    {
      ...tournamentFields(),
      players: list(object({ id: str, name: nullable(str), seedRating: nullable(int), withdrawn: bool })),
      pairings: list(
        object({
          round: int,
          boards: list(
            object({
              board: int,
              white: publicPlayer,
              black: { ...nullable(publicPlayer), description: 'null: a bye' },
              gameId: nullable(str),
              result: nullable(oneOf('1-0', '0-1', '1/2-1/2')),
              link: nullable(str),
            }),
          ),
        }),
      ),
      tiebreak: oneOf('Sonneborn-Berger', 'Buchholz'),
      standings: list(
        object({ rank: int, player: publicPlayer, points: num, tiebreak: num, wins: int, draws: int, losses: int, played: int, withdrawn: bool }),
      ),
    },
    { title: str },
    'A tournament with its players (seed order), the pairings round by round and the standings.',
  ),
  LinkRematch: object({ id: str, link: { type: 'string', description: 'the new game’s page with the token sent' }, state: ref('GameState') }),
  Accepted: object({ id: str, challenge: str, white: publicPlayer, black: publicPlayer, link: str, state: ref('GameState') }),
  Error: object(
    {
      code: { enum: Object.keys(ERROR_CODES), description: 'what was wrong, for programs: stable, one of the codes in docs/http.md' },
      error: { type: 'string', description: 'what was wrong, in words (for people; the words may change)' },
    },
    { at: { type: 'integer', description: 'notation errors: the offset where reading stopped' } },
  ),
  OpenApi: {
    type: 'object',
    required: ['openapi', 'info', 'paths'],
    properties: { openapi: str, info: { type: 'object' }, paths: { type: 'object' } },
    description: 'this document',
  },
});
