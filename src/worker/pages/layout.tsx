// The HTML shell shared by every page: language, viewport, the stylesheet, the
// skip link. Pages are plain server-rendered HTML; the only script is the game
// page's (served from /static/game.js), and everything works without it.
import type { Child } from 'hono/jsx';
import { raw } from 'hono/html';
import { PAGE_CSS } from './style.ts';

export const Layout = (props: { title: string; children?: Child; script?: boolean; wide?: boolean }) => (
  <>
    {raw('<!DOCTYPE html>')}
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{props.title}</title>
        <link rel="icon" href="data:," />
        <style>{raw(PAGE_CSS)}</style>
        {props.script ? <script src="/static/game.js" defer></script> : null}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to the content
        </a>
        <header class="top">
          <a href="/" class="brand">
            Subspace
          </a>
          <span class="tag">3D chess by correspondence</span>
        </header>
        <main id="main" class={props.wide ? 'wide' : ''}>
          {props.children}
        </main>
      </body>
    </html>
  </>
);

/** A page that only says what went wrong (403, 404, 400). */
export const ErrorPage = (props: { status: number; title: string; message: string; back?: string }) => (
  <Layout title={`${props.title} — Subspace`}>
    <h1>{props.title}</h1>
    <p class="msg error" role="alert">
      {props.message}
    </p>
    <p>
      <a href={props.back ?? '/'}>{props.back ? 'Back' : 'Start a new game'}</a>
    </p>
  </Layout>
);
