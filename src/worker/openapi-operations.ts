// The pieces /openapi.json's paths are built from (openapi.ts assembles them): answers,
// parameters, security and the operations shared by many routes.
import type { ErrorCode } from '../service/error-codes.ts';
import { MAX_SIZE, MIN_SIZE } from '../service/preview.ts';
import { error } from './openapi-schema.ts';

export type Operation = {
  summary: string;
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, unknown>;
  [more: string]: unknown;
};

export const json = (description: string, ref = 'GameState') => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
/** A 429 with the seconds until the same request can succeed. */
export const tooMany = (what: string, from = 'from this client address') => ({
  ...error(`too many ${what} ${from} in the last minute`, 'rate_limited'),
  headers: { 'Retry-After': { description: 'seconds until a new request can succeed', schema: { type: 'integer' } } },
});
/** A chat command's answer: JSON, or the reply alone as text with `Accept: text/plain`. */
export const chatAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatReply' } }, 'text/plain': { schema: { type: 'string' } } },
});
export const ndjson = {
  description: 'one JSON object a line',
  content: { 'application/x-ndjson': { schema: { type: 'string', description: 'newline-delimited JSON events' } } },
};
export const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{4,32}$' } };
/** A required JSON body of one of the components' schemas. */
export const jsonBody = (schema: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });

export const auth = [{ playerToken: [] }, { playerTokenQuery: [] }];
/** Player routes: the player key as Bearer or ?token= (or the /me page's cookie). */
export const key = [{ playerToken: [] }, { playerTokenQuery: [] }];
export const challengeParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{12}$' } };
export const playerParam = { ...challengeParam };
/** An action on a game (resign, draw, ...): the game after it; `codes` are the refusals of its own. */
export const playerAction = (summary: string, codes: { 403?: ErrorCode[]; 409?: ErrorCode[]; 429?: string } = {}, extra: Record<string, unknown> = {}) => ({
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
      ...(codes[429]
        ? {
            429: {
              ...error(codes[429], 'rate_limited'),
              headers: { 'Retry-After': { description: 'seconds until a new request can succeed', schema: { type: 'integer' } } },
            },
          }
        : {}),
    },
  },
});

/** A picture's (or a preview's board's) width in pixels. */
export const sizeParam = {
  name: 'size',
  in: 'query',
  required: false,
  description: 'the width in pixels',
  schema: { type: 'integer', minimum: MIN_SIZE, maximum: MAX_SIZE },
};

/** Whose side a board picture is seen from. */
export const fromParam = {
  name: 'from',
  in: 'query',
  required: false,
  description: 'the side the board is seen from (default white)',
  schema: { type: 'string', enum: ['white', 'black'] },
};

export const tournamentParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{12}$' } };
/** A player's action on a tournament: the tournament after it. */
export const tournamentAction = (summary: string, conflicts: string, codes: { 403?: ErrorCode[]; 409: ErrorCode[] }) => ({
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

/** The 400 of a Web Push subscription, for a seat or a player alike. */
export const subscriptionRefused = error(
  'which field is wrong: missing keys, `keys.p256dh` not a P-256 point, `keys.auth` not 16 bytes, an `endpoint` the URL policy refuses',
  'refused_url',
);

/** What a chat endpoint reads: the command as text/plain, a Slack-style form, or JSON {text}. */
export const chatBody = {
  required: true,
  content: {
    'text/plain': { schema: { type: 'string' } },
    'application/x-www-form-urlencoded': { schema: { type: 'object', description: 'Slack-style', properties: { text: { type: 'string' } } } },
    'application/json': { schema: { $ref: '#/components/schemas/Chat' } },
  },
};
