// Games from set-up positions, inside workerd: created through the API (with a clock, against
// the computer, with a player key), refused with the reason for each kind of illegal set-up,
// carried by the record through export and import, and drawn by the board picture routes.
import { env } from 'cloudflare:workers';
import { gameService } from '../../src/worker/services.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { call, form, newGame, play, createWithForm } from './helpers.ts';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';

afterEach(() => vi.restoreAllMocks());

/** First Contact, kings placed and a few pieces dropped: Black to move. */
const FC_MIDGAME = 'K3/1N2/4/4|4/4/4/4|4/4/2r1/1k2 Na1u:2/2,Nd1u:2/2,Na4u:2/2,Nd4u:2/2 QRRBBNPPPPPPPPqrbbnnpppppppp b - -';
const FC_PLATFORMS = 'Na1u:2/2,Nd1u:2/2,Na4u:2/2,Nd4u:2/2';
const WF_START = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';

describe('POST /api/games with a position', () => {
  it('starts from the set-up: the state shows it, the turns are those of the position, and it plays on', async () => {
    const g = await newGame('first-contact', { position: FC_MIDGAME, clock: { daysPerMove: 3 } });
    expect(g.state).toMatchObject({ position: FC_MIDGAME, startPosition: FC_MIDGAME, ply: 0, sideToMove: 'black', phase: 'play', status: 'active' });
    expect(g.state.clock.deadline).not.toBeNull();
    const engine = Game.setUp('first-contact', {}, FC_MIDGAME);
    const legal = (await call('GET', `/api/games/${g.id}/legal`)).body.legal;
    expect(legal).toEqual(engine.ok && engine.value.legalTexts());
    const moved = await play(g, legal[0]);
    expect(moved.status, moved.text).toBe(200);
    const after = (await call('GET', `/api/games/${g.id}`)).body;
    expect([after.ply, after.startPosition]).toEqual([1, FC_MIDGAME]);
    // The page says where the game started; the moves are numbered from there (Black first: "1…").
    const page = (await call('GET', `/games/${g.id}`)).text;
    expect(page).toContain(`Started from a set-up position, not the usual start: <code class="position-text">${FC_MIDGAME}</code>`);
    // A game from the usual start says so too.
    const usual = await newGame('warp-factor');
    expect(usual.state.startPosition).toBe(WF_START);
    expect((await call('GET', `/games/${usual.id}`)).text).not.toContain('set-up position');
  });

  it('a takeback of the first turn goes back to the set-up itself, and the game rebuilds from it', async () => {
    const g = await newGame('first-contact', { position: FC_MIDGAME });
    const legal = (await call('GET', `/api/games/${g.id}/legal`)).body.legal as string[];
    expect((await play(g, legal[0]!)).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.black })).status).toBe(200);
    const back = await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens.white });
    expect(back.status, back.text).toBe(200);
    expect([back.body.ply, back.body.position, back.body.sideToMove]).toEqual([0, FC_MIDGAME, 'black']);
    const rebuilt = await gameService(env).rebuild(g.id);
    expect(rebuilt.ok && rebuilt.value).toEqual({ position: FC_MIDGAME, ply: 0 });
  });

  it('against the computer: it answers from the set-up when it is to move', async () => {
    const turns = captureComputerTurns();
    const g = await newGame('first-contact', { position: FC_MIDGAME, white: { name: 'Kirk' }, black: { computer: 1 } });
    expect(g.tokens.black).toBeUndefined();
    const jobs = turns.take();
    expect(jobs).toHaveLength(1);
    await runComputerQueue(jobs);
    const state = (await call('GET', `/api/games/${g.id}`)).body;
    expect([state.ply, state.sideToMove, state.startPosition]).toEqual([1, 'white', FC_MIDGAME]);
  });

  it('with a player key: the caller sits where asked in the set-up game', async () => {
    const player = (await call('POST', '/api/players', { json: { name: 'Uhura' } })).body as { key: string };
    const res = await call('POST', '/api/games', { json: { variant: 'first-contact', position: FC_MIDGAME, side: 'black' }, token: player.key });
    expect(res.status, res.text).toBe(201);
    expect(res.body.state.startPosition).toBe(FC_MIDGAME);
    const mine = (await call('GET', '/api/me/games', { token: player.key })).body;
    expect(JSON.stringify(mine)).toContain(res.body.id);
  });

  // Each refusal names what is wrong with the position; nothing is stored.
  const BAD: [string, Record<string, unknown>, RegExp][] = [
    ['unreadable', { variant: 'first-contact', position: '4/4/4|4/4/4/4|4/4/4/4 - - w - -' }, /^position: level W needs 4 ranks/],
    [
      'over the set',
      { variant: 'first-contact', position: `4/4/4/KRRR|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -` },
      /^position: White has 3 rooks on the field and in hand; a set has 2/,
    ],
    [
      'side not to move in check',
      { variant: 'first-contact', position: `4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - b - -` },
      /^position: the white king on Wa1 is attacked by the rook on Wa3, but Black is to move/,
    ],
    ['king missing', { variant: 'warp-factor', position: WF_START.replace('kr/pp', '1r/pp') }, /^position: Black has no king, on the field or in hand/],
    [
      'king placed out of turn',
      { variant: 'first-contact', position: `4/4/4/K3|4/4/4/4|4/4/4/4 ${FC_PLATFORMS} k w - -` },
      /^position: Black still has to place its king, so Black must be to move/,
    ],
    [
      'pieces in hand in Warp Factor',
      { variant: 'warp-factor', position: WF_START.replace('PP/RQ', 'PP/R1').replace(' - w', ' Q w') },
      /^position: Warp Factor has no pieces in hand/,
    ],
    [
      'platforms over the options',
      { variant: 'curved-space', options: { platforms: 2 }, position: '4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*1:2/2 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp b - 2,3' },
      /^position: platform 3 is not in a game with 2 platforms/,
    ],
    [
      'already over',
      { variant: 'first-contact', position: `4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -` },
      /^position: the game would be over before it starts \(Black won by check \(0-1\)\)/,
    ],
    ['empty', { variant: 'planar', position: '  ' }, /position.*is empty/],
    ['too long', { variant: 'planar', position: 'x'.repeat(401) }, /position.*at most 400 characters/],
    ['two lines', { variant: 'planar', position: '4/4/4/K3|4/4/4/4|4/4/4/4|3k/4/4/4\n- w' }, /position.*one line/],
    ['not text', { variant: 'planar', position: 7 }, /position.*must be text/],
  ];
  it.each(BAD)('400 for a set-up that is %s, saying why', async (_, json, message) => {
    const count = async () => (await env.DB.prepare('select count(*) as n from games').first<{ n: number }>())!.n;
    const before = await count();
    const res = await call('POST', '/api/games', { json });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await count()).toBe(before);
  });
});

