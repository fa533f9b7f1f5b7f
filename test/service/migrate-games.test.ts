// Games from before the objects (issue 28): D1 held their rows and records (moves, takebacks,
// conditional lines, messages; and the seats' delivery log, reply mail ids and invitations);
// migrations 0018 and 0019 renamed those tables legacy_*. `npm run
// migrate:games` (POST /admin/migrate-games, also a batch each cron run, and any game's first
// touch) copies each such game into its object. The fixtures are real games of every variant,
// played through the API (takebacks, plans, a pause, messages, a resignation, a clock), written
// back into D1's legacy shape under a new id: after the copy, each answers as the game it was
// made from, replays, and plays on; a second run changes nothing.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { VARIANTS } from '../../src/engine/types.ts';
import { newGameId } from '../../src/service/crypto.ts';
import { getTableColumns } from 'drizzle-orm';
import { Directory } from '../../src/db/directory.ts';
import { games } from '../../src/db/schema.ts';
import { gameObject, RemoteGames } from '../../src/worker/game-objects.ts';
import { BASE, call, expectRebuilds, fetchWorker, gameDb, inGame, newGame, play } from './helpers.ts';

const ADMIN_TOKEN = 'test-admin-token';
type G = Awaited<ReturnType<typeof newGame>>;
type Side = 'white' | 'black';

const migrate = async (token: string | null = ADMIN_TOKEN, bindings: Partial<Cloudflare.Env> = { ADMIN_TOKEN }) => {
  const res = await fetchWorker(
    new Request(`${BASE}/admin/migrate-games`, { method: 'POST', headers: token === null ? {} : { Authorization: `Bearer ${token}` } }),
    { ...env, ...bindings },
  );
  return { status: res.status, body: (await res.json()) as { copied: number; failed: number; remaining: number; code?: string } };
};

/** A first legal turn of the side to move. */
const legal = async (id: string) => ((await call('GET', `/api/games/${id}/legal`)).body.legal as string[])[0]!;
const playLegal = async (g: G) => {
  const side = (await call('GET', `/api/games/${g.id}`)).body.sideToMove as Side;
  expect((await call('POST', `/api/games/${g.id}/moves`, { text: await legal(g.id), token: g.tokens[side] })).status).toBe(200);
};

/** A game of `variant` with a bit of everything: turns, a message with a turn and one alone, a takeback, a pause, conditional lines. */
async function richGame(variant: string): Promise<G> {
  const g = await newGame(variant, { white: { name: 'Kirk' }, black: { name: 'Kor' }, clock: { daysPerMove: 3, leaveDays: 2 } });
  await playLegal(g);
  await playLegal(g);
  // A message with a turn, then one on its own.
  const side = (await call('GET', `/api/games/${g.id}`)).body.sideToMove as Side;
  expect((await call('POST', `/api/games/${g.id}/moves`, { json: { move: await legal(g.id), message: 'Your move.' }, token: g.tokens[side] })).status).toBe(
    200,
  );
  expect((await call('POST', `/api/games/${g.id}/messages`, { json: { text: 'Qapla!' }, token: g.tokens[side === 'white' ? 'black' : 'white'] })).status).toBe(
    201,
  );
  // The mover takes the turn back by agreement.
  expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens[side] })).status).toBe(200);
  expect(
    (await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens[side === 'white' ? 'black' : 'white'] })).status,
  ).toBe(200);
  await playLegal(g);
  // A pause by agreement, still running.
  expect((await call('POST', `/api/games/${g.id}/pause`, { json: { action: 'offer', days: 5 }, token: g.tokens.white })).status).toBe(200);
  expect((await call('POST', `/api/games/${g.id}/pause`, { json: { action: 'accept' }, token: g.tokens.black })).status).toBe(200);
  // The waiting player's conditional line: the opponent's first legal turn, answered by what is legal then.
  const state = (await call('GET', `/api/games/${g.id}`)).body;
  const waiting: Side = state.sideToMove === 'white' ? 'black' : 'white';
  const theirs = await legal(g.id);
  const row = (await gameDb(g.id)
    .prepare('select * from games where id = ?')
    .bind(g.id)
    .first<{ variant: string; options: string; start_position: string }>())!;
  const texts = ((await call('GET', `/api/games/${g.id}/moves`)).body.moves as { text: string }[]).map((m) => m.text);
  const replayed = Game.replay(row.variant, JSON.parse(row.options), [...texts, theirs], row.start_position);
  if (!replayed.ok) throw new Error(replayed.error.message);
  const answer = replayed.value.legalTexts()[0]!;
  const put = await call('PUT', `/api/games/${g.id}/conditional`, { json: { lines: [[theirs, answer]] }, token: g.tokens[waiting] });
  expect(put.status, put.text).toBe(200);
  return g;
}

