// `engine bestmove`: one JSON line in, one JSON line out, answered as each line is read.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { prng } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
let cli: ChildProcessWithoutNullStreams;
const pending: ((line: string) => void)[] = [];
let buffered = '';

/** Send one line and wait for the one line it answers (stdin stays open). */
function ask(line: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    pending.push((answer) => resolve(JSON.parse(answer) as Record<string, unknown>));
    cli.stdin.write(line + '\n');
  });
}

beforeAll(() => {
  cli = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/engine/cli.ts'), 'bestmove'], { cwd: root });
  cli.stdout.setEncoding('utf8');
  cli.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      pending.shift()?.(line);
    }
  });
});

afterAll(() => {
  cli.stdin.end();
  cli.kill();
});

describe('engine bestmove', () => {
  it('answers a line before the next is sent, with a legal canonical turn', async () => {
    const moves = ['Wb2-Wb3', 'Bb3-Bb2'];
    const answer = await ask(JSON.stringify({ variant: 'warp-factor', moves, level: 2 }));
    const game = Game.replay('warp-factor', {}, moves);
    if (!game.ok) return expect.fail(game.error.message);
    expect(game.value.legalTexts()).toContain(answer.move);
    expect(typeof answer.score).toBe('number');
    expect(answer.depth).toBeGreaterThanOrEqual(1);
    expect(answer.nodes).toBeGreaterThan(0);
  }, 240_000);

  it('the same line gives the same answer', async () => {
    const line = JSON.stringify({ variant: 'curved-space', moves: ['1@Wa1u', '2@Bd4d', '3@Nd1u', '4@Na4d', 'K@Wb1', 'K@Bc4'], level: 5, nodes: 500 });
    const first = await ask(line);
    expect(await ask(line)).toEqual(first);
  }, 240_000);

  it('a finished position gives move null with how it ended', async () => {
    // A random First Contact game runs until a check ends it.
    const random = prng(3);
    const game = (Game.create('first-contact') as { ok: true; value: Game }).value;
    while (!game.outcome()) {
      const legal = game.legalTexts();
      game.play(legal[Math.floor(random() * legal.length)]!);
    }
    const outcome = game.outcome()!;
    const answer = await ask(JSON.stringify({ variant: 'first-contact', moves: game.history.map((t) => t.text) }));
    expect(answer).toMatchObject({ move: null, status: outcome.reason, result: outcome.result });
  }, 240_000);

  it('a bad line gets an error and the next good line is answered', async () => {
    expect(await ask('{"variant": "planar", "level": 7}')).toEqual({ error: '"level" must be 1, 2, 3, 4, 5 or 6, got 7' });
    expect((await ask('not json')).error).toBe('the line is not valid JSON');
    expect((await ask('{"variant": "warp-factor", "moves": ["Zz9-Wa1"]}')).error).toMatch(/turn 1/);
    const good = await ask('{"variant": "planar", "moves": [], "level": 1}');
    expect(good.move).toMatch(/^K@/);
  }, 240_000);
});
