// Reading request bodies: strict UTF-8 for JSON and text, JSON objects only, the media type,
// JSON read by hand where a body may be text or JSON, forms, and the 415 of JSON-only routes.
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { jsonError } from './http.ts';
import { describeIssues } from './http-validation.ts';

/**
 * JSON and text bodies must be UTF-8: decoding would otherwise turn bad bytes into U+FFFD and
 * store them. Read once here; the handlers' c.req.text() / json() reuse what was read.
 */
export const strictUtf8: MiddlewareHandler = async (c, next) => {
  const type = mediaType(c);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (isJson(type) || type.startsWith('text/'))) {
    // A compressed body is not taken: say so, rather than that its bytes are not UTF-8 (tester 15 B9).
    const coding = (c.req.header('Content-Encoding') ?? '').trim().toLowerCase();
    if (coding && coding !== 'identity')
      return jsonError(c, 400, 'invalid_encoding', `body: Content-Encoding ${coding.slice(0, 20)} is not taken; send the body uncompressed`);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(await c.req.arrayBuffer());
    } catch {
      return jsonError(c, 400, 'invalid_encoding', 'body: is not valid UTF-8 text');
    }
    // Every JSON body we take is an object: `[]`, `"x"` or `1` is refused here, never read as `{}`
    // (valibot's object schemas let an array through).
    if (isJson(type)) {
      // Checked before parsing: a body nested thousands deep overflows the stack of whoever copies it later (the RPC to a game's object).
      if (jsonDepth(text) > MAX_JSON_DEPTH) return jsonError(c, 400, 'invalid_body', `body: nested deeper than ${MAX_JSON_DEPTH} levels`);
      const kind = jsonKind(text);
      // A body that does not parse is refused on every route, those that take none too: a broken
      // body on /resign must not resign. The parser's words say where. An empty one (a client that
      // sends the header alone) is no body: a route that needs one says so (EMPTY_JSON).
      if ('unparsed' in kind && text.trim()) return jsonError(c, 400, 'malformed_json', `${MALFORMED_JSON} (${kind.unparsed})`);
      if ('top' in kind && kind.top !== 'object') return jsonError(c, 400, 'invalid_body', `body: must be a JSON object, not ${kind.top}`);
    }
  }
  await next();
};

/** The deepest nesting of objects and arrays a JSON body may have (ours need a few levels). */
export const MAX_JSON_DEPTH = 32;

/** How deep a JSON text's objects and arrays nest (brackets inside strings not counted); it need not parse. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) deepest = Math.max(deepest, ++depth);
    else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return deepest;
}

/** What a JSON text holds at the top ('object', 'an array', 'a string', ...), or the parser's words when it does not parse. */
function jsonKind(text: string): { top: string } | { unparsed: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { unparsed: (e instanceof Error ? e.message : String(e)).slice(0, 160) };
  }
  if (Array.isArray(value)) return { top: 'an array' };
  if (value === null) return { top: 'null' };
  return { top: typeof value === 'object' ? 'object' : `a ${typeof value}` };
}

/** Request bodies above this are refused with 413 (moves and settings are far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;
/** An imported record's body: its text (MAX_RECORD_TEXT characters, schemas.ts), as JSON or form-encoded too. */
export const MAX_RECORD_BYTES = 512 * 1024;
export const RECORD_PATH = '/api/games/import';
/** The body limit of a path: records may be long, everything else is small. */
export const bodyLimitOf = (path: string) => (path === RECORD_PATH ? MAX_RECORD_BYTES : MAX_BODY_BYTES);
export const mediaType = (c: Context): string => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
export const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);
export const MALFORMED_JSON = 'body: malformed JSON';
const EMPTY_JSON = 'body: is empty, where this route takes a JSON object (its fields: GET /openapi.json)';

/**
 * The answer to a JSON body that a route needs and that did not parse after strictUtf8 let it
 * through: only an empty (or blank) one gets this far.
 */
export const unreadJson = async (c: Context): Promise<Response> =>
  (await c.req.text()).trim() ? jsonError(c, 400, 'malformed_json', MALFORMED_JSON) : jsonError(c, 400, 'invalid_body', EMPTY_JSON);

/** Read JSON ourselves where a body may be JSON or text (so a bad one is a clear 400). */
export async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, value: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false, response: await unreadJson(c) };
  }
}

/**
 * A form body that cannot be read: the API's words name the body and the parser's reason; a
 * browser's page says it in the page's words (tester 17 X10), without the parser's.
 */
export class UnreadableForm extends HTTPException {
  constructor(
    message: string,
    readonly pageWords: string,
  ) {
    super(400, { message });
  }
}

/** A form field given more than once: refused, as no form of ours repeats one (tester 15 B3). */
const givenTimes = (name: string, times: number) =>
  new UnreadableForm(`body: the field ${name} is given ${times} times; send it once`, `The form gave its field “${name}” ${times} times.`);

