// Players are easy to reach (tester's finding): names on game pages, /me, the lobby and challenge
// pages link to profiles; a profile shows the player's id and, to another signed-in player, a
// Challenge form posting to /me's route; that form has the clock's rules challenges accept.
import { describe, expect, it } from 'vitest';
import { call, form, location } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });
const formOf = (html: string, id: string) => {
  const at = html.indexOf(`id="${id}"`);
  return html.slice(html.lastIndexOf('<form', at), html.indexOf('</form>', at));
};

describe('names link to profiles', () => {
  it('on the game page, /me, the lobby and a challenge page; the computer and a seat without a player are plain', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const { game } = await startGame(kor, worf, { variant: 'warp-factor', color: 'white' });
    const spectator = await call('GET', `/games/${game.id}`);
    expect(spectator.text).toContain(`White: <a href="/players/${kor.id}">Kor</a>`);
    expect(spectator.text).toContain(`Black: <a href="/players/${worf.id}">Worf</a>`);
    const me = await call('GET', '/me', { headers: cookie(kor.key) });
    expect(me.text).toMatch(new RegExp(`against <a href="/players/${worf.id}">Worf</a>`));

    // The computer's side and a friend's seat (no player) are not links.
    const practice = await call('POST', '/api/games', { token: kor.key, json: { variant: 'warp-factor', black: { computer: 1 } } });
    expect(practice.status, practice.text).toBe(201);
    const page = await call('GET', `/games/${practice.body.id}`);
    expect(page.text).toMatch(/Black: Computer \(level 1\)/);
    const friendly = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name: 'Martok' } } });
    expect((await call('GET', `/games/${friendly.body.id}`)).text).toContain('White: Martok');

    const challenge = await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'warp-factor', to: worf.id } });
    expect(challenge.status).toBe(201);
    const own = await call('GET', `/challenges/${challenge.body.id}`);
    expect(own.text).toContain(`From <a href="/players/${kor.id}">Kor</a>`);
    expect(own.text).toContain(`to <a href="/players/${worf.id}">Worf</a>`);
    const open = await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'warp-factor' } });
    const lobby = await call('GET', '/lobby', { headers: cookie(worf.key) });
    const line = lobby.text.slice(lobby.text.indexOf(`href="/challenges/${open.body.id}"`));
    expect(line.slice(0, line.indexOf('</li>'))).toContain(`from <a href="/players/${kor.id}">Kor</a>`);
  });
});

