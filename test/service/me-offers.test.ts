// /me and GET /api/me/games say what waits for the player besides their turn (tester's findings):
// the other side's open offers (a draw, a takeback, a pause) and a running pause.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, location } from './helpers.ts';
import { newPlayer, startGame, type Player } from './player-helpers.ts';

const cookie = (key: string) => ({ headers: { Cookie: `subspace_key=${key}` } });
const myGames = async (p: Player) => (await call('GET', '/api/me/games', { token: p.key })).body.games;
const gameLine = (html: string, id: string) => {
  const at = html.indexOf(`href="/games/${id}"`);
  return html.slice(html.lastIndexOf('<li', at), html.indexOf('</li>', at));
};
const badge = (html: string) => /id="waiting-count"[^>]*>([^<]*)</.exec(html)?.[1];

describe('/me: offers waiting for an answer', () => {
  it('a draw offer from the opponent puts the game with those waiting for you, in the API, the list, the header count and Next game', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const { game } = await startGame(kor, worf, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } });
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: kor.key, text: 'Wb2-Wb3' })).status).toBe(200);
    // Worf's turn; he offers a draw as well: Kor has it to answer.
    expect((await call('POST', `/api/games/${game.id}/draw`, { token: worf.key, json: { action: 'offer' } })).status).toBe(200);
    const [k] = await myGames(kor);
    expect(k).toMatchObject({ yourTurn: false, waiting: true, drawOffer: 'black', takebackOffer: null, pauseOffer: null, pausedUntil: null });
    const [w] = await myGames(worf);
    expect(w).toMatchObject({ yourTurn: true, waiting: true, drawOffer: 'black' });

    const page = await call('GET', '/me', cookie(kor.key));
    expect(page.text).toContain('An offer to answer in 1 game.');
    expect(page.text.indexOf('id="your-turn"')).toBeGreaterThan(0);
    expect(page.text).not.toContain('id="their-games"');
    expect(gameLine(page.text, game.id)).toContain('<strong>Worf offers a draw</strong>');
    expect(badge(page.text)).toBe('1 game waits for you');
    expect(gameLine((await call('GET', '/me', cookie(worf.key))).text, game.id)).toContain('you offered a draw');
    expect(location(await call('GET', '/next', cookie(kor.key))).pathname).toBe(`/games/${game.id}`);

    // A takeback asked for: "asks to take back their last turn".
    expect((await call('POST', `/api/games/${game.id}/draw`, { token: kor.key, json: { action: 'decline' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/takeback`, { token: kor.key, json: { action: 'offer' } })).status).toBe(200);
    const [w2] = await myGames(worf);
    expect(w2).toMatchObject({ waiting: true, drawOffer: null, takebackOffer: 'white' });
    expect(gameLine((await call('GET', '/me', cookie(worf.key))).text, game.id)).toContain('Kor asks to take back their last turn');
    const [k2] = await myGames(kor);
    expect(k2).toMatchObject({ waiting: false });
    expect(badge((await call('GET', '/me', cookie(kor.key))).text)).toBe('no game waits');
  });

  it('a pause: asked for, it waits for the other side; running, the game says until when (no deadline, no "no clock")', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const { game } = await startGame(kor, worf, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } });
    expect((await call('POST', `/api/games/${game.id}/pause`, { token: kor.key, json: { action: 'offer', days: 5 } })).status).toBe(200);
    const [w] = await myGames(worf);
    expect(w).toMatchObject({ yourTurn: false, waiting: true, pauseOffer: { by: 'white', days: 5 } });
    expect(gameLine((await call('GET', '/me', cookie(worf.key))).text, game.id)).toContain('Kor asks for a pause of 5 days');

    expect((await call('POST', `/api/games/${game.id}/pause`, { token: worf.key, json: { action: 'accept' } })).status).toBe(200);
    const state = (await call('GET', `/api/games/${game.id}`)).body;
    const [k] = await myGames(kor);
    expect(k).toMatchObject({ yourTurn: true, deadline: null, pausedUntil: state.pause.until, pauseOffer: null });
    const line = gameLine((await call('GET', '/me', cookie(kor.key))).text, game.id);
    expect(line).toContain(`paused until <time data-deadline="" datetime="${state.pause.until}">`);
    expect(line).not.toContain('no clock');
  });
});

describe('more games than a list shows (tester 3 F9)', () => {
  it('the list keeps the most urgent: waiting for you by deadline first, whatever changed last; the API says more were left out, and /me says so', async () => {
    const sulu = await newPlayer('Sulu');
    const rand = await newPlayer('Rand');
    // A game where it is Sulu's turn with a clock: the one a cap must never drop.
    const { game: urgent } = await startGame(rand, sulu, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 2 } });
    expect((await call('POST', `/api/games/${urgent.id}/moves`, { token: rand.key, text: 'Wb2-Wb3' })).status).toBe(200);
    // 200 more games where it is Rand's turn, each changed later than the urgent one: copies of one real directory row.
    const { game: theirs } = await startGame(rand, sulu, { variant: 'warp-factor', color: 'white' });
    const columns = ((await env.DB.prepare('PRAGMA table_info(games)').all()).results as { name: string }[]).map((c) => c.name);
    const copied = columns.map((c) => (c === 'id' ? `'copy' || n || ?1` : c === 'updated_at' ? 'updated_at + n' : c)).join(', ');
    await env.DB.prepare(
      `WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 200) INSERT INTO games (${columns.join(', ')}) SELECT ${copied} FROM games, k WHERE id = ?2`,
    )
      .bind(sulu.id.slice(0, 6), theirs.id)
      .run();

    const api = (await call('GET', '/api/me/games', { token: sulu.key })).body;
    expect(api.games[0]).toMatchObject({ id: urgent.id, yourTurn: true, waiting: true });
    expect(api.games).toHaveLength(200);
    expect(api.more).toBe(true);
    expect(api.games.filter((g: { waiting: boolean }) => g.waiting)).toHaveLength(1);
    // A list under the cap carries no `more`.
    expect(Object.keys((await call('GET', '/api/me/games?status=finished', { token: sulu.key })).body)).toEqual(['games']);

    const page = (await call('GET', '/me', cookie(sulu.key))).text;
    expect(page).toContain('Your turn in 1 game.');
    expect(gameLine(page, urgent.id)).toContain('Rand');
    expect(page).toContain('Only the 200 most urgent of your games are listed here.');
  });
});

describe("the header's count: a challenge waiting for your answer (tester 18 Y11)", () => {
  it('counts challenges sent to you, in words that say so, beside the games; not your own, nor one answered', async () => {
    const kor = await newPlayer('Kor');
    const worf = await newPlayer('Worf');
    const onPage = async (p: Player) =>
      /id="waiting-count"[^>]*data-challenges="(\d+)"[^>]*>([^<]*)</.exec((await call('GET', '/lobby', cookie(p.key))).text)?.slice(1);
    expect(await onPage(worf)).toEqual(['0', 'no game waits']);
    const sent = await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'planar', to: worf.id } });
    expect(sent.status).toBe(201);
    expect(await onPage(worf)).toEqual(['1', '1 challenge waits for your answer']);
    // The sender waits for nobody's answer of theirs; an open challenge to anyone is nobody's to answer.
    expect(await onPage(kor)).toEqual(['0', 'no game waits']);
    await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'warp-factor' } });
    expect(await onPage(worf)).toEqual(['1', '1 challenge waits for your answer']);
    // With a game waiting too.
    const { game } = await startGame(kor, worf, { variant: 'warp-factor', color: 'black', clock: { daysPerMove: 3 } });
    expect(game.id).toBeTruthy();
    expect(await onPage(worf)).toEqual(['1', '1 game and 1 challenge wait for you']);
    await call('POST', '/api/challenges', { token: kor.key, json: { variant: 'first-contact', to: worf.id } });
    expect(await onPage(worf)).toEqual(['2', '1 game and 2 challenges wait for you']);
    // Declined and accepted, they wait no more.
    expect((await call('POST', `/api/challenges/${sent.body.id}/decline`, { token: worf.key })).status).toBe(200);
    expect(await onPage(worf)).toEqual(['1', '1 game and 1 challenge wait for you']);
    await call('POST', `/api/games/${game.id}/resign`, { token: worf.key });
    expect(await onPage(worf)).toEqual(['1', '1 challenge waits for your answer']);
  });
});
