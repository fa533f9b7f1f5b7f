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

/**
 * Text after a ply marker (`Wb2-Wb3 #1 #1`, `Wb2-Wb3 #1!`), when the engine stopped reading at the
 * marker (`at`): the words and offset then name what follows it, not the marker (tester 15 B7).
 */
function markerJunk(text: string, at: number | undefined): { message: string; at: number } | undefined {
  if (at === undefined) return undefined;
  const start = text[at] === '#' ? at : text[at - 1] === '#' ? at - 1 : -1; // Planar's reader takes a `#` as mate
  const m = start < 0 ? null : /^#(-?\d+)(\s*)(\S[\s\S]*)$/.exec(text.slice(start));
  if (!m) return undefined;
  const rest = m[3]!.trim();
  return {
    message: `unexpected "${rest.length > 40 ? `${rest.slice(0, 40)}…` : rest}" after the ply marker #${m[1]}`,
    at: start + 1 + m[1]!.length + m[2]!.length,
  };
}

/** A turn as sent (API, page, chat, mail) that the engine refused; text after its ply marker is named as such. */
export function sentTurnFailure(e: { readonly kind: string; readonly message: string; readonly at?: number }, text: string): Failure {
  const junk = e.kind === 'syntax' ? markerJunk(text, e.at) : undefined;
  return junk ? fail(400, 'unreadable_turn', junk.message, junk.at) : turnFailure(e);
}
