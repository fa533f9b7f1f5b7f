// Small HTTP helpers shared by the routes: validation errors in words, reading
// bodies by content type, the player token, mapping service failures.
import type { Context } from 'hono';
import * as v from 'valibot';
import type { Failure } from '../service/games.ts';
import { BearerSchema } from '../service/schemas.ts';

export type AppEnv = { Bindings: Cloudflare.Env };

type AnyIssue = v.BaseIssue<unknown> & { readonly expected?: string | null };

/** Valibot issues -> "<which field>: <what is wrong>" (the first few). */
export function describeIssues(issues: readonly AnyIssue[], where = 'body'): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = v.getDotPath(issue as v.BaseIssue<unknown>);
      const field = path ?? where;
      if (issue.type === 'strict_object' && issue.expected === 'never') return `${field}: is not a field we know`;
      if (issue.received === 'undefined' && path) return `${field}: is required`;
      if (!path && issue.type === 'strict_object') return `${field}: must be a JSON object`;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

/** The hook for @hono/valibot-validator: a 400 that says which field and why. */
export const validationHook =
  (where: string) =>
  (result: { success: boolean; issues?: readonly AnyIssue[] }, c: Context) => {
    if (!result.success) return c.json({ error: describeIssues(result.issues ?? [], where) }, 400);
  };

export const mediaType = (c: Context): string => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
export const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);

export function fromFailure(c: Context, f: Failure) {
  return c.json({ error: f.error, ...(f.at === undefined ? {} : { at: f.at }) }, f.status);
}

/** JSON bodies only: anything else is a 415 that says what to send. */
export async function requireJson(c: Context, next: () => Promise<void>) {
  if (!isJson(mediaType(c)))
    return c.json({ error: 'send a JSON body with Content-Type: application/json' }, 415);
  await next();
}

export type Token = { ok: true; token: string } | { ok: false; response: Response };

/** The player token from `Authorization: Bearer <token>`. */
export function bearerToken(c: Context, required: boolean): Token | { ok: true; token: undefined } {
  const header = c.req.header('Authorization');
  if (header === undefined) {
    if (!required) return { ok: true, token: undefined };
    c.header('WWW-Authenticate', 'Bearer');
    return { ok: false, response: c.json({ error: 'send your player token as Authorization: Bearer <token>' }, 401) };
  }
  const parsed = v.safeParse(BearerSchema, header);
  if (!parsed.success) {
    c.header('WWW-Authenticate', 'Bearer');
    return { ok: false, response: c.json({ error: `Authorization: ${parsed.issues[0].message}` }, 401) };
  }
  return { ok: true, token: parsed.output };
}

/** The base of the links we hand out. */
export const linkBase = (c: Context<AppEnv>) => ({ origin: (c.env.PUBLIC_URL || new URL(c.req.url).origin).replace(/\/+$/, '') });
