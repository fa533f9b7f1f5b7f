// Discord HTTP interactions: real Ed25519 signatures from a key pair made here, PING, a
// missing or bad signature (401, nothing changes), linking from /me, commands and buttons
// in the API's own words, the board picture as a deferred answer and its follow-up.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCORD_COMMANDS, DISCORD_MAX_PAUSE_DAYS, DISCORD_VARIANTS } from '../../src/worker/bots/discord-commands.ts';
import { DISCORD_HELP } from '../../src/worker/bots/discord.ts';
import { MAX_PAUSE_DAYS } from '../../src/service/schemas.ts';
import { VARIANT_NAMES as VARIANTS } from '../../src/engine/types.ts';
import { chatApis, discordApp, linkDiscord, mePost, type DiscordApp } from './bot-helpers.ts';
import type { QueueJob } from '../../src/notify/types.ts';
import { BASE, call, fetchWorker } from './helpers.ts';
import { captureQueue } from './notify-helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

let app: DiscordApp;
beforeAll(async () => {
  app = await discordApp();
});
// Nothing queued is delivered behind the test's back (turn notifications would call the stand-ins too).
beforeEach(() => {
  captureQueue<QueueJob>();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Discord request verification', () => {
  it('answers a signed PING with {"type":1}', async () => {
    const res = await app.send({ type: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 1 });
  });

  it('refuses a missing signature, a changed body and another key with 401', async () => {
    const missing = await app.send({ type: 1 }, { sign: false });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatch(/missing request signature/);
    const tampered = await app.send({ type: 1 }, { tamper: (raw) => raw.replace('"type":1', '"type":1 ') });
    expect(tampered.status).toBe(401);
    expect(tampered.body.error).toBe('invalid request signature');
    const other = await discordApp(); // a new key pair replaces DISCORD_PUBLIC_KEY: the old one's signatures no longer pass
    expect((await app.send({ type: 1 })).status).toBe(401);
    expect((await other.send({ type: 1 })).status).toBe(200);
    app = other;
    const stale = await app.send({ type: 1 }, { timestamp: '1' });
    expect(stale.status).toBe(200); // the timestamp is signed too; what is checked is the signature
    // Signed, but not the Unix seconds Discord sends: refused (tester 4 F1).
    for (const timestamp of ['abc', '1700000000.5', '-1', '']) {
      const odd = await app.send({ type: 1 }, { timestamp });
      expect([odd.status, odd.body.code], timestamp).toEqual([401, 'bad_signature']);
    }
  });

  it('a bad signature changes nothing: the move it carries is not played', async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    await linkDiscord(app, '111', kirk);
    await linkDiscord(app, '222', kor);
    const ch = await app.command('111', 'challenge', { variant: 'warp-factor' });
    const id = /challenge ([a-z0-9]{12})/.exec(ch.body.data.content)![1]!;
    const started = await app.press('222', `accept:${id}`);
    const gameId = /game ([a-z0-9]{16}) has started/.exec(started.body.data.content)![1]!;
    const state = (await call('GET', `/api/games/${gameId}`)).body;
    const mover =
      state.sideToMove === 'white'
        ? started.body.data.content.includes('you play white')
          ? '222'
          : '111'
        : started.body.data.content.includes('you play black')
          ? '222'
          : '111';
    const forged = await app.send(
      {
        type: 2,
        member: { user: { id: mover } },
        data: {
          name: 'move',
          options: [
            { name: 'turn', type: 3, value: 'Wb2-Wb3' },
            { name: 'game', type: 3, value: gameId },
          ],
        },
      },
      { tamper: (raw) => raw.replace('Wb2-Wb3', 'Wb2-Wb4') },
    );
    expect(forged.status).toBe(401);
    expect((await call('GET', `/api/games/${gameId}`)).body.ply).toBe(0);
  });

  it('the turn and game options ask for autocomplete', () => {
    const move = DISCORD_COMMANDS.find((c) => c.name === 'move')!;
    expect(move.options!.map((o) => [o.name, (o as { autocomplete?: boolean }).autocomplete])).toEqual([
      ['turn', true],
      ['game', true],
    ]);
  });

  it('the command list offers the same variants as the API', () => {
    expect(DISCORD_VARIANTS.map((v) => v.value)).toEqual([...VARIANTS]);
  });
});

