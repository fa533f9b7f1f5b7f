// The site shell every page shares (issue 27): the header's links and the signed-in
// player with the count of games waiting, HTML 404/405 pages for browsers (JSON for the
// API and JSON clients), the favicon, the manifest and the site script.
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const cookie = (key: string) => ({ ...HTML, Cookie: `subspace_key=${key}` });
const navLabels = (html: string) => [...(/<nav aria-label="Site">(.*?)<\/nav>/s.exec(html)?.[1] ?? '').matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

describe('the site header', () => {
  it('links Play, Lobby, Get a player key and Rules for a visitor, on every page', async () => {
    for (const path of ['/', '/lobby', '/me', '/rules', '/rules/planar']) {
      const res = await call('GET', path, { headers: HTML });
      expect(res.status, path).toBe(200);
      expect(navLabels(res.text), path).toEqual(['Play', 'Lobby', 'Get a player key', 'Tournaments', 'Leaderboard', 'Rules']);
      expect(res.text).toContain('<script src="/static/site.js"></script>');
      expect(res.text).toContain('<link rel="stylesheet" href="/static/style.css"/>');
      expect(res.text).toContain('<link rel="icon" href="/favicon.svg"');
      expect(res.text).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    }
    const lobby = await call('GET', '/lobby', { headers: HTML });
    expect(lobby.text).toContain('<a href="/lobby" aria-current="page">Lobby</a>');
  });

  it('names the signed-in player and counts the games waiting for them', async () => {
    const kirk = await newPlayer('Kirk');
    const kor = await newPlayer('Kor');
    const home = await call('GET', '/', { headers: cookie(kirk.key) });
    expect(navLabels(home.text)).toEqual(['Play', 'Lobby', 'My games', 'Tournaments', 'Leaderboard', 'Rules']);
    expect(home.text).toContain('<span class="name">Kirk</span>');
    expect(home.text).toMatch(/id="waiting-count"[^>]*data-count="0"[^>]*>no game waits</);
    // Kirk plays White in two games: his turn in both.
    await startGame(kirk, kor, { variant: 'warp-factor', color: 'white' });
    await startGame(kirk, kor, { variant: 'planar', color: 'white' });
    const rules = await call('GET', '/rules', { headers: cookie(kirk.key) });
    expect(rules.text).toMatch(/id="waiting-count"[^>]*data-count="2"[^>]*>2 games wait for you</);
    // A page with the reader's name in it is kept by no cache; the same page signed out is (tester 14 P15).
    for (const path of ['/rules', '/rules/planar']) {
      expect((await call('GET', path, { headers: cookie(kirk.key) })).headers.get('Cache-Control'), path).toBe('no-store');
      expect((await call('GET', path)).headers.get('Cache-Control'), path).toBe('public, max-age=300');
    }
    const theirs = await call('GET', '/lobby', { headers: cookie(kor.key) });
    expect(theirs.text).toContain('<span class="name">Kor</span>');
    expect(theirs.text).toMatch(/data-count="0"/);
    // The pages the picture Worker draws (tournaments, a leaderboard, a profile) have the same header.
    for (const [path, current] of [
      ['/tournaments', 'Tournaments'],
      ['/leaderboard/planar', 'Leaderboard'],
      [`/players/${kor.id}`, undefined],
    ] as const) {
      const drawn = await call('GET', path, { headers: cookie(kirk.key) });
      expect(drawn.status, path).toBe(200);
      expect(navLabels(drawn.text), path).toEqual(['Play', 'Lobby', 'My games', 'Tournaments', 'Leaderboard', 'Rules']);
      expect(drawn.text, path).toContain('<span class="name">Kirk</span>');
      expect(drawn.text, path).toMatch(/id="waiting-count"[^>]*data-count="2"/);
      if (current) expect(drawn.text, path).toMatch(new RegExp(`<a href="/${current.toLowerCase()}[^"]*" aria-current="page">${current}</a>`));
      expect(drawn.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
    }
  });
});

describe('errors for browsers and for programs', () => {
  it('an unknown address is an HTML page in the layout for a browser, JSON otherwise', async () => {
    const page = await call('GET', '/no/such/page', { headers: HTML });
    expect(page.status).toBe(404);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    expect(page.text).toContain('<h1>Page not found</h1>');
    expect(navLabels(page.text)).toEqual(['Play', 'Lobby', 'Get a player key', 'Tournaments', 'Leaderboard', 'Rules']);
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const json = await call('GET', '/no/such/page');
    expect(json.status).toBe(404);
    expect(json.body).toEqual({ code: 'unknown_route', error: 'no such route: GET /no/such/page' });
    // The API keeps JSON even for a browser.
    const api = await call('GET', '/api/nothing', { headers: HTML });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({
      code: 'unknown_route',
      error: 'no such route: GET /api/nothing; the routes: GET /api (an index) and GET /openapi.json (all of them)',
    });
  });

  it('a wrong method is a 405 page for a browser, with Allow; JSON for the API', async () => {
    const page = await call('DELETE', '/lobby', { headers: HTML });
    expect(page.status).toBe(405);
    expect(page.headers.get('Allow')).toBe('GET, HEAD');
    expect(page.text).toContain('<h1>Not allowed here</h1>');
    const api = await call('DELETE', '/api/challenges', { headers: HTML });
    expect(api.status).toBe(405);
    expect(api.body.error).toMatch(/DELETE is not allowed on \/api\/challenges/);
  });
});

describe('favicon, manifest, site script', () => {
  it('are served with their types', async () => {
    const icon = await call('GET', '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(icon.text).toMatch(/^<svg /);
    const ico = await call('GET', '/favicon.ico');
    expect(ico.status).toBe(301);
    const manifest = await call('GET', '/manifest.webmanifest');
    expect(manifest.headers.get('Content-Type')).toContain('application/manifest+json');
    expect(manifest.body).toMatchObject({ short_name: 'Subspace', start_url: '/me', display: 'standalone', icons: [{ src: '/favicon.svg' }] });
    const css = await call('GET', '/static/style.css');
    expect(css.headers.get('Content-Type')).toContain('text/css');
    expect(css.text).toContain('.way-on');
    const js = await call('GET', '/static/site.js');
    expect(js.headers.get('Content-Type')).toContain('text/javascript');
    expect(js.text).toContain('subspace-theme');
  });
});