describe('the record carries the set-up', () => {
  it('export writes [SetUp "1"] and [Position]; import starts from it; the export of the import is the same', async () => {
    const g = await newGame('first-contact', { position: FC_MIDGAME, white: { name: 'Kirk' }, black: { name: 'Kang' } });
    for (let i = 0; i < 3; i++) {
      const legal = (await call('GET', `/api/games/${g.id}/legal`)).body.legal as string[];
      expect((await play(g, legal[i % legal.length]!)).status).toBe(200);
    }
    const record = (await call('GET', `/api/games/${g.id}/record`)).text;
    expect(record).toContain('[SetUp "1"]');
    expect(record).toContain(`[Position "${FC_MIDGAME}"]`);
    // Black moved first: numbered as PGN numbers it ("1... X 2. Y Z"), on the page as in the record.
    const moves = (await call('GET', `/api/games/${g.id}/moves`)).body.moves as { text: string }[];
    const [t1, t2, t3] = moves.map((m) => m.text);
    expect(record.replace(/\{[^}]*\}/g, '').replace(/\s+/g, ' ')).toContain(`1... ${t1} 2. ${t2} ${t3} *`);
    const page = (await call('GET', `/games/${g.id}`)).text;
    expect(page).toMatch(new RegExp(`<li value="1">…\\s*<a[^>]*>${t1!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`));
    expect(page).toContain('<li value="2">');
    const imported = await call('POST', '/api/games/import', { text: record, headers: { 'Content-Type': 'text/plain' } });
    expect(imported.status, imported.text).toBe(201);
    expect([imported.body.state.startPosition, imported.body.state.ply]).toEqual([FC_MIDGAME, 3]);
    const again = (await call('GET', `/api/games/${imported.body.id}/record`)).text;
    const withoutSite = (text: string) => text.replace(/\[Site "[^"]*"\]\n/, '');
    expect(withoutSite(again)).toBe(withoutSite(record));
    // A record of ours from before "1..." (White's numbers for Black's first turn) still imports.
    const old = record
      .replace('1... ', '1. ')
      .replace(' 2. ', ' ')
      .replace(/ (\S+) \*/, ' 2. $1 *');
    expect(old).not.toContain('1...');
    expect((await call('POST', '/api/games/import', { text: old, headers: { 'Content-Type': 'text/plain' } })).status).toBe(201);
    // "1..." where White is to move is refused.
    const whiteFirst = `[Variant "warp-factor"]\n\n1... Wb2-Wb3 *\n`;
    const refused = await call('POST', '/api/games/import', { text: whiteFirst, headers: { 'Content-Type': 'text/plain' } });
    expect([refused.status, refused.body.error]).toEqual([
      400,
      'record: the moves start with "1..." (Black first), but White is to move in the starting position',
    ]);
    // The usual start writes neither header.
    const usual = await newGame('planar');
    expect((await call('GET', `/api/games/${usual.id}/record`)).text).not.toMatch(/SetUp|Position/);
  });

  const recordOf = (headers: string) => `[Variant "first-contact"]\n${headers}\n\n*\n`;
  it.each([
    ['[SetUp "1"]', /record: \[SetUp "1"\] needs a \[Position/],
    [`[SetUp "0"]\n[Position "${FC_MIDGAME}"]`, /record: \[SetUp "0"\] says the game starts from the usual start/],
    [`[SetUp "yes"]\n[Position "${FC_MIDGAME}"]`, /record: \[SetUp "yes"\] must be "1"/],
    [`[SetUp "1"]\n[Position "4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - b - -"]`, /record: position: the white king on Wa1 is attacked/],
  ])('import refuses %s with 400', async (headers, message) => {
    const res = await call('POST', '/api/games/import', { text: recordOf(headers), headers: { 'Content-Type': 'text/plain' } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});

describe('board pictures of a position', () => {
  const url = (format: string, position: string, variant = 'first-contact') =>
    `/api/board.${format}?variant=${variant}&position=${encodeURIComponent(position)}`;

  it('draws a legal set-up, finished ones too, cached for a day', async () => {
    for (const position of [FC_MIDGAME, `4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -`]) {
      const res = await call('GET', url('svg', position));
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('image/svg+xml');
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
    }
  });

  it.each([
    ['svg', `4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - b - -`, /^position: the white king on Wa1 is attacked by the rook on Wa3/],
    ['png', `4/4/4/KRRR|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -`, /^position: White has 3 rooks/],
    ['svg', 'x'.repeat(401), /position: is too long \(at most 400 characters\)/],
  ])('refuses an illegal or oversized position (%s) with 400 saying why, never cached', async (format, position, message) => {
    const res = await call('GET', url(format, position));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(res.headers.get('Cache-Control') ?? '').not.toMatch(/max-age=[1-9]/);
  });
});

describe('the home page form takes a start position', () => {
  it('creates the game from it, without script; the game page shows the position text', async () => {
    const res = await createWithForm({ variant: 'first-contact', white: 'Kirk', position: ` ${FC_MIDGAME} ` });
    expect(res.status, res.text).toBe(200);
    const id = /\/games\/([a-z0-9]+)"/.exec(res.text)![1]!;
    const state = (await call('GET', `/api/games/${id}`)).body;
    expect([state.startPosition, state.sideToMove]).toEqual([FC_MIDGAME, 'black']);
    const page = await call('GET', `/games/${id}`);
    expect(page.text).toContain(`<code class="position-text">${FC_MIDGAME}</code>`);
  });

  it('an empty field is the usual start', async () => {
    const res = await createWithForm({ variant: 'warp-factor', position: '' });
    expect(res.status).toBe(200);
    const id = /\/games\/([a-z0-9]+)"/.exec(res.text)![1]!;
    expect((await call('GET', `/api/games/${id}`)).body.startPosition).toBe(WF_START);
  });

  it('a bad position comes back on the form with the reason, keeping what was typed', async () => {
    const bad = `4/4/4/KRRR|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -`;
    const res = await createWithForm({ variant: 'first-contact', white: 'Kirk', position: bad });
    expect(res.status).toBe(400);
    expect(res.text).toContain('White has 3 rooks on the field and in hand; a set has 2');
    expect(res.text).toContain(`value="${bad}"`);
    expect(res.text).toContain('value="Kirk"');
    const long = await createWithForm({ variant: 'planar', position: 'k'.repeat(401) });
    expect(long.status).toBe(400);
    expect(long.text).toContain('the start position must be at most 400 characters');
  });
});
