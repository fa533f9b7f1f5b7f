// How the pages answer: security and cache headers, error pages, failures in words.
import type { Context } from 'hono';
import type { Failure } from '../../service/result.ts';
import { ownPagesOnly } from '../http-auth.ts';
import { ErrorPage } from './layout.tsx';
import type { AppEnv } from '../services.ts';
import { sideWorker } from '../board-png.ts';
import type { RarePage } from './rare-pages.tsx';

/** Pages allow our own script and styles (the board's <style> is inline), nothing from elsewhere. */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";
/** A stand-alone picture needs nothing but its own style. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function page<C extends Context>(c: C, status: 200 | 201 | 400 | 403 | 404 | 409 | 429 = 200): C {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  c.status(status);
  return c;
}

/** A page the picture Worker draws (src/worker/pages/rare-pages.tsx), answered as every page is. */
export async function rarePage<E extends AppEnv>(c: Context<E>, request: RarePage, status: 200 | 400 | 403 | 404 | 409 | 429 = 200): Promise<Response> {
  const html = await sideWorker(c.env).page(request, c.get('pageInfo') ?? { path: c.req.path });
  return page(c, status).html(html);
}

export const errorPage = (c: Context, status: 400 | 403 | 404 | 409 | 429, title: string, message: string, back?: string) =>
  page(c, status).html(<ErrorPage status={status} title={title} message={message} {...(back ? { back } : {})} />);

/** An error page whose way on is the player's own page (/me) unless said otherwise. */
export const meErrorPage = (c: Context, status: 400 | 403 | 404 | 409 | 429, title: string, message: string, back = '/me') =>
  errorPage(c, status, title, message, back);

/** Words for a page: the first letter capitalised (service refusals and limits begin in lower case). */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const failureWords = (f: Failure) => sentence(f.error);

/**
 * The page forms' guard (only from this site's own pages), refusing in a page that says why when a
 * browser asks for one; a program that asks for JSON gets the JSON 403.
 */
export const ownPageForms = ownPagesOnly((c, why) =>
  /text\/html/i.test(c.req.header('Accept') ?? '')
    ? errorPage(c, 403, 'Form refused', `This form is only taken from this site's own pages, and ${why}. Open the page and use its form.`)
    : undefined,
);

/** The page for a game id that names no game. */
export const noSuchGame = (c: Context, id: string) => errorPage(c, 404, 'No such game', `There is no game with id ${id.slice(0, 40)}.`);
