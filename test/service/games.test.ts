// Creating, reading, playing, history, records and import, through HTTP.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, call, fetchWorker, FIRST_CONTACT_WIN, gameDb, newGame, play } from './helpers.ts';

const WARP_REPETITION = ['Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4', 'Wa1-Wb3', 'Ba4-Bb2', 'Wb3-Wa1', 'Bb2-Ba4'];

describe('POST /api/games', () => {
  it('creates a game with links, tokens and public state', async () => {
    const res = await call('POST', '/api/games', {
      json: { variant: 'warp-factor', white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: 'kor@example.org' } },
    });
    expect(res.status).toBe(201);
    const { id, links, tokens, state } = res.body;
    expect(id).toMatch(/^[a-z0-9]{16}$/);
    expect(tokens.white).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(tokens.white).not.toBe(tokens.black);
    expect(links.white).toBe(`http://subspace.test/games/${id}?token=${tokens.white}`);
    expect(links.spectator).toBe(`http://subspace.test/games/${id}`);
    expect(state).toMatchObject({ id, variant: 'warp-factor', status: 'active', phase: 'play', sideToMove: 'white', ply: 0, result: '*' });
    expect(state.players).toEqual({ white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect(state.board.cells).toContainEqual({ cell: 'Wa1', color: 'white', role: 'N', kind: 'knight' });
    expect(state.board.platforms).toContainEqual({ pin: 'Wa1u', up: true, owner: 'white' });

    // Only hashes are stored, and only in the game's object: the directory (D1) has a summary without them.
    const row = await gameDb(id).prepare('select * from games where id = ?').bind(id).first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(tokens.white);
    expect(row!.white_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await env.DB.prepare('select * from games where id = ?').bind(id).first<Record<string, unknown>>();
    expect(listed).toMatchObject({ id, variant: 'warp-factor', status: 'active', ply: 0, side_to_move: 'white', white_name: 'Kirk', black_name: 'Kor' });
    // (The open offers are there, public as in the game's state, for /me's "Waiting for you".)
    expect(Object.keys(listed!).filter((column) => /token|webhook|secret|notify|start_position|leave/.test(column))).toEqual([]);
    expect(listed).toMatchObject({ draw_offer_by: null, takeback_offer_by: null, pause_offer_by: null });

    // Public state never shows a token or an email address.
    const pub = await call('GET', `/api/games/${id}`);
    expect(pub.status).toBe(200);
    for (const secret of [tokens.white, tokens.black, 'kirk@example.org', 'kor@example.org', row!.white_token_hash as string])
      expect(pub.text).not.toContain(secret);
    expect(pub.body.you).toBeUndefined();
    const asBlack = await call('GET', `/api/games/${id}`, { token: tokens.black });
    expect(asBlack.body.you).toBe('black');
  });

  it('creates First Contact in its platform phase with full hands', async () => {
    const g = await newGame('first-contact');
    expect(g.state).toMatchObject({ phase: 'platforms', sideToMove: 'white' });
    expect(g.state.board.hands.white).toEqual({ K: 1, Q: 1, R: 2, B: 2, N: 2, P: 8 });
    const legal = await call('GET', `/api/games/${g.id}/legal`);
    expect(legal.body.legal).toContain('@Wa1u');
  });

  it('stores a clock and says when the move is due', async () => {
    const before = Date.now();
    const g = await newGame('warp-factor', { clock: { daysPerMove: 3 } });
    expect(g.state.clock.daysPerMove).toBe(3);
    expect(g.state.clock.timeout).toBe('auto');
    const due = Date.parse(g.state.clock.deadline);
    expect(due).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
  });
});

describe('playing', () => {
  it('plays a First Contact game to a check win', async () => {
    const g = await newGame('first-contact', { white: { name: 'Picard' }, black: { name: 'Locutus' } });
    for (const [i, move] of FIRST_CONTACT_WIN.entries()) {
      const res = await play(g, move);
      expect(res.status, `${move}: ${res.text}`).toBe(200);
      expect(res.body.move).toMatchObject({ ply: i + 1, text: move });
    }
    const state = (await call('GET', `/api/games/${g.id}`)).body;
    expect(state).toMatchObject({ status: 'finished', result: '0-1', reason: 'check', winner: 'black', ply: 10 });
    expect(state.lastMove).toMatchObject({ ply: 10, side: 'black', text: 'Q@Ba1#' });
    expect((await call('GET', `/api/games/${g.id}/legal`)).body.legal).toEqual([]);

    const history = await call('GET', `/api/games/${g.id}/moves`);
    expect(history.body.moves.map((m: { text: string }) => m.text)).toEqual(FIRST_CONTACT_WIN);
    expect(history.body.moves[0]).toMatchObject({ ply: 1, side: 'white' });
    expect(Date.parse(history.body.moves[0].at)).not.toBeNaN();
    // Other query parameters (cache busters) are ignored, as on every GET.
    const since = await call('GET', `/api/games/${g.id}/moves?since=8&_=1700000000`);
    expect(since.body.moves.map((m: { ply: number }) => m.ply)).toEqual([9, 10]);

    const record = await call('GET', `/api/games/${g.id}/record`);
    expect(record.headers.get('Content-Type')).toContain('text/plain');
    expect(record.text).toContain('[Variant "first-contact"]');
    expect(record.text).toContain('[White "Picard"]');
    expect(record.text).toContain('[Result "0-1"]');
    // Each turn carries its time as a comment; the turns themselves read as before without them.
    const movetext = record.text.replace(/\s*\{\[%at [^\]]*\]\}/g, '').replace(/\s+/g, ' ');
    expect(movetext).toContain('1. @Nd1d @Na1u 2. @Wa4u @Ba1d');
    expect(movetext.trimEnd().endsWith('Q@Ba1# 0-1')).toBe(true);

    // The exported record imports as the same game.
    const imported = await call('POST', '/api/games/import', { text: record.text });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.state).toMatchObject({ status: 'finished', result: '0-1', reason: 'check', position: state.position, ply: 10 });
    expect(imported.body.state.players.white.name).toBe('Picard');
  });

  it('accepts lenient text and answers with the canonical turn; JSON bodies with ply', async () => {
    const g = await newGame('warp-factor');
    const res = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'wb2-wb3', ply: 1 }, token: g.tokens.white });
    expect(res.status, res.text).toBe(200);
    expect(res.body.move.text).toBe('Wb2-Wb3');
    expect(res.body.state).toMatchObject({ ply: 1, sideToMove: 'black' });
    // Bytes without a Content-Type (Python requests' data=b"…"): read as text, as docs/api.md says (tester 15 B5).
    const untyped = new Request(`${BASE}/api/games/${g.id}/moves`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${g.tokens.black}` },
      body: new TextEncoder().encode('Bb3-Bb2 #2'),
    });
    expect(untyped.headers.get('Content-Type')).toBeNull();
    const plain = await fetchWorker(untyped);
    expect(plain.status, await plain.clone().text()).toBe(200);
    expect(((await plain.json()) as { move: { text: string } }).move.text).toBe('Bb3-Bb2');
    // JSON without its type is said to be so (tester 16 R5).
    const untypedJson = await fetchWorker(
      new Request(`${BASE}/api/games/${g.id}/moves`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${g.tokens.white}` },
        body: new TextEncoder().encode('{"move":"Wc2-Wc3"}'),
      }),
    );
    expect(untypedJson.status).toBe(400);
    expect(((await untypedJson.json()) as { error: string }).error).toMatch(
      /^body: looks like JSON but has no Content-Type: send it with Content-Type: application\/json/,
    );
    const suffixed = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb3-Wb4 #3' }, token: g.tokens.white });
    expect(suffixed.status, suffixed.text).toBe(200);
    expect(suffixed.body.move).toMatchObject({ ply: 3, text: 'Wb3-Wb4' });
    // curl -d labels any string form-encoded (tester): the body as written, or a form's move= field.
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const curled = await call('POST', `/api/games/${g.id}/moves`, { body: 'Ba3-Ba2', headers: form, token: g.tokens.black });
    expect([curled.status, curled.body.move?.text], curled.text).toEqual([200, 'Ba3-Ba2']);
    const encoded = await call('POST', `/api/games/${g.id}/moves`, { body: 'Wa2-Wa3%20%235', headers: form, token: g.tokens.white });
    expect([encoded.status, encoded.body.move?.ply], encoded.text).toEqual([200, 5]);
    const field = await call('POST', `/api/games/${g.id}/moves`, { body: 'move=Bc3-Bc2+%236', headers: form, token: g.tokens.black });
    expect([field.status, field.body.move?.text], field.text).toEqual([200, 'Bc3-Bc2']);
    const stale = await call('POST', `/api/games/${g.id}/moves`, { body: 'move=Wc2-Wc3+%236', headers: form, token: g.tokens.white });
    expect([stale.status, stale.body.code]).toEqual([409, 'stale_ply']);
    // A field beside move= (the JSON body's ply or position) is not dropped without a word: refused, nothing played (tester 5 F8).
    for (const body of ['move=Wc2-Wc3&ply=6', 'move=Wc2-Wc3&position=x', 'ply=7&move=Wc2-Wc3']) {
      const beside = await call('POST', `/api/games/${g.id}/moves`, { body, headers: form, token: g.tokens.white });
      expect([beside.status, beside.body.code, beside.body.error], body).toEqual([
        400,
        'invalid_body',
        expect.stringMatching(/^(ply|position): a form body is read for its move= field alone; send (ply|position) in a JSON body/),
      ]);
    }
    // Two turns in one form are refused, not one of them guessed (tester 15 B3).
    const twice = await call('POST', `/api/games/${g.id}/moves`, { body: 'move=Wc2-Wc3&move=Wd2-Wd3', headers: form, token: g.tokens.white });
    expect([twice.status, twice.body.code, twice.body.error]).toEqual([400, 'invalid_body', 'body: the field move is given 2 times; send it once']);
    const page = await call('POST', `/games/${g.id}/move`, {
      body: `token=${g.tokens.white}&move=Wc2-Wc3&move=Wd2-Wd3`,
      headers: { ...form, Origin: BASE },
    });
    expect([page.status, page.body.error]).toEqual([400, 'body: the field move is given 2 times; send it once']);
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(6);
  });

  it('draws a Warp Factor game by threefold repetition', async () => {
    const g = await newGame('warp-factor');
    for (const move of WARP_REPETITION.slice(0, -1)) expect((await play(g, move)).status).toBe(200);
    expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
    // The preview already knows the last turn repeats the position a third time.
    const preview = await call('GET', `/api/games/${g.id}/preview?move=${WARP_REPETITION.at(-1)}`);
    expect(preview.body.state.outcome).toEqual({ result: '1/2-1/2', reason: 'repetition' });
    const other = await call('GET', `/api/games/${g.id}/preview?move=Bc3-Bc2`);
    expect(other.body.state.outcome).toBeNull();
    // Seen from Black's side (as Black's page shows its board), the picture is turned round.
    const black = await call('GET', `/api/games/${g.id}/preview?move=Bc3-Bc2&from=black`);
    expect(black.body.canonical).toBe(other.body.canonical);
    expect(black.body.svg).not.toBe(other.body.svg);
    expect((await call('GET', `/api/games/${g.id}/preview?move=Bc3-Bc2&from=white`)).body.svg).toBe(other.body.svg);
    expect((await call('GET', `/api/games/${g.id}/preview?move=Bc3-Bc2&from=green`)).body).toMatchObject({ code: 'invalid_query' });
    const last = await play(g, WARP_REPETITION.at(-1)!);
    expect(last.status).toBe(200);
    expect(last.body.state).toMatchObject({ status: 'finished', result: '1/2-1/2', reason: 'repetition' });
  });

  it('a previewed turn with its ply ("#2") is checked as sending it would be: stale and future plies are refused', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const at = (text: string) => call('GET', `/api/games/${g.id}/preview?move=${encodeURIComponent(text)}`);
    expect((await at('Bb3-Bb2 #2')).status).toBe(200);
    const stale = await at('Bb3-Bb2 #1');
    expect([stale.status, stale.body.code, stale.body.error]).toEqual([
      409,
      'stale_ply',
      'stale: the game is at ply 1, so the next turn is ply 2 (you sent 1)',
    ]);
    const sent = await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2 #1', token: g.tokens.black });
    expect([sent.status, sent.body.error]).toEqual([409, stale.body.error]);
    expect((await at('Bb3-Bb2 #3')).body.code).toBe('future_ply');
    // A number that is no ply is the 400 that sending it is, not a stale or future ply.
    for (const text of ['Bb3-Bb2 #0', 'Bb3-Bb2 #1234567']) expect([(await at(text)).status, (await at(text)).body.code], text).toEqual([400, 'invalid_query']);
  });

  it('text after a ply marker is what is blamed, with its offset, not the marker (tester 15 B7)', async () => {
    const g = await newGame('warp-factor');
    const sent = (text: string) => call('POST', `/api/games/${g.id}/moves`, { text, token: g.tokens.white });
    for (const [text, rest, at] of [
      ['Wb2-Wb3 #1 #1', '#1', 11],
      ['Wb2-Wb3 #1!', '!', 10],
      ['Wb2-Wb3#1#', '#', 9],
    ] as const) {
      const r = await sent(text);
      expect([r.status, r.body.code, r.body.error, r.body.at], text).toEqual([400, 'unreadable_turn', `unexpected "${rest}" after the ply marker #1`, at]);
      const previewed = await call('GET', `/api/games/${g.id}/preview?move=${encodeURIComponent(text)}`);
      expect([previewed.status, previewed.body.error, previewed.body.at], text).toEqual([400, r.body.error, at]);
    }
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
    // A planar mate sign before the marker stays a mate sign; junk after it is still named.
    const p = await newGame('planar');
    const junk = await call('POST', `/api/games/${p.id}/moves`, { text: 'K@Ab1=XY #1 x', token: p.tokens.white });
    expect([junk.status, junk.body.error, junk.body.at]).toEqual([400, 'unexpected "x" after the ply marker #1', 12]);
    expect((await sent('Wb2-Wb3 #1')).status).toBe(200);
  });
});

