// A chat bot with a player key (POST /api/me/chat): lists the player's games and the
// challenges sent to them, accepts, declines and withdraws by text command; the game
// it starts is then played on the game's own chat endpoint with the same key.
import { describe, expect, it } from 'vitest';
import { BASE, call } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const chat = (key: string | undefined, text: string, headers: Record<string, string> = {}) =>
  call('POST', '/api/me/chat', { text, ...(key ? { token: key } : {}), headers });

describe('player chat commands', () => {
  it('challenges, accept <id>, games; then the game is played by chat with the same key', async () => {
    const kirk = await newPlayer('Kirk');
    const spock = await newPlayer('Spock');
    const ch = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor', color: 'white', to: spock.id } });

    const list = await chat(spock.key, 'challenges');
    expect(list.status).toBe(200);
    expect(list.body.ok).toBe(true);
    expect(list.body.reply).toContain(
      `- ${ch.body.id}: Kirk challenges you to a game of Warp Factor, casual (they play white). Say "accept ${ch.body.id}" or "decline ${ch.body.id}".`,
    );
    const own = await chat(kirk.key, 'Challenges.');
    expect(own.body.reply).toContain('No challenge is waiting for you.');
    expect(own.body.reply).toContain(`- ${ch.body.id}: Warp Factor to Spock`);
    expect(own.body.reply).toContain(`withdraw ${ch.body.id}`);

    // Kirk cannot accept it (it is his own); Spock accepts by the challenge’s link.
    const self = await chat(kirk.key, `accept ${ch.body.id}`);
    expect(self.body).toMatchObject({ ok: false, status: 409 });
    expect(self.body.reply).toContain('you cannot accept your own challenge');
    const accepted = await chat(spock.key, `accept ${BASE}/challenges/${ch.body.id}`);
    expect(accepted.body.ok).toBe(true);
    const gameId = /game ([a-z0-9]+) has started, you play black/.exec(accepted.body.reply)?.[1];
    expect(gameId).toBeDefined();
    expect(accepted.body.reply).toContain(`${BASE}/games/${gameId}`);
    expect(accepted.body.state.status).toBe('active');

    const games = await chat(kirk.key, 'games', { Accept: 'text/plain' });
    expect(games.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(games.text).toContain('Your turn in 1 of 1 game:');
    expect(games.text).toContain(`- Warp Factor ${gameId} against Spock: your move ${BASE}/games/${gameId}`);
    const played = await call('POST', `/api/games/${gameId}/chat`, { text: 'Wb2-Wb3', token: kirk.key });
    expect(played.body.reply).toContain('You played Wb2-Wb3');
    expect((await chat(spock.key, 'games')).body.reply).toContain(`${gameId} against Kirk: your move`);
    for (const res of [list, own, accepted, games]) for (const key of [kirk.key, spock.key]) expect(res.text).not.toContain(key);
  });

  it('decline and withdraw; wrong ids and unknown commands are answered in words', async () => {
    const kirk = await newPlayer('Kirk');
    const spock = await newPlayer('Spock');
    const a = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: spock.id } });
    const b = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar' } });
    expect((await chat(kirk.key, `decline ${a.body.id}`)).body).toMatchObject({ ok: false, status: 403 });
    expect((await chat(spock.key, `decline ${a.body.id}`)).body).toMatchObject({ ok: true, reply: `Challenge ${a.body.id} declined.` });
    expect((await chat(spock.key, `withdraw ${b.body.id}`)).body).toMatchObject({ ok: false, status: 403 });
    expect((await chat(kirk.key, `withdraw ${b.body.id}`)).body).toMatchObject({ ok: true, reply: `Challenge ${b.body.id} withdrawn.` });
    expect((await call('GET', `/api/challenges/${b.body.id}`)).body.status).toBe('withdrawn');

    const unknown = await chat(spock.key, 'accept zzzzzzzzzzzz');
    expect(unknown.body).toMatchObject({ ok: false, status: 404 });
    const odd = await chat(spock.key, 'accept ../\u0000x');
    expect(odd.body.ok).toBe(false);
    expect(odd.body.reply).toMatch(/^There is no challenge with id \.\.\/\\x00x/);
    const help = await chat(spock.key, 'what now?');
    expect(help.body).toMatchObject({ ok: false, status: 400 });
    expect(help.body.reply).toMatch(/^I don't know "what now\?"\.\nCommands \(with your player key\):/);
    expect(help.body.reply).toContain('accept <id>');

    expect((await chat(undefined, 'games')).status).toBe(401);
    expect((await chat(`${kirk.id}_${'x'.repeat(43)}`, 'games')).status).toBe(403);
  });
});
