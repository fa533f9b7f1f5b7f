// /openapi.json, built from the same valibot schemas the routes validate with.
import type { ErrorCode } from '../service/error-codes.ts';
import { MAX_BODY_BYTES } from './http-body.ts';
import { MAX_SIZE, MIN_SIZE } from '../service/preview.ts';
import { botPaths } from './bots/openapi-bots.ts';
import { MAX_CONDITIONAL_LINES, MAX_CONDITIONAL_TURNS, MAX_MESSAGE_CHARS, MESSAGE_RATE } from '../service/schemas.ts';
import { openApiComponents } from './openapi-components.ts';
import { codesOf, error } from './openapi-schema.ts';
import { analysisPaths } from './openapi-analysis.ts';

const json = (description: string, ref = 'GameState') => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
/** A 429 with the seconds until the same request can succeed. */
const tooMany = (what: string, from = 'from this client address') => ({
  ...error(`too many ${what} ${from} in the last minute`, 'rate_limited'),
  headers: { 'Retry-After': { description: 'seconds until a new request can succeed', schema: { type: 'integer' } } },
});
/** A chat command's answer: JSON, or the reply alone as text with `Accept: text/plain`. */
const chatAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatReply' } }, 'text/plain': { schema: { type: 'string' } } },
});
const ndjson = {
  description: 'one JSON object a line',
  content: { 'application/x-ndjson': { schema: { type: 'string', description: 'newline-delimited JSON events' } } },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{4,32}$' } };
/** A required JSON body of one of the components' schemas. */
const jsonBody = (schema: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });

const auth = [{ playerToken: [] }, { playerTokenQuery: [] }];
/** Player routes: the player key as Bearer or ?token= (or the /me page's cookie). */
const key = [{ playerToken: [] }, { playerTokenQuery: [] }];
const challengeParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{12}$' } };
const playerParam = { ...challengeParam };
/** An action on a game (resign, draw, ...): the game after it; `codes` are the refusals of its own. */
const playerAction = (summary: string, codes: { 403?: ErrorCode[]; 409?: ErrorCode[] } = {}, extra: Record<string, unknown> = {}) => ({
  post: {
    summary,
    security: auth,
    parameters: [id],
    ...extra,
    responses: {
      200: json('the game after the action'),
      401: error('no or malformed Authorization header'),
      403: error('not a player of this game (or not allowed for this side)', ...(codes[403] ?? [])),
      404: error('no such game'),
      409: error(
        'the game is over, or not in a state that allows this; `stale_ply`: another write to the game came first (read it again)',
        'game_over',
        'stale_ply',
        ...(codes[409] ?? []),
      ),
    },
  },
});

/** A picture's (or a preview's board's) width in pixels. */
const sizeParam = {
  name: 'size',
  in: 'query',
  required: false,
  description: 'the width in pixels',
  schema: { type: 'integer', minimum: MIN_SIZE, maximum: MAX_SIZE },
};

const tournamentParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{12}$' } };
/** A player's action on a tournament: the tournament after it. */
const tournamentAction = (summary: string, conflicts: string, codes: { 403?: ErrorCode[]; 409: ErrorCode[] }) => ({
  post: {
    summary,
    security: key,
    parameters: [tournamentParam],
    responses: {
      200: json('the tournament after it', 'Tournament'),
      403: error('not a player key (start: not the creator)', ...(codes[403] ?? [])),
      404: error('no such tournament', 'unknown_tournament'),
      409: error(conflicts, ...codes[409]),
    },
  },
});

let cached: { paths: Record<string, Record<string, Operation>> } | undefined;

type Operation = {
  summary: string;
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, unknown>;
  [more: string]: unknown;
};

