// `npm start`: apply the D1 migrations to the local database, start wrangler dev, create a
// sample game when the database has none, and print the links last.
//   PORT=NNNN npm start         another port (default 8787)
//   PERSIST_TO=<dir> npm start  another local state folder (default .wrangler/state)
//
// Process handling: wrangler (and the workerd processes under it) runs in a process group of
// its own. A signal to us (Ctrl-C, kill; SIGINT, SIGTERM or SIGHUP to npm) goes to that whole group; we exit when wrangler does;
// a guard process ends the group if we are killed outright (SIGKILL) and we end it when our
// parent goes away; a watchdog ends everything with an error once the local runtime stops
// answering (wrangler does not recover from a dead workerd: it keeps the port and hangs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { LOCAL_ADMIN_TOKEN, migrateAll } from './migrate-games.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
const port = Number(process.env.PORT || 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`);
  process.exit(2);
}
const stateDir = path.resolve(root, process.env.PERSIST_TO || path.join('.wrangler', 'state'));
const persist = ['--persist-to', stateDir];
// Offline and quiet: no telemetry, no Request.cf download, no prompts (CI answers them).
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  CI: 'true',
  // wrangler's output goes through us (below); keep its colours when we print to a terminal.
  ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
};
const base = `http://localhost:${port}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs wrangler to the end and keeps its output (printed only when it fails). */
function wranglerRun(args) {
  return new Promise((resolve) => {
    const child = spawn(wrangler, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (d) => ((stdout += d), (output += d)));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => resolve({ status: 1, stdout, output: `${output}${e.message}\n` }));
    child.on('close', (status) => resolve({ status, stdout, output }));
  });
}

const migrate = await wranglerRun(['d1', 'migrations', 'apply', 'DB', '--local', ...persist]);
if (migrate.status !== 0) {
  process.stderr.write(migrate.output);
  console.error('npm start: applying the D1 migrations to the local database failed');
  process.exit(migrate.status || 1);
}
const applied = /About to apply (\d+) migration/.exec(stripVTControlCharacters(migrate.output))?.[1];
console.log(`Local database ${path.relative(root, stateDir) || stateDir}: ${applied ? `${applied} migration(s) applied` : 'migrations up to date'}`);

// Counted while wrangler dev starts; undefined when the count cannot be had.
const gameCount = wranglerRun(['d1', 'execute', 'DB', '--local', ...persist, '--json', '--command', 'SELECT count(*) AS n FROM games']).then(
  ({ status, stdout }) => {
    try {
      return status === 0 ? Number(JSON.parse(stdout)[0].results[0].n) : undefined;
    } catch {
      return undefined;
    }
  },
);