/** What a game answers through the API, with its id as a placeholder (a copy under another id must answer the same). */
async function answers(g: G, id = g.id) {
  const get = async (path: string, token?: string) => {
    const res = await call('GET', `/api/games/${id}${path}`, token ? { token } : {});
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.text.replaceAll(id, '<id>');
  };
  // Message ids are D1's in a copy (global there, so other than the original's own): compared apart.
  const messages = JSON.parse(await get('/messages', g.tokens.black)) as { messages: { id: number }[] };
  return {
    state: await get(''),
    seat: await get('', g.tokens.white),
    history: await get('/moves'),
    messages: messages.messages.map(({ id: _id, ...m }) => m),
    white: await get('/conditional', g.tokens.white),
    black: await get('/conditional', g.tokens.black),
    record: await get('/record'),
  };
}

const columns = (row: Record<string, unknown>) => Object.keys(row);
/** The directory's columns of a whole game row. */
const directoryRow = (row: Record<string, unknown>) => {
  const names = new Set(Object.values(getTableColumns(games)).map((c) => c.name));
  return Object.fromEntries(Object.entries(row).filter(([name]) => names.has(name)));
};
const insert = (table: string, row: Record<string, unknown>) =>
  env.DB.prepare(
    `insert into ${table} (${columns(row).join(', ')}) values (${columns(row)
      .map(() => '?')
      .join(', ')})`,
  ).bind(...Object.values(row));

/** legacy_games has the game row's columns as they were at migration 0020 (claim_notice_deadline, pause_asks and the rematch's came later). */
const legacyRow = ({
  claim_notice_deadline: _later,
  pause_asks: _latest,
  rematch_offer_by: _rematch,
  rematch_game_id: _rematchGame,
  ...row
}: Record<string, unknown>) => row;

let copiesMade = 0;

/**
 * The game as D1 held it before the objects, under a new (untagged, 12-character) id: its directory
 * row at revision 0 and its records in the legacy_* tables, read from the game's object as SQL rows
 * (ids made unique across games, as D1's own were).
 */
async function asLegacy(g: G): Promise<{ id: string; rows: number; offset: number }> {
  const offset = 1000 * ++copiesMade;
  const id = newGameId();
  const row = (await gameDb(g.id).prepare('select * from games where id = ?').bind(g.id).first<Record<string, unknown>>())!;
  const records = await inGame(g.id, (_store, _object, state) => {
    const all = (table: string) =>
      state.storage.sql.exec(`select * from ${table} where game_id = ? order by rowid`, g.id).toArray() as Record<string, unknown>[];
    return { moves: all('moves'), takebacks: all('takebacks'), conditional_moves: all('conditional_moves'), game_messages: all('game_messages') };
  });
  // D1's directory had the summary (revision 0: from before the objects), legacy_games the whole row (migration 0020).
  const statements = [
    insert('games', directoryRow({ ...row, id, revision: 0, push_subscribed: 0 })),
    insert('legacy_games', legacyRow({ ...row, id, revision: 0 })),
  ];
  for (const [table, rows] of Object.entries(records))
    for (const r of rows) statements.push(insert(`legacy_${table}`, { ...r, ...('id' in r ? { id: Number(r.id) + offset } : {}), game_id: id }));
  statements.push(...seatRecordRows(id, g, offset));
  await env.DB.batch(statements);
  return { id, rows: statements.length - 1, offset };
}

/** The seats' records D1 kept of a game (migration 0019 renamed them legacy_*): a delivery, a reply mail played, the opponent's invitation. */
const seatRecordRows = (id: string, g: G, serial: number) => [
  insert('legacy_deliveries', {
    id: serial,
    game_id: id,
    side: 'black',
    event: 'turn',
    channel: 'webhook',
    message_id: `msg_${id}_1_turn_black_webhook`,
    attempt: 2,
    status: 'failed',
    http_status: 503,
    error: 'black.example answered 503',
    at: 1_790_000_000_000,
  }),
  insert('legacy_inbound_mail', { game_id: id, side: 'white', message_id: `<reply-${id}@mail.example>`, at: 1_790_000_000_000 }),
  insert('legacy_invitations', { game_id: id, side: 'black', token: g.tokens.black, created_at: 1_790_000_000_000 }),
];

