// The rules pages and their diagrams. Everything here is a pure function of the code (no game
// data), so answers are cached; the pages and the diagrams' pictures are drawn by the picture
// Worker (rare-pages.tsx, rules-page-diagrams.ts), which holds the rules' words.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { Hono } from 'hono/tiny';
import { VARIANT_NAMES, type VariantName } from '../../engine/types.ts';
import { jsonError, type AppEnv } from '../http.ts';
import { KEY_COOKIE } from '../http-auth.ts';
import { sideWorker } from '../board-png.ts';
import { errorPage, rarePage, SVG_CSP } from '../pages/respond.tsx';

const isVariant = (name: string): name is VariantName => (VARIANT_NAMES as readonly string[]).includes(name);
const noSuchGame = (name: string) => `There are rules for ${VARIANT_NAMES.join(', ')}; not for ${name.slice(0, 40)}.`;

/**
 * A rules page, cached by browsers and the edge for five minutes when no one is signed in; a signed-in
 * reader's page has their name in its header, so no cache keeps it (tester 14 P15: after signing out,
 * the cached page still showed the player signed in).
 */
const cached = (c: Context<AppEnv>, res: Response) => {
  if (getCookie(c, KEY_COOKIE)) return res;
  res.headers.set('Cache-Control', 'public, max-age=300');
  res.headers.append('Vary', 'Cookie');
  return res;
};

export const rules = new Hono<AppEnv>()
  .get('/', async (c) => cached(c, await rarePage(c, { name: 'rules-index', props: {} })))
  .get('/:variant', async (c) => {
    const variant = c.req.param('variant');
    if (!isVariant(variant)) return errorPage(c, 404, 'No such variant', noSuchGame(variant), '/rules');
    return cached(c, await rarePage(c, { name: 'rules', props: { variant } }));
  })
  .get('/:variant/:file{[a-z0-9-]+\\.svg}', async (c) => {
    const name = c.req.param('variant');
    const id = c.req.param('file').slice(0, -'.svg'.length);
    const svg = isVariant(name) ? await sideWorker(c.env).rulesDiagram(name, id) : null;
    if (svg === null) return jsonError(c, 404, 'unknown_diagram', `no diagram ${id} on the rules page of ${name.slice(0, 40)}`);
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': SVG_CSP,
    });
  });