describe('a profile', () => {
  it('shows the player id; another signed-in player gets a Challenge form that offers them a game with the clock’s rules', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const anon = await call('GET', `/players/${kor.id}`);
    expect(anon.text).toContain(`Player id <code id="player-id">${kor.id}</code>`);
    expect(anon.text).not.toContain('challenge-player-form');
    expect(anon.text).toContain('to challenge Kor');
    const self = await call('GET', `/players/${kor.id}`, { headers: cookie(kor.key) });
    expect(self.text).not.toContain('challenge-player-form');
    const seen = await call('GET', `/players/${kor.id}`, { headers: cookie(worf.key) });
    const challengeForm = formOf(seen.text, 'challenge-player-form');
    expect(challengeForm).toContain('action="/challenges"');
    expect(challengeForm).toContain(`name="to" value="${kor.id}"`);
    for (const field of ['name="variant"', 'name="days"', 'name="timeout"', 'name="leave"', 'name="rated"']) expect(challengeForm).toContain(field);

    const sent = await form(
      '/challenges',
      { to: kor.id, variant: 'warp-factor', color: 'white', days: '3', timeout: 'claim', leave: '4', rated: '1', ratedShown: '1' },
      undefined,
      cookie(worf.key),
    );
    expect(sent.status).toBe(303);
    const id = location(sent).pathname.split('/')[2]!;
    const made = (await call('GET', `/api/challenges/${id}`)).body;
    expect(made).toMatchObject({ to: { id: kor.id }, clock: { daysPerMove: 3, timeout: 'claim', leaveDays: 4 }, color: 'white', rated: true });
    // Its page says the clock's rules.
    expect((await call('GET', `/challenges/${id}`)).text).toContain('3 days per move (the win on time claimed), 4 leave days each');
    // On the /me of the player it was sent to, it is "to you"; on the sender's, to that player by name (tester 18 Y11).
    const line = (page: string) => page.split('<li>').find((li) => li.includes(`/challenges/${id}"`)) ?? '';
    const theirs = line((await call('GET', '/me', { headers: cookie(kor.key) })).text);
    expect(theirs).toMatch(/from <a [^>]*>Worf<\/a>(<span class="rating"[^>]*>[^<]*<\/span>)? to you ·/);
    expect(line((await call('GET', '/me', { headers: cookie(worf.key) })).text)).toMatch(/your challenge to <a [^>]*>Kor<\/a>/);
    // A leave that is no number is said in the form's words.
    const bad = await form('/challenges', { variant: 'warp-factor', days: '3', leave: 'lots' }, undefined, cookie(worf.key));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Leave days for each player');
    // /me's own form has the same fields, and says where a player id is found.
    const me = formOf((await call('GET', '/me', { headers: cookie(worf.key) })).text, 'challenge-form');
    for (const field of ['name="timeout"', 'name="leave"', 'name="to"']) expect(me).toContain(field);
    expect(me).toContain('on their profile');
    // A phone's keyboard capitalises the id, and a profile offers its address to copy: both are the id (tester).
    expect(me).toMatch(/<input name="to"[^>]*autocapitalize="off"/);
    const capital = kor.id.toUpperCase();
    const link = ` http://localhost:8787/players/${kor.id} `;
    for (const typed of [capital, link]) {
      const made = await form('/challenges', { to: typed, variant: 'planar' }, undefined, cookie(worf.key));
      expect(made.status, typed).toBe(303);
      expect((await call('GET', `/api/challenges/${location(made).pathname.split('/')[2]}`)).body.to.id).toBe(kor.id);
    }
    // Curved Space's options from the offer form, as the home form takes them (tester 13 W9).
    for (const field of ['name="platforms"', 'name="platformMoves"']) expect(me).toContain(field);
    const curved = await form('/challenges', { variant: 'curved-space', platforms: '2', platformMoves: 'after-capture' }, undefined, cookie(worf.key));
    expect(curved.status).toBe(303);
    expect((await call('GET', `/api/challenges/${location(curved).pathname.split('/')[2]}`)).body.options).toMatchObject({
      platforms: 2,
      platformMoves: 'after-capture',
    });
    const api = await call('POST', '/api/challenges', { token: worf.key, json: { variant: 'planar', to: kor.id.toUpperCase() } });
    expect([api.status, api.body.to?.id]).toEqual([201, kor.id]);
    expect((await call('POST', '/api/challenges', { token: worf.key, json: { variant: 'planar', to: 'kor' } })).body.error).toMatch(/^to: is not a player id/);
  });
});