describe('POST /api/games/import', () => {
  const record = (moves: string, result = '*', extra = '') =>
    `[Variant "warp-factor"]\n[Options "{}"]\n[White "Sulu"]\n[Black "Koloth"]\n[Result "${result}"]\n${extra}\n${moves} ${result}\n`;

  it('imports an unfinished game that can go on', async () => {
    const res = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3 Bb3-Bb2 2. Wa1-Na1') });
    expect(res.status, res.text).toBe(201);
    expect(res.body.state).toMatchObject({ status: 'active', ply: 3, sideToMove: 'black' });
    expect(res.body.state.players).toEqual({ white: { name: 'Sulu' }, black: { name: 'Koloth' } });
    const next = await call('POST', `/api/games/${res.body.id}/moves`, { text: 'Bd4-Bc2', token: res.body.tokens.black });
    expect(next.status, next.text).toBe(200);
  });

  it('takes JSON with players and a clock', async () => {
    const res = await call('POST', '/api/games/import', {
      json: { record: record('1. Wb2-Wb3'), white: { name: 'Uhura' }, clock: { daysPerMove: 7, timeout: 'claim' } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.state.players.white.name).toBe('Uhura');
    expect(res.body.state.clock).toMatchObject({ daysPerMove: 7, timeout: 'claim' });
  });

  it("keeps the record's clock unless the request brings one", async () => {
    const cases: [string, number | null][] = [
      ['[TimeControl "3 days per move"]', 3],
      ['[TimeControl "1 day per move"]', 1],
      ['[TimeControl "40/7200"]', null],
      ['', null],
    ];
    for (const [header, days] of cases) {
      const res = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3', '*', `${header}\n`) });
      expect(res.status, res.text).toBe(201);
      expect(res.body.state.clock?.daysPerMove ?? null, header).toBe(days);
    }
    const own = await call('POST', '/api/games/import', {
      json: { record: record('1. Wb2-Wb3', '*', '[TimeControl "3 days per move"]\n'), clock: { daysPerMove: 14 } },
    });
    expect(own.body.state.clock.daysPerMove).toBe(14);
    // A clock sent with the record replaces the record's, even one the service would refuse.
    const replaced = await call('POST', '/api/games/import', {
      json: { record: record('1. Wb2-Wb3', '*', '[TimeControl "4 days per move"]\n'), clock: { daysPerMove: 3 } },
    });
    expect([replaced.status, replaced.body.state?.clock?.daysPerMove]).toEqual([201, 3]);
    // Our own form with days the service does not offer: a 400 that says which, not a game without a clock.
    for (const header of ['[TimeControl "4 days per move"]', '[TimeControl "0 days per move"]']) {
      const res = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3', '*', `${header}\n`) });
      expect([res.status, res.body.code, res.body.error], header).toEqual([
        400,
        'invalid_record',
        `record: ${header.slice(1, -1).replace('TimeControl ', '[TimeControl ')}]: the days per move must be one of 1, 2, 3, 5, 7, 10, 14`,
      ]);
    }
  });

  it("JSON clock null imports the game without the record's clock", async () => {
    const text = record('1. Wb2-Wb3', '*', '[TimeControl "3 days per move"]\n');
    const res = await call('POST', '/api/games/import', { json: { record: text, clock: null } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.state.clock ?? null).toBeNull();
    // Left out, the record's clock stands.
    const kept = await call('POST', '/api/games/import', { json: { record: text } });
    expect(kept.body.state.clock).toMatchObject({ daysPerMove: 3 });
  });

  it('reads header tags with blank lines between them (hand-edited records)', async () => {
    const text = '[Variant "warp-factor"]\n\n[White "Sulu"]\n\n\n[TimeControl "5 days per move"]\n\n1. Wb2-Wb3 Bb3-Bb2 *\n';
    const res = await call('POST', '/api/games/import', { text });
    expect(res.status, res.text).toBe(201);
    expect(res.body.state).toMatchObject({ ply: 2, players: { white: { name: 'Sulu' } }, clock: { daysPerMove: 5 } });
    // The first blank line followed by something other than a header still ends the headers.
    const after = await call('POST', '/api/games/import', { text: '[Variant "warp-factor"]\n\n1. Wb2-Wb3\n[White "Sulu"]\n' });
    expect([after.status, after.body.code]).toEqual([400, 'unreadable_turn']);
  });

  it('exports the whole clock (timeout mode, leave days) and imports it back', async () => {
    const made = await call('POST', '/api/games', { json: { variant: 'warp-factor', clock: { daysPerMove: 5, timeout: 'claim', leaveDays: 7 } } });
    const text = (await call('GET', `/api/games/${made.body.id}/record`)).text;
    expect(text).toContain('[TimeControl "5 days per move"]\n[Timeout "claim"]\n[LeaveDays "7"]');
    const back = await call('POST', '/api/games/import', { text });
    expect(back.status, back.text).toBe(201);
    expect(back.body.state.clock).toMatchObject({ daysPerMove: 5, timeout: 'claim', leaveDays: 7 });
    // The defaults are not written, and read as the defaults.
    const plain = await call('POST', '/api/games', { json: { variant: 'warp-factor', clock: { daysPerMove: 3 } } });
    const plainText = (await call('GET', `/api/games/${plain.body.id}/record`)).text;
    expect(plainText).not.toMatch(/\[Timeout|\[LeaveDays/);
    expect((await call('POST', '/api/games/import', { text: plainText })).body.state.clock).toMatchObject({ daysPerMove: 3, timeout: 'auto', leaveDays: 0 });
    // Values the service does not offer are a 400 naming the tag, not a game with another clock.
    for (const [tags, error] of [
      ['[Timeout "soon"]', 'record: [Timeout "soon"]: the timeout must be "auto" or "claim"'],
      ['[LeaveDays "31"]', 'record: [LeaveDays "31"]: the leave days must be a whole number from 0 to 30'],
      ['[LeaveDays "a week"]', 'record: [LeaveDays "a week"]: the leave days must be a whole number from 0 to 30'],
    ]) {
      const res = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3', '*', `[TimeControl "3 days per move"]\n${tags}\n`) });
      expect([res.status, res.body.code, res.body.error], tags).toEqual([400, 'invalid_record', error]);
    }
  });

  it('keeps a result decided off the board', async () => {
    const res = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3', '0-1', '[Termination "resignation"]\n') });
    expect(res.status, res.text).toBe(201);
    expect(res.body.state).toMatchObject({ status: 'finished', result: '0-1', reason: 'resignation' });
  });

  it('checks the stated ending against the moves', async () => {
    const cases: [string, string, string, number, RegExp][] = [
      ['1. Wb2-Wb3 Bb3-Bb2', '0-1', '[Termination "checkmate"]', 422, /moves do not end in checkmate/],
      ['1. Wb2-Wb3', '1/2-1/2', '[Termination "stalemate"]', 422, /moves do not end in stalemate/],
      ['1. Wb2-Wb3', '1/2-1/2', '[Termination "repetition"]', 422, /moves do not end in repetition/],
      ['1. Wb2-Wb3', '1-0', '[Termination "check"]', 422, /moves do not end in check/],
      ['1. Wb2-Wb3', '1-0', '[Termination "bogus"]', 400, /\[Termination "bogus"\] must be one of checkmate, check, stalemate/],
      ['1. Wb2-Wb3', '0-1', '[Termination "timeout"]', 422, /only the side to move can run out of time/],
      ['1. Wb2-Wb3', '1-0', '[Termination "agreement"]', 422, /cannot have the result 1-0/],
      ['1. Wb2-Wb3', '1/2-1/2', '[Termination "resignation"]', 422, /draw off the board is by agreement/],
      ['1. Wb2-Wb3 Bb3-Bb2', '*', '[Termination "aborted"]', 422, /too late to abort/],
      ['1. Wb2-Wb3', '*', '[Termination "resignation"]', 422, /result is \* \(still going\)/],
    ];
    for (const [moves, result, termination, status, error] of cases) {
      const res = await call('POST', '/api/games/import', { text: record(moves, result, `${termination}\n`) });
      expect([res.status, res.body.error], termination).toEqual([status, expect.stringMatching(error)]);
    }
    const ok: [string, string, string, object][] = [
      ['1. Wb2-Wb3', '1-0', '[Termination "timeout"]', { status: 'finished', result: '1-0', reason: 'timeout' }],
      ['1. Wb2-Wb3', '1/2-1/2', '', { status: 'finished', result: '1/2-1/2', reason: 'agreement' }],
      ['1. Wb2-Wb3', '1-0', '', { status: 'finished', result: '1-0', reason: 'resignation' }],
      ['1. Wb2-Wb3', '*', '[Termination "aborted"]', { status: 'aborted', result: '*', reason: 'aborted' }],
    ];
    for (const [moves, result, termination, state] of ok) {
      const res = await call('POST', '/api/games/import', { text: record(moves, result, `${termination}\n`) });
      expect(res.status, res.text).toBe(201);
      expect(res.body.state).toMatchObject(state);
    }
    // An ending on the board must be the one the record names.
    const fc = `[Variant "first-contact"]\n[Result "0-1"]\n[Termination "resignation"]\n\n${FIRST_CONTACT_WIN.join(' ')} 0-1\n`;
    const mismatch = await call('POST', '/api/games/import', { text: fc });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toContain('which end by check (0-1)');
  });

  it('names the failing turn and why (400 unreadable, 422 illegal)', async () => {
    const res = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3 Bb3-Bb2 2. Wb3-Wb5') });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^move 2 \(White's Wb3-Wb5, ply 3\)/);
    const illegal = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3 Bb3-Bb4') });
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toMatch(/^move 1 \(Black's Bb3-Bb4, ply 2\): /);
  });

  it('refuses a record whose result the moves contradict', async () => {
    const res = await call('POST', '/api/games/import', {
      text: `[Variant "first-contact"]\n[Result "1-0"]\n\n${FIRST_CONTACT_WIN.join(' ')} 1-0\n`,
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('0-1');
    // A record that gives no result (*) takes the ending on the board (api.md).
    const unknown = await call('POST', '/api/games/import', { text: `[Variant "first-contact"]\n[Result "*"]\n\n${FIRST_CONTACT_WIN.join(' ')} *\n` });
    expect(unknown.status).toBe(201);
    expect(unknown.body.state).toMatchObject({ status: 'finished', result: '0-1', reason: 'check' });
  });

  it('refuses unreadable records (400)', async () => {
    for (const text of ['[Variant warp-factor]\n\n1. Wb2-Wb3', '1. Wb2-Wb3', '[Variant "chess"]\n\n*', '[Variant "warp-factor"]\n[Options "{"]\n\n*']) {
      const res = await call('POST', '/api/games/import', { text });
      expect(res.status, text).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
  });
});

describe('OpenAPI', () => {
  it('serves /openapi.json generated from the valibot schemas', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const create = res.body.components.schemas.CreateGame;
    expect(create.required).toContain('variant');
    expect(create.properties.variant.enum).toEqual(['first-contact', 'warp-factor', 'curved-space', 'planar']);
    expect(create.properties.options.type).toBe('object');
    expect(res.body.components.schemas.Move.properties.move.type).toBe('string');
    expect(create.properties.clock.properties.daysPerMove.enum).toEqual([1, 2, 3, 5, 7, 10, 14]);
    expect(res.body.paths['/api/games/{id}/moves'].post).toBeTruthy();
    // Every API route the Worker serves is documented.
    for (const path of [
      '/api/games/{id}/me',
      '/api/games/{id}/chat',
      '/api/games/{id}/deliveries',
      '/api/games/{id}/preview',
      '/api/games/{id}/board.svg',
      '/api/board.svg',
      '/api/games/{id}/board.png',
      '/api/board.png',
    ])
      expect(res.body.paths[path], path).toBeTruthy();
    expect(res.body.components.schemas.SettingsPatch.properties.reminderPercent.minimum).toBe(50);
    // Every route that takes a body documents 400, 413 and 415 (the chat bots' endpoints read any
    // type, as their platforms send JSON: no 415); every game route 404.
    for (const [path, operations] of Object.entries(res.body.paths as Record<string, Record<string, { requestBody?: unknown; responses: object }>>))
      for (const [method, op] of Object.entries(operations)) {
        const bot = /^\/(discord|telegram)\//.test(path);
        if (op.requestBody) expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413', ...(bot ? [] : ['415'])]));
        if (bot) expect(Object.keys(op.responses), `${method} ${path}`).not.toContain('415');
        if (path.includes('{id}')) expect(Object.keys(op.responses), `${method} ${path}`).toContain('404');
      }
  });
});
