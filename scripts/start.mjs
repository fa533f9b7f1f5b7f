// `npm start`: apply the D1 migrations to the local database, start wrangler dev,
// create a sample game and print its links. PORT=NNNN npm start for another port.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
const port = Number(process.env.PORT || 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(2);
}
// Offline and quiet: no telemetry, no Request.cf download, no prompts.
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  CI: process.env.CI ?? 'true',
};

const migrate = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local'], { cwd: root, env, stdio: 'inherit' });
if (migrate.status !== 0) {
  console.error('applying the D1 migrations failed');
  process.exit(migrate.status ?? 1);
}

// --test-scheduled: GET /__scheduled?cron=*/15+*+*+*+* runs the timeout cron by hand.
// Local development only: webhooks may go to http://127.0.0.1:<port>, and reply
// addresses / unsubscribe links are signed with a fixed development secret.
// Both Workers in one wrangler dev: the main one first (it serves the port), then the picture
// Worker its PICTURES service binding calls.
const configs = ['-c', 'wrangler.toml', '-c', 'wrangler.pictures.toml'];
const devVars = ['--var', 'ALLOW_LOCAL_WEBHOOKS:true', '--var', `REPLY_SECRET:${process.env.REPLY_SECRET || 'subspace-local-development-only'}`];
const dev = spawn(wrangler, ['dev', ...configs, '--port', String(port), '--test-scheduled', ...devVars], { cwd: root, env: { ...env, CI: '' }, stdio: ['inherit', 'inherit', 'inherit'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const base = `http://localhost:${port}`;
async function sampleGame() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/games`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ variant: 'warp-factor', white: { name: 'Kirk' }, black: { name: 'Kor' }, clock: { daysPerMove: 3 } }),
      });
      if (res.status !== 201) throw new Error(`status ${res.status}`);
      const game = await res.json();
      console.log(`
Subspace is serving on ${base}  (API: ${base}/api, OpenAPI: ${base}/openapi.json)
A sample Warp Factor game, ${game.id}:
  White     ${game.links.white}
  Black     ${game.links.black}
  Spectator ${game.links.spectator}
  curl ${base}/api/games/${game.id}
  curl -X POST ${base}/api/games/${game.id}/moves -H 'Authorization: Bearer ${game.tokens.white}' -H 'Content-Type: text/plain' --data-raw 'Wb2-Wb3'
`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  console.error(`could not create a sample game on ${base}`);
}
sampleGame();