/** `post /api/games/{id}/moves` -> `postGamesIdMoves`: unique, as each path and method is. */
function operationId(method: string, path: string): string {
  const words = path.split(/[/.{}-]+/).filter((w) => w && w !== 'api');
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Add `codes` to the operation's error answer with `status` (made with `description` if it has none). */
function addCodes(op: Operation, status: number, description: string, ...codes: ErrorCode[]) {
  const known = codesOf((op.responses[status] ??= error(description)));
  for (const code of codes) if (!known.includes(code)) known.push(code);
}

/** The answers every route of a kind can give (a game id, a token, a body), added once instead of on each path. */
function withCommonErrors<T extends { paths: Record<string, Record<string, Operation>> }>(doc: T): T {
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations)) {
      op.operationId ??= operationId(method, path);
      // A route without a token is public: said explicitly, as linters ask.
      op.security ??= [];
      if (op.parameters?.includes(id)) addCodes(op, 404, 'no such game', 'unknown_game');
      if (op.parameters?.includes(challengeParam)) addCodes(op, 404, 'no such challenge', 'unknown_challenge');
      // A token the route cannot do without (an optional one that is not usable is ignored).
      if (op.security.length && !op.security.some((s) => !Object.keys(s as object).length)) {
        addCodes(op, 401, 'no token, or an Authorization header that is not Bearer', 'token_required', 'bad_authorization');
        addCodes(
          op,
          403,
          "not a player's token or key here, or the key cookie sent from another site",
          op.security === key ? 'bad_key' : 'bad_token',
          'cross_origin',
        );
      }
      if (!op.requestBody && method !== 'get') {
        // A body sent anyway is read like any other (src/worker/http-body.ts): UTF-8, a JSON object, the size.
        addCodes(op, 400, 'a body sent anyway (none is needed) that is not UTF-8, or JSON that is not an object', 'invalid_body', 'invalid_encoding');
        addCodes(op, 413, `a body sent anyway, larger than ${MAX_BODY_BYTES / 1024} KiB`, 'body_too_large');
      }
      if (op.requestBody) {
        const types = Object.keys((op.requestBody as { content: object }).content);
        const json = types.includes('application/json');
        addCodes(
          op,
          400,
          'the body cannot be read: which field and why',
          'invalid_body',
          ...(json ? (['malformed_json'] as const) : []),
          ...(json || types.includes('text/plain') ? (['invalid_encoding'] as const) : []),
        );
        addCodes(op, 413, `the body is larger than ${MAX_BODY_BYTES / 1024} KiB`, 'body_too_large');
        // The chat bots' endpoints read whatever comes, as their platforms send JSON.
        if (!/^\/(discord|telegram)\//.test(path)) addCodes(op, 415, 'a content type this route does not take', 'unsupported_media_type');
      }
      for (const [status, answer] of Object.entries(op.responses))
        if (Number(status) >= 400 && !codesOf(answer).length) throw new Error(`openapi: ${method} ${path} ${status} lists no error code`);
    }
  return doc;
}

/** What a chat endpoint reads: the command as text/plain, a Slack-style form, or JSON {text}. */
/** The 400 of a Web Push subscription, for a seat or a player alike. */
const subscriptionRefused = error(
  'which field is wrong: missing keys, `keys.p256dh` not a P-256 point, `keys.auth` not 16 bytes, an `endpoint` the URL policy refuses',
  'refused_url',
);

const chatBody = {
  required: true,
  content: {
    'text/plain': { schema: { type: 'string' } },
    'application/x-www-form-urlencoded': { schema: { type: 'object', description: 'Slack-style', properties: { text: { type: 'string' } } } },
    'application/json': { schema: { $ref: '#/components/schemas/Chat' } },
  },
};

