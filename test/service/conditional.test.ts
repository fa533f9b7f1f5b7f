// Conditional moves: stored by the waiting player, checked when stored, private; the answer is
// played at once through the move path when the opponent's turn starts a line; a turn that starts
// none, a takeback or the end of the game clears them; an answer racing its player's own turn for
// the same ply: exactly one lands.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConditionalRow } from '../../src/db/schema.ts';
import { Directory } from '../../src/db/directory.ts';
import { GameStore } from '../../src/db/game-store.ts';
import { GameService } from '../../src/service/games.ts';
import type { GameEvent } from '../../src/service/ports.ts';
import worker from '../../src/worker/index.ts';
import { emailText, subject } from '../../src/notify/messages.ts';
import { call, expectRebuilds, followed, form, gameDb, inGame, location, moveTexts, newGame, play, typedTagOf } from './helpers.ts';
import { captureQueue, confirmAddresses, inboundEmail } from './notify-helpers.ts';

beforeAll(() => {
  (env as { REPLY_SECRET?: string }).REPLY_SECRET = 'test-reply-secret';
});

afterEach(() => {
  vi.restoreAllMocks();
});

type G = Awaited<ReturnType<typeof newGame>>;
type Side = 'white' | 'black';
const path = (g: G) => `/api/games/${g.id}/conditional`;
const putLines = (g: G, side: Side, lines: unknown) => call('PUT', path(g), { json: { lines }, token: g.tokens[side] });
const getLines = (g: G, side: Side) => call('GET', path(g), { token: g.tokens[side] });

