// A player's home (issue 27): games started while signed in are the player's, the links page
// after post/redirect/get, the opponent's invitation kept on the creator's page until opened,
// "Add this game to my games" for a seat nobody has, and "Next game".
import { describe, expect, it } from 'vitest';
import { call, createWithForm, form, location, newGame } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });
const inputValue = (html: string, id: string) => /value="([^"]+)"/.exec(html.slice(html.indexOf(`id="${id}"`)))?.[1]?.replaceAll('&amp;', '&');

async function createSignedIn(key: string, fields: Record<string, string>) {
  const res = await form('/games', fields, undefined, cookie(key));
  expect(res.status).toBe(303);
  const to = location(res);
  expect(to.pathname).toMatch(/^\/games\/[a-z0-9]{16}\/new$/);
  const id = to.pathname.split('/')[2]!;
  // The new game's tokens come in a cookie for the links page alone.
  const made = res.headers.getSetCookie().find((c) => c.startsWith('subspace_new_game=')) ?? '';
  expect(made).toMatch(new RegExp(`^subspace_new_game=[^;]+; Max-Age=604800; Path=/games/${id}/new; HttpOnly; Secure; SameSite=Lax$`));
  const headers = { Cookie: `${cookie(key).Cookie}; ${made.split(';')[0]}` };
  return { id, to, headers, page: await call('GET', to.pathname + to.search, { headers }) };
}