describe('a refused offer (tester 14 P10)', () => {
  it('comes back as the form it was sent from, as sent, with why above it: /me, or the profile', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const typed = {
      variant: 'curved-space',
      color: 'black',
      days: '7',
      timeout: 'claim',
      leave: '2',
      to: 'nosuchplayer',
      platforms: '7',
      platformMoves: 'after-capture',
      rated: '1',
      ratedShown: '1',
    };
    const mistyped = await form('/challenges', typed, undefined, cookie(worf.key));
    expect(mistyped.status).toBe(404);
    const again = formOf(mistyped.text, 'challenge-form');
    expect(mistyped.text).toMatch(
      /<p class="msg error" role="alert">Not offered\. No player with id nosuchplayer[^<]*<\/p><form method="post" action="\/challenges" id="challenge-form"/,
    );
    for (const chosen of [
      '<option value="curved-space" selected="">',
      '<option value="black" selected="">',
      '<option value="7" selected="">7</option>',
      '<option value="claim" selected="">',
      'name="leave" type="number" min="0" max="30" value="2"',
      'value="nosuchplayer"',
      '<option value="after-capture" selected="">',
      'name="rated" value="1" checked=""',
    ])
      expect(again).toContain(chosen);
    expect(again).not.toContain('<option value="3" selected="">');
    // The focus is on the field the reason names (tester 17 X4).
    expect(again).toMatch(/<input name="to"[^>]*autofocus=""/);
    expect(again).not.toMatch(/<select name="variant" autofocus/);
    expect(again).toMatch(/<select name="platforms">[\s\S]*<option value="7" selected="">7<\/option>/);
    // Nothing was made; the page is the player's own, the rest of it as ever.
    const fromWorf = async () =>
      (await call('GET', '/api/challenges', { token: worf.key })).body.challenges.filter((c: { from: { id: string } }) => c.from.id === worf.id);
    expect(await fromWorf()).toHaveLength(0);
    expect(mistyped.text).toContain('<h1>Worf</h1>');

    // From a profile, the profile comes back: an unticked Rated stays unticked, no clock stays chosen.
    const onProfile = await form(
      '/challenges',
      { to: kor.id, on: 'profile', variant: 'planar', days: '3', leave: 'lots', ratedShown: '1' },
      undefined,
      cookie(worf.key),
    );
    expect(onProfile.status).toBe(400);
    expect(onProfile.text).toContain(`Player id <code id="player-id">${kor.id}</code>`);
    const profileForm = formOf(onProfile.text, 'challenge-player-form');
    expect(onProfile.text).toMatch(/role="alert">Not offered\. [^<]*Leave days for each player/);
    expect(profileForm).toContain('value="lots"');
    expect(profileForm).toMatch(/<input name="leave"[^>]*autofocus=""/);
    // Leave days and no clock: refused in words, not dropped (tester 17 X13); nothing is made.
    const noClock = await form('/challenges', { variant: 'planar', days: '', leave: '3', ratedShown: '1' }, undefined, cookie(worf.key));
    expect(noClock.status).toBe(400);
    expect(noClock.text).toContain('Not offered. Leave days for each player need a clock');
    expect(formOf(noClock.text, 'challenge-form')).toMatch(/<input name="leave"[^>]*value="3"[^>]*autofocus=""/);
    expect(profileForm).toContain('<option value="planar" selected="">');
    expect(profileForm).not.toMatch(/name="rated" value="1" checked/);
    expect(await fromWorf()).toHaveLength(0);
  });
});

describe("a refused offer's focus (tester 17 X4)", () => {
  it("is on the field the refusal is about, whatever its words: the form's own fields, the clock's and options' API names, the service's", async () => {
    const worf = await newPlayer('Worf');
    const focusOf = async (typed: Record<string, string>) => {
      const refused = await form('/challenges', { variant: 'curved-space', ratedShown: '1', ...typed }, undefined, cookie(worf.key));
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const focused = formOf(refused.text, 'challenge-form').match(/<(?:select|input) name="(\w+)"[^>]*autofocus=""/g) ?? [];
      expect(focused).toHaveLength(1);
      return /name="(\w+)"/.exec(focused[0]!)![1];
    };
    expect(await focusOf({ days: '9' })).toBe('days'); // the form's schema
    expect(await focusOf({ platforms: '13' })).toBe('platforms'); // the form's schema, a Curved Space option
    expect(await focusOf({ days: '3', timeout: 'never' })).toBe('timeout'); // the API's clock.timeout
    expect(await focusOf({ days: '3', leave: '31' })).toBe('leave'); // the API's clock.leaveDays
    expect(await focusOf({ to: worf.id })).toBe('to'); // the service: "to: you cannot challenge yourself"
    expect(await focusOf({ to: 'nosuchplayer' })).toBe('to'); // the service: no such player
    expect(await focusOf({ color: 'green' })).toBe('color'); // the API's color
    expect(await focusOf({ variant: 'chess' })).toBe('variant');
  });
});