/** The seats' records are in the game's object: the delivery log reads them, the reply mail is a duplicate, the invitation shows. */
async function expectSeatRecords(id: string, g: G) {
  const log = await call('GET', `/api/games/${id}/deliveries`, { token: g.tokens.black });
  expect(log.body.deliveries).toEqual([
    expect.objectContaining({ messageId: `msg_${id}_1_turn_black_webhook`, attempt: 2, status: 'failed', httpStatus: 503 }),
  ]);
  const seats = new RemoteGames(env);
  expect(await seats.claimMessage(id, 'white', `<reply-${id}@mail.example>`, Date.now())).toBe(false);
  expect(await seats.claimMessage(id, 'white', `<another-${id}@mail.example>`, Date.now())).toBe(true);
  expect(await seats.invitation(id, 'black')).toBe(g.tokens.black);
}

const d1Tables = async () =>
  (await env.DB.prepare("select name from sqlite_master where type = 'table' order by name").all<{ name: string }>()).results.map((r) => r.name);

const LEGACY_TABLES = [
  'legacy_games',
  'legacy_moves',
  'legacy_takebacks',
  'legacy_conditional_moves',
  'legacy_game_messages',
  'legacy_deliveries',
  'legacy_inbound_mail',
  'legacy_invitations',
];

const legacyRows = async (id: string) => {
  let n = 0;
  for (const table of LEGACY_TABLES)
    n += (await env.DB.prepare(`select count(*) as n from ${table} where ${table === 'legacy_games' ? 'id' : 'game_id'} = ?`)
      .bind(id)
      .first<number>('n'))!;
  return n;
};