export function openApiDocument(serverUrl: string): object {
  cached ??= withCommonErrors({
    openapi: '3.1.0',
    info: {
      title: 'Subspace',
      version: '0.1.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Subspace' },
      description:
        "Correspondence play of L. Lynn Smith's 3D chess variants. Errors are always JSON {code, error}: `code` a stable word for programs to switch on (each answer lists the codes it can carry; all of them with their meanings in docs/http.md), `error` the words for people; syntax errors of a move add `at`, the offset where reading stopped. Every path also answers, as docs/http.md says: 404 `unknown_route` for a path that is not here, 405 `method_not_allowed` with `Allow` for a method it does not take, 308 to the same path without a trailing slash for GET and HEAD, and 204 to a CORS preflight (OPTIONS). JSON bodies may be sent as `application/json` or any `application/*+json` type. The operator's routes under /admin (docs/deploy.md) are not part of this API.",
    },
    components: openApiComponents(),
    paths: {
      '/api/games': {
        post: {
          summary: 'Create a game, from the variant’s start or from a set-up `position` (position text)',
          requestBody: jsonBody('CreateGame'),
          responses: {
            201: json(
              'the new game with each human player’s link and token (none for the computer’s side); its state’s `startPosition` is the set-up',
              'Created',
            ),
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
            content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: { $ref: '#/components/schemas/ImportGame' } } },
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
            409: error('a stale ply, a ply ahead of the game, or the game is over', 'stale_ply', 'future_ply', 'game_over'),
            415: error('neither text/plain nor JSON'),
            422: error('illegal: why', 'illegal_turn'),
            429: {
              ...error('the message sent with the move is over the hourly limit (nothing was played)', 'rate_limited'),
              headers: { 'Retry-After': { description: 'seconds until a message can be sent again', schema: { type: 'integer' } } },
            },
          },
        },
      },
      '/api/games/{id}/takeback': playerAction(
        "Takeback by agreement: `offer` asks to take back your last turn (and the opponent's reply after it, if any); the opponent answers `accept` (the turns go, in one write; GET …/moves lists them under `takebacks`, the record in a comment) or `decline`; any move ends the request. Against the computer, levels 1-2 grant it at once, stronger levels refuse (409)",
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
          summary: `Replace your conditional lines (while your opponent is to move; an empty list clears them). Each line: your opponent's turn, your answer, ... (an even number, at most ${MAX_CONDITIONAL_TURNS}; at most ${MAX_CONDITIONAL_LINES} lines), checked by the engine and stored in canonical text. When your opponent plays the first turn of a line, your answer is played at once as any turn`,
          security: auth,
          parameters: [id],
          requestBody: jsonBody('Conditional'),
          responses: {
            200: json('the lines as stored (canonical text)', 'ConditionalLines'),
            400: error('not a list of lines of turns, odd or too long, too many lines'),
            403: error('not a player of this game'),
            409: error('your own turn (play it first), or the game is over; `stale_ply`: a move came first', 'own_turn', 'game_over', 'stale_ply'),
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
        { 409: ['no_clock', 'game_paused', 'offer_pending', 'already_offered', 'no_offer'] },
        { requestBody: jsonBody('Pause') },
      ),
      '/api/games/{id}/leave': playerAction(
        'Leave days: the player to move adds `days` of their own leave days (given at creation by `clock.leaveDays`, 0-30) to their deadline; no agreement needed. 403 not your turn; 409 not that many left, no clock, or paused',
        { 403: ['not_your_turn'], 409: ['no_clock', 'game_paused', 'no_leave_left'] },
        { requestBody: jsonBody('Leave') },
      ),
      '/api/games/{id}/resign': playerAction('Resign'),
      '/api/games/{id}/abort': playerAction('Abort (only before each side has moved)', { 409: ['too_late_to_abort'] }),
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
          parameters: [id, { name: 'move', in: 'query', required: true, schema: { type: 'string' } }, sizeParam],
          responses: {
            200: json('the turn in canonical text, its ply, and the board after it', 'Preview'),
            400: error('unreadable, or no `move`', 'unreadable_turn', 'invalid_query'),
            409: error('game over', 'game_over'),
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
                  summary: `The board as a ${format.toUpperCase()} picture (current position, or \`ply=N\`)`,
                  parameters: [
                    id,
                    { name: 'ply', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
                    sizeParam,
                    {
                      name: 'from',
                      in: 'query',
                      required: false,
                      description: 'the side the board is seen from (default white)',
                      schema: { type: 'string', enum: ['white', 'black'] },
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
      '/api/players': {
        post: {
          summary:
            'Become a player: a key (shown once; only its hash is kept) that works as `Authorization: Bearer <key>` on every player route and on your games',
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
            202: json('the same answer whether or not the address is known (only a confirmed address gets the link)', 'SignInSent'),
            429: tooMany('sign-in emails (10 a minute per client address; 5 an hour per email address, Retry-After up to 3600)', 'asked for'),
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
            200: json(
              'your player; a new webhook URL adds `webhookSecret` (shown once); a new email is unconfirmed until its mailed link is opened',
              'PlayerSelf',
            ),
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
      '/api/challenges': {
        post: {
          summary: 'Offer a game, to anyone or (`to`) to one player; expires after `expiresInDays` (default 7)',
          security: key,
          requestBody: jsonBody('CreateChallenge'),
          responses: {
            201: json('the challenge (with its link)', 'Challenge'),
            400: error('which field and why (`to` yourself, options that do not go)', 'invalid_options'),
            403: error('not a player key'),
            404: error('no player with that `to` id', 'unknown_player'),
            429: tooMany('challenges (30 a minute)', 'from this player key'),
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
          summary: 'A player of a finished game offers it again, colours swapped, to the opponent',
          security: key,
          parameters: [id],
          responses: {
            201: json('the rematch challenge', 'Challenge'),
            403: error('not a player of this game', 'not_a_player'),
            409: error('the game is still going', 'game_not_over'),
            429: tooMany('challenges (30 a minute)', 'from this player key'),
          },
        },
      },
      '/api/stream/events': {
        get: {
          summary:
            'NDJSON stream of your events: `yourTurn` for each game waiting for you and `challenge` for each sent to you first, then `challenge`, `challengeCanceled`, `gameStart`, `yourTurn`, `gameFinish` as they happen; a blank keep-alive line at least every 30 s',
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
      '/api/games/{id}/stream': {
        get: {
          summary:
            'NDJSON stream of a game: `gameFull` (the state) first, then a line per change with the state after it (`move` for every turn, `drawOffer`, `takebackOffer`, `takeback`, `pauseOffer`, `pause`, `pauseEnd`, `offerDeclined`, `message`, `gameFinish`); with a token or key the state has `you`',
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
      '/openapi.json': { get: { summary: 'This document', security: [], responses: { 200: json('OpenAPI 3.1', 'OpenApi') } } },
      '/api': { get: { summary: 'Where the API begins: this document and the main lists', security: [], responses: { 200: json('the index', 'ApiIndex') } } },
      ...botPaths,
      ...analysisPaths(id, auth),
    },
  });
  return { ...cached, servers: [{ url: serverUrl }] };
}
