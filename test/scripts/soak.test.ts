// A short soak: `npm run soak` starts npm start, plays many games with many clients (good,
// bad and racing requests), and checks every game replays to its stored position.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/server.ts';

describe('npm run soak', () => {
  it('a short run: no 5xx, no broken race, every game replays to its stored position', () => {
    const run = spawnSync('npm', ['run', '-s', 'soak', '--', '--minutes', '0.25', '--clients', '6', '--games', '8'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 400_000,
    });
    expect(run.stderr).not.toMatch(/soak: /);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^5xx +0$/m);
    const checked = Number(/^games checked (\d+) \(replay mismatches: 0\)$/m.exec(run.stdout)?.[1]);
    expect(checked).toBeGreaterThan(0);
    expect(Number(/^requests +(\d+)$/m.exec(run.stdout)?.[1])).toBeGreaterThan(checked);
  }, 420_000);
});
