// A game's spectator page opened where nobody is signed in (an email's "The game" link on another
// device; tester's finding) says how its player gets their seat there.
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const cookie = (key: string) => ({ headers: { Cookie: `subspace_key=${key}` } });

describe('a spectator page with nobody signed in', () => {
  it('says how a player of the game gets their seat here (the same words on every game); not to a player or a signed-in watcher', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const other = await newPlayer('Martok');
    const game = (await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'warp-factor' } })).body;
    const started = (await call('POST', `/api/challenges/${game.id}/accept`, { token: worf.key })).body;
    // The same words on every game; the link comes back to this one once signed in (tester 9 U9).
    const hint = `Is this your game? <a href="/me?next=/games/${started.id}">Sign in</a> on this device`;
    expect((await call('GET', `/games/${started.id}`)).text).toContain(hint);
    expect((await call('GET', `/games/${started.id}`, cookie(kor.key))).text).not.toContain('id="spectator-hint"');
    expect((await call('GET', `/games/${started.id}`, cookie(other.key))).text).not.toContain('id="spectator-hint"');
  });
});
