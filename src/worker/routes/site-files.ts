// The files every page links to: the favicon, the web app manifest, the site script, the stylesheet
// (the last two kept in the picture Worker, so this Worker's bundle stays within its budget).
import { Hono } from 'hono/tiny';
import { sideWorker } from '../board-png.ts';
import type { AppEnv } from '../http.ts';
import { FAVICON_SVG, MANIFEST } from '../pages/site.tsx';

const DAY = 'public, max-age=86400';

export const siteFiles = new Hono<AppEnv>()
  .get('/favicon.svg', (c) => c.body(FAVICON_SVG, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': DAY }))
  // Browsers that ask for /favicon.ico on their own get the same picture.
  .get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301))
  .get('/manifest.webmanifest', (c) =>
    c.body(JSON.stringify(MANIFEST), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': DAY }),
  )
  .get('/static/site.js', async (c) =>
    c.body(await sideWorker(c.env).script('site'), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  )
  .get('/static/style.css', async (c) =>
    c.body(await sideWorker(c.env).stylesheet(), 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  );
