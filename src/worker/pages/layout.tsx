// The HTML shell shared by every page: language, viewport, the stylesheet (/static/style.css, kept
// in the picture Worker: src/pictures/index.ts), the
// site header (site.tsx), the skip link. Pages are plain server-rendered HTML;
// /static/site.js (theme toggle, the header's live count) runs on every page and the
// game page adds /static/game.js; everything works without script.
import type { Child } from 'hono/jsx';
import { raw } from 'hono/html';
import { SiteHeader } from './site.tsx';

export const Layout = (props: { title: string; children?: Child; script?: boolean; wide?: boolean }) => (
  <>
    {raw('<!DOCTYPE html>')}
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#1f2a36" />
        <title>{props.title}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="stylesheet" href="/static/style.css" />
        <script src="/static/site.js"></script>
        {props.script ? <script src="/static/game.js" defer></script> : null}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to the content
        </a>
        <SiteHeader />
        <main id="main" class={props.wide ? 'wide' : ''}>
          {props.children}
        </main>
      </body>
    </html>
  </>
);

/** A page that only says what went wrong (403, 404, 405, 400), with a way on. */
/** Where an error page's link leads, in words: "Back" went elsewhere than back (tester 9 U6). */
const PLACES: Record<string, string> = {
  '/': 'Start a new game',
  '/me': 'Your games',
  '/lobby': 'The lobby',
  '/rules': 'The rules',
  '/tournaments': 'Tournaments',
  '/leaderboard': 'The leaderboard',
};
const placeWords = (href: string) =>
  PLACES[href] ?? (/^\/games\/[^/?]+$/.test(href) ? 'Watch this game as a spectator' : /^\/challenges\//.test(href) ? 'The challenge' : 'Go on');

export const ErrorPage = (props: { status: number; title: string; message: string; back?: string | undefined; backWords?: string | undefined }) => (
  <Layout title={`${props.title} — Subspace`}>
    <h1>{props.title}</h1>
    <p class="msg error" role="alert">
      {props.message}
    </p>
    <p>
      <a href={props.back ?? '/'}>{props.backWords ?? placeWords(props.back ?? '/')}</a>
    </p>
    <WayOn />
  </Layout>
);

/** Where a page with nothing else to offer leads on: the player's games, the lobby, the rules. */
export const WayOn = () => (
  <ul class="way-on">
    <li>
      <a href="/me">Your games</a>
    </li>
    <li>
      <a href="/lobby">Open challenges in the lobby</a>
    </li>
    <li>
      <a href="/rules">The rules</a>
    </li>
  </ul>
);

/** A refusal said on the page it concerns (a form sent back with what was wrong); nothing without one. */
export const ErrorLine = (props: { error?: string | undefined }) =>
  props.error ? (
    <p class="msg error" role="alert">
      {props.error}
    </p>
  ) : null;