// --test-scheduled: GET /__scheduled?cron=*/15+*+*+*+* runs the cron by hand (each game's alarm does the work on time).
// Local development only: webhooks may go to http://127.0.0.1:<port>, and reply
// addresses / unsubscribe links are signed with a fixed development secret.
// Both Workers in one wrangler dev: the main one first (it serves the port), then the picture
// Worker its PICTURES service binding calls.
const configs = ['-c', 'wrangler.toml', '-c', 'wrangler.pictures.toml'];
// Web Push: a local VAPID key pair, made on the first run and kept in .vapid-dev.json (git-ignored).
const vapid = await localVapidKeys(path.join(root, '.vapid-dev.json'));
const devVars = [
  '--var',
  'ALLOW_LOCAL_WEBHOOKS:true',
  '--var',
  `REPLY_SECRET:${process.env.REPLY_SECRET || 'subspace-local-development-only'}`,
  // The operator's routes (/admin): npm run migrate:games uses the same local token.
  '--var',
  `ADMIN_TOKEN:${process.env.ADMIN_TOKEN || LOCAL_ADMIN_TOKEN}`,
  '--var',
  `VAPID_PUBLIC_KEY:${vapid.publicKey}`,
  '--var',
  `VAPID_PRIVATE_KEY:${vapid.privateKey}`,
];
// The chat bots (docs/bots.md): whichever of their settings are in our environment go to the
// Worker, through an env file in the state folder (wrangler shows their values as hidden; the
// file is removed when we stop). .dev.vars still counts: it is read first.
const BOT_VARS = [
  'DISCORD_PUBLIC_KEY',
  'DISCORD_BOT_TOKEN',
  'DISCORD_API_BASE',
  'TELEGRAM_SECRET',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_API_BASE',
  'TELEGRAM_BOT_NAME',
  // Slack's signing secret (docs/notifications.md): slash commands must then be signed.
  'SLACK_SIGNING_SECRET',
];
const botVars = BOT_VARS.filter((name) => process.env[name]);
const botFile = path.join(stateDir, 'bots.env');
const envFiles = [];
if (botVars.length) {
  mkdirSync(stateDir, { recursive: true });
  // Double-quoted; a $ escaped (wrangler expands ${...} in env files). Tokens and keys never hold quotes or backslashes.
  for (const name of botVars)
    if (/["\\\n]/.test(process.env[name])) {
      console.error(`npm start: ${name} holds a quote, a backslash or a line break; no token or key does`);
      process.exit(2);
    }
  writeFileSync(botFile, botVars.map((name) => `${name}="${process.env[name].replace(/\$/g, '\\$')}"\n`).join(''), { mode: 0o600 });
  const devVarsFile = path.join(root, '.dev.vars');
  if (existsSync(devVarsFile)) envFiles.push('--env-file', devVarsFile);
  envFiles.push('--env-file', botFile);
  console.log(`Chat bots: ${botVars.join(', ')} from the environment`);
}
const removeBotFile = () => botVars.length && rmSync(botFile, { force: true });
process.on('exit', removeBotFile);
const devArgs = ['dev', ...configs, '--port', String(port), '--test-scheduled', ...persist, ...devVars, ...envFiles];
const dev = spawn(wrangler, devArgs, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
const devExited = new Promise((resolve) => dev.on('exit', (code, signal) => resolve({ code, signal })));

function signalGroup(signal) {
  try {
    process.kill(-dev.pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

// The guard: a detached process that holds a pipe from us and ends wrangler's group when
// the pipe closes, i.e. when we are gone however we went (a SIGKILL cannot be caught).
const guardCode = `
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => {});
const group = -Number(process.argv[1]);
const kill = (signal) => { try { process.kill(group, signal); return true; } catch { return false; } };
process.stdin.on('data', () => {});
process.stdin.on('close', () => {
  if (!kill('SIGTERM')) process.exit(0);
  setTimeout(() => { kill('SIGKILL'); process.exit(0); }, 5000);
});`;
const guard = spawn(process.execPath, ['-e', guardCode, String(dev.pid)], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
guard.on('error', () => {}); // without a guard we still stop the group on every catchable exit

let stopping;
/** Ends wrangler's whole group (politely, then for good) and exits with `code`. */
function stop(code, message) {
  stopping ??= (async () => {
    if (message) console.error(`\n${message}`);
    signalGroup('SIGTERM');
    await Promise.race([devExited, sleep(5000)]);
    // workerd may outlive wrangler; nothing of the group may keep the port.
    signalGroup('SIGKILL');
    for (let i = 0; i < 20 && signalGroup(0); i++) await sleep(100);
    guard.stdin?.destroy();
    process.exit(code);
  })();
  return stopping;
}

for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
])
  process.on(signal, () => stop(128 + number));
dev.on('error', (e) => stop(1, `npm start: could not run wrangler dev: ${e.message}`));
devExited.then(({ code, signal }) => stop(code || 1, `npm start: wrangler dev ended (${signal ?? `exit code ${code}`})`));
// When what started us is gone, so are we. npm runs us through `sh -c`, and that shell neither
// passes signals on nor dies of SIGINT: so package.json says `exec node scripts/start.mjs` (npm
// then signals us itself: SIGINT, SIGTERM), and we watch our parent and, when the parent is a
// shell, its parent too (SIGHUP kills npm without a word to its children; a shell left between
// npm and us would keep us alive for good).
const parentOf = (pid) => {
  const out = spawnSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  const m = /^(\d+)\s+(.*)$/.exec(out);
  return m ? { ppid: Number(m[1]), args: m[2] } : undefined;
};
const parent = process.ppid;
const watched = [parent];
const shell = parentOf(parent);
if (shell && /^(\S*\/)?(sh|dash|bash|zsh)\s+-c\b/.test(shell.args) && shell.ppid > 1) watched.push(shell.ppid);
const gone = (pid) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return e.code === 'ESRCH';
  }
};
setInterval(() => {
  if (process.ppid !== parent || watched.some(gone)) stop(1, 'npm start: the process that started us is gone; stopping');
}, 1000).unref();

// wrangler's output, less the noise: the bindings table is printed before the Workers are
// connected ("[not connected]") and again after every reload: only the first one after the
// server started is shown. Nor the request lines of our own requests (the watchdog's HEAD /api,
// the sample game's).
const ownRequests = new Set();
/** The same requests as the request log names them (method and route). */
const ownLogged = new Set();
/** One of our own requests, as wrangler prints it (method and path) and as the request log does (method and route). */
const ownRequest = (printed, logged) => {
  ownRequests.add(printed);
  ownLogged.add(logged);
};
/** The prefix wrangler puts before the Worker's own console lines when it runs two configurations. */
const NO_NAME = '[undefined] ';
let serverStarting = false;
let skippingBindings = false;
let bindingsShown = false;
let blank = false; // the last line written was empty: no runs of empty lines where blocks were left out
function relay(stream, out) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    const text = stripVTControlCharacters(line).trim();
    if (text.startsWith('⎔ Starting local server')) serverStarting = true;
    if (/has access to the following bindings:$/.test(text)) {
      skippingBindings = bindingsShown || !serverStarting;
      bindingsShown ||= serverStarting;
    }
    if (skippingBindings) {
      if (text === '') skippingBindings = false;
      return;
    }
    if (text === '⎔ Connection status updated' || text.startsWith('Service bindings, Durable Object bindings, and Tail consumers connect')) return;
    const request = /^\[wrangler:info\] ([A-Z]+ \S+) \d{3}\b/.exec(text)?.[1];
    if (request === 'HEAD /api' || ownRequests.delete(request) || (blank && text === '')) return;
    // The Worker's own console lines come as "[undefined] …" (wrangler names the Worker there, and with
    // two configurations it has no name for it): shown without that prefix. The request log's line of
    // the watchdog's HEAD /api is left out like wrangler's, and so is each of our own requests' once.
    const own = text.startsWith(NO_NAME);
    const logged = own && /^\{"event":"request","method":"([A-Z]+)","route":"([^"]*)"/.exec(text.slice(NO_NAME.length));
    if (logged && (`${logged[1]} ${logged[2]}` === 'HEAD /api' || ownLogged.delete(`${logged[1]} ${logged[2]}`))) return;
    blank = text === '';
    out.write(`${own ? line.replace(NO_NAME, '') : line}\n`);
  });
}
relay(dev.stdout, process.stdout);
relay(dev.stderr, process.stderr);