describe('a game started while signed in', () => {
  it('is the player’s: on /me, the links page after a redirect, the opponent’s link kept until opened', async () => {
    const kirk = await newPlayer('Kirk');
    const { id, to, headers, page } = await createSignedIn(kirk.key, { variant: 'warp-factor', white: 'Kirk', days: '3', side: 'black' });
    expect(page.status).toBe(200);
    // Both players' links and the spectator link, the creator's first.
    const mine = inputValue(page.text, 'link-black')!;
    const theirs = inputValue(page.text, 'link-white')!;
    expect(mine).toMatch(new RegExp(`/games/${id}\\?token=`));
    expect(theirs).toMatch(new RegExp(`/games/${id}\\?token=`));
    expect(inputValue(page.text, 'link-spectator')).toBe(`http://subspace.test/games/${id}`);
    expect(page.text.indexOf('id="link-black"')).toBeLessThan(page.text.indexOf('id="link-white"'));
    expect(page.text).toContain('The game is in My games');
    // Reloading the links page makes no second game.
    const again = await call('GET', to.pathname + to.search, { headers });
    expect(again.status).toBe(200);
    // The address holds no token: copied and opened elsewhere (no cookie), it shows no seat's link.
    expect(to.search).toBe('');
    const elsewhere = await call('GET', to.pathname);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.text).not.toContain('?token=');
    expect(elsewhere.text).toContain('shown only in the browser that made it');
    const games = (await call('GET', '/api/me/games', { token: kirk.key })).body.games;
    expect(games.map((g: { id: string; side: string }) => [g.id, g.side])).toEqual([[id, 'black']]);
    // A made-up token on the links page is refused.
    const forged = await call('GET', `/games/${id}/new?white=${'A'.repeat(43)}&me=white`);
    expect(forged.status).toBe(403);

    // The creator's game page (signed in, no token) shows the opponent's link ...
    const before = await call('GET', `/games/${id}`, { headers: cookie(kirk.key) });
    expect(before.text).toContain('you are Black');
    expect(inputValue(before.text, 'invitation-link')).toBe(theirs);
    // ... until the opponent opens it.
    const opened = await call('GET', new URL(theirs).pathname + new URL(theirs).search);
    expect(opened.text).toContain('you are White');
    expect(opened.text).not.toContain('invitation-link');
    const after = await call('GET', `/games/${id}`, { headers: cookie(kirk.key) });
    expect(after.text).not.toContain('invitation-link');
  });

  it('signed in: your name on your seat when the form leaves it blank; messages from the game page without a token', async () => {
    const kirk = await newPlayer('Kirk');
    const { id } = await createSignedIn(kirk.key, { variant: 'warp-factor' });
    const state = (await call('GET', `/api/games/${id}`)).body;
    expect(state.players.white.name).toBe('Kirk');
    expect(state.players.black.name).toBeNull();
    // A name typed in the form wins.
    const named = await createSignedIn(kirk.key, { variant: 'warp-factor', black: 'Captain', side: 'black' });
    expect((await call('GET', `/api/games/${named.id}`)).body.players.black.name).toBe('Captain');
    // The game page of a signed-in player (the key in its cookie) has the message forms, without a token field.
    const page = await call('GET', `/games/${id}`, { headers: cookie(kirk.key) });
    for (const form of ['message-form', 'message-visibility']) {
      const at = page.text.indexOf(`id="${form}"`);
      expect(at, form).toBeGreaterThan(0);
      expect(page.text.slice(at, page.text.indexOf('</form>', at))).not.toContain('name="token"');
    }
    expect(page.text).toContain('href="/me#notify-form"');
    const sent = await form(`/games/${id}/message`, { text: 'Hello from the bridge' }, undefined, cookie(kirk.key));
    expect(sent.status).toBe(303);
    expect(decodeURIComponent(location(sent).search.replaceAll('+', ' '))).toContain('Message sent');
    const messages = (await call('GET', `/api/games/${id}/messages`, { token: kirk.key })).body.messages;
    expect(messages.map((m: { text: string; side: string }) => [m.side, m.text])).toEqual([['white', 'Hello from the bridge']]);
    const shown = await form(`/games/${id}/message-visibility`, { spectators: 'yes' }, undefined, cookie(kirk.key));
    expect(decodeURIComponent(location(shown).search.replaceAll('+', ' '))).toContain('Spectators may read');
    expect((await call('GET', `/api/games/${id}`)).body.spectatorMessages.white).toBe(true);
  });

  it('signed out, the game is nobody’s; a seat link opened signed in offers to add it, once', async () => {
    const page = await createWithForm({ variant: 'planar' });
    const white = new URL(inputValue(page.text, 'link-white')!);
    const black = new URL(inputValue(page.text, 'link-black')!);
    const id = white.pathname.split('/')[2]!;
    expect(page.text).not.toContain('My games</a>\n');
    const spock = await newPlayer('Spock');
    const offered = await call('GET', white.pathname + white.search, { headers: cookie(spock.key) });
    expect(offered.text).toContain('Add this game to my games');
    // Not signed in: no offer.
    expect((await call('GET', white.pathname + white.search)).text).not.toContain('Add this game to my games');
    const token = white.searchParams.get('token')!;
    const claimed = await form(`/games/${id}/add-to-my-games`, { token }, undefined, cookie(spock.key));
    expect(claimed.status).toBe(303);
    expect(location(claimed).pathname).toBe(`/games/${id}`);
    expect(location(claimed).searchParams.get('token')).toBeNull();
    const games = (await call('GET', '/api/me/games', { token: spock.key })).body.games;
    expect(games.map((g: { id: string; side: string }) => [g.id, g.side])).toEqual([[id, 'white']]);
    // The seat had no name: it takes the player's.
    expect((await call('GET', `/api/games/${id}`)).body.players.white.name).toBe('Spock');
    // The seat is Spock's now: no second offer, and another player cannot take it.
    expect((await call('GET', white.pathname + white.search, { headers: cookie(spock.key) })).text).not.toContain('Add this game to my games');
    // Pressed again (a double click): it says it is in Spock's games, not that the seat is someone's (tester 20 T11).
    const again = await form(`/games/${id}/add-to-my-games`, { token }, undefined, cookie(spock.key));
    expect(location(again).searchParams.get('ok')).toBe('This game is now in your games (My games).');
    const uhura = await newPlayer('Uhura');
    const taken = await form(`/games/${id}/add-to-my-games`, { token }, undefined, cookie(uhura.key));
    expect(decodeURIComponent(location(taken).search.replaceAll('+', ' '))).toContain('This seat belongs to a player already');
    expect((await call('GET', '/api/me/games', { token: uhura.key })).body.games).toEqual([]);
    // Spock may not hold both seats.
    const both = await form(`/games/${id}/add-to-my-games`, { token: black.searchParams.get('token')! }, undefined, cookie(spock.key));
    expect(decodeURIComponent(location(both).search.replaceAll('+', ' '))).toContain('You hold the other seat');
  });
});

