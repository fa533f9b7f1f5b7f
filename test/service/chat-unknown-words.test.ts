// Words a chat does not know (tester 18 Y5): a game's chat (POST /api/games/:id/chat) answers words
// that are no command and no turn ("status", "board please") as such, not as a turn refused for a
// reason about turns; a turn keeps its own reason. POST /api/me/chat answers with the same words.
import { describe, expect, it } from 'vitest';
import { call, newGame } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const chat = (id: string, token: string, text: string, headers: Record<string, string> = {}) => call('POST', `/api/games/${id}/chat`, { text, token, headers });
const unknown = (words: string) => `I don't know "${words}": say "help" for the commands.`;

describe("a game's chat: words it does not know", () => {
  it('on your turn, on the opponent\'s and once the game is over: "I don\'t know", not a refused turn', async () => {
    const g = await newGame('warp-factor');
    for (const words of ['status', 'history', 'undo', 'board please', 'move status']) {
      const res = await chat(g.id, g.tokens.white, words);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: false, status: 400, reply: unknown(words.replace(/^move /, '')) });
      expect(res.body.state).toMatchObject({ ply: 0, you: 'white' });
    }
    for (const words of ['foo', 'board please', 'Nice']) expect((await chat(g.id, g.tokens.black, words)).body.reply).toBe(unknown(words));
    expect((await chat(g.id, g.tokens.black, 'status', { Accept: 'text/plain' })).text).toBe(unknown('status'));
    // Echoed safely, and cut when long.
    expect((await chat(g.id, g.tokens.white, 'sta\u0007tus')).body.reply).toBe(unknown('sta\\x07tus'));
    expect((await chat(g.id, g.tokens.white, `what ${'a'.repeat(60)}`)).body.reply).toBe(unknown(`what ${'a'.repeat(35)}…`));
    // Nothing was played.
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);

    // A turn keeps its own reason: out of turn, mistyped, illegal.
    const early = await chat(g.id, g.tokens.black, 'Bb3-Bb2');
    expect(early.body).toMatchObject({ ok: false, status: 403 });
    expect(early.body.reply).toMatch(/^Could not play "Bb3-Bb2": it is White's turn, not yours/);
    expect((await chat(g.id, g.tokens.white, 'Wz9')).body.reply).toMatch(/^Could not play "Wz9": expected a cell like Wb1.*off the field/);
    expect((await chat(g.id, g.tokens.white, 'e2e4')).body.reply).toMatch(/^Could not play "e2e4": expected a cell like Wb1/);
    expect((await chat(g.id, g.tokens.white, 'Wc1-Wc3')).body).toMatchObject({ ok: false, status: 422 });
    expect((await chat(g.id, g.tokens.white, 'Wb2-Wb3')).body.ok).toBe(true);

    expect((await chat(g.id, g.tokens.white, 'resign')).body.reply).toMatch(/^You resigned\./);
    expect((await chat(g.id, g.tokens.black, 'status')).body.reply).toBe(unknown('status'));
    expect((await chat(g.id, g.tokens.black, 'foo bar')).body.reply).toBe(unknown('foo bar'));
    expect((await chat(g.id, g.tokens.black, 'Bb3-Bb2')).body.reply).toMatch(/^Could not play "Bb3-Bb2": the game is over/);
  });
});

describe('POST /api/me/chat: words it does not know', () => {
  it('are said so, with its list of commands (ok: false, 400); an empty text is the list', async () => {
    const spock = await newPlayer('Spock');
    const res = await call('POST', '/api/me/chat', { text: 'what now?', token: spock.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, status: 400 });
    expect(res.body.reply).toMatch(/^I don't know "what now\?"\.\nCommands \(with your player key\):\n/);
    expect(res.body.reply).toContain('accept <id>');
    const empty = await call('POST', '/api/me/chat', { text: '', token: spock.key });
    expect(empty.body).toMatchObject({ ok: true });
    expect(empty.body.reply).toMatch(/^Commands \(with your player key\):/);
  });
});