describe('conditional moves', () => {
  it('a draw offered with the turn holds the planned reply back: the offer waits for the player (tester 10 C5)', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    expect((await putLines(g, 'white', [['Bb3-Bb2', 'Wd1-Wc3']])).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.black })).status).toBe(200);
    await play(g, 'Bb3-Bb2');
    const now = (await call('GET', `/api/games/${g.id}`, { token: g.tokens.white })).body;
    expect(now).toMatchObject({ ply: 2, sideToMove: 'white', drawOffer: 'black' });
    expect((await getLines(g, 'white')).body.outcome).toEqual({ after: 'Bb3-Bb2', answer: 'Wd1-Wc3', held: true, dropped: 0 });
    expect((await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text).toContain(
      'Black played Bb3-Bb2 and offers a draw: your planned reply Wd1-Wc3 was not played, so you can answer the offer first (or play it yourself).',
    );
    expect((await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'accept' }, token: g.tokens.white })).body.status).toBe('finished');
  });

  it('lines sent with the ply or position they were planned for are refused once the game has left it (tester 10 C3)', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await play(g, 'Bb3-Bb2');
    await play(g, 'Wa2-Wa3');
    const planned = (await call('GET', `/api/games/${g.id}`)).body as { ply: number; position: string };
    // Meanwhile Black and White play on (another device, an email reply).
    await play(g, 'Bc3-Bc2');
    await play(g, 'Wc2-Wc3');
    for (const meant of [{ ply: planned.ply }, { position: planned.position }]) {
      const refused = await call('PUT', path(g), { json: { lines: [['Ba3-Ba2', 'Wd2-Wd3']], ...meant }, token: g.tokens.white });
      expect([refused.status, refused.body.code], JSON.stringify(meant)).toEqual([409, 'stale_ply']);
      expect(refused.body.error).toMatch(/^stale: the game is at ply 5/);
    }
    expect((await getLines(g, 'white')).body.lines).toEqual([]);
    // The game as it is now: stored. Clearing never needs it.
    const now = (await call('GET', `/api/games/${g.id}`)).body as { ply: number; position: string };
    expect(
      (await call('PUT', path(g), { json: { lines: [['Ba3-Ba2', 'Wd2-Wd3']], ply: now.ply, position: now.position }, token: g.tokens.white })).status,
    ).toBe(200);
    expect((await call('PUT', path(g), { json: { lines: [], ply: 1 }, token: g.tokens.white })).status).toBe(200);
    // The page's plan form carries the ply it was drawn at.
    const html = (await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text;
    const planForm = html.slice(html.indexOf('id="plan-form"'));
    expect(planForm.slice(0, planForm.indexOf('</form>'))).toContain(`name="ply" value="${now.ply}"`);
    const stale = await form(`/games/${g.id}/conditional`, { token: g.tokens.white, lines: 'Ba3-Ba2 Wd2-Wd3', do: 'store', ply: '3' });
    expect(location(stale).searchParams.get('error')).toMatch(/^Replies not stored: stale: the game is at ply 5, not 3/);
    const fresh = await form(`/games/${g.id}/conditional`, { token: g.tokens.white, lines: 'Ba3-Ba2 Wd2-Wd3', do: 'store', ply: String(now.ply) });
    expect(location(fresh).searchParams.get('ok')).toBe('Stored 1 planned line.');
  });

  it('stores canonical lines for the waiting player only, and keeps them private', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const stored = await putLines(g, 'white', [
      ['bb3-bb2', 'wc2-wc3'],
      ['Ba3-Ba2', 'Wa2-Wa3', 'Bc3-Bc2', 'Wd2-Wd3'],
      ['Bb3-Bb2', 'Wc2-Wc3'],
    ]);
    expect(stored.status, stored.text).toBe(200);
    // Canonical text, the repeated line once.
    expect(stored.body).toEqual({
      ply: 1,
      lines: [
        ['Bb3-Bb2', 'Wc2-Wc3'],
        ['Ba3-Ba2', 'Wa2-Wa3', 'Bc3-Bc2', 'Wd2-Wd3'],
      ],
    });
    expect((await getLines(g, 'white')).body).toEqual(stored.body);
    expect((await getLines(g, 'white')).headers.get('Cache-Control')).toBe('no-store');
    // Private: the opponent sees only their own (none), spectators nothing at all.
    expect((await getLines(g, 'black')).body).toEqual({ ply: 1, lines: [] });
    expect((await call('GET', path(g))).status).toBe(401);
    for (const seen of [
      await call('GET', `/api/games/${g.id}`),
      await call('GET', `/games/${g.id}`),
      await call('GET', `/api/games/${g.id}`, { token: g.tokens.black }),
    ])
      expect(seen.text).not.toContain('Wd2-Wd3');
    // The player to move plays instead.
    const ownTurn = await putLines(g, 'black', [['Wa2-Wa3', 'Ba3-Ba2']]);
    expect(ownTurn.status).toBe(409);
    expect(ownTurn.body.error).toMatch(/it is your turn/);
  });

  it('refuses bad lines with the line, the turn and the reason, and writes nothing', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wc3']]);
    const illegal = await putLines(g, 'white', [
      ['Bb3-Bb2', 'Wc2-Wc3'],
      ['Bb3-Bb2', 'Wc2-Wc3', 'Ba3-Ba2', 'Wc3-Wc1'],
    ]);
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toMatch(/^line 2, turn 4 \(your Wc3-Wc1\): /);
    const opponents = await putLines(g, 'white', [['Wc2-Wc3', 'Bb3-Bb2']]);
    expect(opponents.status).toBe(422);
    expect(opponents.body.error).toMatch(/^line 1, turn 1 \(your opponent's Wc2-Wc3\): /);
    const twoAnswers = await putLines(g, 'white', [
      ['Bb3-Bb2', 'Wc2-Wc3'],
      ['Bb3-Bb2', 'Wa2-Wa3'],
    ]);
    expect(twoAnswers.status).toBe(422);
    expect(twoAnswers.body.error).toMatch(/line 2, turn 2 .*an earlier line answers Bb3-Bb2 with Wc2-Wc3/);
    // A turn that is not notation at all: 400 unreadable_turn, with where reading stopped, as a move is (tester 10 C8).
    const unreadable = await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wz9']]);
    expect([unreadable.status, unreadable.body.code]).toEqual([400, 'unreadable_turn']);
    expect(unreadable.body.error).toMatch(/^line 1, turn 2 \(your Wc2-Wz9\): /);
    expect(typeof unreadable.body.at).toBe('number');
    // Shape: 400 with the field.
    expect((await putLines(g, 'white', [['Bb3-Bb2']])).status).toBe(400);
    expect((await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wc3', 'Ba3-Ba2']])).body.error).toMatch(/even number of turns/);
    // Lines and turns are counted from 1 here too, as in the engine's refusals ("line 2, turn 4").
    const counted = await call('PUT', path(g), { json: { lines: [['Bb3-Bb2', 'Wc2-Wc3'], ['Bb3-Bb2'], ['Bb3-Bb2', 7]] }, token: g.tokens.white });
    expect(counted.body.error).toMatch(/^line 2: must hold at least your opponent's turn and your answer; .*line 3, turn 2: /);
    expect(counted.body.error).not.toMatch(/lines\.\d/);
    expect(
      (
        await putLines(
          g,
          'white',
          Array.from({ length: 21 }, () => ['Bb3-Bb2', 'Wc2-Wc3']),
        )
      ).body.error,
    ).toMatch(/at most 20 lines/);
    expect((await putLines(g, 'white', [Array.from({ length: 22 }, () => 'Bb3-Bb2')])).body.error).toMatch(/at most 20 turns/);
    expect((await call('PUT', path(g), { json: { line: [] }, token: g.tokens.white })).status).toBe(400);
    expect((await call('PUT', path(g), { json: { lines: [] }, token: 'x'.repeat(30) })).status).toBe(403);
    // Nothing of it was written.
    expect((await getLines(g, 'white')).body.lines).toEqual([['Bb3-Bb2', 'Wc2-Wc3']]);
  });

  it('plays the answer at once through the move path, trims the line, and tells the opponent', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await putLines(g, 'white', [
      ['Bb3-Bb2', 'Wc2-Wc3', 'Ba3-Ba2', 'Wd2-Wd3'],
      ['Bb3-Bb2', 'Wc2-Wc3', 'Bc3-Bc2', 'Wa2-Wa3'],
      ['Ba3-Ba2', 'Wa2-Wa3'],
    ]);
    const moved = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Bb3-Bb2', ply: 2 }, token: g.tokens.black });
    expect(moved.status, moved.text).toBe(200);
    // The mover sees the answer already played.
    expect(moved.body.move.text).toBe('Bb3-Bb2');
    expect(moved.body.answer).toMatchObject({ ply: 3, side: 'white', text: 'Wc2-Wc3' });
    expect(moved.body.state).toMatchObject({ ply: 3, sideToMove: 'black', you: 'black' });
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3']);
    await expectRebuilds(g.id);
    // The lines that went on with this answer remain, for the game after it.
    // With what became of them: the answer played, and the line that began with another turn dropped.
    expect((await getLines(g, 'white')).body).toEqual({
      ply: 3,
      lines: [
        ['Ba3-Ba2', 'Wd2-Wd3'],
        ['Bc3-Bc2', 'Wa2-Wa3'],
      ],
      outcome: { after: 'Bb3-Bb2', answer: 'Wc2-Wc3', dropped: 1 },
    });
    expect((await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Bc3-Bc2', ply: 4 }, token: g.tokens.black })).body.answer.text).toBe('Wa2-Wa3');
    // The last answer used the lines up.
    expect((await getLines(g, 'white')).body).toEqual({ ply: 5, lines: [], outcome: { after: 'Bc3-Bc2', answer: 'Wa2-Wa3', dropped: 1 } });
    // Only the note is left, and it goes with the next turn.
    expect(await gameDb(g.id).prepare('select lines from conditional_moves where game_id = ?').bind(g.id).first('lines')).toBe('[]');
    await play(g, 'Bb2-Bb1');
    expect((await getLines(g, 'white')).body).toEqual({ ply: 6, lines: [] });
    expect(await gameDb(g.id).prepare('select count(*) as n from conditional_moves where game_id = ?').bind(g.id).first('n')).toBe(0);
    await expectRebuilds(g.id);
  });

  it('notifies as any turn: the opponent hears of the answer, its player that the line was followed (tester 12 E4)', async () => {
    const g = await newGame('warp-factor');
    const heard: { ply: number; events: GameEvent[] }[] = [];
    await inGame(g.id, async (store) => {
      const service = new GameService(store, Date.now, {
        events: { publish: async (row, events) => void heard.push({ ply: row.ply, events: [...events] }) },
      });
      await service.move(g.id, { side: 'white' }, { move: 'Wb2-Wb3' });
      expect((await service.setConditional(g.id, { side: 'white' }, [['Bb3-Bb2', 'Wc2-Wc3']])).ok).toBe(true);
      heard.length = 0;
      await service.move(g.id, { side: 'black' }, { move: 'Bb3-Bb2', message: 'Your move' });
    });
    expect(heard).toEqual([
      // Black's turn is told to nobody (the game's stream shows it); Black's message still reaches
      // White, as a message (White has no turn to be told of).
      {
        ply: 2,
        events: [
          { type: 'turn', recipients: [] },
          { type: 'message', recipients: ['white'], message: expect.objectContaining({ text: 'Your move' }) },
        ],
      },
      { ply: 3, events: [{ type: 'turn', recipients: ['black'] }] },
      { ply: 3, events: [{ type: 'plan-played', recipients: ['white'], plan: { after: 'Bb3-Bb2', answer: 'Wc2-Wc3', dropped: 0 } }] },
    ]);
  });

  it('a turn that starts no line, a takeback, a new line set or the end clears the lines', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wc3']]);
    await play(g, 'Ba3-Ba2');
    // Dropped, and the player is told on their turn.
    expect((await getLines(g, 'white')).body).toEqual({ ply: 2, lines: [], outcome: { after: 'Ba3-Ba2', dropped: 1 } });
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Ba3-Ba2']);
    // A takeback: White takes back Wa2-Wa3, the same position comes back, the lines do not.
    await play(g, 'Wa2-Wa3');
    await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wc3']]);
    await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens.black });
    await play(g, 'Wa2-Wa3');
    expect((await getLines(g, 'white')).body).toEqual({ ply: 3, lines: [] });
    await play(g, 'Bb3-Bb2');
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Ba3-Ba2', 'Wa2-Wa3', 'Bb3-Bb2']);
    // DELETE clears; an empty PUT too.
    await play(g, 'Wc2-Wc3');
    await putLines(g, 'white', [['Bc3-Bc2', 'Wd2-Wd3']]);
    expect((await call('DELETE', path(g), { token: g.tokens.white })).body).toEqual({ ply: 5, lines: [] });
    expect((await getLines(g, 'white')).body.lines).toEqual([]);
    await putLines(g, 'white', [['Bc3-Bc2', 'Wd2-Wd3']]);
    expect((await putLines(g, 'white', [])).body).toEqual({ ply: 5, lines: [] });
    // The end: lines show no more, and none can be stored.
    await putLines(g, 'white', [['Bc3-Bc2', 'Wd2-Wd3']]);
    await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black });
    expect((await getLines(g, 'white')).body.lines).toEqual([]);
    expect((await putLines(g, 'white', [['Bc3-Bc2', 'Wd2-Wd3']])).body.error).toMatch(/the game is over/);
  });

  it('a line of several answers follows the game turn by turn', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wc3', 'Ba3-Ba2', 'Wd2-Wd3']]);
    // Black is to move: Black stores nothing now, but after Black's turn White's answer comes, and so on.
    const moved = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Bb3-Bb2' }, token: g.tokens.black });
    expect(moved.body.state.ply).toBe(3);
    expect((await putLines(g, 'black', [['Wd2-Wd3', 'Bc3-Bc2']])).status).toBe(409);
    await play(g, 'Ba3-Ba2');
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3', 'Ba3-Ba2', 'Wd2-Wd3']);
    await expectRebuilds(g.id);
  });

  it('an answer and its player’s own turn for the same ply: exactly one lands, and the game replays', async () => {
    // White's own turn (Wa2-Wa3) is sent while the answer (Wc2-Wc3) is being written: both writes
    // in flight together, or one of them done first. Each mode twice.
    const modes = ['together', 'together', 'answer first', 'answer first', 'own turn first', 'own turn first'] as const;
    const seen = new Set<string>();
    for (const mode of modes) {
      const g = await newGame('warp-factor');
      await play(g, 'Wb2-Wb3');
      await putLines(g, 'white', [['Bb3-Bb2', 'Wc2-Wc3', 'Ba3-Ba2', 'Wd2-Wd3']]);
      let own: ReturnType<GameService['move']> | undefined;
      let sendOwn = () => own;
      class Racing extends GameStore {
        override async commitMove(...args: Parameters<GameStore['commitMove']>) {
          if (args[0].move.text !== 'Wc2-Wc3' || own) return super.commitMove(...args);
          if (mode === 'own turn first') await sendOwn();
          if (mode === 'together') sendOwn();
          const written = await super.commitMove(...args);
          if (mode === 'answer first') await sendOwn();
          return written;
        }
      }
      // In the game's object, as the service runs there, on a store that lets the other turn in at the chosen moment.
      const [black, white] = await inGame(g.id, async (_store, _object, state) => {
        const service: GameService = new GameService(new Racing(state.storage, new Directory(env.DB)));
        sendOwn = () => (own = service.move(g.id, { side: 'white' }, { move: 'Wa2-Wa3', ply: 3 }));
        const black = await service.move(g.id, { side: 'black' }, { move: 'Bb3-Bb2', ply: 2 });
        return [black, await own!] as const;
      });
      expect(black.ok).toBe(true);
      const texts = await moveTexts(g.id);
      expect(texts.slice(0, 2)).toEqual(['Wb2-Wb3', 'Bb3-Bb2']);
      expect(texts.length).toBe(3);
      const answerLanded = texts[2] === 'Wc2-Wc3';
      if (!answerLanded) expect(texts[2]).toBe('Wa2-Wa3');
      if (mode !== 'together') expect(answerLanded).toBe(mode === 'answer first');
      // The loser was refused as stale; the mover was shown what landed.
      expect(white.ok).toBe(!answerLanded);
      if (!white.ok) expect(white.status).toBe(409);
      expect(black.ok && black.value.state.ply).toBe(answerLanded ? 3 : 2);
      expect(black.ok && black.value.answer?.text).toBe(answerLanded ? 'Wc2-Wc3' : undefined);
      // The trimmed lines apply only when the answer is on the board.
      expect((await getLines(g, 'white')).body.lines).toEqual(answerLanded ? [['Ba3-Ba2', 'Wd2-Wd3']] : []);
      await expectRebuilds(g.id);
      seen.add(answerLanded ? 'answer' : 'own turn');
    }
    expect([...seen].sort()).toEqual(['answer', 'own turn']);
  });

  it('the store write itself refuses lines for a game that moved on', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const row = (await inGame(g.id, (store) => store.game(g.id)))!;
    const lines: Omit<ConditionalRow, 'outcome'> = {
      gameId: g.id,
      side: 'white',
      ply: row.ply,
      position: row.position,
      lines: '[["Bb3-Bb2","Wc2-Wc3"]]',
      updatedAt: Date.now(),
    };
    await play(g, 'Bb3-Bb2');
    await inGame(g.id, async (store) => {
      expect(await store.putConditionalLines(lines)).toBe(false);
      // For the side to move, never.
      expect(await store.putConditionalLines({ ...lines, side: 'black' })).toBe(false);
      expect(await store.conditionalLines(g.id, 'white')).toBeUndefined();
    });
  });

  it('is in OpenAPI', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/games/{id}/conditional']).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.components.schemas.Conditional.properties.lines.type).toBe('array');
  });

  it('the chat bot and email replies: if <turn> then <turn>, conditional, conditional clear, and help', async () => {
    await confirmAddresses('kirk@example.org', 'kor@example.org'); // only confirmed addresses play by email (mail-trust.test.ts)
    const g = await newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: 'kor@example.org' } });
    const chat = async (side: Side, text: string) => (await call('POST', `/api/games/${g.id}/chat`, { text, token: g.tokens[side] })).body.reply as string;
    expect(await chat('white', 'help')).toContain('if <their turn> then <your answer>');
    expect(await chat('white', 'if Bb3-Bb2 then Wc2-Wc3')).toMatch(/^Could not store the line: it is your turn/);
    await play(g, 'Wb2-Wb3');
    expect(await chat('white', 'if bb3-bb2 then wc2-wc3 then Ba3-Ba2 then Wd2-Wd3')).toBe(
      'Stored. Your conditional lines (1):\n  1. if Bb3-Bb2 then Wc2-Wc3 then Ba3-Ba2 then Wd2-Wd3',
    );
    expect(await chat('white', 'if Bb3-Bb2 then Wc2-Wc3 then Ba3-Ba2')).toMatch(/^Could not read the line: .*even number of turns/);
    // A line begun and not finished is said so, not read as a turn (tester's report).
    expect(await chat('white', 'if Bb3-Bb2')).toMatch(/^Could not read the line: must hold at least your opponent's turn and your answer/);
    // An empty step is said, not dropped: a line cut short is not stored shorter than meant (tester 10 C2).
    for (const gap of ['if Bb3-Bb2 then', 'if Bb3-Bb2 then Wc2-Wc3 then', 'if Bb3-Bb2 then then Wc2-Wc3'])
      expect(await chat('white', gap), gap).toMatch(/^Could not read the line: a turn is missing after a "then"/);
    // Turns apart by spaces only, as the page's box takes them, are a line too, not a turn out of turn.
    expect(await chat('white', 'if Ba3-Ba2 Wa2-Wa3')).toMatch(/^Stored\. Your conditional lines \(2\):/);
    expect(await chat('white', 'conditional clear')).toContain('cleared');
    expect(await chat('white', 'if bb3-bb2 then wc2-wc3 then Ba3-Ba2 then Wd2-Wd3')).toMatch(/^Stored\./);
    expect(await chat('white', 'if Bb3-Bb2 then Wc3-Wc1')).toMatch(/^Could not store the line: line 2, turn 2 \(your Wc3-Wc1\)/);
    // By email: several lines in one reply are each stored, in order (tester 12 E17: they were refused as ambiguous).
    const me = await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white });
    const raw = `From: Kirk <kirk@example.org>\nTo: ${me.body.replyTo}\nSubject: Re: game\nMessage-ID: <${crypto.randomUUID()}@example.org>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nif Ba3-Ba2 then Wa2-Wa3\nif Bc3-Bc2 then Wd2-Wd3\n\n> Your move\n`;
    const mail = inboundEmail(raw, 'kirk@example.org', me.body.replyTo);
    await worker.email(mail.message, env, createExecutionContext());
    expect(mail.replies[0]!.text).toContain('Stored. Your conditional lines (3):');
    await chat('white', 'conditional clear');
    expect(await chat('white', 'if bb3-bb2 then wc2-wc3 then Ba3-Ba2 then Wd2-Wd3')).toMatch(/^Stored\./);
    const again = inboundEmail(
      raw.replace(/Message-ID: <[^>]*>/, `Message-ID: <${crypto.randomUUID()}@example.org>`).replace('if Bc3-Bc2 then Wd2-Wd3\n', ''),
      'kirk@example.org',
      me.body.replyTo,
    );
    await worker.email(again.message, env, createExecutionContext());
    expect(again.replies[0]!.text).toContain('Stored. Your conditional lines (2):');
    expect(await chat('white', 'conditional')).toBe(
      'Your conditional lines (2):\n  1. if Bb3-Bb2 then Wc2-Wc3 then Ba3-Ba2 then Wd2-Wd3\n  2. if Ba3-Ba2 then Wa2-Wa3',
    );
    // Black's chat turn hears of the answer.
    expect(await chat('black', 'Bb3-Bb2')).toMatch(/^You played Bb3-Bb2 \(ply 2\)\. White played Wc2-Wc3 \(ply 3\)\./);
    // White asks: what became of the lines, then those left.
    expect(await chat('white', 'conditional')).toBe(
      'Your planned reply Wc2-Wc3 was played after Bb3-Bb2; your other line was dropped: it began with another turn.\nYour conditional lines (1):\n  1. if Ba3-Ba2 then Wd2-Wd3',
    );
    expect(await chat('white', 'conditional clear')).toBe('Your conditional lines are cleared. You have no conditional lines.');
    expect((await getLines(g, 'white')).body.lines).toEqual([]);
  });

  it('tells the planner what became of the lines, on the page and in the turn notification; the mover sees an ordinary turn', async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' } });
    await play(g, 'Wb2-Wb3');
    await putLines(g, 'white', [
      ['Bb3-Bb2', 'Wc2-Wc3', 'Bc3-Bc2', 'Wd2-Wd3'],
      ['Ba3-Ba2', 'Wa2-Wa3'],
    ]);
    const pageOf = async (side: Side) => (await call('GET', `/games/${g.id}?token=${g.tokens[side]}`)).text;
    // Black moves with the page's form: the answer reads as any turn of White's (the plans are private).
    const moved = await form(`/games/${g.id}/move`, { token: g.tokens.black, move: 'Bb3-Bb2', ply: '2' });
    expect(location(moved).searchParams.get('ok')).toBe('You played Bb3-Bb2. White played Wc2-Wc3.');
    // White (by email) hears that the line was followed: no mail said so before (tester 12 E4).
    const followedLine = queue.take().find((j) => j.gameId === g.id && j.event === 'plan-played' && j.side === 'white')!;
    expect(followedLine.data.lastMove).toMatchObject({ ply: 3, text: 'Wc2-Wc3' });
    expect(subject('plan-played', followedLine.data)).toMatch(/^Your planned reply was played in Warp Factor game \S+: Wc2-Wc3$/);
    expect(emailText('plan-played', followedLine.data, { replyTo: null, unsubscribe: null })).toContain(
      "Your planned reply Wc2-Wc3 was played after Bb3-Bb2; your other line was dropped: it began with another turn.\nIt is Black's move now.",
    );
    const mover = (await followed(moved)).text;
    expect(mover).toContain('<strong>Your turn</strong>');
    expect(mover).not.toContain('planned');
    // White's page says which reply was played and that the other line went; the rest stays planned.
    const planner = await pageOf('white');
    expect(planner).toContain('Your planned reply Wc2-Wc3 was played after Bb3-Bb2; your other line was dropped: it began with another turn.');
    expect(planner).toContain('<code>if Bc3-Bc2 then Wd2-Wd3</code>');
    // Black plays another turn: the rest is dropped, and White is told on their turn, on the page and in the email.
    queue.take();
    await play(g, 'Ba3-Ba2');
    const told = 'Black played Ba3-Ba2, which none of your planned lines began with: it was dropped.';
    expect(await pageOf('white')).toContain(told);
    expect(await pageOf('black')).not.toContain('Ba3-Ba2, which none');
    const turn = queue.jobs.find((j) => j.gameId === g.id && j.event === 'turn' && j.side === 'white')!;
    expect(turn.data.plan).toEqual({ after: 'Ba3-Ba2', dropped: 1 });
    expect(emailText('turn', turn.data, { replyTo: null, unsubscribe: null })).toContain(told);
    // Once White moves, the note is history.
    await play(g, 'Wa2-Wa3');
    expect(await pageOf('white')).not.toContain(told);
  });

  it('the game page: plan replies on the opponent’s turn, preview the last line, store and clear, without JavaScript', async () => {
    const g = await newGame('warp-factor');
    const pageOf = async (side: Side, query = '') => (await call('GET', `/games/${g.id}?token=${g.tokens[side]}${query}`)).text;
    // On your own turn there is nothing to plan.
    expect(await pageOf('white')).not.toContain('id="plan-form"');
    await play(g, 'Wb2-Wb3');
    const page = await pageOf('white');
    expect(page).toContain('Plan replies');
    expect(page).toContain('No replies planned.');
    expect(await pageOf('black')).not.toContain('id="plan-form"');
    // Preview: back to the page with the lines in the box and the board after the last one.
    const previewed = await form(`/games/${g.id}/conditional`, { token: g.tokens.white, lines: 'Ba3-Ba2 Wa2-Wa3\nif bb3-bb2 then wc2-wc3', do: 'preview' });
    expect(previewed.status).toBe(303);
    const back = location(previewed);
    expect(back.searchParams.get('plan')).toBe('Ba3-Ba2 Wa2-Wa3\nif bb3-bb2 then wc2-wc3');
    const typed = back.searchParams.get('typed')!;
    expect(typed).toBe(typedTagOf(await pageOf('white')));
    const withPreview = await pageOf('white', `&plan=${encodeURIComponent(back.searchParams.get('plan')!)}&typed=${typed}`);
    expect(withPreview).toContain('After if Bb3-Bb2 then Wc2-Wc3');
    expect(withPreview).toMatch(/id="plan-preview"[\s\S]*<svg/);
    expect(await pageOf('white', `&plan=${encodeURIComponent('Bb3-Bb2 Wc3-Wc1')}&typed=${typed}`)).toMatch(
      /The last line cannot be played: turn 2 \(Wc3-Wc1\)/,
    );
    // Store: the lines as the API stores them.
    const stored = await form(`/games/${g.id}/conditional`, { token: g.tokens.white, lines: 'Ba3-Ba2 Wa2-Wa3\r\nif bb3-bb2 then wc2-wc3\r\n', do: 'store' });
    expect(location(stored).searchParams.get('ok')).toBe('Stored 2 planned lines.');
    expect((await getLines(g, 'white')).body.lines).toEqual([
      ['Ba3-Ba2', 'Wa2-Wa3'],
      ['Bb3-Bb2', 'Wc2-Wc3'],
    ]);
    expect(await pageOf('white')).toContain('<code>if Bb3-Bb2 then Wc2-Wc3</code>');
    // An illegal line: the reason, and the box keeps what was written.
    const refused = location(await form(`/games/${g.id}/conditional`, { token: g.tokens.white, lines: 'Bb3-Bb2 Wc3-Wc1', do: 'store' }));
    expect(refused.searchParams.get('error')).toMatch(/^Replies not stored: line 1, turn 2 \(your Wc3-Wc1\)/);
    expect(refused.searchParams.get('plan')).toBe('Bb3-Bb2 Wc3-Wc1');
    expect((await getLines(g, 'white')).body.lines).toHaveLength(2);
    // The spectator page never shows them.
    expect((await call('GET', `/games/${g.id}`)).text).not.toContain('Wa2-Wa3');
    expect(location(await form(`/games/${g.id}/conditional`, { token: g.tokens.white, do: 'clear' })).searchParams.get('ok')).toBe('No replies planned now.');
    expect((await getLines(g, 'white')).body.lines).toEqual([]);
  });

  it('the game page: the example line fits the waiting player (their opponent’s turn first) and stores as it is', async () => {
    for (const variant of ['warp-factor', 'first-contact', 'curved-space', 'planar'] as const) {
      const g = await newGame(variant);
      // Black waits at the start, White after one turn: each page's example must store as it is.
      for (const waiting of ['black', 'white'] as const) {
        if (waiting === 'white') {
          const legal = (await call('GET', `/api/games/${g.id}/legal`)).body.legal as string[];
          await play(g, legal[0]!);
        }
        const page = (await call('GET', `/games/${g.id}?token=${g.tokens[waiting]}`)).text;
        const example = /Your lines <span class="hint">\(for example: ([^)]*)\)<\/span>/.exec(page)?.[1];
        expect(example, `${variant}, ${waiting} waiting`).toBeDefined();
        const line = example!.split(' ');
        expect(line).toHaveLength(2);
        const stored = await putLines(g, waiting, [line]);
        expect(stored.status, `${variant}: ${example}: ${JSON.stringify(stored.body)}`).toBe(200);
        // Cleared again, so the next turn is not answered from it.
        expect((await call('DELETE', path(g), { token: g.tokens[waiting] })).status).toBe(200);
      }
    }
  });

  it('the game page: a line entered by playing it on the preview board, turn by turn', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const send = async (fields: Record<string, string>) =>
      location(await form(`/games/${g.id}/conditional`, { token: g.tokens.white, ...fields })).searchParams.get('plan');
    const own = `/games/${g.id}?token=${g.tokens.white}`;
    const typed = typedTagOf((await call('GET', own)).text);
    const pageWith = async (plan: string) => (await call('GET', `${own}&plan=${encodeURIComponent(plan)}&typed=${typed}`)).text;
    // Start: the board as it stands, the opponent's legal turns to pick from.
    const started = await send({ lines: '', do: 'new' });
    expect(started).toBe('');
    const first = await pageWith(started!);
    expect(first).toContain('The game as it stands');
    expect(first).toMatch(/Your opponent(?:'|&#39;)s turn \(Black\)/);
    expect(first).toContain('<option value="Bb3-Bb2">');
    const one = await send({ lines: started!, do: 'play', next: 'Bb3-Bb2' });
    expect(one).toBe('Bb3-Bb2');
    const second = await pageWith(one!);
    expect(second).toContain('After if Bb3-Bb2');
    expect(second).toContain('Your answer (White)');
    expect(second).toContain('<option value="Wc2-Wc3">');
    const two = await send({ lines: one!, do: 'play', next: 'Wc2-Wc3' });
    expect(two).toBe('Bb3-Bb2 Wc2-Wc3');
    // A second line starts on a new row; the earlier rows stay as they are.
    const next = await send({ lines: two!, do: 'new' });
    expect(next).toBe('Bb3-Bb2 Wc2-Wc3\n');
    expect(await send({ lines: next!, do: 'play', next: 'Ba3-Ba2' })).toBe('Bb3-Bb2 Wc2-Wc3\nBa3-Ba2');
    expect(await send({ lines: 'Bb3-Bb2 Wc2-Wc3\nBa3-Ba2', do: 'play' })).toBe('Bb3-Bb2 Wc2-Wc3\nBa3-Ba2');
    const stored = await form(`/games/${g.id}/conditional`, { token: g.tokens.white, lines: 'Bb3-Bb2 Wc2-Wc3\nBa3-Ba2 Wa2-Wa3', do: 'store' });
    expect(location(stored).searchParams.get('ok')).toBe('Stored 2 planned lines.');
    // The box says what the address carries, an empty line too, not the stored lines (tester 16 R8).
    expect((await call('GET', own)).text).toMatch(/<textarea id="plan-lines"[^>]*>Bb3-Bb2 Wc2-Wc3\nBa3-Ba2 Wa2-Wa3<\/textarea>/);
    expect(await pageWith('')).toMatch(/<textarea id="plan-lines"[^>]*><\/textarea>/);
  });
});