describe('the forms say which field is wrong by its label', () => {
  it('the home form and /me: "White\'s name", "Email", never white.name or email', async () => {
    const home = await form('/games', { variant: 'warp-factor', white: 'Kirk\u0007' });
    expect(home.status).toBe(400);
    expect(home.text).toContain('White&#39;s name: must not contain control characters');
    expect(home.text).not.toContain('white.name');
    const kirk = await newPlayer('Kirk');
    const settings = await form('/me/settings', { email: 'not an address', webhook: 'https://bot.example/x' }, undefined, cookie(kirk.key));
    expect(settings.status).toBe(400);
    expect(settings.text).toContain('Settings not saved. Email: must be an email address');
    // It is /me again, with the form as it was typed (a page of its own lost both fields).
    expect(settings.text).toContain('id="settings-form"');
    expect(settings.text).toContain('value="not an address"');
    expect(settings.text).toContain('value="https://bot.example/x"');
    // Saved, the header says the name just saved (tester 17 X5).
    const renamed = await form('/me/settings', { name: 'James T. Kirk', email: '', webhook: '' }, undefined, cookie(kirk.key));
    expect(renamed.status).toBe(200);
    expect(renamed.text).toContain('<h1>Settings saved</h1>');
    expect(renamed.text).toMatch(/<span class="name">James T\. Kirk<\/span>/);
    expect(renamed.text).not.toMatch(/<span class="name">Kirk<\/span>/);
  });
});

describe('what is offered, said before it is accepted (tester 14 P2)', () => {
  it("a challenge's and a tournament's options and stake on their pages, the lobby and the notice", async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const options = { platforms: 9, platformMoves: 'after-capture' };
    const clock = { daysPerMove: 5, timeout: 'claim', leaveDays: 3 };
    const ch = (await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'curved-space', options, clock } })).body;
    const page = (await call('GET', `/challenges/${ch.id}`)).text;
    const terms = '5 days per move (the win on time claimed), 3 leave days each';
    expect(page).toContain(`${terms}; 9 platforms, platforms may move after a capture; rated.`);
    // The lobby's line and the notice say the clock's rules as the page does (tester 16 R9).
    expect((await call('GET', '/lobby', { headers: cookie(kor.key) })).text).toContain(`· rated · 9 platforms, platforms may move after a capture · ${terms}`);
    const { challengeLines } = await import('../../src/notify/messages.ts');
    expect(challengeLines(ch)[0]).toBe(
      `Kirk challenges you to a game of Curved Space, 9 platforms, platforms may move after a capture, ${terms}, rated (colours by lot).`,
    );
    const t = await call('POST', '/api/tournaments', {
      token: kirk.key,
      json: { name: 'Nine', variant: 'curved-space', options, clock: { daysPerMove: 5 }, format: 'round-robin', maxPlayers: 4 },
    });
    expect((await call('GET', `/tournaments/${t.body.id}`)).text).toContain('Curved Space, 9 platforms, platforms may move after a capture, round robin');
    // The defaults say nothing more.
    const plain = (await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'curved-space' } })).body;
    expect(challengeLines(plain)[0]).toBe('Kirk challenges you to a game of Curved Space, casual (colours by lot).');
  });
});

describe('/me', () => {
  it('a challenge sent to you has Decline beside Accept; the Web Push words wait for the button', async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const ch = (await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: kor.id } })).body;
    const me = (await call('GET', '/me', { headers: cookie(kor.key) })).text;
    expect(me).toContain(`action="/challenges/${ch.id}/accept"`);
    expect(me).toContain(`action="/challenges/${ch.id}/decline"`);
    // Without the script there is no button, so its words are hidden too.
    expect(me).toMatch(/<span class="hint" hidden="">\s*\(Web Push: your turn/);
    expect(me).toContain(`from <a href="/players/${kirk.id}">Kirk</a>`);
    // The challenger sees neither on their own challenge: it is theirs, with Withdraw.
    const own = (await call('GET', '/me', { headers: cookie(kirk.key) })).text;
    expect(own).not.toContain(`action="/challenges/${ch.id}/decline"`);
    expect(own).not.toContain(`action="/challenges/${ch.id}/accept"`);
    expect(own).toContain(`action="/challenges/${ch.id}/withdraw"`);
    expect(own).toContain(`your challenge to <a href="/players/${kor.id}">Kor</a> · casual · no clock · you play a colour by lot`);
    expect(own).not.toContain('from Kirk');
    // An open challenge in the lobby: the creator's own line, anyone else's with Accept.
    const open = (await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor' } })).body;
    const lobbyOwn = (await call('GET', '/lobby', { headers: cookie(kirk.key) })).text;
    expect(lobbyOwn).toContain('your open challenge');
    expect(lobbyOwn).toContain(`action="/challenges/${open.id}/withdraw"`);
    const lobbyKor = (await call('GET', '/lobby', { headers: cookie(kor.key) })).text;
    expect(lobbyKor).toContain(`action="/challenges/${open.id}/accept"`);
    expect(lobbyKor).not.toContain(`action="/challenges/${open.id}/withdraw"`);
    expect((await form(`/challenges/${ch.id}/decline`, {}, undefined, cookie(kor.key))).status).toBe(303);
    expect((await call('GET', `/api/challenges/${ch.id}`)).body.status).toBe('declined');
  });
});

