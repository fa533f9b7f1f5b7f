// `npm run -s engine -- legal` answers each line while standard input is still open, so a
// bot can drive it turn by turn.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/server.ts';

describe('engine legal', () => {
  it('answers a line before standard input closes, and the next one after it', async () => {
    const cli = spawn('npm', ['run', '-s', 'engine', '--', 'legal'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    const answers = createInterface({ input: cli.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await answers.next()).value as string);
    try {
      cli.stdin.write('{"variant":"warp-factor"}\n');
      const first = await next();
      expect(first.legal).toContain('Wb2-Wb3');
      expect(first.status).toBe('playing');

      cli.stdin.write('{"variant":"warp-factor","moves":["Wb2-Wb3"]}\n');
      const second = await next();
      expect(second.legal).toContain('Bb3-Bb2');
      expect(second.legal).not.toContain('Wb3-Wb4');

      cli.stdin.write('not json\n');
      expect((await next()).error).toEqual(expect.any(String));
    } finally {
      cli.stdin.end();
    }
    const code = await new Promise((resolve) => cli.on('close', resolve));
    expect(code).toBe(0);
  }, 360_000);
});
