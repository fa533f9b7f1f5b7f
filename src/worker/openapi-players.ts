// /openapi.json's paths of players: keys and sign-in, ratings, tournaments, /api/me, challenges
// and rematches, and the player's and the lobby's streams.
import {
  json,
  tooMany,
  chatAnswer,
  ndjson,
  id,
  jsonBody,
  key,
  challengeParam,
  playerParam,
  tournamentParam,
  tournamentAction,
  subscriptionRefused,
  chatBody,
} from './openapi-operations.ts';
import { error } from './openapi-schema.ts';

export const playerPaths = {
  '/api/players': {
    post: {
      summary: 'Become a player: a key (shown once; only its hash is kept) that works as `Authorization: Bearer <key>` on every player route and on your games',
      requestBody: jsonBody('CreatePlayer'),
      responses: {
        201: json('your player: id, key, and a link that opens /me (the key rides in the #fragment)', 'PlayerCreated'),
        429: tooMany('new players'),
      },
    },
  },
  '/api/players/sign-in': {
    post: {
      summary: 'Email a one-use sign-in link (15 minutes) to the players with this address; the same answer whether or not it is known',
      requestBody: jsonBody('SignIn'),
      responses: {
        202: json(
          'the same answer whether or not the address is known (only a confirmed address gets the link; nothing is sent while a link mailed there is still unused and under 15 minutes old)',
          'SignInSent',
        ),
        429: tooMany('sign-in emails (10 a minute per client address)', 'asked for'),
      },
    },
  },
  '/api/players/{id}': {
    get: {
      summary:
        'A player as anyone may see them: name, ratings per variant (rating, RD, provisional, games, wins/draws/losses), recent rated games, recent finished games',
      parameters: [playerParam],
      responses: { 200: json('the player', 'PlayerProfile'), 404: error('no such player', 'unknown_player') },
    },
  },
  '/api/leaderboard/{variant}': {
    get: {
      summary: 'The established players of a variant (RD at most 110 now), best rating first',
      parameters: [
        { name: 'variant', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      ],
      responses: {
        200: json('the leaderboard', 'Leaderboard'),
        400: error('`limit` is not a number from 1 to 200', 'invalid_query'),
        404: error('no such variant', 'unknown_variant'),
      },
    },
  },
  '/api/tournaments': {
    get: {
      summary: 'Every tournament (open, running, finished), newest first',
      responses: { 200: json('the tournaments', 'Tournaments') },
    },
    post: {
      summary:
        'Create a tournament (you are not entered: join it like anyone). Round robin: every pair meets once (twice with `double`), every game starts at once. Swiss: `rounds` rounds, each paired when the last has ended. `startsAt`: the cron starts it then; else you start it',
      security: key,
      requestBody: jsonBody('CreateTournament'),
      responses: {
        201: json('the new tournament', 'Tournament'),
        400: error(
          'which field and why: an unknown variant, a Swiss without `rounds` or with more than `maxPlayers` - 1, `rounds` or `double` with the wrong format, a round robin of more than 20, a `startsAt` in the past',
          'invalid_options',
        ),
        403: error('not a player key'),
        409: error('you have 5 tournaments not yet started, the most at once: start or cancel one first', 'too_many_tournaments'),
      },
    },
  },
  '/api/tournaments/{id}': {
    get: {
      summary: 'A tournament: players, pairings by round, standings (points, then Sonneborn-Berger or Buchholz, then wins)',
      parameters: [tournamentParam],
      responses: { 200: json('the tournament', 'Tournament'), 404: error('no such tournament', 'unknown_tournament') },
    },
  },
  '/api/tournaments/{id}/join': tournamentAction('Join an open tournament', '409: already joined, full, started or finished', {
    409: ['already_joined', 'tournament_full', 'joining_closed'],
  }),
  '/api/tournaments/{id}/leave': tournamentAction(
    'Leave before the start; after it, withdraw: your games still going are lost (by resignation), the games played stand',
    '409: not in it, already withdrawn, or over',
    { 409: ['not_joined', 'already_withdrawn', 'tournament_over', 'tournament_started'] },
  ),
  '/api/tournaments/{id}/start': tournamentAction(
    'Start it (its creator only): a round robin pairs every round at once, a Swiss its first round',
    '409: fewer than 3 players, more Swiss rounds than the players allow, or already started',
    { 403: ['not_creator'], 409: ['too_few_players', 'too_many_rounds', 'tournament_started', 'tournament_over'] },
  ),
  '/api/tournaments/{id}/cancel': {
    post: {
      summary: 'Cancel a tournament that has not started (its creator only): it and its entries go',
      security: key,
      parameters: [tournamentParam],
      responses: {
        200: json('canceled', 'TournamentCanceled'),
        403: error('not a player key, or not the creator', 'not_creator'),
        404: error('no such tournament', 'unknown_tournament'),
        409: error('started or over', 'tournament_started', 'tournament_over'),
      },
    },
  },
  '/api/me': {
    get: {
      summary: 'Your player: {id, name, email, emailConfirmed, webhook, webhookDisabled}',
      security: key,
      responses: { 200: json('your player', 'PlayerSelf'), 403: error('not a player key') },
    },
    patch: {
      summary:
        'Change your name, email or own webhook (`null` clears one). The webhook gets `challenge`, `challengeCanceled` and `gameStart` (body {type, timestamp, data: {type, challenge | game, text}}), signed like game webhooks',
      security: key,
      requestBody: jsonBody('PlayerSettings'),
      responses: {
        200: json('your player; a new webhook URL adds `webhookSecret` (shown once); a new email is unconfirmed until its mailed link is opened', 'PlayerSelf'),
        400: error('which field and what is wrong (a webhook URL the policy refuses)', 'refused_url'),
        429: tooMany('emails to this address (5 an hour) or asked for from this client (10 a minute)', 'sent'),
        403: error('not a player key'),
      },
    },
  },
  '/api/me/push': {
    post: {
      summary: "Web Push for your player: store the browser's PushSubscription; all your games' events and challenges to you are pushed to it",
      security: key,
      requestBody: jsonBody('PushSubscription'),
      responses: {
        201: json('stored', 'PushSubscribed'),
        400: subscriptionRefused,
        403: error('not a player key'),
      },
    },
    delete: {
      summary: 'Stop Web Push of your player to this browser',
      security: key,
      requestBody: jsonBody('PushEndpoint'),
      responses: {
        200: json('removed', 'PushSubscribed'),
        403: error('not a player key'),
        404: error('no subscription with this endpoint', 'unknown_subscription'),
      },
    },
  },
  '/api/me/notify': {
    get: {
      summary: "Your notification choices in all your games (where a game's seat made its own, the seat's win)",
      security: key,
      responses: { 200: json('your choices', 'NotifySettings'), 403: error('not a player key') },
    },
    patch: {
      summary: 'Change which events push, which email, and email per event or as a digest (`digestHours`)',
      security: key,
      requestBody: jsonBody('NotifyChoices'),
      responses: { 200: json('your choices', 'NotifySettings'), 400: error('which field and what is wrong'), 403: error('not a player key') },
    },
  },
  '/api/push/key': {
    get: {
      summary: "The server's VAPID public key, for PushManager.subscribe({applicationServerKey})",
      responses: { 200: json('the key', 'PushKey'), 503: error('Web Push is not set up on this server', 'not_set_up') },
    },
  },
  '/api/me/games': {
    get: {
      summary: 'Your games: waiting for you first, then by nearest deadline; `?status=finished` for ended ones',
      security: key,
      parameters: [{ name: 'status', in: 'query', required: false, schema: { enum: ['active', 'finished'] } }],
      responses: { 200: json('your games', 'MyGames'), 400: error('`status` is not active or finished', 'invalid_query'), 403: error('not a player key') },
    },
  },
  '/api/me/chat': {
    post: {
      summary:
        'Chat-bot commands of a player: `games`, `challenges`, `accept <id>`, `decline <id>`, `withdraw <id>`, `help` (a game is then played on /api/games/{id}/chat with the same key)',
      security: key,
      requestBody: chatBody,
      responses: {
        200: chatAnswer('the reply; `state`: the game an accept started'),
        401: error("no key; or, with SLACK_SIGNING_SECRET set, a key in the URL without Slack's valid signature", 'bad_signature'),
        403: error('not a player key'),
      },
    },
  },
  '/api/me/challenges': {
    get: {
      summary: 'Open challenges you made or were sent',
      security: key,
      responses: { 200: json('your open challenges', 'Challenges'), 403: error('not a player key') },
    },
  },
  '/api/me/key': {
    post: {
      summary:
        'A new key, for a key shared by mistake: shown once; every other key of yours ends, the one that asked too (your other bots, every browser signed in)',
      security: key,
      responses: {
        201: json('your new key, and the /me link that hands it to a browser', 'PlayerCreated'),
        403: error('not a player key (one ended by another new key asked for at the same time too)'),
      },
    },
  },
  '/api/me/keys': {
    delete: {
      summary: 'End every key of yours but the one that asks: your other bots, every browser signed in, a key shown once',
      security: key,
      responses: { 200: json('how many ended', 'KeysEnded'), 403: error('not a player key') },
    },
  },
  '/api/challenges': {
    post: {
      summary:
        'Offer a game, to anyone or (`to`) to one player; expires after `expiresInDays` (default 7). `rated` needs a `clock` (default: rated with a clock, casual without)',
      security: key,
      requestBody: jsonBody('CreateChallenge'),
      responses: {
        201: json('the challenge (with its link)', 'Challenge'),
        400: error('which field and why (`to` yourself, options that do not go, `rated` without a clock)', 'invalid_options'),
        403: error('not a player key'),
        404: error('no player with that `to` id', 'unknown_player'),
        409: error('you have 20 open challenges, the most at once: withdraw one first', 'too_many_challenges'),
        429: {
          ...tooMany('challenges (30 a minute)', 'from this player key'),
          description:
            'too many challenges from this player key in the last minute (30), or a sixth in a UTC day to one player you have never played (Retry-After: the next day); a player cannot be flooded by a stranger sending and withdrawing',
        },
      },
    },
    get: {
      summary: 'Open challenges to anyone, newest first; page with `before` = the `next` of the previous answer',
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        { name: 'before', in: 'query', required: false, schema: { type: 'integer' } },
      ],
      responses: { 200: json('a page of open challenges', 'Challenges'), 400: error('`limit` or `before` is not a number in range', 'invalid_query') },
    },
  },
  '/api/challenges/{id}': {
    get: {
      summary: 'One challenge',
      parameters: [challengeParam],
      responses: { 200: json('the challenge', 'Challenge'), 404: error('no such challenge') },
    },
    delete: {
      summary: 'Withdraw your challenge',
      security: key,
      parameters: [challengeParam],
      responses: {
        200: json('the withdrawn challenge', 'Challenge'),
        403: error('not your challenge', 'not_creator'),
        404: error('no such challenge'),
        409: error('no longer open', 'challenge_closed'),
      },
    },
  },
  '/api/challenges/{id}/accept': {
    post: {
      summary: 'Accept: the new game with both players. Of several accepts at once exactly one gets the game; the others get 409',
      security: key,
      parameters: [challengeParam],
      responses: {
        201: json('the new game with both players', 'Accepted'),
        403: error('sent to another player', 'not_for_you'),
        404: error('no such challenge'),
        409: error('accepted, withdrawn, declined or expired; or your own', 'challenge_closed', 'own_challenge'),
      },
    },
  },
  '/api/challenges/{id}/decline': {
    post: {
      summary: 'Decline a challenge sent to you',
      security: key,
      parameters: [challengeParam],
      responses: {
        200: json('the declined challenge', 'Challenge'),
        403: error('not sent to you', 'not_for_you'),
        409: error('no longer open', 'challenge_closed'),
      },
    },
  },
  '/api/games/{id}/rematch': {
    post: {
      summary:
        'A player of a finished game offers it again, colours swapped, to the opponent (whose own offer, if waiting, is accepted: the game starts); against the computer the rematch is the new game at once (the computer at the same level). With a player key it is a challenge; with a game token (a game played by links, no key on either side) the offer is kept in the game (`state.rematch`), the body `{action}` offers (the default), accepts or declines it, and the new game seats the two tokens swapped',
      security: key,
      parameters: [id],
      requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/Rematch' } } } },
      responses: {
        200: {
          description: 'asked again: the rematch offer still open, unchanged; with a game token, the game after the offer or decline (`rematch`)',
          content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Challenge' }, { $ref: '#/components/schemas/GameState' }] } } },
        },
        201: {
          description:
            "the rematch challenge to the opponent; when the opponent's rematch offer was already waiting, it is accepted and this is the new game (as accepting answers); against the computer, the new game (as POST /api/games answers it)",
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  { $ref: '#/components/schemas/Challenge' },
                  { $ref: '#/components/schemas/Accepted' },
                  { $ref: '#/components/schemas/Created' },
                  { $ref: '#/components/schemas/LinkRematch' },
                ],
              },
            },
          },
        },
        400: error('a body that is not `{action}`', 'invalid_body', 'malformed_json'),
        403: error('not a player of this game', 'not_a_player', 'bad_key', 'bad_token'),
        409: error(
          'the game is still going; or its rematch has started already; or it is a tournament game (no rematch); with a game token: no offer of the other side to accept or decline, or a player key holds a side (rematch with the key)',
          'game_not_over',
          'rematch_started',
          'tournament_game',
          'no_offer',
          'rematch_by_key',
        ),
        429: tooMany('challenges (30 a minute)', 'from this player key'),
      },
    },
  },
  '/api/stream/events': {
    get: {
      summary:
        "NDJSON stream of your events: first `yourTurn` for each game where it is your turn, `offer` for each where an offer of the other side waits for your answer, and `challenge` for each challenge sent to you; then `challenge`, `challengeCanceled`, `gameStart`, `yourTurn`, `offer` (a draw, takeback or pause offered to you: the game's `drawOffer`, `takebackOffer`, `pauseOffer` say which), `offerClosed` (an offer declined, or a takeback or pause agreed, with no turn coming to you), `gameFinish` as they happen; a blank keep-alive line at least every 30 s",
      security: key,
      responses: { 200: ndjson, 403: error('not a player key') },
    },
  },
  '/api/stream/lobby': {
    get: {
      summary:
        'NDJSON stream for the lobby: a `{"type":"challenges"}` line whenever a challenge is made, accepted, withdrawn or declined (no details: fetch GET /api/challenges); a blank keep-alive line at least every 30 s',
      security: [],
      responses: { 200: ndjson },
    },
  },
};
