// Tournaments through the API: a 5-player round robin played to the end (standings and
// Sonneborn-Berger worked out by hand), a 6-player 3-round Swiss paired round by round as games
// end, withdrawal, the cron's start at startsAt, and the refusals that say which.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { ratePeriod, START, type Rating } from '../../src/league/glicko2.ts';
import worker from '../../src/worker/index.ts';
import type { NotifyJob, QueueJob } from '../../src/notify/types.ts';
import { LOCAL_ORIGIN } from '../../src/service/links.ts';
import { playerEventText } from '../../src/notify/messages.ts';
import type { MyGame } from '../../src/service/players.ts';
import { BASE, call, fetchWorker, inGame } from './helpers.ts';
import { TournamentStore } from '../../src/db/tournament-store.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import { newPlayer, turnEach, type Player } from './player-helpers.ts';

type Board = { board: number; white: { id: string }; black: { id: string } | null; gameId: string | null; result: string | null };

async function tournament(creator: Player, fields: Record<string, unknown>) {
  const res = await call('POST', '/api/tournaments', {
    token: creator.key,
    json: { name: 'Test event', variant: 'warp-factor', clock: { daysPerMove: 3 }, maxPlayers: 8, ...fields },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function joinAll(id: string, players: readonly Player[]) {
  for (const p of players) expect((await call('POST', `/api/tournaments/${id}/join`, { token: p.key })).status).toBe(200);
}

/** End a game as asked after a turn each (so it is rated in a rated tournament): '1-0' / '0-1' by resignation of the loser, '1/2-1/2' by agreement. */
async function finish(board: Board, result: string, keys: Map<string, string>) {
  const [w, b] = [keys.get(board.white.id)!, keys.get(board.black!.id)!];
  await turnEach(board.gameId!, w, b);
  if (result === '1/2-1/2') {
    expect((await call('POST', `/api/games/${board.gameId}/draw`, { token: w, json: { action: 'offer' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${board.gameId}/draw`, { token: b, json: { action: 'accept' } })).status).toBe(200);
  } else expect((await call('POST', `/api/games/${board.gameId}/resign`, { token: result === '1-0' ? b : w })).status).toBe(200);
}

const pairKey = (a: string, b: string) => [a, b].sort().join('|');

describe('round robin', () => {
  it('5 players played to the end: 10 games, each pair once, colours balanced, standings and Sonneborn-Berger as worked out by hand', async () => {
    const players = [await newPlayer('P1'), await newPlayer('P2'), await newPlayer('P3'), await newPlayer('P4'), await newPlayer('P5')];
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const name = new Map(players.map((p, i) => [p.id, `p${i + 1}`]));
    const t = await tournament(players[0]!, { format: 'round-robin', maxPlayers: 5 });
    await joinAll(t.id, players);
    const started = await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ status: 'running', rounds: 5, tiebreak: 'Sonneborn-Berger' });

    const boards: Board[] = started.body.pairings.flatMap((r: { boards: Board[] }) => r.boards);
    const games = boards.filter((b) => b.black);
    expect(games).toHaveLength(10);
    expect(boards.filter((b) => !b.black)).toHaveLength(5); // one sits out each round
    expect(new Set(games.map((g) => pairKey(g.white.id, g.black!.id))).size).toBe(10);
    for (const p of players) {
      const whites = games.filter((g) => g.white.id === p.id).length;
      const blacks = games.filter((g) => g.black!.id === p.id).length;
      expect(whites + blacks).toBe(4);
      expect(Math.abs(whites - blacks)).toBeLessThanOrEqual(1);
    }
    // Every game starts at once, as an ordinary rated game between the two players.
    for (const g of games) {
      const state = (await call('GET', `/api/games/${g.gameId}`)).body;
      expect(state).toMatchObject({ status: 'active', rated: true, clock: { daysPerMove: 3 } });
    }

    // The results, by pair (the first named scores): p1 draws p2 and beats the rest; p2 beats p3
    // and p5; p3 beats p4 and p5; p4 beats p2 and p5.
    const score: Record<string, number> = {
      'p1|p2': 0.5,
      'p1|p3': 1,
      'p1|p4': 1,
      'p1|p5': 1,
      'p2|p3': 1,
      'p2|p4': 0,
      'p2|p5': 1,
      'p3|p4': 1,
      'p3|p5': 1,
      'p4|p5': 1,
    };
    const ratings = new Map<string, Rating>(players.map((p) => [p.id, START]));
    for (const g of games) {
      const [w, b] = [name.get(g.white.id)!, name.get(g.black!.id)!];
      const whiteScore = w < b ? score[`${w}|${b}`]! : 1 - score[`${b}|${w}`]!;
      await finish(g, whiteScore === 1 ? '1-0' : whiteScore === 0 ? '0-1' : '1/2-1/2', keys);
      const [rw, rb] = [ratings.get(g.white.id)!, ratings.get(g.black!.id)!];
      ratings.set(g.white.id, ratePeriod(rw, [{ opponent: rb, score: whiteScore }]));
      ratings.set(g.black!.id, ratePeriod(rb, [{ opponent: rw, score: 1 - whiteScore }]));
    }

    const done = (await call('GET', `/api/tournaments/${t.id}`)).body;
    expect(done.status).toBe('finished');
    // Points: p1 3.5, p2 2.5, p3 2, p4 2, p5 0. SB: p1 = 2 + 2 + 0 + 2.5/2 = 5.25; p2 = 3.5/2 + 2 + 0
    // = 3.75; p4 = 2.5 + 0 = 2.5; p3 = 2 + 0 = 2; p5 = 0. p4 and p3 tie on points; SB puts p4 first.
    expect(
      done.standings.map((s: { player: { id: string }; points: number; tiebreak: number; rank: number }) => [
        name.get(s.player.id),
        s.points,
        s.tiebreak,
        s.rank,
      ]),
    ).toEqual([
      ['p1', 3.5, 5.25, 1],
      ['p2', 2.5, 3.75, 2],
      ['p4', 2, 2.5, 3],
      ['p3', 2, 2, 4],
      ['p5', 0, 0, 5],
    ]);
    expect(done.winner.id).toBe(players[0]!.id);
    expect(done.standings[0]).toMatchObject({ wins: 3, draws: 1, losses: 0, played: 4 });
    // The page writes points and tiebreaks alike, quarters and halves as fractions (tester 6 G5: "2.5" beside "2½").
    const page = (await call('GET', `/tournaments/${t.id}`)).text;
    const table = /<table class="examples crosstable">.*?<\/table>/s.exec(page)![0];
    const lastCells = [...table.matchAll(/<td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(lastCells).toEqual(['3½ 5¼', '2½ 3¾', '2 2½', '2 2', '0 0']);
    // The tournament's games were rated in the order they ended, as Glicko-2 from scratch rates them.
    for (const p of players) {
      const got = ((await call('GET', `/api/players/${p.id}`)).body.ratings as { rating: number }[])[0]!;
      expect(got.rating).toBeCloseTo(ratings.get(p.id)!.rating, 1);
    }
  });

  it('double: each pair twice with colours swapped; the end is announced to every player by email', async () => {
    const sent: { to: string; subject: string; text: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m) => {
      sent.push(m as unknown as (typeof sent)[number]);
      return { messageId: 'x' } as never;
    });
    const players = [await newPlayer('D1', 'd1@example.org'), await newPlayer('D2', 'd2@example.org'), await newPlayer('D3', 'd3@example.org')];
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const t = await tournament(players[0]!, { name: 'Double', format: 'round-robin', double: true, maxPlayers: 3, rated: false });
    await joinAll(t.id, players);
    const started = (await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key })).body;
    const games: Board[] = started.pairings.flatMap((r: { boards: Board[] }) => r.boards).filter((b: Board) => b.black);
    expect(games).toHaveLength(6);
    const directed = games.map((g) => `${g.white.id}>${g.black!.id}`);
    for (const d of directed) expect(directed).toContain(d.split('>').reverse().join('>'));
    expect((await call('GET', `/api/games/${games[0]!.gameId}`)).body.rated).toBe(false);
    // White wins every game: 2 points each, D1 first by seed order.
    for (const g of games) await finish(g, '1-0', keys);
    const done = (await call('GET', `/api/tournaments/${t.id}`)).body;
    expect(done.status).toBe('finished');
    const ends = sent.filter((m) => m.subject.includes('Double is over'));
    expect(ends.map((m) => m.to).sort()).toEqual(['d1@example.org', 'd2@example.org', 'd3@example.org']);
    expect(ends[0]!.text).toContain(`The tournament Double (Warp Factor, double round robin) is over: ${done.winner.name} won.`);
    expect(ends[0]!.text).toContain(`/tournaments/${t.id}`);
    vi.restoreAllMocks();
  });
});

describe('the words of a tournament’s mails', () => {
  it('a game’s start mail says it is the tournament’s, and which round (not that a challenge was accepted)', async () => {
    const players = await Promise.all(['N1', 'N2', 'N3'].map((n) => newPlayer(n, `${n.toLowerCase()}@example.org`)));
    const queue = captureQueue<QueueJob>();
    const t = await tournament(players[0]!, { name: 'Named cup', format: 'round-robin', maxPlayers: 3, rated: false });
    await joinAll(t.id, players);
    const view = (await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key })).body;
    const roundOf = new Map<string, number>(
      view.pairings.flatMap((r: { round: number; boards: Board[] }) => r.boards.flatMap((b) => (b.gameId ? [[b.gameId, r.round]] : []))),
    );
    expect(roundOf.size).toBe(3);
    // The player's games name their tournament, and so does the gameStart event's text (chat bots).
    const mine = (await call('GET', '/api/me/games', { token: players[0]!.key })).body.games as MyGame[];
    expect(mine).toHaveLength(2);
    for (const g of mine) {
      expect(g.tournament).toEqual({ id: t.id, link: `${BASE}/tournaments/${t.id}` });
      expect(playerEventText({ type: 'gameStart', game: g })).toContain(`\nIts tournament: ${BASE}/tournaments/${t.id}`);
      // No abort in a tournament (it would score a draw at will): no button, and the API says why.
      const page = await call('GET', `/games/${g.id}`, { headers: { Cookie: `subspace_key=${players[0]!.key}` } });
      expect(page.text).toContain('Resign');
      expect(page.text).not.toContain(`action="/games/${g.id}/abort"`);
      // The page names the tournament and the round, as the record and the mails do.
      expect(page.text).toContain(`<a href="/tournaments/${t.id}">Named cup, round ${roundOf.get(g.id)}</a>`);
      const abort = await call('POST', `/api/games/${g.id}/abort`, { token: players[0]!.key });
      expect([abort.status, abort.body.code]).toEqual([409, 'tournament_game']);
    }
    // Over, a tournament game offers no rematch (a game outside the tournament): no button, and the API says why.
    const over = mine[0]!;
    expect((await call('POST', `/api/games/${over.id}/resign`, { token: players[0]!.key })).status).toBe(200);
    const overPage = await call('GET', `/games/${over.id}`, { headers: { Cookie: `subspace_key=${players[0]!.key}` } });
    expect(overPage.text).toContain('resignation');
    expect(overPage.text).not.toContain(`action="/games/${over.id}/rematch"`);
    const rematch = await call('POST', `/api/games/${over.id}/rematch`, { token: players[0]!.key });
    expect([rematch.status, rematch.body.code]).toEqual([409, 'tournament_game']);
    expect(rematch.body.error).toMatch(/challenge them from their profile/);
    const starts = queue.take().filter((j) => 'event' in j && j.event === 'game-start' && 'channel' in j && j.channel === 'email') as NotifyJob[];
    expect(starts).toHaveLength(6);
    for (const j of starts) expect(j.data.tournament).toEqual({ id: t.id, name: 'Named cup', round: roundOf.get(j.gameId) });
    const sent: { subject: string; text: string; html: string }[] = [];
    const EMAIL = {
      send: async (m: (typeof sent)[number]) => {
        sent.push(m);
        return { messageId: 'x' };
      },
    } as unknown as SendEmail;
    await runQueue(starts, 1, 'subspace-notify', { ...env, EMAIL });
    expect(sent).toHaveLength(6);
    for (const [gameId, round] of roundOf)
      for (const m of sent.filter((m) => m.subject.includes(gameId))) {
        // The subject is the game's (one conversation); the preheader says what this mail is.
        expect(m.subject).toMatch(new RegExp(`^\\[Subspace\\] Warp Factor game ${gameId}: you play (White|Black)$`));
        expect(m.html).toMatch(
          new RegExp(`>New Warp Factor game ${gameId} against N\\d \\((White|Black)\\): you play (White|Black) \\(Named cup, round ${round}\\)</div>`),
        );
        expect(m.text).toMatch(
          new RegExp(
            `^Your game against N\\d \\((White|Black)\\) in round ${round} of the tournament Named cup has started\\. You play (White|Black)\\.$`,
            'm',
          ),
        );
        expect(m.text).toContain(`The tournament: ${BASE}/tournaments/${t.id}`);
        expect(m.text).not.toContain('challenge');
      }
    vi.restoreAllMocks();
  });
});

describe('withdrawal from a rated tournament', () => {
  it('the games left are forfeits: won by the opponents in the standings, not rated (no turn each, as an abort); the games played stay rated', async () => {
    const players = await Promise.all(['W1', 'W2', 'W3', 'W4'].map((n) => newPlayer(n)));
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const t = await tournament(players[0]!, { format: 'round-robin', maxPlayers: 4 });
    expect(t.rated).toBe(true);
    await joinAll(t.id, players);
    const started = (await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key })).body;
    const quitter = players[3]!.id;
    const theirs: Board[] = started.pairings
      .flatMap((r: { boards: Board[] }) => r.boards)
      .filter((b: Board) => b.white.id === quitter || b.black?.id === quitter);
    expect(theirs).toHaveLength(3);
    const opponent = (b: Board) => (b.white.id === quitter ? b.black!.id : b.white.id);
    // One game played (a turn each, then the quitter resigns): rated.
    const [played, ...left] = theirs as [Board, ...Board[]];
    await finish(played, played.white.id === quitter ? '0-1' : '1-0', keys);
    expect((await call('GET', `/api/games/${played.gameId}`)).body).toMatchObject({ rated: true, ratings: { white: {}, black: {} } });

    expect((await call('POST', `/api/tournaments/${t.id}/leave`, { token: keys.get(quitter)! })).status).toBe(200);
    for (const b of left) {
      const state = (await call('GET', `/api/games/${b.gameId}`)).body;
      expect(state).toMatchObject({ status: 'finished', result: b.white.id === quitter ? '0-1' : '1-0', reason: 'withdrawal', ply: 0 });
      expect([state.rated, state.ratings]).toEqual([false, null]);
      expect((await call('GET', `/api/players/${opponent(b)}`)).body.ratingChanges).toEqual([]);
      // Told as what it was, not as a resignation (tester 14 P7, P12).
      const winner = b.white.id === quitter ? 'Black' : 'White';
      expect((await call('GET', `/games/${b.gameId}`)).text).toContain(
        `${winner} won by forfeit: ${winner === 'White' ? 'Black' : 'White'} withdrew from the tournament (${state.result}).`,
      );
      const theirs = await call('GET', '/me?status=finished', { headers: { Cookie: `subspace_key=${keys.get(opponent(b))}` } });
      expect(theirs.text).toContain(`${state.result}, you won by forfeit (your opponent withdrew from the tournament)`);
      // And the line leads to its tournament (tester 14 P9).
      expect(theirs.text).toContain(`<a href="/tournaments/${t.id}">a tournament game</a>`);
    }
    const profile = (await call('GET', `/api/players/${quitter}`)).body;
    expect(profile.ratings).toMatchObject([{ games: 1, losses: 1 }]);
    expect(profile.ratingChanges.map((c: { gameId: string }) => c.gameId)).toEqual([played.gameId]);
    const view = (await call('GET', `/api/tournaments/${t.id}`)).body;
    const standing = (id: string) => view.standings.find((s: { player: { id: string } }) => s.player.id === id);
    expect(standing(quitter)).toMatchObject({ points: 0, wins: 0, losses: 3, played: 3, withdrawn: true });
    for (const b of left) expect(standing(opponent(b)).wins).toBe(1);
    // On /me the forfeits say what they were (they read "ply 0 · 0-1, you won").
    const me = async (id: string) => (await call('GET', '/me', { headers: { Cookie: `subspace_key=${keys.get(id)!}` } })).text;
    expect(await me(opponent(left[0]!))).toContain('you won by forfeit (your opponent withdrew from the tournament)');
    // The two games left, not the one played (resigned after a turn each).
    expect((await me(quitter)).match(/you lost by forfeit \(you withdrew from the tournament\)/g)).toHaveLength(2);
  });
});

describe('Swiss', () => {
  it('6 players, 3 rounds: each round paired when the last has ended, no pair twice, then the winner', async () => {
    const players = await Promise.all(['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((n) => newPlayer(n)));
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const t = await tournament(players[0]!, { format: 'swiss', rounds: 3, maxPlayers: 6 });
    await joinAll(t.id, players);
    let view = (await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key })).body;
    expect(view).toMatchObject({ status: 'running', round: 1, tiebreak: 'Buchholz' });
    const seen = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const boards: Board[] = view.pairings.find((r: { round: number }) => r.round === round).boards;
      expect(boards).toHaveLength(3);
      expect(new Set(boards.flatMap((b) => [b.white.id, b.black!.id])).size).toBe(6);
      for (const b of boards) {
        const key = pairKey(b.white.id, b.black!.id);
        expect(seen.has(key), `round ${round} repeats a pairing`).toBe(false);
        seen.add(key);
      }
      // Round r+1 waits for the last game of round r.
      for (const [i, b] of boards.entries()) {
        await finish(b, i === 1 ? '1/2-1/2' : '1-0', keys);
        view = (await call('GET', `/api/tournaments/${t.id}`)).body;
        if (i < boards.length - 1) expect(view.round).toBe(round);
      }
      if (round < 3) {
        expect(view.round).toBe(round + 1);
        // Round 2 pairs within score groups: the two winners of round 1 meet.
        if (round === 1) {
          const winners = boards.filter((_, i) => i !== 1).map((b) => b.white.id);
          const next: Board[] = view.pairings.find((r: { round: number }) => r.round === 2).boards;
          expect(next.some((b) => pairKey(b.white.id, b.black!.id) === pairKey(winners[0]!, winners[1]!))).toBe(true);
        }
      }
    }
    expect(view.status).toBe('finished');
    expect(seen.size).toBe(9);
    // A game's record names the tournament and its round, as PGN's [Event] and [Round] do.
    const second: Board = view.pairings.find((r: { round: number }) => r.round === 2).boards[0];
    const text = (await call('GET', `/api/games/${second.gameId}/record`)).text;
    expect(text).toMatch(/^\[Event "Test event"\]\n\[Site [^\n]*\n\[Date [^\n]*\n\[Round "2"\]\n/);
    const top = view.standings[0];
    expect(view.winner.id).toBe(top.player.id);
    // Buchholz: the opponents' points added up.
    const points = new Map(view.standings.map((s: { player: { id: string }; points: number }) => [s.player.id, s.points]));
    const boards: Board[] = view.pairings.flatMap((r: { boards: Board[] }) => r.boards);
    for (const s of view.standings) {
      const opponents = boards.flatMap((b) => (b.white.id === s.player.id ? [b.black!.id] : b.black?.id === s.player.id ? [b.white.id] : []));
      expect(s.tiebreak).toBe(opponents.reduce((sum, o) => sum + (points.get(o) as number), 0));
    }
  });

  it('5 players: a bye (one point) each round to the lowest placed without one; a withdrawal forfeits the games left', async () => {
    const players = await Promise.all(['B1', 'B2', 'B3', 'B4', 'B5'].map((n) => newPlayer(n)));
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const t = await tournament(players[0]!, { format: 'swiss', rounds: 2, maxPlayers: 5, rated: false });
    await joinAll(t.id, players);
    let view = (await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key })).body;
    const first: Board[] = view.pairings[0].boards;
    const bye = first.find((b) => b.black === null)!;
    expect(bye.white.id).toBe(players[4]!.id); // all at 1500: the last to join is seeded last
    const games = first.filter((b) => b.black);
    await finish(games[0]!, '1-0', keys);
    // A player with a game going withdraws: it is lost, and the round is complete.
    const quitter = games[1]!.white.id;
    const left = await call('POST', `/api/tournaments/${t.id}/leave`, { token: keys.get(quitter)! });
    expect(left.status, left.text).toBe(200);
    // The answer shows the tournament after the withdrawal: the next round paired already (tester).
    expect([left.body.round, left.body.pairings.length]).toEqual([2, 2]);
    expect((await call('GET', `/api/games/${games[1]!.gameId}`)).body).toMatchObject({ status: 'finished', result: '0-1', reason: 'withdrawal' });
    view = (await call('GET', `/api/tournaments/${t.id}`)).body;
    expect(view.round).toBe(2);
    const second: Board[] = view.pairings[1].boards;
    expect(second.flatMap((b) => [b.white.id, b.black?.id])).not.toContain(quitter);
    expect(second.find((b) => b.black === null)?.white.id).not.toBe(bye.white.id);
    expect(view.standings.find((s: { player: { id: string } }) => s.player.id === bye.white.id).points).toBeGreaterThanOrEqual(1);
    expect(view.players.find((p: { id: string }) => p.id === quitter).withdrawn).toBe(true);
    expect((await call('POST', `/api/tournaments/${t.id}/leave`, { token: keys.get(quitter)! })).body.error).toMatch(/already withdrawn/);
    // Joining again says why it cannot (it said "you have already joined").
    const again = await call('POST', `/api/tournaments/${t.id}/join`, { token: keys.get(quitter)! });
    expect([again.status, again.body.code, again.body.error]).toEqual([
      409,
      'joining_closed',
      'you withdrew from this tournament once it had started: you cannot join it again',
    ]);
    // On the page, every crosstable row adds up to its points: the byes have a column of their own.
    const page = (await call('GET', `/tournaments/${t.id}`)).text;
    const table = /<table class="examples crosstable">.*?<\/table>/s.exec(page)![0];
    expect(table).toContain('<th scope="col">Bye</th>');
    const score = (cell: string) => [...cell.replace(/<[^>]+>/g, ' ').matchAll(/(\d*)(½)?/g)].reduce((n, m) => n + Number(m[1] || 0) + (m[2] ? 0.5 : 0), 0);
    const rows = [...table.matchAll(/<tr><td>\d+<\/td><th scope="row">.*?<\/th>(.*?)<\/tr>/gs)].map((m) =>
      [...m[1]!.matchAll(/<td>(.*?)<\/td>/gs)].map((c) => c[1]!),
    );
    expect(rows).toHaveLength(5);
    for (const cells of rows) {
      const [shownPoints] = cells.slice(-2);
      const games = cells.slice(0, -2).filter((c) => c !== '×');
      expect(
        games.reduce((n, c) => n + score(c), 0),
        cells.join(' | '),
      ).toBe(score(shownPoints!));
    }
  });
});

/** The cron run at this time, as the Cron Trigger runs it. */
async function cron(at: number, bindings: Cloudflare.Env = env) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/15 * * * *' }), bindings, ctx);
  await waitOnExecutionContext(ctx);
}

describe('links of what no request of the tournament makes', () => {
  it('a tournament the cron starts links where it was made: game mails, the next Swiss round made in a game’s object, the finish mail', async () => {
    const players = await Promise.all(['L1', 'L2', 'L3', 'L4'].map((n) => newPlayer(n, `${n.toLowerCase()}@example.org`)));
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const sent: { to: string; subject: string; text: string }[] = [];
    vi.spyOn(env.EMAIL!, 'send').mockImplementation(async (m) => {
      sent.push(m as unknown as (typeof sent)[number]);
      return { messageId: 'x' } as never;
    });
    const queue = captureQueue<QueueJob>();
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const t = await tournament(players[0]!, { name: 'Linked', format: 'swiss', rounds: 2, maxPlayers: 4, startsAt, rated: false });
    await joinAll(t.id, players);
    await cron(Date.parse(startsAt) + 60_000);
    let view = (await call('GET', `/api/tournaments/${t.id}`)).body;
    expect(view).toMatchObject({ status: 'running', round: 1 });
    // Round 1 ends by requests to the games; round 2 is paired in the last one's object, then the end.
    for (const round of [1, 2]) {
      for (const b of view.pairings.find((r: { round: number }) => r.round === round).boards as Board[]) await finish(b, '1-0', keys);
      view = (await call('GET', `/api/tournaments/${t.id}`)).body;
    }
    expect(view).toMatchObject({ status: 'finished', round: 2 });

    const jobs = queue.take();
    const starts = jobs.filter((j) => 'event' in j && j.event === 'game-start') as NotifyJob[];
    expect(starts.filter((j) => j.channel === 'email')).toHaveLength(8); // 2 rounds of 2 games, 2 seats each
    for (const j of jobs) if ('origin' in j) expect(j.origin).toBe(BASE);
    // The game mails go out from the queue's consumer, here with a mail binding of the test's own.
    const EMAIL = {
      send: async (m: (typeof sent)[number]) => {
        sent.push(m);
        return { messageId: 'x' };
      },
    } as unknown as SendEmail;
    await runQueue(jobs, 1, 'subspace-notify', { ...env, EMAIL });
    const mails = sent;
    expect(mails.filter((m) => m.subject.includes('Linked is over'))).toHaveLength(4);
    expect(mails.find((m) => m.subject.includes('Linked is over'))!.text).toContain(`${BASE}/tournaments/${t.id}`);
    expect(mails.filter((m) => m.text.includes(`${BASE}/games/`)).length).toBeGreaterThanOrEqual(16); // game starts, turns and ends
    for (const m of mails) expect(m.text, m.subject).not.toContain(LOCAL_ORIGIN);
    vi.restoreAllMocks();
  });

  it('PUBLIC_URL, when set, wins over where the tournament was made', async () => {
    const players = await Promise.all(['U1', 'U2', 'U3'].map((n) => newPlayer(n, `${n.toLowerCase()}@example.org`)));
    const queue = captureQueue<QueueJob>();
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const t = await tournament(players[0]!, { format: 'round-robin', maxPlayers: 3, startsAt, rated: false });
    await joinAll(t.id, players);
    await cron(Date.parse(startsAt) + 60_000, { ...env, PUBLIC_URL: 'https://chess.example.org/' });
    const boards: Board[] = (await call('GET', `/api/tournaments/${t.id}`)).body.pairings.flatMap((r: { boards: Board[] }) => r.boards);
    const game = boards.find((b) => b.gameId)!.gameId!;
    expect((await inGame(game, (store) => store.game(game)))!.linkOrigin).toBe('https://chess.example.org');
    const origins = queue.take().flatMap((j) => ('origin' in j ? [j.origin] : []));
    expect(origins.length).toBeGreaterThan(0);
    for (const o of origins) expect(o).toBe('https://chess.example.org');
    vi.restoreAllMocks();
  });
});

describe('starting and refusals', () => {
  it('the cron starts a tournament at startsAt (and not before)', async () => {
    const players = [await newPlayer('C1'), await newPlayer('C2'), await newPlayer('C3')];
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const t = await tournament(players[0]!, { format: 'round-robin', maxPlayers: 4, startsAt });
    await joinAll(t.id, players);
    await cron(Date.now());
    expect((await call('GET', `/api/tournaments/${t.id}`)).body.status).toBe('open');
    await cron(Date.parse(startsAt) + 60_000);
    const view = (await call('GET', `/api/tournaments/${t.id}`)).body;
    expect(view.status).toBe('running');
    expect(view.pairings.flatMap((r: { boards: Board[] }) => r.boards).filter((b: Board) => b.black)).toHaveLength(3);
  });

  it('bad input says which: unknown variant, too many Swiss rounds, full, started, a second join, fewer than 3, not the creator', async () => {
    const [a, b, c, d] = [await newPlayer('R1'), await newPlayer('R2'), await newPlayer('R3'), await newPlayer('R4')];
    const create = (json: Record<string, unknown>) =>
      call('POST', '/api/tournaments', { token: a.key, json: { name: 'Bad', variant: 'warp-factor', clock: { daysPerMove: 3 }, maxPlayers: 4, ...json } });
    let res = await create({ variant: 'chess', format: 'swiss', rounds: 2 });
    expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/^variant: must be one of/)]);
    res = await create({ format: 'swiss', rounds: 4 });
    expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/^rounds: 4 Swiss rounds are more than possible/)]);
    res = await create({ format: 'swiss' });
    expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/^rounds:/)]);
    res = await create({ format: 'knockout' });
    expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/^format:/)]);
    res = await create({ format: 'round-robin', startsAt: '2001-01-01T00:00:00Z' });
    expect([res.status, res.body.error]).toEqual([400, 'startsAt: must be in the future']);
    // A day the calendar does not have is refused, not moved (tester 14 P13: 30 February became 2 March).
    res = await create({ format: 'round-robin', startsAt: `${new Date().getUTCFullYear() + 1}-02-30T10:00:00Z` });
    expect([res.status, res.body.error]).toEqual([400, 'startsAt: is a day the calendar does not have (such as 30 February)']);
    expect((await create({ format: 'round-robin', startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() })).status).toBe(201);
    expect((await call('POST', '/api/tournaments', { json: { name: 'x' } })).status).toBe(401);

    const swiss = (await create({ format: 'swiss', rounds: 3 })).body;
    await joinAll(swiss.id, [a, b, c]);
    res = await call('POST', `/api/tournaments/${swiss.id}/join`, { token: b.key });
    expect([res.status, res.body.error]).toEqual([409, 'you have already joined this tournament']);
    res = await call('POST', `/api/tournaments/${swiss.id}/start`, { token: a.key });
    expect([res.status, res.body.error]).toEqual([409, 'rounds: 3 Swiss rounds are more than possible with 3 players (at most 2)']);
    res = await call('POST', `/api/tournaments/${swiss.id}/start`, { token: b.key });
    expect([res.status, res.body.error]).toEqual([403, 'only the player who made the tournament can start it']);

    const small = (await create({ format: 'round-robin', maxPlayers: 3 })).body;
    await joinAll(small.id, [a, b]);
    res = await call('POST', `/api/tournaments/${small.id}/start`, { token: a.key });
    expect([res.status, res.body.error]).toEqual([409, 'a tournament needs at least 3 players to start; it has 2']);
    // Leaving before the start takes the player out.
    expect((await call('POST', `/api/tournaments/${small.id}/leave`, { token: b.key })).body.playerCount).toBe(1);
    await joinAll(small.id, [b, c]);
    res = await call('POST', `/api/tournaments/${small.id}/join`, { token: d.key });
    expect([res.status, res.body.error]).toEqual([409, 'the tournament is full (3 players)']);
    expect((await call('POST', `/api/tournaments/${small.id}/start`, { token: a.key })).status).toBe(200);
    res = await call('POST', `/api/tournaments/${small.id}/start`, { token: a.key });
    expect([res.status, res.body.error]).toEqual([409, 'the tournament has already started']);
    const other = (await create({ format: 'round-robin' })).body;
    await joinAll(other.id, [a, b, c]);
    await call('POST', `/api/tournaments/${other.id}/start`, { token: a.key });
    res = await call('POST', `/api/tournaments/${other.id}/join`, { token: d.key });
    expect([res.status, res.body.error]).toEqual([409, 'the tournament has started: joining is closed']);
    expect((await call('GET', '/api/tournaments/zzzzzzzzzzzz')).status).toBe(404);
    const list = (await call('GET', '/api/tournaments')).body.tournaments;
    expect(list.map((x: { id: string }) => x.id)).toContain(other.id);
  });
});

describe('cancel, and how many not yet started (tester 14 P6, tester 11 S12)', () => {
  it('its creator cancels an open tournament, entries and all; no one else can, nor after the start; five open at most', async () => {
    const [a, b, c, d] = [await newPlayer('A'), await newPlayer('B'), await newPlayer('C'), await newPlayer('D')];
    const made: { id: string }[] = [];
    for (let i = 0; i < 5; i++) made.push(await tournament(a, { format: 'round-robin' }));
    const sixth = await call('POST', '/api/tournaments', {
      token: a.key,
      json: { name: 'One more', variant: 'planar', clock: { daysPerMove: 3 }, format: 'round-robin', maxPlayers: 3 },
    });
    expect([sixth.status, sixth.body.code, sixth.body.error]).toEqual([
      409,
      'too_many_tournaments',
      'you have 5 tournaments that have not started, the most a player may have at once: start or cancel one first',
    ]);
    const [first, second] = made as { id: string }[];
    await joinAll(first!.id, [b, c]);
    const cancel = (id: string, p: Player) => call('POST', `/api/tournaments/${id}/cancel`, { token: p.key });
    expect([(await cancel(first!.id, b)).status, (await cancel(first!.id, b)).body.code]).toEqual([403, 'not_creator']);
    expect((await cancel(first!.id, a)).body).toEqual({ id: first!.id, canceled: true });
    expect((await call('GET', `/api/tournaments/${first!.id}`)).status).toBe(404);
    expect((await call('GET', '/api/tournaments')).body.tournaments.map((t: { id: string }) => t.id)).not.toContain(first!.id);
    expect((await cancel(first!.id, a)).status).toBe(404);
    // Room for another now; a started one cannot be canceled.
    expect((await tournament(a, { format: 'round-robin', maxPlayers: 3 })).id).toBeTruthy();
    await joinAll(second!.id, [b, c, d]);
    expect((await call('POST', `/api/tournaments/${second!.id}/start`, { token: a.key })).status).toBe(200);
    const late = await cancel(second!.id, a);
    expect([late.status, late.body.code]).toEqual([409, 'tournament_started']);
    // On its page: the creator's Cancel, which needs the box ticked.
    const page = (await call('GET', `/tournaments/${made[2]!.id}`, { headers: { Cookie: `subspace_key=${a.key}` } })).text;
    expect(page).toContain(`action="/tournaments/${made[2]!.id}/cancel"`);
    expect((await call('GET', `/tournaments/${made[2]!.id}`, { headers: { Cookie: `subspace_key=${b.key}` } })).text).not.toContain('/cancel"');
    const byForm = (body: string) =>
      call('POST', `/tournaments/${made[2]!.id}/cancel`, {
        body,
        headers: { Cookie: `subspace_key=${a.key}`, Origin: BASE, 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    expect((await byForm('')).headers.get('Location')).toMatch(/error=/);
    expect((await call('GET', `/api/tournaments/${made[2]!.id}`)).status).toBe(200);
    expect((await byForm('understood=1')).headers.get('Location')).toBe('/tournaments?canceled=1');
    expect((await call('GET', '/tournaments?canceled=1')).text).toContain('The tournament was canceled: its entries went with it.');
    expect((await call('GET', `/api/tournaments/${made[2]!.id}`)).status).toBe(404);
  });

  it('requests sent at once cannot pass the cap: of twelve, five are made (tester 16 R3)', async () => {
    const e = await newPlayer('E');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/tournaments', {
          token: e.key,
          json: { name: `Burst ${i}`, variant: 'planar', clock: { daysPerMove: 3 }, format: 'round-robin', maxPlayers: 3 },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(7).fill('too_many_tournaments'));
    const listed = (await call('GET', '/api/tournaments')).body.tournaments.filter((t: { creator: { id: string } }) => t.creator.id === e.id);
    expect(listed).toHaveLength(5);
  });
});

describe('a start racing a join or a leave (tester 8 K5)', () => {
  /** Start `t` with `meanwhile` done just after the start has read its entrants. */
  async function startWith(t: { id: string }, creator: Player, meanwhile: () => Promise<unknown>) {
    const read = TournamentStore.prototype.entrants;
    const spy = vi.spyOn(TournamentStore.prototype, 'entrants').mockImplementationOnce(async function (this: TournamentStore, id: string) {
      const entrants = await read.call(this, id);
      await meanwhile();
      return entrants;
    });
    const started = await call('POST', `/api/tournaments/${t.id}/start`, { token: creator.key });
    spy.mockRestore();
    expect(started.status, started.text).toBe(200);
    return (await call('GET', `/api/tournaments/${t.id}`)).body;
  }
  const paired = (view: { pairings: { boards: Board[] }[] }) =>
    new Set(view.pairings.flatMap((r) => r.boards.flatMap((b) => [b.white.id, ...(b.black ? [b.black.id] : [])])));

  it('a player who joined as the start read the entrants is paired too', async () => {
    const [a, b, c, late] = [await newPlayer('S1'), await newPlayer('S2'), await newPlayer('S3'), await newPlayer('S4')];
    const t = await tournament(a, { format: 'round-robin', maxPlayers: 6 });
    await joinAll(t.id, [a, b, c]);
    const view = await startWith(t, a, () => call('POST', `/api/tournaments/${t.id}/join`, { token: late.key }));
    expect(view.status).toBe('running');
    expect(view.players.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id, c.id, late.id].sort());
    expect([...paired(view)].sort()).toEqual([a.id, b.id, c.id, late.id].sort());
  });

  it('two joins of one player at once: one enters them, the other is 409 already_joined, not a 500 (tester 8 K12)', async () => {
    const [a, b] = [await newPlayer('J1'), await newPlayer('J2')];
    const t = await tournament(a, { format: 'round-robin', maxPlayers: 6 });
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/tournaments/${t.id}/join`, { token: b.key })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.code).toBe('already_joined');
    // The same, the other join landing between this one's check and its write.
    const c = await newPlayer('J3');
    const read = TournamentStore.prototype.entrants;
    const spy = vi.spyOn(TournamentStore.prototype, 'entrants').mockImplementationOnce(async function (this: TournamentStore, id: string) {
      const entrants = await read.call(this, id);
      await this.join(id, c.id, Date.now());
      return entrants;
    });
    const late = await call('POST', `/api/tournaments/${t.id}/join`, { token: c.key });
    spy.mockRestore();
    expect([late.status, late.body.code]).toEqual([409, 'already_joined']);
    expect((await call('GET', `/api/tournaments/${t.id}`)).body.players.filter((p: { id: string }) => p.id === c.id)).toHaveLength(1);
  });

  it('a player who left as the start read the entrants is not paired', async () => {
    const [a, b, c, d] = [await newPlayer('L1'), await newPlayer('L2'), await newPlayer('L3'), await newPlayer('L4')];
    const t = await tournament(a, { format: 'round-robin', maxPlayers: 6 });
    await joinAll(t.id, [a, b, c, d]);
    const view = await startWith(t, a, () => call('POST', `/api/tournaments/${t.id}/leave`, { token: d.key }));
    expect(view.status).toBe('running');
    expect(view.players.map((p: { id: string }) => p.id)).not.toContain(d.id);
    expect(paired(view).has(d.id)).toBe(false);
    expect((await call('GET', '/api/me/games', { token: d.key })).body.games).toEqual([]);
  });
});

describe('a Swiss round paired while a player withdraws (left alone in the last note, after tester 8 K5)', () => {
  it('a player whose withdrawal lands as the next round is paired is not in it, and gets no game', async () => {
    const players = await Promise.all(['W1', 'W2', 'W3', 'W4', 'W5'].map((n) => newPlayer(n)));
    const keys = new Map(players.map((p) => [p.id, p.key]));
    const t = await tournament(players[0]!, { format: 'swiss', rounds: 2, maxPlayers: 5, rated: false });
    await joinAll(t.id, players);
    const first: Board[] = (await call('POST', `/api/tournaments/${t.id}/start`, { token: players[0]!.key })).body.pairings[0].boards;
    const games = first.filter((b) => b.black);
    await finish(games[0]!, '1-0', keys);
    // The bye's player withdraws just after the pairing of round 2 read the entrants (its write lands
    // in between; the bye has no game to forfeit, so nothing else would notice).
    const quitter = first.find((b) => b.black === null)!.white.id;
    const read = TournamentStore.prototype.entrants;
    const spy = vi.spyOn(TournamentStore.prototype, 'entrants').mockImplementationOnce(async function (this: TournamentStore, id: string) {
      const entrants = await read.call(this, id);
      await this.withdraw(id, quitter, Date.now());
      return entrants;
    });
    await finish(games[1]!, '1-0', keys);
    spy.mockRestore();
    const view = (await call('GET', `/api/tournaments/${t.id}`)).body;
    expect(view.round).toBe(2);
    const second: Board[] = view.pairings[1].boards;
    expect(second.flatMap((b) => [b.white.id, b.black?.id])).not.toContain(quitter);
    expect(second.filter((b) => b.black)).toHaveLength(2);
    expect((await call('GET', '/api/me/games', { token: keys.get(quitter)! })).body.games.filter((g: { status: string }) => g.status === 'active')).toEqual([]);
  });
});

describe('page forms', () => {
  const form = (path: string, player: Player, body: Record<string, string>) =>
    fetchWorker(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        headers: { Cookie: `subspace_key=${player.key}`, Origin: BASE, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      }),
    );

  /** The page a form's redirect leads to, as the player sees it. */
  const shown = async (res: Response, player: Player) =>
    (await fetchWorker(new Request(new URL(res.headers.get('Location')!, BASE), { headers: { Cookie: `subspace_key=${player.key}` } }))).text();

  it('the list and the tournament’s page say the clock and the format in words: 1 day per move, Swiss, 1 round', async () => {
    const a = await newPlayer('Words');
    const one = await tournament(a, { name: 'One-day cup', format: 'swiss', rounds: 1, maxPlayers: 4, clock: { daysPerMove: 1 } });
    await tournament(a, { name: 'Three-day cup', format: 'round-robin', maxPlayers: 4 });
    const list = await (await fetchWorker(new Request(`${BASE}/tournaments`))).text();
    expect(list).toContain('Warp Factor, Swiss, 1 round, 1 day per move, rated');
    expect(list).toContain('Warp Factor, round robin, 3 days per move, rated');
    const page = await (await fetchWorker(new Request(`${BASE}/tournaments/${one.id}`))).text();
    expect(page).toContain('Warp Factor, Swiss, 1 round, 1 day per move, rated');
    for (const html of [list, page]) expect(html).not.toMatch(/\b1 (days|rounds)\b/);
  });

  it('an open tournament says how many players it starts with: 3, and a Swiss one more than its rounds (tester 9 U21)', async () => {
    const a = await newPlayer('Count');
    const swiss = await tournament(a, { name: 'Swiss week', format: 'swiss', rounds: 3, maxPlayers: 8 });
    const robin = await tournament(a, { name: 'Robin', format: 'round-robin', maxPlayers: 8 });
    const page = async (id: string) => (await (await fetchWorker(new Request(`${BASE}/tournaments/${id}`))).text()).replace(/\s+/g, ' ');
    expect(await page(swiss.id)).toContain('It starts with at least 4 players (a Swiss of 3 rounds needs one more player than rounds).');
    expect(await page(robin.id)).toContain('It starts with at least 3 players.');
  });

  it('a tournament made on its page keeps the timeout and leave days, and its pages say them', async () => {
    const a = await newPlayer('Clock words');
    const form4 = { name: 'Claim cup', variant: 'planar', format: 'round-robin', maxPlayers: '4', days: '5' };
    const made = await form('/tournaments', a, { ...form4, timeout: 'claim', leave: '7' });
    expect(made.status).toBe(303);
    const id = made.headers.get('Location')!.split('/').at(-1)!;
    expect((await call('GET', `/api/tournaments/${id}`)).body.clock).toEqual({ daysPerMove: 5, timeout: 'claim', leaveDays: 7 });
    const words = 'Planar Chess, round robin, 5 days per move (the win on time claimed), 7 leave days each, casual';
    expect(await (await fetchWorker(new Request(`${BASE}/tournaments/${id}`))).text()).toContain(words);
    expect(await (await fetchWorker(new Request(`${BASE}/tournaments`))).text()).toContain(words);
    // Leave days the service does not offer: refused with the form's label, the form as typed.
    const bad = await form('/tournaments', a, { ...form4, timeout: 'claim', leave: '31' });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('Leave days for each player: ');
    expect(page).toMatch(/<option value="claim" selected="">/);
    expect(page).toContain('value="31"');
    // A double round robin is one of the form's formats (the API's `double`), kept when refused.
    const double = await form('/tournaments', a, { ...form4, format: 'double-round-robin' });
    expect(double.status).toBe(303);
    const doubleId = double.headers.get('Location')!.split('/').at(-1)!;
    expect((await call('GET', `/api/tournaments/${doubleId}`)).body).toMatchObject({ format: 'round-robin', double: true });
    const doubleBad = await (await form('/tournaments', a, { ...form4, format: 'double-round-robin', leave: '31' })).text();
    expect(doubleBad).toMatch(/<option value="double-round-robin" selected="">/);
  });

  it("a Curved Space tournament made on its page has the form's platforms and platform moves; another variant none (tester 18 Y7)", async () => {
    const a = await newPlayer('Worm cup');
    const form4 = { name: 'Worm cup', variant: 'curved-space', format: 'round-robin', maxPlayers: '4', days: '5' };
    const list = await (await fetchWorker(new Request(`${BASE}/tournaments`, { headers: { Cookie: `subspace_key=${a.key}` } }))).text();
    expect(list).toMatch(/<select name="platforms">[\s\S]*<option value="4" selected="">4<\/option>/);
    const made = await form('/tournaments', a, { ...form4, platforms: '6', platformMoves: 'after-capture' });
    expect(made.status).toBe(303);
    const id = made.headers.get('Location')!.split('/').at(-1)!;
    expect((await call('GET', `/api/tournaments/${id}`)).body.options).toEqual({ platforms: 6, platformMoves: 'after-capture' });
    // Not Curved Space: the fields are ignored, as on the offer form.
    const planar = await form('/tournaments', a, { ...form4, variant: 'planar', platforms: '6', platformMoves: 'after-capture' });
    expect(planar.status).toBe(303);
    expect((await call('GET', `/api/tournaments/${planar.headers.get('Location')!.split('/').at(-1)}`)).body.options ?? {}).toEqual({});
    // Refused, the form comes back with them as chosen.
    const bad = await form('/tournaments', a, { ...form4, leave: '31', platforms: '6', platformMoves: 'after-capture' });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toMatch(/<option value="6" selected="">6<\/option>/);
    expect(page).toMatch(/<option value="after-capture" selected="">/);
  });

  it("the list says where a running tournament stands as its page does: a round robin's rounds at once, a Swiss one's round (tester 18 Y11)", async () => {
    const [a, b, c, d] = [await newPlayer('List A'), await newPlayer('List B'), await newPlayer('List C'), await newPlayer('List D')];
    const robin = await tournament(a, { name: 'List robin', format: 'round-robin', maxPlayers: 3 });
    const swiss = await tournament(a, { name: 'List swiss', format: 'swiss', rounds: 2, maxPlayers: 4 });
    for (const [t, players] of [
      [robin, [a, b, c]],
      [swiss, [a, b, c, d]],
    ] as const) {
      for (const p of players) expect((await call('POST', `/api/tournaments/${t.id}/join`, { token: p.key })).status).toBe(200);
      expect((await call('POST', `/api/tournaments/${t.id}/start`, { token: a.key })).status).toBe(200);
    }
    const list = (await (await fetchWorker(new Request(`${BASE}/tournaments`))).text()).replace(/\s+/g, ' ');
    const line = (name: string) => list.split('<li>').find((li) => li.includes(`>${name}</a>`)) ?? '';
    expect(line('List robin')).toContain('; all 3 rounds played at once');
    expect(line('List robin')).not.toMatch(/; round \d/);
    expect(line('List swiss')).toContain('; round 1 of 2');
    const page = (await (await fetchWorker(new Request(`${BASE}/tournaments/${robin.id}`))).text()).replace(/\s+/g, ' ');
    expect(page).toContain('Status: <strong>running</strong>, all 3 rounds played at once');
  });

  it('withdrawing from a running tournament on its page needs the box ticked (the games left are lost)', async () => {
    const [a, b, c] = [await newPlayer('Tick A'), await newPlayer('Tick B'), await newPlayer('Tick C')];
    const t = await tournament(a, { name: 'Tick cup', format: 'round-robin', maxPlayers: 3 });
    for (const p of [a, b, c]) expect((await call('POST', `/api/tournaments/${t.id}/join`, { token: p.key })).status).toBe(200);
    expect((await call('POST', `/api/tournaments/${t.id}/start`, { token: a.key })).status).toBe(200);
    const page = await (await fetchWorker(new Request(`${BASE}/tournaments/${t.id}`, { headers: { Cookie: `subspace_key=${b.key}` } }))).text();
    expect(page).toMatch(/<input type="checkbox" name="understood" value="1" required=""\/?> my games left are lost/);
    // The crosstable's results link to their games with words for a screen reader (a bare "·" said nothing).
    expect(page).toMatch(/<a href="\/games\/[a-z0-9]+" class="xt" aria-label="Tick A against Tick B: still going">·<\/a>/);
    // Refused back to the page (Post/Redirect/Get: a reload does not post the form again), the reason on it.
    const untick = await form(`/tournaments/${t.id}/leave`, b, {});
    expect([untick.status, new URL(untick.headers.get('Location')!, BASE).pathname]).toEqual([303, `/tournaments/${t.id}`]);
    expect(await shown(untick, b)).toContain('Tick &quot;my games left are lost&quot; to withdraw: nothing was changed.');
    const still = (await call('GET', `/api/tournaments/${t.id}`)).body.players.find((p: { id: string }) => p.id === b.id);
    expect(still.withdrawn).toBe(false);
    expect((await form(`/tournaments/${t.id}/leave`, b, { understood: '1' })).status).toBe(303);
    expect((await call('GET', `/api/tournaments/${t.id}`)).body.players.find((p: { id: string }) => p.id === b.id).withdrawn).toBe(true);
  });

  it('a tournament made and joined from the pages; a refusal shown on the page; the challenge form’s Rated box', async () => {
    const [a, b] = [await newPlayer('Form A'), await newPlayer('Form B')];
    const made = await form('/tournaments', a, { name: 'Page cup', variant: 'planar', format: 'swiss', rounds: '2', maxPlayers: '4', days: '3', rated: '1' });
    expect(made.status).toBe(303);
    const id = made.headers.get('Location')!.split('/').at(-1)!;
    expect((await form(`/tournaments/${id}/join`, b, {})).status).toBe(303);
    const again = await form(`/tournaments/${id}/join`, b, {});
    expect(again.status).toBe(303);
    expect(await shown(again, b)).toContain('You have already joined this tournament');
    // Only our own redirects put words on the page: the same address without its tag, or opened by
    // another player, shows none.
    const forged = new URL(again.headers.get('Location')!, BASE);
    const other = await newPlayer('Form C');
    expect(await shown(again, other)).not.toContain('You have already joined');
    forged.searchParams.delete('sig');
    expect(await (await fetchWorker(new Request(forged, { headers: { Cookie: `subspace_key=${b.key}` } }))).text()).not.toContain('You have already joined');
    const view = (await call('GET', `/api/tournaments/${id}`)).body;
    expect(view).toMatchObject({ name: 'Page cup', format: 'swiss', rounds: 2, rated: true, players: [{ id: b.id }] });
    const page = await fetchWorker(new Request(`${BASE}/tournaments/${id}`, { headers: { Cookie: `subspace_key=${b.key}` } }));
    expect(await page.text()).toContain(`action="/tournaments/${id}/leave"`);
    const bad = await form('/tournaments', a, { name: 'Too many', variant: 'planar', format: 'swiss', rounds: '9', maxPlayers: '4', days: '3' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Rounds: 9 Swiss rounds are more than possible');
    // Rounds typed for a round robin: refused in words, as the API refuses them (they were dropped).
    const robin = await form('/tournaments', a, { name: 'Robin', variant: 'planar', format: 'round-robin', rounds: '3', maxPlayers: '4', days: '3' });
    expect(robin.status).toBe(400);
    expect(await robin.text()).toContain('Rounds: a round robin has as many rounds as its players need; leave rounds out');
    // The form's errors name its fields as it labels them.
    const days = await form('/tournaments', a, { name: 'Odd days', variant: 'planar', format: 'swiss', rounds: '2', maxPlayers: '4', days: '4' });
    expect(days.status).toBe(400);
    const daysPage = await days.text();
    expect(daysPage).toMatch(/Days per move: /);
    // …and the form comes back as it was typed.
    expect(daysPage).toContain('value="Odd days"');
    expect(daysPage).toMatch(/<option value="swiss" selected="">/);

    // The challenge form: the box unticked makes a casual challenge; ticked (the default), a rated one.
    const casual = await form('/challenges', a, { variant: 'planar', color: 'white', ratedShown: '1' });
    expect(casual.status).toBe(303);
    const ch = (await call('GET', `/api/challenges/${casual.headers.get('Location')!.split('/').at(-1)}`)).body;
    expect(ch.rated).toBe(false);
    const rated = await form('/challenges', a, { variant: 'planar', color: 'white', days: '3', ratedShown: '1', rated: '1' });
    expect((await call('GET', `/api/challenges/${rated.headers.get('Location')!.split('/').at(-1)}`)).body.rated).toBe(true);
    // "no clock (not rated)": ticked or not, a game without a deadline is casual (tester 14 P1).
    const unclocked = await form('/challenges', a, { variant: 'curved-space', color: 'white', ratedShown: '1', rated: '1' });
    expect((await call('GET', `/api/challenges/${unclocked.headers.get('Location')!.split('/').at(-1)}`)).body).toMatchObject({ rated: false, clock: null });
  });
});
