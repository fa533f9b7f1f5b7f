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
  /** Active games where it is this player's turn. */
  readonly waiting: number;
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

const waitingWords = (n: number) => (n === 1 ? '1 game waits for you' : `${n} games wait for you`);

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
            <span id="waiting-count" class={viewer.waiting ? 'badge' : 'badge none'} data-count={String(viewer.waiting)}>
              {viewer.waiting ? waitingWords(viewer.waiting) : 'no game waits'}
            </span>
          </a>
        </div>
      ) : null}
      <button type="button" id="theme-toggle" class="theme secondary" hidden aria-pressed="false">
        Dark mode
      </button>
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

/**
 * `follow(url, init, onLine)` in the browser: an NDJSON stream (the player's events, the lobby's),
 * each line with words to onLine; opened again after a pause when it ends (a longer one when it
 * failed at once). Part of the site script and of the /me pages' script.
 */
export const FOLLOW_JS = `  function follow(url, init, onLine) {
    var opened = Date.now(), decoder = new TextDecoder(), buffer = '';
    fetch(url, init).then(function (res) {
      if (!res.ok || !res.body) throw new Error('no stream');
      var reader = res.body.getReader();
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) throw new Error('closed');
          buffer += decoder.decode(chunk.value, { stream: true });
          var lines = buffer.split('\\n');
          buffer = lines.pop();
          lines.forEach(function (line) { if (line.trim()) onLine(line); });
          return pump();
        });
      }
      return pump();
    }).catch(function () { setTimeout(function () { follow(url, init, onLine); }, Date.now() - opened < 5000 ? 15000 : 2000); });
  }`;

/**
 * The script of every page (in <head>, not deferred, so the remembered theme applies before the
 * first paint): the dark-mode toggle (the choice kept in localStorage; without one the system's
 * prefers-color-scheme decides) and, for a signed-in player, the player's event stream, which
 * keeps the header's count current and tells the page (a `subspace:player-event` on document).
 */
export const SITE_JS = `(function () {
  var root = document.documentElement;
  var saved = null;
  try { saved = localStorage.getItem('subspace-theme'); } catch (e) {}
  if (saved === 'dark' || saved === 'light') root.setAttribute('data-theme', saved);
  function dark() {
    var t = root.getAttribute('data-theme');
    return t ? t === 'dark' : !!(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  }
  function label(btn) {
    btn.setAttribute('aria-pressed', dark() ? 'true' : 'false');
  }
  var timer = 0;
  function recount() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      fetch('/api/me/games?status=active', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          var el = document.getElementById('waiting-count');
          if (!d || !el) return;
          var n = d.games.filter(function (g) { return g.yourTurn; }).length;
          el.setAttribute('data-count', String(n));
          el.className = n ? 'badge' : 'badge none';
          el.textContent = n === 0 ? 'no game waits' : n === 1 ? '1 game waits for you' : n + ' games wait for you';
        })
        .catch(function () {});
    }, 150);
  }
${FOLLOW_JS}
  function listen() {
    follow('/api/stream/events', { credentials: 'same-origin' }, function (line) {
      var event;
      try { event = JSON.parse(line); } catch (e) { return; }
      recount();
      document.dispatchEvent(new CustomEvent('subspace:player-event', { detail: event }));
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    var btn = document.getElementById('theme-toggle');
    if (btn) {
      btn.hidden = false;
      label(btn);
      btn.addEventListener('click', function () {
        var next = dark() ? 'light' : 'dark';
        root.setAttribute('data-theme', next);
        try { localStorage.setItem('subspace-theme', next); } catch (e) {}
        label(btn);
      });
    }
    if (document.getElementById('viewer')) {
      listen();
      // A page that changed the count itself (a move sent without a reload) asks for a recount.
      document.addEventListener('subspace:recount', recount);
    }
  });
})();
`;