/** One HEAD /api: any answer means the runtime is alive. */
async function answers(timeoutMs) {
  try {
    await fetch(`${base}/api`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

// Up within a few minutes (a cold start on a busy machine is slow), or give up.
for (let waited = 0; !(await answers(5000)); waited += 500) {
  if (waited > 180_000) await stop(1, `npm start: wrangler dev did not answer on ${base} within 3 minutes; stopping`);
  await sleep(500);
}

// The watchdog: three unanswered checks in a row (about 45 s) mean the runtime is gone.
(async () => {
  for (let misses = 0; misses < 3; ) {
    await sleep(5000);
    misses = (await answers(10_000)) ? 0 : misses + 1;
  }
  await stop(1, `npm start: the local Workers runtime stopped answering on ${base} (workerd ended?); stopped everything, run npm start again`);
})();

const sampleFile = path.join(stateDir, 'sample-game.json');
async function sampleGame() {
  const count = await gameCount;
  if (count === 0) {
    ownRequest('POST /api/games', 'POST /api/games');
    const res = await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'warp-factor', white: { name: 'Kirk' }, black: { name: 'Kor' }, clock: { daysPerMove: 3 } }),
    });
    if (res.status !== 201) return { note: `could not create a sample game (${res.status} ${await res.text()})` };
    const game = await res.json();
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(sampleFile, JSON.stringify({ id: game.id, links: game.links, tokens: game.tokens }, null, 2));
    return { game, note: 'created' };
  }
  // Player tokens are stored only as hashes: the sample's links come from the file written when it was made.
  const saved = existsSync(sampleFile) ? JSON.parse(readFileSync(sampleFile, 'utf8')) : undefined;
  if (saved) ownRequest(`GET /api/games/${saved.id}`, 'GET /api/games/:id');
  const found = saved && (await fetch(`${base}/api/games/${saved.id}`)).status === 200;
  const games = count === undefined ? 'games' : `${count} game(s)`;
  // The links as saved name the port of that start: served here, they take this one's.
  const here = (link) => {
    const url = new URL(link);
    return `${base}${url.pathname}${url.search}`;
  };
  const links = saved && Object.fromEntries(Object.entries(saved.links).map(([k, link]) => [k, typeof link === 'string' ? here(link) : link]));
  return found
    ? { game: { ...saved, links }, note: `made on the first start; the local database has ${games}` }
    : { note: `The local database has ${games}; no sample game was added.` };
}