describe('a finished game page', () => {
  it('offers a rematch to a signed-in player, and to a player by link (tester 18 Y10: no more "Sign in to offer a rematch")', async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const { game } = await startGame(kirk, kor);
    await call('POST', `/api/games/${game.id}/resign`, { token: kor.key });
    const signedIn = (await call('GET', `/games/${game.id}`, { headers: cookie(kirk.key) })).text;
    expect(signedIn).toContain(`action="/games/${game.id}/rematch"`);
    const seat = await newGame('warp-factor');
    await call('POST', `/api/games/${seat.id}/resign`, { token: seat.tokens.black });
    const byLink = (await call('GET', `/games/${seat.id}?token=${seat.tokens.white}`)).text;
    expect(byLink).toContain(`action="/games/${seat.id}/rematch"`);
    expect(byLink).toContain(`<input type="hidden" name="token" value="${seat.tokens.white}"/>`);
    expect(byLink).not.toContain('to offer a rematch');
    // A spectator is offered nothing.
    expect((await call('GET', `/games/${seat.id}`)).text).not.toContain('/rematch"');
  });
});

describe("a player's page", () => {
  it('says what "not rated" means when a recent game was not rated', async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const page = async () => (await call('GET', `/players/${kirk.id}`)).text;
    const { game } = await startGame(kirk, kor, { variant: 'warp-factor', color: 'white', rated: false });
    expect(await page()).not.toContain('Not rated: a casual game');
    await call('POST', `/api/games/${game.id}/resign`, { token: kor.key });
    const shown = await page();
    expect(shown).toContain('(not rated)');
    expect(shown).toContain('Not rated: a casual game, or one that ended before each side had moved.');
  });
});

describe('Next game', () => {
  it('goes to the game waiting for you with the nearest deadline, not the one you left; none: /me', async () => {
    const kirk = await newPlayer('Kirk');
    const slow = await createSignedIn(kirk.key, { variant: 'planar', days: '7' });
    const soon = await createSignedIn(kirk.key, { variant: 'warp-factor', days: '2' });
    const untimed = await createSignedIn(kirk.key, { variant: 'planar' });
    const next = async (after?: string) => location(await call('GET', `/next${after ? `?after=${after}` : ''}`, { headers: cookie(kirk.key) }));
    expect((await next()).pathname).toBe(`/games/${soon.id}`);
    expect((await next(soon.id)).pathname).toBe(`/games/${slow.id}`);
    expect((await next(slow.id)).pathname).toBe(`/games/${soon.id}`);
    const page = await call('GET', `/games/${untimed.id}`, { headers: cookie(kirk.key) });
    expect(page.text).toContain(`href="/next?after=${untimed.id}"`);
    // The count is of the other games: three wait for Kirk, this one among them.
    expect(page.text).toContain('2 other games waiting for you');
    // A player whose only waiting game is this one is not sent round in a loop.
    const solo = await newPlayer('Solo');
    const only = await createSignedIn(solo.key, { variant: 'planar' });
    const alone = (await call('GET', `/games/${only.id}`, { headers: cookie(solo.key) })).text;
    expect(alone).not.toContain('id="next-game"');
    expect(alone).toContain('No other game waits for you');
    // Nor is one whose only waiting game waits for an answer to the opponent's draw offer (tester 9 U4).
    const [spock, kor] = [await newPlayer('Spock'), await newPlayer('Kor')];
    const { game } = await startGame(kor, spock, { variant: 'warp-factor', color: 'white' });
    expect((await call('POST', `/api/games/${game.id}/draw`, { token: kor.key, json: { action: 'offer' } })).status).toBe(200);
    const asked = (await call('GET', `/games/${game.id}`, { headers: cookie(spock.key) })).text;
    expect(asked).toContain('White offers a draw');
    expect(asked).not.toContain('id="next-game"');
    expect(asked).toContain('No other game waits for you');
    // Signed out: the key page.
    expect(location(await call('GET', '/next')).pathname).toBe('/me');
    const loner = await newPlayer('Loner');
    expect(location(await call('GET', '/next', { headers: cookie(loner.key) })).href).toBe('http://subspace.test/me?waiting=none');
  });
});

