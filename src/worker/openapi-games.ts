// /openapi.json's paths of one game: creating and importing it, its state, turns, offers,
// messages, seat settings, pictures, streams and socket (the analysis is in openapi-analysis.ts).
import { MAX_CONDITIONAL_LINES, MAX_CONDITIONAL_TURNS, MAX_MESSAGE_CHARS, MESSAGE_RATE } from '../service/schemas.ts';
import {
  fromParam,
  json,
  tooMany,
  chatAnswer,
  ndjson,
  id,
  jsonBody,
  auth,
  playerAction,
  sizeParam,
  subscriptionRefused,
  chatBody,
} from './openapi-operations.ts';
import { error } from './openapi-schema.ts';

export const gamePaths = {
  '/api/games': {
    post: {
      summary: 'Create a game, from the variant’s start or from a set-up `position` (position text)',
      // A player key is optional: with one, the game is the player's (tester 8 K6: generated clients sent none).
      security: [{ playerToken: [] }, {}],
      requestBody: jsonBody('CreateGame'),
      responses: {
        201: json('the new game with each human player’s link and token (none for the computer’s side); its state’s `startPosition` is the set-up', 'Created'),
        400: error(
          'bad variant, options or players (a computer level that is not 1-6, the computer on both sides); a `position` that cannot be read, breaks a set-up rule (pieces over one set, a missing king, the side not to move in check, phases out of order) or is already over, saying which',
          'invalid_options',
          'invalid_position',
          'refused_url',
        ),
        401: error('with a player key: an Authorization header that is not Bearer <key>', 'bad_authorization'),
        403: error('with a player key: not a player key', 'bad_key'),
        415: error('not JSON'),
        429: tooMany('new games'),
      },
    },
  },
  '/api/games/import': {
    post: {
      summary: 'Create a game from a text record; every turn is replayed and checked (a set-up start comes from `[SetUp "1"]` and `[Position]`)',
      requestBody: {
        required: true,
        content: {
          'text/plain': { schema: { type: 'string' } },
          'application/json': { schema: { $ref: '#/components/schemas/ImportGame' } },
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              description: 'as `curl -d` sends it: a `record` field, or the body read as the text itself',
              properties: { record: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        201: json('the imported game', 'Created'),
        400: error('unreadable record', 'invalid_record', 'unknown_variant', 'unreadable_turn', 'refused_url'),
        422: error('a turn is not legal, or the result does not match the moves: which and why', 'illegal_turn', 'inconsistent_record'),
        429: tooMany('new games'),
      },
    },
  },
  '/api/games/{id}': {
    get: {
      summary: 'Public state of a game (with a player token: also `you`)',
      security: [...auth, {}],
      parameters: [id],
      responses: { 200: json('the game'), 403: error('a token that is not a player token of this game', 'bad_token'), 404: error('no such game') },
    },
  },
  '/api/games/{id}/hint': {
    get: {
      summary: "The engine's suggestion for the side to move (games against the computer, or created with hints: true)",
      security: auth,
      parameters: [id],
      responses: {
        200: json('the suggested turn', 'Hint'),
        403: error('not a player of this game, or hints are off in it', 'hints_off'),
        409: error('not your turn, or the game is over', 'game_over', 'not_your_turn'),
      },
    },
  },
  '/api/games/{id}/legal': {
    get: {
      summary: 'Canonical text of every legal turn for the side to move',
      parameters: [id],
      responses: {
        200: json('{ply, sideToMove, status, legal: string[]}', 'Legal'),
        404: error('no such game'),
      },
    },
  },
  '/api/games/{id}/moves': {
    get: {
      summary: 'History: ply, side, canonical text, time; and the turns taken back by agreement',
      parameters: [
        id,
        { name: 'since', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{1,6}$' }, description: 'only turns after this ply' },
      ],
      responses: {
        200: json('the turns played, and the turns taken back by agreement', 'History'),
        400: error('`since` is not a ply number', 'invalid_query'),
        404: error('no such game'),
      },
    },
    post: {
      summary: 'Make a move',
      security: auth,
      parameters: [id],
      requestBody: {
        required: true,
        content: {
          'text/plain': { schema: { type: 'string', examples: ['Wb2-Wb3', 'Wb2-Wb3 #1'], description: 'the turn, optionally followed by #<ply>' } },
          'application/json': { schema: { $ref: '#/components/schemas/Move' } },
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              description: 'as `curl -d` sends it: a `move` field (optionally with #<ply>), or the body read as the turn itself',
              properties: { move: { type: 'string' } },
            },
          },
        },
      },
      responses: {
        200: json(
          "the turn as played and the game after it; `answer`: your opponent's conditional answer, played at once (the state is then after it)",
          'Moved',
        ),
        400: error('the move cannot be read (`at` says where)', 'unreadable_turn'),
        401: error('no or malformed Authorization header'),
        403: error('not your turn, or not your game', 'not_your_turn'),
        404: error('no such game'),
        409: error('a stale ply or position, a ply ahead of the game, or the game is over', 'stale_ply', 'future_ply', 'game_over'),
        415: error('neither text/plain, a form nor JSON'),
        422: error('illegal: why', 'illegal_turn'),
        429: {
          ...error('the message sent with the move is over the hourly limit (nothing was played)', 'rate_limited'),
          headers: { 'Retry-After': { description: 'seconds until a message can be sent again', schema: { type: 'integer' } } },
        },
      },
    },
  },
  '/api/games/{id}/takeback': playerAction(
    "Takeback by agreement: `offer` asks to take back your last turn (and the opponent's reply after it, if any); the opponent answers `accept` (the turns go, in one write; GET …/moves lists them under `takebacks`, the record in a comment) or `decline`; any move ends the request. Against the computer, levels 1-2 grant it at once, stronger levels refuse (409). `ply` (optional): the game's ply as you read it (the state's `ply`); a request that finds the game elsewhere (a retry after the first was granted) is 409 `stale_ply` and changes nothing; without `ply`, the computer's takeback asked for again within 10 seconds with no turn since is the same 409",
    { 409: ['offer_pending', 'already_offered', 'takebacks_off', 'no_offer', 'nothing_to_take_back'] },
    { requestBody: jsonBody('Takeback') },
  ),
  '/api/games/{id}/conditional': {
    get: {
      summary: "Your conditional moves (a forecast), private to you: lines that start with your opponent's turn at ply + 1, then your answer, and so on",
      security: auth,
      parameters: [id],
      responses: {
        200: json(
          "your lines (none once the game moved past them); `outcome`: what became of the lines you had for your opponent's last turn",
          'ConditionalLines',
        ),
        403: error('not a player of this game'),
      },
    },
    put: {
      summary: `Replace your conditional lines (while your opponent is to move; an empty list clears them). Each line: your opponent's turn, your answer, ... (an even number, at most ${MAX_CONDITIONAL_TURNS}; at most ${MAX_CONDITIONAL_LINES} lines), checked by the engine and stored in canonical text. When your opponent plays the first turn of a line, your answer is played at once as any turn. \`ply\` and \`position\` (optional): the game as you read it (its state's); lines for a game that has left it are 409 \`stale_ply\` and nothing is stored`,
      security: auth,
      parameters: [id],
      requestBody: jsonBody('Conditional'),
      responses: {
        200: json('the lines as stored (canonical text)', 'ConditionalLines'),
        400: error(
          'not a list of lines of turns, odd or too long, too many lines; or a turn that is not notation at all (`line N, turn M (...)` and why)',
          'unreadable_turn',
        ),
        403: error('not a player of this game'),
        409: error(
          'your own turn (play it first), or the game is over; `stale_ply`: a move came first, or the game is no longer at the `ply` or `position` sent',
          'own_turn',
          'game_over',
          'stale_ply',
        ),
        422: error('an illegal turn: `line N, turn M (...)` and why; or two answers to one position', 'illegal_turn', 'conflicting_lines'),
      },
    },
    delete: {
      summary: 'Clear your conditional lines',
      security: auth,
      parameters: [id],
      responses: { 200: json('no lines any more', 'ConditionalLines'), 403: error('not a player of this game') },
    },
  },
  '/api/games/{id}/messages': {
    get: {
      summary: "The players' messages, oldest first: for the players always; for anyone else only when both players allow it",
      security: [...auth, {}],
      parameters: [id],
      responses: {
        200: json('the messages, oldest first', 'Messages'),
        403: error('not a player of this game, or a spectator while the messages are private', 'bad_token', 'messages_private'),
      },
    },
    post: {
      summary: `Send your opponent a message (up to ${MAX_MESSAGE_CHARS} characters; line breaks allowed; at most ${MESSAGE_RATE.max} an hour per player). A move can carry one too: {"move", "message"}`,
      security: auth,
      parameters: [id],
      requestBody: jsonBody('Message'),
      responses: {
        201: json('the message as stored', 'MessageSent'),
        403: error('not a player of this game'),
        429: {
          ...error('too many messages from this player in the last hour', 'rate_limited'),
          headers: { 'Retry-After': { description: 'seconds until a message can be sent again', schema: { type: 'integer' } } },
        },
      },
    },
  },
  '/api/games/{id}/messages/visibility': {
    put: {
      summary: 'Allow (or stop allowing) spectators to read the messages: they see them only while both players allow it',
      security: auth,
      parameters: [id],
      requestBody: jsonBody('MessageVisibility'),
      responses: { 200: json('the game, with spectatorMessages {white, black}'), 403: error('not a player of this game') },
    },
  },
  '/api/games/{id}/record': {
    get: {
      summary: 'Text game record',
      parameters: [id],
      responses: { 200: { description: 'the record', content: { 'text/plain': { schema: { type: 'string' } } } } },
    },
  },
  '/api/games/{id}/pause': playerAction(
    'Pause by agreement: `offer` (with `days`, 1-14) asks to stop the clock; the opponent answers `accept` (the deadline is null until the pause ends, then the side to move has the time it had left, counted from the end) or `decline`; the asker may `cancel`. The pause ends by itself (the cron, or the first request that touches the game, resumes it); moves go on meanwhile, and the clock of the next player starts when the pause ends. The computer accepts at once. 409 without a clock, while paused, with an offer already standing',
    {
      409: ['no_clock', 'game_paused', 'offer_pending', 'already_offered', 'no_offer'],
      429: 'a sixth pause request within the hour: each player may ask at most 5 times an hour, as each request and its withdrawal are told to the opponent',
    },
    { requestBody: jsonBody('Pause') },
  ),
  '/api/games/{id}/leave': playerAction(
    'Leave days: the player to move adds `days` of their own leave days (given at creation by `clock.leaveDays`, 0-30) to their deadline, before it passes; no agreement needed. `deadline` (optional): the deadline as you read it (the state’s `clock.deadline`); a request that finds another (a retry after its leave was taken) is 409 `stale_ply` and spends nothing. 403 not your turn; 409 not that many left, no clock, paused, or the deadline passed (the opponent may claim)',
    { 403: ['not_your_turn'], 409: ['no_clock', 'game_paused', 'no_leave_left', 'deadline_passed'] },
    { requestBody: jsonBody('Leave') },
  ),
  '/api/games/{id}/resign': playerAction('Resign'),
  '/api/games/{id}/abort': playerAction('Abort (only before each side has moved; never a tournament game)', { 409: ['too_late_to_abort', 'tournament_game'] }),
  '/api/games/{id}/claim': playerAction("Claim the win when the opponent's deadline has passed", {
    403: ['own_turn'],
    409: ['game_paused', 'no_clock', 'deadline_not_passed'],
  }),
  '/api/games/{id}/draw': playerAction('Offer, accept or decline a draw', { 409: ['no_offer', 'already_offered'] }, { requestBody: jsonBody('Draw') }),
  '/api/games/{id}/me': {
    get: {
      summary: "The player's own settings: email, webhook URL, reply-to address, notification choices",
      security: auth,
      parameters: [id],
      responses: { 200: json('the settings', 'SeatSettings'), 401: error('no token'), 403: error('not a player of this game'), 404: error('no such game') },
    },
    patch: {
      summary: 'Change the settings; a new webhook URL returns its new secret once (`webhookSecret`)',
      security: auth,
      parameters: [id],
      requestBody: jsonBody('SettingsPatch'),
      responses: {
        200: json('the settings', 'SeatSettings'),
        400: error('which field and what is wrong', 'refused_url'),
        403: error('not a player of this game'),
      },
    },
  },
  '/api/games/{id}/push': {
    post: {
      summary:
        "Web Push for this seat (a seat link without a player key): store the browser's PushSubscription (`PushSubscription.toJSON()`); this seat's events are then pushed to it",
      security: auth,
      parameters: [id],
      requestBody: jsonBody('PushSubscription'),
      responses: {
        201: json('stored', 'PushSubscribed'),
        400: subscriptionRefused,
        403: error('not a player of this game'),
        404: error('no such game'),
      },
    },
    delete: {
      summary: 'Stop Web Push of this seat to this browser',
      security: auth,
      parameters: [id],
      requestBody: jsonBody('PushEndpoint'),
      responses: {
        200: json('removed', 'PushSubscribed'),
        403: error('not a player of this game'),
        404: error('no such game, or no subscription with this endpoint', 'unknown_subscription'),
      },
    },
  },
  '/api/games/{id}/token': {
    post: {
      summary:
        "A new token for your seat, for a seat link shared by mistake: the old link stops working (a 403), and the seat's push subscriptions made with it end. With a player key, the seat of your player",
      security: auth,
      parameters: [id],
      responses: {
        201: json("the seat's new token and link, shown once", 'SeatRenewed'),
        401: error('no token'),
        403: error('not a player of this game (or the token was renewed meanwhile)'),
        404: error('no such game'),
      },
    },
  },
  '/api/games/{id}/deliveries': {
    get: {
      summary: "The player's notification delivery log (webhook and email attempts)",
      security: auth,
      parameters: [id],
      responses: { 200: json('the delivery attempts, newest first', 'Deliveries'), 403: error('not a player of this game') },
    },
  },
  '/api/games/{id}/chat': {
    post: {
      summary:
        'Chat-bot commands: a turn, `move <turn>`, `board`, `legal`, `resign`, `draw`, `takeback` (`takeback accept`, `takeback decline`), `pause <days>` (`pause accept`, `pause decline`, `pause cancel`), `leave <days>`, `say <words>` (a message to your opponent), `if <turn> then <turn> [then ...]` (a conditional line), `conditional` (your lines), `conditional clear`, `help`',
      security: auth,
      parameters: [id],
      requestBody: chatBody,
      responses: {
        200: chatAnswer('the reply and the game'),
        401: error("no token; or, with SLACK_SIGNING_SECRET set, a token in the URL without Slack's valid signature", 'bad_signature'),
        403: error('not a player of this game'),
      },
    },
  },
  '/api/games/{id}/preview': {
    get: {
      summary: 'The position a turn would lead to, without playing it',
      parameters: [id, { name: 'move', in: 'query', required: true, schema: { type: 'string' } }, sizeParam, fromParam],
      responses: {
        200: json('the turn in canonical text, its ply, and the board after it', 'Preview'),
        400: error('unreadable, or no `move`', 'unreadable_turn', 'invalid_query'),
        409: error('game over; or the move carries `#<ply>` and the game is not there (as sending it would answer)', 'game_over', 'stale_ply', 'future_ply'),
        422: error('illegal: why', 'illegal_turn'),
      },
    },
  },
  ...Object.fromEntries(
    (['svg', 'png'] as const).flatMap((format) => {
      const media = format === 'svg' ? 'image/svg+xml' : 'image/png';
      const picture = {
        200: { description: format.toUpperCase(), content: { [media]: { schema: { type: 'string', ...(format === 'png' ? { format: 'binary' } : {}) } } } },
      };
      return [
        [
          `/api/games/{id}/board.${format}`,
          {
            get: {
              summary: `The board as a ${format.toUpperCase()} picture (current position, or \`ply=N\`); a past \`ply\` is cached for good when \`at\` is the key of the position shown, any \`ply\` once the game is over; else for 10 s`,
              parameters: [
                id,
                { name: 'ply', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
                sizeParam,
                fromParam,
                {
                  name: 'at',
                  in: 'query',
                  required: false,
                  description: 'the key of the position meant (as notifications give it): a takeback can put another position at a ply',
                  schema: { type: 'string', pattern: '^[0-9a-f]{8}$' },
                },
              ],
              responses: { ...picture, 400: error('bad query', 'invalid_query'), 404: error('no such game, or no such ply yet', 'unknown_ply') },
            },
          },
        ],
        [
          `/api/board.${format}`,
          {
            get: {
              summary: `Any position as a ${format.toUpperCase()} picture`,
              parameters: [
                ...['variant', 'position', 'options', 'last'].map((name) => ({
                  name,
                  in: 'query',
                  required: name === 'variant' || name === 'position',
                  schema: { type: 'string' },
                })),
                sizeParam,
              ],
              responses: { ...picture, 400: error('bad variant, options or position: why', 'invalid_query', 'invalid_options', 'invalid_position') },
            },
          },
        ],
      ];
    }),
  ),
  '/api/games/{id}/stream': {
    get: {
      summary:
        'NDJSON stream of a game: `gameFull` (the state) first, then a line per change with the state after it (`move` for every turn, `drawOffer`, `takebackOffer`, `takeback`, `pauseOffer`, `pause`, `pauseEnd`, `offerDeclined`, `offerWithdrawn`, `message`, `gameFinish`); with a token or key the state has `you`',
      security: [...auth, {}],
      parameters: [id],
      responses: { 200: ndjson, 403: error('not a player token of this game', 'bad_token') },
    },
  },
  '/api/games/{id}/socket': {
    get: {
      summary:
        "The game page's live updates over a WebSocket (send Upgrade: websocket), held by the game's own Durable Object with the hibernation API: `gameFull` (the public state) first, then the stream's `move`, `drawOffer`, `gameFinish`, ... lines, one JSON object per message; a text `ping` is answered `pong`",
      security: [],
      parameters: [id],
      responses: {
        101: { description: 'switching to the WebSocket protocol' },
        404: error('no game with this id (no object is touched)'),
        426: error('not a WebSocket upgrade', 'websocket_required'),
      },
    },
  },
};
