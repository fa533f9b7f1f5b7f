// What every page shares around its content: the site header (its links, the signed-in
// player and how many games wait for them), the theme toggle, the favicon, the web app
// manifest and the small script of every page (/static/site.js).
//
// The header's links are one array, NAV_LINKS: add an entry there for a new top-level page.
import { raw } from 'hono/html';

/** The signed-in player of this browser (the /me cookie), as the header shows them. */
export interface Viewer {
  readonly id: string;
  readonly name: string | null;
  /** Active games where it is this player's turn, or an offer of the other side's waits for an answer. */
  readonly waiting: number;
  /** Open challenges sent to this player, waiting for their answer (tester 18 Y11). */
  readonly challenges: number;
}

/** What the layout knows of the request: who is signed in, and the page's path (for aria-current). */
export interface PageContext {
  readonly viewer?: Viewer;
  readonly path: string;
}

/**
 * Set for every HTML answer by the `withViewer` middleware (src/worker/viewer.tsx): `<PageInfo
 * value={...}>page</PageInfo>`, read by `usePageInfo()`. Not hono/jsx's createContext: importing
 * it brings hono's client-side renderer into the main Worker (6 KiB gzipped). Our pages render
 * synchronously, so the value is on this stack exactly while its page renders.
 */
const shown: PageContext[] = [];
export const usePageInfo = (): PageContext => shown.at(-1) ?? { path: '' };
export function PageInfo({ value, children }: { value: PageContext; children?: unknown }) {
  shown.push(value);
  let page: string | Promise<string>;
  try {
    // A JSX element renders as its toString(): a string, or a promise when something in it is async.
    page = children == null ? '' : (children as { toString(): string | Promise<string> }).toString();
  } catch (e) {
    shown.pop();
    throw e;
  }
  if (typeof page === 'string') {
    shown.pop();
    return raw(page);
  }
  // An async page (none today) keeps its value until it is done.
  return page.then(raw).finally(() => shown.pop());
}

export interface NavLink {
  readonly href: string;
  readonly label: string;
  /** Shown only to a signed-in player, only to a visitor without a key, or to everyone (unset). */
  readonly when?: 'signed-in' | 'signed-out';
  /** Other paths that count as this link's page (aria-current). */
  readonly also?: RegExp;
}

/** The header's links, in order. */
export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Play' },
  { href: '/lobby', label: 'Lobby', also: /^\/challenges\// },
  { href: '/me', label: 'My games', when: 'signed-in' },
  { href: '/me', label: 'Get a player key', when: 'signed-out' },
  { href: '/tournaments', label: 'Tournaments', also: /^\/tournaments\// },
  { href: '/leaderboard', label: 'Leaderboard', also: /^\/leaderboard\/|^\/players\// },
  { href: '/rules', label: 'Rules', also: /^\/rules\// },
];

/** The header's count in words: the games waiting for the player and the challenges waiting for their answer (site.js says it alike). */
export function waitingWords(games: number, challenges: number): string {
  const g = games === 1 ? '1 game' : `${games} games`;
  const c = challenges === 1 ? '1 challenge' : `${challenges} challenges`;
  if (games && challenges) return `${g} and ${c} wait for you`;
  if (challenges) return `${c} ${challenges === 1 ? 'waits' : 'wait'} for your answer`;
  return games ? `${g} ${games === 1 ? 'waits' : 'wait'} for you` : 'no game waits';
}

export const SiteHeader = () => {
  const { viewer, path } = usePageInfo();
  const links = NAV_LINKS.filter((l) => !l.when || (l.when === 'signed-in') === Boolean(viewer));
  return (
    <header class="top">
      <a href="/" class="brand">
        Subspace
      </a>
      <nav aria-label="Site">
        <ul>
          {links.map((l) => (
            <li>
              <a href={l.href} aria-current={path === l.href || l.also?.test(path) ? 'page' : undefined}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {viewer ? (
        <div class="who">
          <a href="/me" id="viewer" data-player={viewer.id}>
            <span class="name">{viewer.name ?? `player ${viewer.id}`}</span>{' '}
            <span
              id="waiting-count"
              class={viewer.waiting + viewer.challenges ? 'badge' : 'badge none'}
              data-count={String(viewer.waiting)}
              data-challenges={String(viewer.challenges)}
            >
              {waitingWords(viewer.waiting, viewer.challenges)}
            </span>
          </a>
        </div>
      ) : null}
      <button type="button" id="theme-toggle" class="theme secondary" hidden aria-pressed="false">
        Dark mode
      </button>
      {/* The one place news is said on a page that changes by itself (site.js's say()): the header's count, /me, the lobby, a challenge. */}
      <div id="site-news" class="sr" role="status"></div>
    </header>
  );
};

/** The favicon: a platform of the Star Trek field (a 2x2 square) on the site's dark blue. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1f2a36"/><g stroke="#1f2a36" stroke-width="2"><rect x="10" y="10" width="22" height="22" fill="#f6f5f1"/><rect x="32" y="10" width="22" height="22" fill="#6f8fb0"/><rect x="10" y="32" width="22" height="22" fill="#6f8fb0"/><rect x="32" y="32" width="22" height="22" fill="#f6f5f1"/></g></svg>`;

export const MANIFEST = {
  name: 'Subspace — 3D chess by correspondence',
  short_name: 'Subspace',
  description: "Play L. Lynn Smith's 3D chess variants by correspondence.",
  start_url: '/me',
  scope: '/',
  display: 'standalone',
  background_color: '#f6f5f1',
  theme_color: '#1f2a36',
  icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
};