// Games from before the game objects (an older local database): copied into their objects now.
try {
  ownRequest('POST /admin/migrate-games', 'POST /admin/migrate-games');
  const copied = await migrateAll(base, process.env.ADMIN_TOKEN || LOCAL_ADMIN_TOKEN, () => {});
  if (copied) console.log(`npm start: copied ${copied} game(s) from before the game objects into their objects`);
} catch (e) {
  console.error(`npm start: could not copy the older games into their objects: ${e instanceof Error ? e.message : e}`);
}

try {
  const { game, note } = await sampleGame();
  const lines = [``, `Subspace is serving on ${base}  (API: ${base}/api, OpenAPI: ${base}/openapi.json)`];
  if (game)
    lines.push(
      `A sample Warp Factor game, ${game.id} (${note}):`,
      `  White     ${game.links.white}`,
      `  Black     ${game.links.black}`,
      `  Spectator ${game.links.spectator}`,
      `  curl ${base}/api/games/${game.id}`,
      `  curl -X POST ${base}/api/games/${game.id}/moves -H 'Authorization: Bearer ${game.tokens.white}' -H 'Content-Type: text/plain' --data-raw 'Wb2-Wb3'`,
    );
  else lines.push(note);
  console.log(`${lines.join('\n')}\n`);
} catch (e) {
  console.error(`npm start: could not set up the sample game: ${e instanceof Error ? e.message : e}`);
}

/** The local VAPID pair (Web Push): read from `file`, or made (P-256, WebCrypto) and written there on the first run. */
async function localVapidKeys(file) {
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8'));
    if (keys.publicKey && keys.privateKey) return keys;
  } catch {}
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const keys = {
    publicKey: Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url'),
    privateKey: (await crypto.subtle.exportKey('jwk', pair.privateKey)).d,
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  console.log(`npm start: made a local VAPID key pair for Web Push (${path.basename(file)})`);
  return keys;
}
