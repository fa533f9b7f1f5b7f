// Valibot's issues in words: "<which field>: <what is wrong>", the lists a player counts counted
// from 1; the hook that makes them the 400 of @hono/valibot-validator.
import type { Context } from 'hono';
import * as v from 'valibot';
import { jsonError } from './http.ts';

type AnyIssue = v.BaseIssue<unknown> & { readonly expected?: string | null };

/** Lists a player counts item by item, and what their items (and items' items) are called. */
const COUNTED_LISTS: Record<string, readonly string[]> = { lines: ['line', 'turn'] };

/**
 * The field an issue is about: its dot path ("clock.daysPerMove"), but the items of a list a
 * player counts are named and counted from 1 ("line 2, turn 1"), as the service's own refusals
 * count them.
 */
function fieldOf(issue: AnyIssue): string | null {
  const keys = issue.path?.map((p) => p.key) ?? [];
  const words = COUNTED_LISTS[String(keys[0])];
  if (!words || keys.length < 2 || !keys.slice(1).every((k) => typeof k === 'number')) return v.getDotPath(issue as v.BaseIssue<unknown>);
  return keys
    .slice(1)
    .map((k, i) => `${words[i] ?? 'item'} ${Number(k) + 1}`)
    .join(', ');
}

/** Valibot issues -> "<which field>: <what is wrong>" (the first few). */
export function describeIssues(issues: readonly AnyIssue[], where = 'body', labels: Readonly<Record<string, string>> = {}): string {
  const words = issues.map((issue) => {
    const path = fieldOf(issue);
    // A page form names its fields by their labels ("Days per move"), not by the API's names.
    // Own labels only: `labels['__proto__']` would be Object.prototype ("[object Object]").
    const field = (path && Object.hasOwn(labels, path) ? labels[path] : path) ?? where;
    // valibot takes an array for an object and then misses its keys: say what type is wanted.
    const parent = issue.path?.at(-1);
    if (parent?.type === 'object' && Array.isArray(parent.input))
      return `${
        issue
          .path!.slice(0, -1)
          .map((p) => p.key)
          .join('.') || where
      }: must be a JSON object, not an array`;
    // A query parameter given twice (`?since=1&since=2`) reaches the schema as a list.
    if (where === 'query' && issue.type === 'string' && Array.isArray(issue.input)) return `${field}: is given more than once; give it once`;
    if (issue.type === 'strict_object' && issue.expected === 'never') return `${field}: is not a field we know`;
    if (issue.received === 'undefined' && path) return `${field}: is required`;
    if (!path && issue.type === 'strict_object') return `${field}: must be a JSON object`;
    // A message that names its field itself ("ply must be ...", shared with the pages' forms) says it once.
    const message = issue.message.toLowerCase().startsWith(`${field.toLowerCase()} `) ? issue.message.slice(field.length + 1) : issue.message;
    return `${field}: ${message}`;
  });
  return [...new Set(words)].slice(0, 3).join('; ');
}

/** The hook for @hono/valibot-validator: a 400 that says which field and why. */
export const validationHook = (where: string) => (result: { success: boolean; issues?: readonly AnyIssue[] }, c: Context) => {
  if (!result.success) return jsonError(c, 400, where === 'query' ? 'invalid_query' : 'invalid_body', describeIssues(result.issues ?? [], where));
};

/** A service's refusal on a page: its field named by the form's label ("Rounds: …"), its first word capitalised. */
export function labelled(error: string, labels: Readonly<Record<string, string>>): string {
  const field = /^([\w.]+): /.exec(error)?.[1];
  const label = field && Object.hasOwn(labels, field) ? labels[field] : undefined;
  const text = label ? `${label}: ${error.slice(field!.length + 2)}` : error;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
