// Post-game analysis inside workerd: asked for by the game's end (and by POST), evaluated by the
// computer queue's consumer a piece at a time, read back with judgements, evaluations and
// accuracy; never during a game.
import { createExecutionContext, createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/worker/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisJob, ComputerJob } from '../../src/worker/computer-queue.ts';
import { BASE, call, fetchWorker, FIRST_CONTACT_WIN, form, newGame, objectEnv, play } from './helpers.ts';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';

let queue: ReturnType<typeof captureComputerTurns>;
beforeEach(() => {
  queue = captureComputerTurns();
});
afterEach(() => vi.restoreAllMocks());

/** Run the queue until it is empty; every piece must be acknowledged. Returns the pieces run. */
async function drain(): Promise<ComputerJob[]> {
  const all: ComputerJob[] = [];
  for (let round = 0; round < 200; round++) {
    const jobs = queue.take();
    if (!jobs.length) return all;
    all.push(...jobs);
    const result = await runComputerQueue(jobs);
    expect(result.retryMessages).toEqual([]);
  }
  throw new Error('the analysis never finished');
}

/** A First Contact game played to Black's win by check; the last turn sent with automatic analysis on. */
async function finishedGame() {
  const game = await newGame('first-contact', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
  for (const move of FIRST_CONTACT_WIN.slice(0, -1)) expect((await play(game, move)).status).toBe(200);
  // The game's end is seen in its object: automatic analysis on there too.
  await objectEnv(game.id, { AUTO_ANALYSIS: 'on' });
  const last = await fetchWorker(
    new Request(`${BASE}/api/games/${game.id}/moves`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${game.tokens.black}` },
      body: FIRST_CONTACT_WIN.at(-1),
    }),
    { ...env, AUTO_ANALYSIS: 'on' },
  );
  expect(last.status).toBe(200);
  expect((await last.json<{ state: { status: string } }>()).state.status).toBe('finished');
  return game;
}

describe('post-game analysis', () => {
  it('a game that ends is analysed through the computer queue in pieces; the turn that let the other side win at once is a blunder (??)', async () => {
    const game = await finishedGame();
    // The game's end asked for the analysis: one piece, from the start.
    expect(queue.jobs).toEqual([{ kind: 'analysis', gameId: game.id, from: 0 }]);
    const queued = await call('GET', `/api/games/${game.id}/analysis`);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ status: 'queued', evaluated: 0, positions: FIRST_CONTACT_WIN.length + 1, plies: [] });
    const pieces = (await drain()) as AnalysisJob[];
    // Every piece starts where the one before stopped.
    expect(pieces[0]!.from).toBe(0);
    for (const [i, p] of pieces.entries()) if (i) expect(p.from).toBeGreaterThan(pieces[i - 1]!.from);

    const a = (await call('GET', `/api/games/${game.id}/analysis`)).body;
    expect(a.status).toBe('done');
    expect(a.evaluated).toBe(a.positions);
    expect(a.plies.map((p: { move: string }) => p.move)).toEqual(
      (await call('GET', `/api/games/${game.id}/moves`)).body.moves.map((m: { text: string }) => m.text),
    );
    // White's Wb4-Wa4u:b2 (ply 9) let Black win at once with Q@Ba1#.
    const blunder = a.plies.find((p: { ply: number }) => p.ply === 9);
    expect(blunder).toMatchObject({ side: 'white', move: 'Wb4-Wa4u:b2', judgement: 'blunder', glyph: '??' });
    expect(blunder.best).toEqual(expect.any(String));
    expect(blunder.best).not.toBe('Wb4-Wa4u:b2');
    // The winning turn itself is not marked, and the count says one blunder for White.
    expect(a.plies.find((p: { ply: number }) => p.ply === 10)).toMatchObject({ side: 'black', judgement: null, eval: { over: '0-1' } });
    expect(a.white.blunders).toBeGreaterThanOrEqual(1);
  });

  it("the game page names the computer's better turn only for a turn it judged", async () => {
    const game = await finishedGame();
    await drain();
    const a = (await call('GET', `/api/games/${game.id}/analysis`)).body;
    const plies = a.plies as { ply: number; best: string | null; judgement: string | null }[];
    // The game has both kinds: a judged turn (the blunder) and a turn the computer would not have played, unjudged.
    expect(plies.some((p) => p.best && p.judgement)).toBe(true);
    expect(plies.some((p) => p.best && !p.judgement)).toBe(true);
    for (const p of plies) {
      const page = (await call('GET', `/games/${game.id}?ply=${p.ply}`)).text;
      const panel = page.slice(page.indexOf('id="analysis-ply"'));
      expect(panel.includes('id="best-move"'), `ply ${p.ply}`).toBe(Boolean(p.best && p.judgement));
      expect(panel.includes('would have played it too'), `ply ${p.ply}`).toBe(!p.best);
    }
  });

  it('evaluations in a won position favour the winner; accuracy per side lies in 0-100', async () => {
    const game = await finishedGame();
    await drain();
    const a = (await call('GET', `/api/games/${game.id}/analysis`)).body;
    // After the blunder Black (the winner) mates: the evaluation is a mate for Black (negative, from White's side).
    const won = a.plies.find((p: { ply: number }) => p.ply === 9).eval;
    expect(won.mate ?? won.cp).toBeLessThan(0);
    expect(a.plies.at(-1).eval).toEqual({ over: '0-1' });
    for (const side of ['white', 'black'] as const) {
      expect(a[side].accuracy).toBeGreaterThanOrEqual(0);
      expect(a[side].accuracy).toBeLessThanOrEqual(100);
      expect(a[side]).toEqual({ accuracy: expect.any(Number), inaccuracies: expect.any(Number), mistakes: expect.any(Number), blunders: expect.any(Number) });
    }
    // White blundered the game away: less accurate than Black.
    expect(a.white.accuracy).toBeLessThan(a.black.accuracy);
  });

  it('the record carries the glyphs and evaluations; import accepts them (and $n glyphs) and keeps the moves', async () => {
    const game = await finishedGame();
    const plain = (await call('GET', `/api/games/${game.id}/record`)).text;
    expect(plain).not.toContain('%eval');
    await drain();
    const record = (await call('GET', `/api/games/${game.id}/record`)).text;
    expect(record).toContain('Wb4-Wa4u:b2??');
    expect(record).toMatch(/Wb4-Wa4u:b2\?\?\s+\{\[%at [^\]]+\]\}\s+\{\[%eval #-1\]\}/);
    expect(record).toContain('{[%eval 0-1]}');
    const moves = (await call('GET', `/api/games/${game.id}/moves`)).body.moves.map((m: { text: string }) => m.text);
    for (const text of [record, record.replace('Wb4-Wa4u:b2??', 'Wb4-Wa4u:b2 $4').replace('Q@Ba1#', 'Q@Ba1#!!')]) {
      const imported = await call('POST', '/api/games/import', { text });
      expect(imported.status).toBe(201);
      const again = (await call('GET', `/api/games/${imported.body.id}/moves`)).body.moves.map((m: { text: string }) => m.text);
      expect(again).toEqual(moves);
      expect(imported.body.state).toMatchObject({ status: 'finished', result: '0-1' });
    }
  });

  it('an imported record of a finished game is analysed only when asked for (tester 11 S15: each anonymous import bought a whole analysis)', async () => {
    const game = await finishedGame();
    await drain();
    const record = (await call('GET', `/api/games/${game.id}/record`)).text;
    const importWith = (text: string) =>
      fetchWorker(new Request(`${BASE}/api/games/import`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text }), {
        ...env,
        AUTO_ANALYSIS: 'on',
      });
    const finished = await importWith(record);
    expect(finished.status).toBe(201);
    const id = (await finished.json<{ id: string }>()).id;
    expect(queue.take()).toEqual([]);
    expect((await call('GET', `/api/games/${id}/analysis`)).status).toBe(404);
    // Asked for (the page's button, or the API), it runs, as for any finished game.
    expect((await call('POST', `/api/games/${id}/analysis`)).status).toBe(202);
    expect(queue.jobs).toEqual([{ kind: 'analysis', gameId: id, from: 0 }]);
    await drain();
    expect((await call('GET', `/api/games/${id}/analysis`)).body).toMatchObject({ status: 'done', positions: FIRST_CONTACT_WIN.length + 1 });
    // Asking counts against the client's limit of new games (60 a minute), as an import does.
    const limited = await fetchWorker(new Request(`${BASE}/api/games/${id}/analysis`, { method: 'POST', headers: { 'CF-Connecting-IP': '203.0.113.77' } }), {
      ...env,
      NEW_GAME_LIMITER: { limit: async () => ({ success: false }) } as unknown as RateLimit,
    });
    expect(limited.status).toBe(429);
    expect((await limited.json<{ code: string }>()).code).toBe('rate_limited');
  });

  it('POST asks for the analysis of any finished game (202), once; a duplicate or late piece changes nothing', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    for (const move of ['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3']) expect((await play(game, move)).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.black })).status).toBe(200);
    // Automatic analysis is off in these tests: nothing was asked for yet.
    expect(queue.jobs).toEqual([]);
    expect((await call('GET', `/api/games/${game.id}/analysis`)).status).toBe(404);
    const asked = await call('POST', `/api/games/${game.id}/analysis`);
    expect(asked.status).toBe(202);
    expect(asked.headers.get('Location')).toBe(`/api/games/${game.id}/analysis`);
    expect(asked.body).toMatchObject({ id: game.id, status: 'queued', positions: 4, evaluated: 0 });
    // Asked again: the same analysis, no second message.
    expect((await call('POST', `/api/games/${game.id}/analysis`)).status).toBe(202);
    const jobs = queue.take();
    expect(jobs).toEqual([{ kind: 'analysis', gameId: game.id, from: 0 }]);
    // The same piece twice (a duplicate delivery): the second is a no-op.
    expect((await runComputerQueue([...jobs, ...jobs])).retryMessages).toEqual([]);
    await drain();
    const a = (await call('GET', `/api/games/${game.id}/analysis`)).body;
    expect(a).toMatchObject({ status: 'done', evaluated: 4, positions: 4 });
    expect(a.plies).toHaveLength(3);
    expect(a.start).toEqual(expect.objectContaining({}));
    expect(a.white.accuracy).toBeGreaterThanOrEqual(0);
    expect(a.black.accuracy).toBeLessThanOrEqual(100);
  });

  it('the page\'s "Analyse this game" works without JavaScript: it asks, then goes back to the page shown', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.black })).status).toBe(200);
    const shown = await call('GET', `/games/${game.id}?token=${game.tokens.white}`, { headers: { Accept: 'text/html' } });
    const back = `/games/${game.id}?token=${game.tokens.white}&amp;ply=1`;
    expect(shown.text).toContain(
      `<form method="post" action="/games/${game.id}/analysis" id="analysis-ask"><input type="hidden" name="back" value="${back}"/>`,
    );
    const asked = await form(`/games/${game.id}/analysis`, { back: back.replace('&amp;', '&') });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('Location')).toBe(`/games/${game.id}?token=${game.tokens.white}&ply=1#analysis`);
    const jobs = queue.take();
    expect(jobs).toEqual([{ kind: 'analysis', gameId: game.id, from: 0 }]);
    await runComputerQueue(jobs);
    await drain();
    // Back only to this game's page, whatever the form says.
    const elsewhere = await form(`/games/${game.id}/analysis`, { back: 'https://evil.example/' });
    expect(elsewhere.headers.get('Location')).toBe(`/games/${game.id}#analysis`);
    // A game still going: a page that says so, not JSON.
    const going = await newGame('planar');
    const early = await form(`/games/${going.id}/analysis`, {}, BASE, { Accept: 'text/html' });
    expect(early.status).toBe(409);
    expect(early.text).toContain('<h1>');
  });

  it('a lost piece: the cron asks for it again once the analysis has not moved for two minutes', async () => {
    const game = await finishedGame();
    expect(queue.take()).toEqual([{ kind: 'analysis', gameId: game.id, from: 0 }]); // ... and lost
    const cron = async (at: number) => worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/15 * * * *' }), env, createExecutionContext());
    await cron(Date.now() + 60_000);
    expect(queue.jobs).toEqual([]);
    await cron(Date.now() + 180_000);
    expect(queue.jobs).toEqual([{ kind: 'analysis', gameId: game.id, from: 0 }]);
    await drain();
    expect((await call('GET', `/api/games/${game.id}/analysis`)).body.status).toBe('done');
  });

  it("an ongoing game's analysis is refused for anyone (409), players included; an unknown game is a 404", async () => {
    const game = await newGame('planar', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect((await play(game, (await call('GET', `/api/games/${game.id}/legal`)).body.legal[0])).status).toBe(200);
    for (const token of [undefined, game.tokens.white, game.tokens.black]) {
      const post = await call('POST', `/api/games/${game.id}/analysis`, token ? { token } : {});
      expect(post.status).toBe(409);
      expect(post.body.error).toMatch(/not over/);
      expect((await call('GET', `/api/games/${game.id}/analysis`, token ? { token } : {})).status).toBe(409);
    }
    expect(queue.jobs).toEqual([]);
    expect((await call('POST', '/api/games/nosuchgame00/analysis')).status).toBe(404);
  });
});