describe('linking a Discord user on /me', () => {
  it('/subspace link answers privately with a one-time link that a signed-in player confirms', async () => {
    const uhura = await newPlayer('Uhura');
    const asked = await app.command('333', 'subspace', { sub: 'link' });
    expect(asked.body.type).toBe(4);
    expect(asked.body.data.flags).toBe(64);
    const url = /http\S+code=[\w-]+/.exec(asked.body.data.content)![0];
    const path = url.slice(url.indexOf('/me/'));
    // Not signed in: the page says to sign in first, and nothing is linked.
    const anonymous = await fetchWorker(new Request(`${BASE}${path}`));
    expect(anonymous.status).toBe(403);
    const confirm = await fetchWorker(new Request(`${BASE}${path}`, { headers: { Cookie: `subspace_key=${uhura.key}` } }));
    expect(confirm.status).toBe(200);
    const confirmText = await confirm.text();
    expect(confirmText).toContain('Link this Discord account');
    // Named by its unique @username and id (a display name is anyone's to choose), with a word of warning (tester 11 S3).
    expect(confirmText).toContain('The Discord user <strong>@user333 (id 333)</strong> will play as');
    expect(confirmText).toContain('Link it only if you typed <code>/subspace link</code> yourself');
    // Before confirming, commands from that user are not hers.
    expect((await app.command('333', 'games')).body.data.content).toMatch(/not linked to a Subspace player/);
    const code = new URL(url).searchParams.get('code')!;
    // Another site's form cannot confirm it (CSRF).
    const foreign = await fetchWorker(
      new Request(`${BASE}/me/link/discord`, {
        method: 'POST',
        headers: { Cookie: `subspace_key=${uhura.key}`, Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `code=${code}`,
      }),
    );
    expect(foreign.status).toBe(403);
    expect((await mePost(uhura, '/me/link/discord', { code })).status).toBe(303);
    expect((await mePost(uhura, '/me/link/discord', { code })).status).toBe(404); // once only
    const games = await app.command('333', 'games');
    expect(games.body.data.content).toContain('You have no game going');
    const me = await fetchWorker(new Request(`${BASE}/me`, { headers: { Cookie: `subspace_key=${uhura.key}` } }));
    expect(await me.text()).toContain('Discord user @user333 (id 333)');
  });
});

describe('commands and buttons', () => {
  it('a challenge to a linked user, Accept, turns in the API words, the board picture deferred', async () => {
    const apis = chatApis();
    const [sulu, chekov] = [await newPlayer('Sulu'), await newPlayer('Chekov')];
    await linkDiscord(app, '444', sulu);
    await linkDiscord(app, '555', chekov);
    const unlinked = await app.command('444', 'challenge', { variant: 'planar', user: '999' });
    expect(unlinked.body.data.content).toMatch(/has not linked a Subspace player/);
    const ch = await app.command('444', 'challenge', { variant: 'warp-factor', user: '555' });
    expect(ch.body.data.flags).toBeUndefined(); // shown in the channel
    const buttons = ch.body.data.components[0].components.map((b: { label: string; custom_id: string }) => b.label);
    expect(buttons).toEqual(['Accept', 'Decline']);
    const accept = ch.body.data.components[0].components[0].custom_id as string;
    // Only the player it was sent to may accept: not its creator.
    const wrong = await app.press('444', accept);
    expect(wrong.body.data.content).toMatch(/cannot accept your own challenge/);
    expect(wrong.body.data.flags).toBe(64);
    const started = await app.press('555', accept);
    const gameId = /game ([a-z0-9]{16}) has started/.exec(started.body.data.content)![1]!;
    const chekovIsWhite = /you play white/.test(started.body.data.content);
    const [white, black] = chekovIsWhite ? ['555', '444'] : ['444', '555'];
    // Black first: refused in the API's words, privately.
    const early = await app.command(black, 'move', { turn: 'Bb3-Bb2' });
    expect(early.body.data.content).toContain("it is White's turn, not yours");
    expect(early.body.data.flags).toBe(64);
    const illegal = await app.command(white, 'move', { turn: 'Wc1-Wc3', game: gameId });
    expect(illegal.body.data.content).toContain('a bishop slides diagonally');
    const played = await app.command(white, 'move', { turn: 'Wb2-Wb3' });
    expect(played.body.data.content).toContain('You played Wb2-Wb3 (ply 1).');
    expect(played.body.data.components[0].components.map((b: { label: string }) => b.label)).toEqual(['Offer draw', 'Resign', 'Board picture']);
    expect((await call('GET', `/api/games/${gameId}`)).body.ply).toBe(1);
    // The board: "thinking" now, the PNG in the follow-up through the interaction's webhook.
    apis.take();
    const board = await app.command(black, 'board', { game: gameId });
    expect(board.body).toEqual({ type: 5 });
    const patch = apis.discord().find((c) => c.method === 'PATCH');
    expect(patch!.method).toBe('PATCH');
    expect(patch!.path).toMatch(/^\/webhooks\/app1\/tok\d+\/messages\/@original$/);
    const payload = JSON.parse(patch!.body.payload_json);
    expect(payload.content).toContain('It is your turn.');
    expect(payload.embeds[0].image.url).toBe('attachment://board.png');
    expect(patch!.body['files[0]'].type).toBe('image/png');
    expect([...patch!.body['files[0]'].bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('/board game:<id> shows a game to anyone, as a spectator (no "your turn", no buttons); /resign still needs a seat (tester F3)', async () => {
    const apis = chatApis();
    const [bashir, dax, garak] = [await newPlayer('Bashir'), await newPlayer('Dax'), await newPlayer('Garak')];
    await linkDiscord(app, '1301', garak);
    const { game } = await startGame(bashir, dax);
    apis.take();
    const board = await app.command('1301', 'board', { game: game.id });
    expect(board.body).toEqual({ type: 5 });
    const patch = apis.discord().find((c) => c.method === 'PATCH');
    const payload = JSON.parse(patch!.body.payload_json);
    expect(payload.content).toContain('White to move');
    expect(payload.content).not.toMatch(/your turn|do not play/);
    expect(payload.components ?? []).toEqual([]);
    expect(payload.embeds[0].image.url).toBe('attachment://board.png');
    const resign = await app.command('1301', 'resign', { game: game.id });
    expect(resign.body.data.content).toContain(`You do not play in game ${game.id}`);
    // Its Resign button too: refused at once, not asked "Resign game …?" (tester 6 G2).
    const pressed = await app.press('1301', `resign:${game.id}`);
    expect(pressed.body.data.content).toContain(`You do not play in game ${game.id}`);
    expect(pressed.body.data.components ?? []).toEqual([]);
    expect((await call('GET', `/api/games/${game.id}`)).body.status).toBe('active');
    // An account tied to no player sees it too, as on the public page (tester 4 F2); acting still says how to link.
    apis.take();
    expect((await app.command('1302', 'board', { game: game.id })).body).toEqual({ type: 5 });
    const unlinked = JSON.parse(apis.discord().find((c) => c.method === 'PATCH')!.body.payload_json);
    expect(unlinked.content).toContain('White to move');
    expect(unlinked.embeds[0].image.url).toBe('attachment://board.png');
    expect((await app.command('1302', 'board')).body.data.content).toMatch(/\/subspace link first/);
    expect((await app.command('1302', 'resign', { game: game.id })).body.data.content).toMatch(/\/subspace link first/);
    expect((await app.command('1302', 'board', { game: 'zzzzzzzzzzzz' })).body.data.content).toMatch(/no game with id zzzzzzzzzzzz/i);
  });

  it('autocomplete: /move offers the legal turns as they are typed, a game option the player’s games; nothing to others', async () => {
    const [uhura, sarek] = [await newPlayer('Uhura'), await newPlayer('Sarek')];
    await linkDiscord(app, '1201', uhura);
    await linkDiscord(app, '1202', sarek);
    const { game } = await startGame(uhura, sarek); // Uhura white, to move
    const legal: string[] = (await call('GET', `/api/games/${game.id}/legal`)).body.legal;
    const typed = await app.suggest('1201', 'move', { turn: 'wb2', game: game.id }, 'turn');
    expect(typed.body.type).toBe(8);
    const choices = typed.body.data.choices.map((c: { value: string }) => c.value);
    expect(choices.length).toBeGreaterThan(0);
    expect(choices).toEqual(legal.filter((t) => t.toLowerCase().startsWith('wb2')).slice(0, 25));
    // Nothing typed yet: the first 25 legal turns (Discord shows 25 at most).
    const all = await app.suggest('1201', 'move', { turn: '' }, 'turn');
    expect(all.body.data.choices.map((c: { value: string }) => c.value)).toEqual(legal.slice(0, 25));
    // Not Sarek's turn, and a stranger's or an unlinked account's: no choices.
    expect((await app.suggest('1202', 'move', { turn: '', game: game.id }, 'turn')).body.data.choices).toEqual([]);
    const stranger = await newPlayer('Stranger');
    await linkDiscord(app, '1203', stranger);
    expect((await app.suggest('1203', 'move', { turn: '', game: game.id }, 'turn')).body.data.choices).toEqual([]);
    expect((await app.suggest('1299', 'move', { turn: '' }, 'turn')).body).toEqual({ type: 8, data: { choices: [] } });
    // The game option: the player's games going, matched on the opponent's name too.
    const games = await app.suggest('1201', 'board', { game: 'sar' }, 'game');
    expect(games.body.data.choices).toEqual([{ name: `Warp Factor against Sarek, your turn (${game.id})`, value: game.id }]);
    expect((await app.suggest('1201', 'board', { game: 'nobody' }, 'game')).body.data.choices).toEqual([]);
    // Read only: the game is as it was.
    expect((await call('GET', `/api/games/${game.id}`)).body.ply).toBe(0);
  });

  it("a command without a game names the game it acted in: the account's current game follows it across channels (tester 6 G9)", async () => {
    const apis = chatApis();
    const [worf, martok, gowron] = [await newPlayer('Worf'), await newPlayer('Martok'), await newPlayer('Gowron')];
    await linkDiscord(app, '1401', worf);
    const first = (await startGame(worf, martok)).game.id as string;
    const second = (await startGame(worf, gowron)).game.id as string;
    // Looked at in one channel, then the other: the second is the current game, wherever Worf types next.
    await app.command('1401', 'board', { game: first });
    await app.command('1401', 'board', { game: second });
    apis.take();
    const offered = await app.command('1401', 'draw');
    expect(offered.body.data.content).toContain(`Game ${second}: You offered a draw`);
    expect((await call('GET', `/api/games/${second}`)).body.drawOffer).toBe('white');
    // Named, the answer needs no heading.
    const named = await app.command('1401', 'draw', { game: first });
    expect(named.body.data.content).toContain('You offered a draw');
    expect(named.body.data.content).not.toContain(`Game ${first}:`);
  });

  it('/takeback and /pause ask the opponent, as the game page and Telegram can (Discord had no way to ask)', async () => {
    chatApis();
    const [picard, riker] = [await newPlayer('Picard'), await newPlayer('Riker')];
    await linkDiscord(app, '1501', picard);
    const id = (await startGame(picard, riker, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } })).game.id as string;
    expect((await app.command('1501', 'move', { turn: 'Wb2-Wb3', game: id })).body.data.content).toContain('You played Wb2-Wb3');
    const asked = await app.command('1501', 'takeback', { game: id });
    expect(asked.body.data.content).toContain('You asked to take back your last turn, Wb2-Wb3 (ply 1).');
    expect((await call('GET', `/api/games/${id}`)).body.takebackOffer).toBe('white');
    expect((await call('POST', `/api/games/${id}/takeback`, { token: riker.key, json: { action: 'decline' } })).status).toBe(200);
    // Discord sends an integer option as a number.
    const pause = await app.send({ type: 2, member: { user: { id: '1501' } }, data: { name: 'pause', options: [{ name: 'days', type: 4, value: 3 }] } });
    expect(pause.body.data.content).toContain(`Game ${id}: You asked for a pause of 3 days.`);
    expect((await call('GET', `/api/games/${id}`)).body.pauseOffer).toEqual({ by: 'white', days: 3 });
    expect(DISCORD_MAX_PAUSE_DAYS).toBe(MAX_PAUSE_DAYS);
    expect(DISCORD_HELP).toMatch(/\/takeback[\s\S]*\/pause days/);
  });

  it('a replayed interaction changes nothing', async () => {
    const [a, b] = [await newPlayer('A'), await newPlayer('B')];
    await linkDiscord(app, '666', a);
    await linkDiscord(app, '777', b);
    const ch = await app.command('666', 'challenge', { variant: 'warp-factor' });
    const id = /challenge ([a-z0-9]{12})/.exec(ch.body.data.content)![1]!;
    const first = await app.press('777', `accept:${id}`);
    expect(first.body.data.content).toContain('has started');
    // The same signed request again (same interaction id).
    const again = await app.send(JSON.parse(first.raw));
    expect(again.status).toBe(200);
    expect(again.body.data.content).toBe('This interaction was handled already.');
    expect((await call('GET', '/api/me/games', { token: b.key })).body.games).toHaveLength(1);
  });

  it('an unknown command answers with help; not linked says how to link', async () => {
    expect((await app.command('888', 'games')).body.data.content).toMatch(/\/subspace link first/);
    const c = await newPlayer('C');
    await linkDiscord(app, '889', c);
    const help = await app.command('889', 'frobnicate');
    expect(help.body.data.content).toContain('/challenge variant [user]');
    expect(help.body.data.flags).toBe(64);
  });

  it('errors read as sentences; an unknown challenge points at /me, not at a command Discord lacks; whose turn is said once', async () => {
    const [nog, jake, ezri] = [await newPlayer('Nog'), await newPlayer('Jake'), await newPlayer('Ezri')];
    await linkDiscord(app, '1301', nog);
    const nope = await app.command('1301', 'accept', { id: 'nope' });
    expect(nope.body.data.content).toContain(`There is no challenge with id nope. Your challenges are listed on ${BASE}/me.`);
    expect(nope.body.data.content).not.toContain('"challenges"');
    expect((await app.command('1301', 'games')).body.data.content).toContain(`You have no game going. Offer one on ${BASE}/me.`);
    const unknown = await app.command('1301', 'move', { turn: 'Wb2-Wb3', game: 'zzzzzzzzzzzz' });
    expect(unknown.body.data.content).toContain('No game with id zzzzzzzzzzzz');
    const { game: theirs } = await startGame(jake, ezri);
    const stranger = await app.command('1301', 'move', { turn: 'Wb2-Wb3', game: theirs.id });
    expect(stranger.body.data.content).toContain(`You do not play in game ${theirs.id}`);
    // Two games going and none named: how to name one, in Discord's words.
    const first = (await startGame(nog, jake)).game.id as string;
    const second = (await startGame(nog, ezri)).game.id as string;
    const which = await app.command('1301', 'move', { turn: 'Wb2-Wb3' });
    expect(which.body.data.content).toMatch(new RegExp(`say which, e\\.g\\. /move turn:Wb2-Wb3 game:(${first}|${second}) `));
    const played = await app.command('1301', 'move', { turn: 'Wb2-Wb3', game: first });
    expect(played.body.data.content).toMatch(/\nBlack to move\n```$/);
    expect(played.body.data.content).not.toContain("Black's turn");
  });
});
