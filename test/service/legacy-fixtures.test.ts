// Games from before migration 0018 (issue 28), played on the old server by
// scripts/make-legacy-fixtures.ts (test/fixtures/legacy-games.json): their D1 rows go into the
// directory and the legacy_ tables as `wrangler d1 migrations apply` leaves them, and every game
// then answers exactly as the old server did (state, history, record, messages, each side's view,
// plans and notes); moving each into its object twice changes nothing, the legacy rows are gone,
// and the games play on.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { Directory } from '../../src/db/directory.ts';
import { games as gamesTable } from '../../src/db/schema.ts';
import { gameObject } from '../../src/worker/game-objects.ts';
import fixture from '../fixtures/legacy-games.json';
import { call } from './helpers.ts';

type Row = Record<string, string | number | null>;
type Side = 'white' | 'black';
const SIDES = ['white', 'black'] as const;
const tables = fixture.tables as unknown as Record<string, Row[]>;
const games = fixture.games as unknown as { id: string; variant: string; tokens?: Record<Side, string>; playerKeys?: Record<Side, string>; answers: unknown }[];
const LEGACY = {
  games: 'legacy_games',
  moves: 'legacy_moves',
  takebacks: 'legacy_takebacks',
  conditional_moves: 'legacy_conditional_moves',
  game_messages: 'legacy_game_messages',
};

// The games' times are absolute: a deadline or a pause's end recorded then may have passed by
// the time this runs, and the game's alarm would then (rightly) end it. So every time in the rows
// and the recorded answers moves forward by the whole days since the games were played (none on
// the day they were made): the games are as they were, played less than a day ago.
const DAY = 86_400_000;
const shiftMs = Math.floor((Date.now() - Date.parse(fixture.madeAt)) / DAY) * DAY;
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const shiftIso = (iso: string) => new Date(Date.parse(iso) + shiftMs).toISOString();
/** A row with its times moved: epoch ms columns, and the `at` of each turn in a takeback's JSON. */
const shiftRow = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      typeof v === 'number' && v > 1e12 ? v + shiftMs : typeof v === 'string' ? v.replace(/"at":(\d{13})/g, (_, at) => `"at":${Number(at) + shiftMs}`) : v,
    ]),
  );
/** A recorded answer with its times moved: ISO times, and the record's [Date] tag. */
function shiftAnswer(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .replace(ISO, shiftIso)
      .replace(/\[Date "(\d{4})\.(\d\d)\.(\d\d)"\]/, (_, y, m, d) => `[Date "${shiftIso(`${y}-${m}-${d}T12:00:00.000Z`).slice(0, 10).replaceAll('-', '.')}"]`);
  if (Array.isArray(value)) return value.map(shiftAnswer);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftAnswer(v)]));
  return value;
}

/**
 * What the server answers now where the old one answered less: a record carries the whole clock,
 * [Timeout] and [LeaveDays] after [TimeControl] when they are not the defaults (the old server wrote
 * the days alone); the state has `rematch`, none yet, on a game played by links once over (tester 18
 * Y10); and nothing else changed.
 */
function answerNow(g: (typeof games)[number]): unknown {
  const row = tables.games!.find((r) => r.id === g.id)!;
  const shifted = shiftAnswer(g.answers) as { record: string; state: Record<string, unknown> };
  const byLinks = row.status !== 'active' && !row.white_player_id && !row.black_player_id && !row.tournament_id;
  const answer = { ...shifted, state: { ...shifted.state, rematch: byLinks ? { offeredBy: null, gameId: null } : null } };
  const tags = [...(row.timeout_mode !== 'auto' ? [`[Timeout "${row.timeout_mode}"]`] : []), ...(row.leave_days ? [`[LeaveDays "${row.leave_days}"]`] : [])];
  if (!tags.length) return answer;
  return { ...answer, record: answer.record.replace(/(\[TimeControl "[^"]*"\])\n/, `$1\n${tags.join('\n')}\n`) };
}

async function insert(table: string, rows: Row[]) {
  for (const r of rows.map(shiftRow)) {
    const cols = Object.keys(r);
    await env.DB.prepare(`INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
      .bind(...cols.map((c) => r[c]))
      .run();
  }
}

/** What a game answers, asked as the old server was asked (the record's [Site] names the old origin). */
async function answers(g: (typeof games)[number]) {
  const auth = g.playerKeys ?? g.tokens!;
  const got = {
    state: (await call('GET', `/api/games/${g.id}`)).body,
    moves: (await call('GET', `/api/games/${g.id}/moves`)).body,
    record: (await call('GET', `/api/games/${g.id}/record`)).text.replaceAll('http://subspace.test/', `${fixture.origin}/`),
    messages: (await call('GET', `/api/games/${g.id}/messages`, { token: auth.white })).body,
    you: {} as Record<Side, unknown>,
    conditional: {} as Record<Side, unknown>,
    notes: {} as Record<Side, unknown>,
  };
  for (const side of SIDES) {
    got.you[side] = (await call('GET', `/api/games/${g.id}`, { token: auth[side] })).body.you;
    got.conditional[side] = (await call('GET', `/api/games/${g.id}/conditional`, { token: auth[side] })).body;
    got.notes[side] = (await call('GET', `/api/games/${g.id}/notes`, { token: auth[side] })).body;
  }
  return got;
}

describe('games from before the objects (test/fixtures/legacy-games.json)', () => {
  it('answer as the old server did, once moved into their objects, and play on', async () => {
    expect(new Set(games.map((g) => g.variant))).toEqual(new Set(['first-contact', 'warp-factor', 'curved-space', 'planar']));
    // The games' whole rows in legacy_games, their summaries in the directory (migrations 0018 to 0020).
    const directory = new Set(Object.values(getTableColumns(gamesTable)).map((c) => c.name));
    await insert('players', tables.players!);
    await insert('player_keys', tables.player_keys!);
    await insert('legacy_games', tables.games!);
    await insert(
      'games',
      tables.games!.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => directory.has(name)))),
    );
    for (const table of ['analyses', 'analysis_plies', 'game_notes']) await insert(table, tables[table]!);
    for (const [table, legacy] of Object.entries(LEGACY)) if (table !== 'games') await insert(legacy, tables[table]!);
    const directoryStore = new Directory(env.DB);
    expect((await directoryStore.legacyGames(50)).sort()).toEqual(games.map((g) => g.id).sort());

    // The first touch (a read) moves each game in.
    for (const g of games) expect.soft(await answers(g), `${g.variant} ${g.id}`).toEqual(answerNow(g));
    for (const legacy of Object.values(LEGACY)) expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${legacy}`).first('n'), legacy).toBe(0);
    expect(await directoryStore.legacyGames(50)).toEqual([]);

    // Moving them again changes nothing.
    for (const g of games) expect(await gameObject(env, g.id).ensure(g.id)).toBe(true);
    for (const g of games) expect.soft(await answers(g), `${g.variant} ${g.id}, again`).toEqual(answerNow(g));

    // They play on: a turn in the untimed First Contact game, by its token.
    const fc = games.find((g) => g.variant === 'first-contact')!;
    const legal = (await call('GET', `/api/games/${fc.id}/legal`)).body as { ply: number; sideToMove: Side; legal: string[] };
    const moved = await call('POST', `/api/games/${fc.id}/moves`, { text: legal.legal[0], token: fc.tokens![legal.sideToMove] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.state.ply).toBe(legal.ply + 1);
    expect((await call('GET', `/api/games/${fc.id}/moves`)).body.moves).toHaveLength(legal.ply + 1);
  });
});