// The tests of one file share D1, and the command's last run drops the legacy tables: the test
// that runs it to the end comes last; the others copy through the objects themselves.
describe('npm run migrate:games', () => {
  it("a game's first touch copies it without the command; an id nobody made stays a 404", async () => {
    const g = await newGame('curved-space');
    await play(g, (await call('GET', `/api/games/${g.id}/legal`)).body.legal[0]);
    const { id } = await asLegacy(g);
    expect(await legacyRows(id)).toBe(5);
    const state = await call('GET', `/api/games/${id}`);
    expect(state.status).toBe(200);
    expect(state.body.ply).toBe(1);
    expect(await legacyRows(id)).toBe(0);
    expect((await call('GET', `/api/games/${newGameId()}`)).status).toBe(404);
  });

  it('requests that touch a game from before the objects at once: it is copied once, every one answers', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const { id } = await asLegacy(g);
    const answers = await Promise.all([
      call('GET', `/api/games/${id}`),
      call('GET', `/api/games/${id}/moves`),
      call('POST', `/api/games/${id}/moves`, { json: { move: 'Bb3-Bb2', ply: 2 }, token: g.tokens.black }),
      call('GET', `/api/games/${id}/legal`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await legacyRows(id)).toBe(0);
    expect((await inGame(id, (store) => store.moves(id))).map((m) => m.text)).toEqual(['Wb2-Wb3', 'Bb3-Bb2']);
  });

  it("a game that moved into its object before its seats' records did (migration 0019) copies them on its next touch, with its last call", async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 3 } });
    await play(g, 'Wb2-Wb3');
    // As an object of migration 0018 left it: no seats' records and no mark saying they are here (and
    // the instance gone from memory); D1 holds the records, and its directory row the last call sent.
    await inGame(g.id, async (_store, object, state) => {
      await state.storage.delete('seatRecords');
      (object as unknown as { migrated: boolean }).migrated = false;
    });
    await env.DB.batch([...seatRecordRows(g.id, g, 1), env.DB.prepare('update games set last_call_ply = 1 where id = ?').bind(g.id)]);
    expect(await legacyRows(g.id)).toBe(3);

    expect(await new Directory(env.DB).legacyGames(50)).toEqual([g.id]);
    expect(await gameObject(env, g.id).ensure(g.id)).toBe(true);
    expect(await legacyRows(g.id)).toBe(0);
    await expectSeatRecords(g.id, g);
    // The last call of this turn went out: the object knows it, so the directory keeps saying it.
    expect(await inGame(g.id, async (store) => (await store.game(g.id))?.lastCallPly)).toBe(1);
    await play(g, 'Bb3-Bb2');
    expect(await env.DB.prepare('select ply, last_call_ply from games where id = ?').bind(g.id).first()).toEqual({ ply: 2, last_call_ply: 1 });
    // Touched again, it copies nothing more.
    expect(await new Directory(env.DB).legacyGames(50)).toEqual([]);
    expect(await gameObject(env, g.id).ensure(g.id)).toBe(true);
    expect((await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black })).body.deliveries).toHaveLength(1);
  });

  it('only with the admin token: 404 without one configured, 401 without the header, 403 with another token', async () => {
    expect((await migrate(ADMIN_TOKEN, { ADMIN_TOKEN: '' })).status).toBe(404);
    const none = await migrate(null);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('token_required');
    const wrong = await migrate('not-the-token');
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('bad_token');
  });
  it('copies D1 games of every variant into their objects: each answers as before, replays, plays on; twice changes nothing', async () => {
    const originals: G[] = [];
    for (const { id: variant } of VARIANTS) originals.push(await richGame(variant));
    // A finished game too, and one with no turns yet.
    const resigned = await newGame('warp-factor');
    await play(resigned, 'Wb2-Wb3');
    expect((await call('POST', `/api/games/${resigned.id}/resign`, { token: resigned.tokens.black })).status).toBe(200);
    const rich = new Set(originals);
    originals.push(resigned, await newGame('planar'));

    const copies = new Map<string, G>();
    const offsets = new Map<string, number>();
    for (const g of originals) {
      const { id, rows, offset } = await asLegacy(g);
      copies.set(id, g);
      offsets.set(id, offset);
      expect(await legacyRows(id)).toBe(rows);
      // Every record kind is among the fixtures of a rich game: moves, a takeback, lines, messages, seats' records.
      if (rich.has(g))
        for (const table of LEGACY_TABLES)
          expect(
            await env.DB.prepare(`select count(*) as n from ${table} where ${table === 'legacy_games' ? 'id' : 'game_id'} = ?`)
              .bind(id)
              .first<number>('n'),
            table,
          ).toBeGreaterThan(0);
    }
    const before = new Map<string, Awaited<ReturnType<typeof answers>>>();
    for (const [id, g] of copies) before.set(id, await answers(g));

    // Batches until none is left (the route copies up to 50 a call).
    let copied = 0;
    for (let i = 0; i < 5; i++) {
      const run = await migrate();
      expect(run.status).toBe(200);
      expect(run.body.failed).toBe(0);
      copied += run.body.copied;
      if (run.body.remaining === 0) break;
    }
    expect(copied).toBeGreaterThanOrEqual(copies.size);
    for (const [id, g] of copies) {
      // In its object now: D1 keeps the directory row (a new revision) and none of the records (its legacy tables are gone, below).
      expect((await env.DB.prepare('select revision from games where id = ?').bind(id).first<number>('revision'))!).toBeGreaterThan(0);
      expect((await inGame(id, (store) => store.moves(id))).map((m) => m.text)).toEqual((await inGame(g.id, (store) => store.moves(g.id))).map((m) => m.text));
      expect(await answers({ ...g, id }, id)).toEqual(before.get(id));
      // The messages keep the ids D1 gave them.
      const ids = (await call('GET', `/api/games/${id}/messages`, { token: g.tokens.white })).body.messages.map((m: { id: number }) => m.id);
      const originalIds = (await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white })).body.messages.map((m: { id: number }) => m.id);
      expect(ids).toEqual(originalIds.map((n: number) => n + offsets.get(id)!));
      await expectRebuilds(id);
      await expectSeatRecords(id, g);
    }

    // Every game is in its object: D1's legacy tables are gone, so it has no table of moves or of any game's records.
    expect(await d1Tables()).not.toContain('legacy_moves');
    expect((await d1Tables()).filter((t) => /moves|takebacks|messages|deliveries|inbound_mail|invitations|last_calls/.test(t))).toEqual([]);
    expect(await d1Tables()).toEqual(expect.arrayContaining(['games', 'players', 'challenges']));

    // Safe to run twice: nothing left, nothing copied, every game as it was.
    const again = await migrate();
    expect(again.body).toEqual({ copied: 0, failed: 0, remaining: 0 });
    for (const [id, g] of copies) expect(await answers({ ...g, id }, id)).toEqual(before.get(id));

    // A copied game plays on (the tokens are the seats' own), and its copied plan answers the turn it foresaw.
    const [id, g] = [...copies].find(([, c]) => c.id === originals[0]!.id)!;
    const state = (await call('GET', `/api/games/${id}`)).body;
    const moved = await call('POST', `/api/games/${id}/moves`, { text: await legal(id), token: g.tokens[state.sideToMove as Side] });
    expect(moved.status).toBe(200);
    expect(moved.body.answer).toMatchObject({ ply: state.ply + 2 });
    expect((await call('GET', `/api/games/${id}`)).body.ply).toBe(state.ply + 2);
    await expectRebuilds(id);
  }, 240_000);
});
