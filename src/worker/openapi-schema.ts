// The small JSON Schema builders the hand-written parts of /openapi.json are made of
// (openapi-answers.ts, openapi-analysis.ts).

import type { ErrorCode } from '../service/error-codes.ts';

export type Json = Record<string, unknown>;

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const str: Json = { type: 'string' };
export const int: Json = { type: 'integer' };
export const bool: Json = { type: 'boolean' };
export const num: Json = { type: 'number' };
export const time: Json = { type: 'string', format: 'date-time' };
export const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] });
export const list = (items: Json): Json => ({ type: 'array', items });
export const oneOf = (...values: readonly (string | number)[]): Json => ({ enum: [...values] });

/** An object whose `required` fields are always there, whose `optional` ones may be, and nothing else. */
export function object(required: Record<string, Json>, optional: Record<string, Json> = {}, description?: string): Json {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: Object.keys(required),
    properties: { ...required, ...optional },
    // Every field an answer has is documented: a field added to an answer must be added here too.
    additionalProperties: false,
  };
}

/**
 * An error answer: `{ code, error }` (the Error schema), its `code` one of `codes`, the ones this
 * route gives with this status (each provoked for real by test/service/error-codes.test.ts).
 */
export const error = (description: string, ...codes: ErrorCode[]) => ({
  description,
  content: { 'application/json': { schema: { allOf: [ref('Error'), { properties: { code: { enum: codes } } }] } } },
});

/** The codes an error answer documents (the enum `error` wrote), to add more to. */
export const codesOf = (answer: unknown): ErrorCode[] =>
  (answer as { content: { 'application/json': { schema: { allOf: [Json, { properties: { code: { enum: ErrorCode[] } } }] } } } }).content['application/json']
    .schema.allOf[1].properties.code.enum;
