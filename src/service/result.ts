// What every service call answers: its value, or a refusal the routes turn into
// an HTTP status and `{ code, error }` (with `at`, the offset in the text, for notation errors).
import type { ErrorCode } from './error-codes.ts';

export type Failure = {
  readonly ok: false;
  readonly status: 400 | 403 | 404 | 409 | 422 | 429;
  /** What went wrong, for bots to switch on (error-codes.ts); the chat and email front ends show only `error`. */
  readonly code: ErrorCode;
  readonly error: string;
  readonly at?: number;
  /** With a 429: seconds until the same request can succeed (the Retry-After header). */
  readonly retryAfter?: number;
};
export type ServiceResult<T> = { readonly ok: true; readonly value: T } | Failure;

export const fail = (status: Failure['status'], code: ErrorCode, error: string, at?: number): Failure => ({
  ok: false,
  status,
  code,
  error,
  ...(at === undefined ? {} : { at }),
});
export const done = <T>(value: T): ServiceResult<T> => ({ ok: true, value });

/** A turn the engine refused: 400 `unreadable_turn` when it is not notation at all, else 422 `illegal_turn`; `where` goes before the reason. */
export const turnFailure = (e: { readonly kind: string; readonly message: string; readonly at?: number }, where = ''): Failure =>
  e.kind === 'syntax' ? fail(400, 'unreadable_turn', `${where}${e.message}`, e.at) : fail(422, 'illegal_turn', `${where}${e.message}`, e.at);