describe("a new player's way round (tester 9)", () => {
  it('a rules page starts a game of its own variant (U12); the lobby leads to offering a game (U10)', async () => {
    const rules = (await call('GET', '/rules/warp-factor')).text;
    expect(rules).toContain('<a href="/?variant=warp-factor">Start a game of Warp Factor</a>');
    const home = (await call('GET', '/?variant=warp-factor')).text;
    expect(home).toMatch(/id="variant-warp-factor" value="warp-factor" checked/);
    expect(home).not.toMatch(/id="variant-first-contact" value="first-contact" checked/);
    expect((await call('GET', '/?variant=chess')).text).toMatch(/id="variant-first-contact" value="first-contact" checked/);
    const kirk = await newPlayer('Kirk');
    expect((await call('GET', '/lobby', { headers: cookie(kirk.key) })).text).toContain('<a href="/me#offer">Offer a game to anyone</a>');
    expect((await call('GET', '/me', { headers: cookie(kirk.key) })).text).toContain('<h2 id="offer">Offer a game</h2>');
    expect((await call('GET', '/lobby')).text).toContain('to accept one, or to offer a game to anyone.');
  });

  it("a friend's seat nobody signed in to is the side, in words (U11); an emptied name is said when saved (U8)", async () => {
    const uhura = await newPlayer('Uhura');
    const { id } = await createSignedIn(uhura.key, { variant: 'warp-factor' });
    expect((await call('GET', '/me', { headers: cookie(uhura.key) })).text).toContain('Black, by their link');
    expect((await call('GET', `/games/${id}`, { headers: cookie(uhura.key) })).text).toContain('not named');
    const saved = await form('/me/settings', { name: '' }, undefined, cookie(uhura.key));
    expect(saved.status).toBe(200);
    expect(saved.text).toContain(`Name: none (you are shown as player ${uhura.id}).`);
  });

  it("a spectator's Sign in comes back to the game (U9); a game ended before any turn offers no analysis (U13)", async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const { game } = await startGame(kirk, kor, { variant: 'planar', color: 'white' });
    const watching = (await call('GET', `/games/${game.id}`)).text;
    expect(watching).toContain(`<a href="/me?next=/games/${game.id}">Sign in</a>`);
    expect((await call('GET', `/me?next=/games/${game.id}`)).text).toContain(`name="next" value="/games/${game.id}"`);
    const back = await form('/me/session', { key: kirk.key, next: `/games/${game.id}` });
    expect(location(back).pathname).toBe(`/games/${game.id}`);
    // Nowhere else: another site, or anything but a game of ours, is /me.
    for (const next of ['https://evil.example/x', '//evil.example', '/games/../me/keys'])
      expect(location(await form('/me/session', { key: kirk.key, next })).pathname).toBe('/me');
    expect((await call('POST', `/api/games/${game.id}/abort`, { token: kirk.key })).status).toBe(200);
    const over = (await call('GET', `/games/${game.id}`, { headers: cookie(kirk.key) })).text;
    expect(over).not.toContain('Analyse this game');
  });
});

describe('form addresses opened again (tester 9 U15)', () => {
  it("a form's own address, or a mailed link's without its token, leads to /me; a cut token says which link", async () => {
    for (const path of ['/me/new', '/me/keys', '/me/settings', '/me/session', '/me/sign-in', '/me/confirm-email']) {
      const res = await call('GET', path, { headers: { Accept: 'text/html' } });
      expect([res.status, location(res).pathname], path).toEqual([303, '/me']);
    }
    const signIn = await call('GET', '/me/sign-in?t=short', { headers: { Accept: 'text/html' } });
    expect(signIn.status).toBe(403);
    expect(signIn.text).toContain('That is not a whole sign-in link (was it cut short?)');
    const confirm = await call('GET', '/me/confirm-email?t=short', { headers: { Accept: 'text/html' } });
    expect(confirm.text).toContain('That is not a whole confirmation link (was it cut short?)');
  });
});