/**
 * A form body (urlencoded or multipart) as text fields; a body that does not parse as its
 * Content-Type says (a multipart without its boundary, say) is a 400, never a 500.
 */
export async function readForm(c: Context): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch (e) {
    const type = mediaType(c);
    throw new UnreadableForm(
      `body: the form cannot be read as ${type} (${e instanceof Error ? e.message : String(e)})`,
      `The form could not be read as ${type}.`,
    );
  }
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(body)) {
    // No form of ours repeats a field: two turns (`move=a&move=b`) are refused, not one of them guessed (tester 15 B3).
    if (Array.isArray(val) && val.some((x) => typeof x === 'string')) throw givenTimes(k.slice(0, 40), val.length);
    if (typeof val === 'string') out[k] = val;
  }
  return out;
}

/** Form fields as strings (files are ignored). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  return readForm(c);
}

/** JSON bodies only: anything else is a 415 that says what to send. */
export async function requireJson(c: Context, next: () => Promise<void>) {
  if (!isJson(mediaType(c))) return jsonError(c, 415, 'unsupported_media_type', 'send a JSON body with Content-Type: application/json');
  await next();
}

/**
 * A form-encoded body without its field (`curl -d 'Wb2-Wb3'` labels any string so): the text as
 * sent, not read as a form ("&" would end it, "+" be a space, "=" drop it). Only a body that is percent-encoded throughout
 * (`curl --data-urlencode`: no spaces, and escapes in it) is decoded; a stray "%" stays itself.
 */
function bareFormText(raw: string): string {
  if (/\s/.test(raw) || !/%[0-9a-f]{2}/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A form-encoded body's text: its field `name` when it has one (`fromField`), else the body as sent (bareFormText). */
export function formBodyText(raw: string, name: string): { text: string; fromField: boolean } {
  const value = new URLSearchParams(raw).get(name);
  return value === null ? { text: bareFormText(raw), fromField: false } : { text: value, fromField: true };
}

/**
 * A body that may be text/plain (or form-encoded: a field named `text.name`, or the body as sent) or
 * JSON (a turn, a record): the text read with `text.schema`, its
 * problems named as `text.name` ("move: ..."); JSON read by hand (a broken one is the 400 of
 * malformed JSON) with `json`, its problems named by field; any other type the 415 saying `how`.
 */
export async function readTextOrJson<T, J>(
  c: Context,
  text: { readonly schema: v.GenericSchema<string, T>; readonly name: string },
  json: v.GenericSchema<unknown, J>,
  how: string,
): Promise<{ ok: true; text: true; value: T } | { ok: true; text: false; value: J } | { ok: false; response: Response }> {
  const type = mediaType(c);
  // No Content-Type at all (Python requests' bytes body, curl -H 'Content-Type:') is read as text (tester 15 B5).
  if (type === 'text/plain' || type === '' || type === 'application/x-www-form-urlencoded') {
    // curl -d sends any string as a form: its `move=` (`record=`) field, or the body as written.
    const raw = await c.req.text();
    // JSON sent without its type (Python requests' data=json.dumps(...)): said so, not read as a turn (tester 16 R5).
    if (type === '' && /^\s*[{[]/.test(raw))
      return {
        ok: false,
        response: jsonError(c, 400, 'invalid_body', `body: looks like JSON but has no Content-Type: send it with Content-Type: application/json (${how})`),
      };
    const form = type === 'text/plain' ? undefined : formBodyText(raw, text.name);
    // A field beside it (`ply=`, `position=`) would be dropped without a word, and a guard the
    // sender counts on with it (tester 5 F8): refused, naming where it is read.
    const fields = form?.fromField ? [...new URLSearchParams(raw).keys()] : [];
    const times = fields.filter((k) => k === text.name).length;
    if (times > 1) return { ok: false, response: jsonError(c, 400, 'invalid_body', givenTimes(text.name, times).message) };
    const beside = fields.find((k) => k !== text.name);
    if (beside !== undefined)
      return {
        ok: false,
        response: jsonError(c, 400, 'invalid_body', `${beside}: a form body is read for its ${text.name}= field alone; send ${beside} in a JSON body (${how})`),
      };
    const parsed = v.safeParse(text.schema, form ? form.text : raw);
    if (!parsed.success) return { ok: false, response: jsonError(c, 400, 'invalid_body', describeIssues(parsed.issues, text.name)) };
    return { ok: true, text: true, value: parsed.output };
  }
  if (!isJson(type)) return { ok: false, response: jsonError(c, 415, 'unsupported_media_type', how) };
  const body = await readJson(c);
  if (!body.ok) return body;
  const parsed = v.safeParse(json, body.value);
  if (!parsed.success) return { ok: false, response: jsonError(c, 400, 'invalid_body', describeIssues(parsed.issues)) };
  return { ok: true, text: false, value: parsed.output };
}
