// /openapi.json, built from the same valibot schemas the routes validate with.
import type { ErrorCode } from '../service/error-codes.ts';
import { bodyLimitOf, MAX_BODY_BYTES } from './http-body.ts';
import { botPaths } from './bots/openapi-bots.ts';
import { openApiComponents } from './openapi-components.ts';
import { codesOf, error } from './openapi-schema.ts';
import { analysisPaths } from './openapi-analysis.ts';
import { gamePaths } from './openapi-games.ts';
import { auth, challengeParam, id, json, jsonBody, key, type Operation } from './openapi-operations.ts';
import { playerPaths } from './openapi-players.ts';

let cached: { paths: Record<string, Record<string, Operation>> } | undefined;

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
        addCodes(
          op,
          400,
          'a body sent anyway (none is needed) that is not UTF-8, JSON that does not parse, or JSON that is not an object: nothing is done',
          'invalid_body',
          'malformed_json',
          'invalid_encoding',
        );
        addCodes(op, 413, `a body sent anyway, larger than ${MAX_BODY_BYTES / 1024} KiB`, 'body_too_large');
      }
      if (op.requestBody) {
        const types = Object.keys((op.requestBody as { content: object }).content);
        const takesJson = types.includes('application/json');
        addCodes(
          op,
          400,
          'the body cannot be read: which field and why',
          'invalid_body',
          ...(takesJson ? (['malformed_json'] as const) : []),
          ...(takesJson || types.includes('text/plain') ? (['invalid_encoding'] as const) : []),
        );
        addCodes(op, 413, `the body is larger than ${bodyLimitOf(path) / 1024} KiB`, 'body_too_large');
        // The chat bots' endpoints read whatever comes, as their platforms send JSON.
        if (!/^\/(discord|telegram)\//.test(path)) addCodes(op, 415, 'a content type this route does not take', 'unsupported_media_type');
      }
      for (const [status, answer] of Object.entries(op.responses))
        if (Number(status) >= 400 && !codesOf(answer).length) throw new Error(`openapi: ${method} ${path} ${status} lists no error code`);
    }
  return doc;
}

/** A webhook delivery: signed as Standard Webhooks (the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers). */
const webhook = (operationId: string, summary: string, body: string) => ({
  post: {
    operationId,
    summary,
    description:
      'Signed as Standard Webhooks: `webhook-id` (the same on every retry: de-duplicate on it), `webhook-timestamp` (Unix seconds), `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the secret, base64-decoded without `whsec_`).',
    security: [],
    requestBody: jsonBody(body),
    responses: {
      200: { description: 'any 2xx: delivered' },
      410: { description: 'Gone: the endpoint is switched off until the webhook is set again' },
      500: { description: 'any other answer, or none within 10 s: retried with backoff' },
    },
  },
});

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
      ...gamePaths,
      ...playerPaths,
      '/openapi.json': { get: { summary: 'This document', security: [], responses: { 200: json('OpenAPI 3.1', 'OpenApi') } } },
      '/api': { get: { summary: 'Where the API begins: this document and the main lists', security: [], responses: { 200: json('the index', 'ApiIndex') } } },
      ...botPaths,
      ...analysisPaths(id, auth),
    },
    // What Subspace POSTs to the webhooks players give (docs/notifications.md), for generated receivers (tester 15 B2).
    webhooks: {
      gameEvent: webhook(
        'gameEvent',
        "A game's event, to the webhook of the seat it is for (`webhook` when creating the game, or PATCH /api/games/{id}/me)",
        'GameWebhook',
      ),
      playerEvent: webhook('playerEvent', "An event of a player's own, to the webhook PATCH /api/me set", 'PlayerWebhook'),
    },
  });
  return { ...cached, servers: [{ url: serverUrl }] };
}