describe('challenges to one player (tester 11 S18)', () => {
  it('at most 5 a day from a player they never played: sending and withdrawing cannot flood them; others, the lobby and opponents stay open', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const send = (variant: string, to?: string) => call('POST', '/api/challenges', { token: worf.key, json: { variant, ...(to ? { to } : {}) } });
    const variants = ['planar', 'warp-factor', 'first-contact', 'curved-space', 'planar'];
    for (const variant of variants) {
      const made = await send(variant, kor.id);
      expect(made.status, made.text).toBe(201);
      // Sent again at once (a retry, a form sent twice): the same challenge, and not counted again (tester 17 X1).
      for (let i = 0; i < 2; i++) expect((await send(variant, kor.id)).body.id).toBe(made.body.id);
      expect((await call('DELETE', `/api/challenges/${made.body.id}`, { token: worf.key })).status).toBe(200);
    }
    const sixth = await send('warp-factor', kor.id);
    expect([sixth.status, sixth.body.code]).toEqual([429, 'rate_limited']);
    expect(sixth.body.error).toMatch(/^to: you have challenged this player 5 times today \(UTC\)/);
    const retry = Number(sixth.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86_400);
    // Another player, and an open challenge in the lobby, are not held back.
    const other = await newPlayer('Martok');
    expect((await send('planar', other.id)).status).toBe(201);
    expect((await send('warp-factor')).status).toBe(201);
    // The page form says it, the form kept.
    const page = await form('/challenges', { to: kor.id, on: 'profile', variant: 'planar', days: '3', ratedShown: '1' }, undefined, cookie(worf.key));
    expect(page.status).toBe(429);
    expect(page.text).toContain('you have challenged this player 5 times today');
    expect(page.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Once they have played, there is no such limit between them: Kor, who has, may challenge Worf as often as they like.
    const open = await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'planar', to: worf.id } });
    expect((await call('POST', `/api/challenges/${open.body.id}/accept`, { token: worf.key })).status).toBe(201);
    for (let i = 0; i < 7; i++) {
      const again = await call('POST', '/api/challenges', {
        token: worf.key,
        json: { variant: variants[i % 5], to: kor.id, color: i % 2 ? 'white' : 'black' },
      });
      expect(again.status, again.text).toBe(201);
      expect((await call('DELETE', `/api/challenges/${again.body.id}`, { token: worf.key })).status).toBe(200);
    }
  });
});

describe('a challenge sent twice (tester: a double click made two, and two players could each accept one)', () => {
  it('within seconds, the same challenge by the same player is the first one; another challenge is its own', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const fields = { variant: 'planar', color: 'random', to: '', days: '3', timeout: 'auto', leave: '0', rated: '1', ratedShown: '1' };
    // Without scripts a double click posts the form twice, at once.
    const posts = await Promise.all([1, 2].map(() => form('/challenges', fields, undefined, cookie(worf.key))));
    const ids = posts.map((p) => location(p).pathname.split('/')[2]);
    expect(ids[0]).toBe(ids[1]);
    const mine = async () =>
      (await call('GET', '/api/challenges', { token: worf.key })).body.challenges.filter((c: { from: { id: string } }) => c.from.id === worf.id);
    expect(await mine()).toHaveLength(1);
    // The API alike; a challenge that differs in anything (here the player asked) is another.
    const again = await call('POST', '/api/challenges', { token: worf.key, json: { variant: 'planar', clock: { daysPerMove: 3 } } });
    expect([again.status, again.body.id]).toEqual([201, ids[0]]);
    const toKor = await call('POST', '/api/challenges', { token: worf.key, json: { variant: 'planar', clock: { daysPerMove: 3 }, to: kor.id } });
    expect(toKor.body.id).not.toBe(ids[0]);
    // The page that makes one marks its form to be sent once by the script.
    expect((await call('GET', '/me', { headers: cookie(worf.key) })).text).toMatch(/<form method="post" action="\/challenges" id="challenge-form" data-once/);
  });
});
