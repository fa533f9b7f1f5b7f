// The board pictures are drawn by the picture Worker (RPC svg(view, options)): what the main
// Worker serves is, byte for byte, what the renderer draws from the same view here.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { boardSvg } from '../../src/render/board-svg.ts';
import { turnMarks } from '../../src/service/preview.ts';
import { call, FIRST_CONTACT_WIN, newGame, play } from './helpers.ts';

describe('board pictures drawn by the picture Worker', () => {
  it('a game at a past ply, seen from Black, is the renderer text of the same view', async () => {
    const g = await newGame('first-contact');
    const turns = FIRST_CONTACT_WIN.slice(0, 6);
    for (const [i, t] of turns.entries()) expect((await play(g, t, i % 2 ? 'black' : 'white')).status).toBe(200);
    const game = Game.create('first-contact', {});
    if (!game.ok) throw new Error('no game');
    for (const t of turns.slice(0, 4)) game.value.play(t);
    const view = game.value.variant.view(game.value.position);
    const past = await call('GET', `/api/games/${g.id}/board.svg?ply=4&from=black&size=300`);
    expect(past.status).toBe(200);
    expect(past.text).toBe(boardSvg(view, { lastMove: turnMarks('first-contact', turns[3]!), size: 300, from: 'black' }));
  });

  it('a position given as text is the renderer text of its view', async () => {
    const game = Game.create('planar', {});
    if (!game.ok) throw new Error('no game');
    const position = game.value.positionText;
    const res = await call('GET', `/api/board.svg?variant=planar&position=${encodeURIComponent(position)}&size=240`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(boardSvg(game.value.variant.view(game.value.position), { size: 240 }));
  });
});
