// Pages that change by themselves say their news once (tester's finding): one polite status region
// in the header (#site-news, filled by site.js), and each live part's news in its data-news; the
// swapped parts themselves hold no live region (a second one would say it twice).
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const cookie = (key: string) => ({ headers: { Cookie: `subspace_key=${key}` } });
const news = (html: string, id: string) => new RegExp(`id="${id}"[^>]*data-news="([^"]*)"`).exec(html)?.[1];

describe('live news', () => {
  it('the header has the status region; /me, the lobby and a challenge page give their news', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const me = (await call('GET', '/me', cookie(kor.key))).text;
    expect(me).toContain('<div id="site-news" class="sr" role="status"></div>');
    expect(news(me, 'me-live')).toBe('No game is waiting for you. 0 challenges.');
    expect(me).not.toMatch(/id="waiting"[^>]*role=/);
    const lobby = (await call('GET', '/lobby')).text;
    expect(lobby).toContain('id="site-news"');
    const ch = (await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'warp-factor' } })).body;
    expect(news((await call('GET', '/lobby')).text, 'lobby-live')).toMatch(/^\d+ open challenges?\.$/);
    expect(news((await call('GET', `/challenges/${ch.id}`)).text, 'challenge-live')).toBe('The challenge is open.');
    expect((await call('POST', `/api/challenges/${ch.id}/accept`, { token: worf.key })).status).toBe(201);
    expect(news((await call('GET', `/challenges/${ch.id}`)).text, 'challenge-live')).toBe(
      'The challenge is accepted: the game has begun (its link is on this page).',
    );
    // The site script says each line once and only where the page does not say it itself.
    const site = (await call('GET', '/static/site.js')).text;
    expect(site).toContain("if (changed && !document.getElementById('me-live')) say(");
  });
});
