// What every service call answers: its value, or a refusal the routes turn into
// an HTTP status and `{ error }` (with `at`, the offset in the text, for notation errors).

export type Failure = {
  readonly ok: false;
  readonly status: 400 | 403 | 404 | 409 | 422 | 429;
  readonly error: string;
  readonly at?: number;
  /** With a 429: seconds until the same request can succeed (the Retry-After header). */
  readonly retryAfter?: number;
};
export type ServiceResult<T> = { readonly ok: true; readonly value: T } | Failure;

export const fail = (status: Failure['status'], error: string, at?: number): Failure => ({ ok: false, status, error, ...(at === undefined ? {} : { at }) });
export const done = <T>(value: T): ServiceResult<T> => ({ ok: true, value });
