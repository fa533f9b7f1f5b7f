// `npm run deploy`: put Subspace on the Cloudflare account `wrangler login` opened. Safe to
// run again: it reads what the account already has (`wrangler d1 list --json`, `wrangler
// queues list`, `wrangler secret list`) and creates only what is missing, writes the real
// database id into wrangler.toml, applies the D1 migrations remotely, asks for the secrets
// that are not set yet, deploys the picture Worker and then the main one, and prints the
// URL and the steps left to do by hand (docs/deploy.md).
//
// `npm run deploy -- --dry-run` needs no account: it builds both Workers as they would be
// uploaded and prints their gzipped sizes (the main one must stay within its limit).
//
// Every wrangler call goes through `wrangler` on the PATH (npm puts node_modules/.bin
// there), in the current folder; test/deploy/ replaces it with a stand-in.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parse as parseToml } from 'smol-toml';
import { buildBundles, describeBundles, OFFLINE_ENV, WORKERS } from './bundles.ts';

/** Secrets the main Worker needs, and what each is for (asked for when not set yet). */
const SECRETS: Record<string, string> = {
  REPLY_SECRET: 'signs the reply-to-play addresses and the unsubscribe links',
};
/** The chat bots' secrets (docs/bots.md): optional, so never asked for; sent up when set in the environment and not on the Worker yet. */
const BOT_SECRETS = ['DISCORD_PUBLIC_KEY', 'DISCORD_BOT_TOKEN', 'TELEGRAM_SECRET', 'TELEGRAM_BOT_TOKEN'];
/** Other optional secrets, never asked for: sent up when set in the environment and not on the Worker yet. */
const OPTIONAL_SECRETS: Record<string, string> = {
  SLACK_SIGNING_SECRET: "Slack's signing secret: Slack slash commands must then carry Slack's signature (docs/notifications.md)",
};
/** The id wrangler.toml holds until a real database exists. */
const PLACEHOLDER_ID = '00000000-0000-0000-0000-000000000000';

interface MainConfig {
  name: string;
  d1_databases: { binding: string; database_name: string; database_id: string }[];
  queues?: { producers?: { queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  vars?: Record<string, string>;
}

class Stop extends Error {}

const root = process.cwd();
const env = { ...process.env, ...OFFLINE_ENV };

function say(line = '') {
  process.stdout.write(`${line}\n`);
}

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs wrangler; `show` echoes its output (for the long steps the user wants to follow). */
function wrangler(args: string[], show = false): Run {
  const r = spawnSync('wrangler', args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new Stop(`could not run wrangler (${r.error.message}); run this through \`npm run deploy\` so node_modules/.bin is on the PATH`);
  const run = { status: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  if (show) {
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
  }
  return run;
}

function mustSucceed(run: Run, what: string): Run {
  if (run.status !== 0) throw new Stop(`${what} failed:\n${(run.stderr || run.stdout).trim()}`);
  return run;
}

/** The JSON part of wrangler's output (a banner or a warning may come before it). */
function json<T>(run: Run, what: string): T {
  const text = run.stdout;
  const start = text.search(/[[{]/);
  try {
    return JSON.parse(text.slice(start)) as T;
  } catch {
    throw new Stop(`${what}: wrangler did not answer JSON:\n${text.trim()}`);
  }
}

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** The rows of a table wrangler prints (`queues list`): the header row names the columns. */
function tableRows(text: string): Record<string, string>[] {
  const lines = stripAnsi(text)
    .split('\n')
    .filter((l) => l.includes('│'))
    .map((l) =>
      l
        .split('│')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  const [head, ...rows] = lines;
  if (!head) return [];
  return rows.map((cells) => Object.fromEntries(head.map((h, i) => [h, cells[i] ?? ''])));
}

function readMainConfig(): MainConfig {
  const file = path.join(root, WORKERS[0]!.config);
  return parseToml(readFileSync(file, 'utf8')) as unknown as MainConfig;
}

// ---- the steps ---------------------------------------------------------------------

function checkLogin() {
  const who = wrangler(['whoami', '--json']);
  if (who.status !== 0) throw new Stop('wrangler is not logged in to a Cloudflare account: run `npx wrangler login` first (or set CLOUDFLARE_API_TOKEN)');
  const user = json<{ email?: string; accounts?: { name: string; id: string }[] }>(who, 'wrangler whoami');
  say(`Cloudflare account: ${user.accounts?.map((a) => a.name).join(', ') || '(from CLOUDFLARE_ACCOUNT_ID)'}${user.email ? ` (${user.email})` : ''}`);
}

/** The database named in wrangler.toml: created when missing; its real id written into wrangler.toml. */
function ensureDatabase(config: MainConfig) {
  const db = config.d1_databases[0];
  if (!db) throw new Stop(`${WORKERS[0]!.config} has no [[d1_databases]]`);
  const find = () =>
    json<{ name: string; uuid: string }[]>(mustSucceed(wrangler(['d1', 'list', '--json']), 'wrangler d1 list'), 'wrangler d1 list').find(
      (d) => d.name === db.database_name,
    );
  let found = find();
  if (found) say(`D1 database ${db.database_name}: exists (${found.uuid})`);
  else {
    say(`D1 database ${db.database_name}: creating`);
    mustSucceed(wrangler(['d1', 'create', db.database_name], true), `wrangler d1 create ${db.database_name}`);
    found = find();
    if (!found) throw new Stop(`wrangler d1 create ${db.database_name} succeeded but wrangler d1 list does not show it`);
  }
  if (db.database_id !== found.uuid) {
    writeDatabaseId(db.database_id, found.uuid);
    say(`  wrote database_id = "${found.uuid}" into ${WORKERS[0]!.config}${db.database_id === PLACEHOLDER_ID ? '' : ` (was ${db.database_id})`}`);
  }
}

/** Replaces the one database_id line in wrangler.toml, keeping every comment. */
function writeDatabaseId(from: string, to: string) {
  const file = path.join(root, WORKERS[0]!.config);
  const text = readFileSync(file, 'utf8');
  const line = new RegExp(`^(\\s*database_id\\s*=\\s*)"${from.replace(/[-.]/g, '\\$&')}"`, 'm');
  if (!line.test(text)) throw new Stop(`could not find database_id = "${from}" in ${file}`);
  writeFileSync(file, text.replace(line, `$1"${to}"`));
}

/** Every queue wrangler.toml names (producers, consumers, dead-letter queues). */
function queueNames(config: MainConfig): string[] {
  const q = config.queues ?? {};
  const names = [
    ...(q.producers ?? []).map((p) => p.queue),
    ...(q.consumers ?? []).flatMap((c) => [c.queue, ...(c.dead_letter_queue ? [c.dead_letter_queue] : [])]),
  ];
  return [...new Set(names)];
}

function existingQueues(): Set<string> {
  const names = new Set<string>();
  // The list comes in pages; an empty page ends it.
  for (let page = 1; page <= 100; page++) {
    const rows = tableRows(mustSucceed(wrangler(['queues', 'list', '--page', String(page)]), 'wrangler queues list').stdout);
    for (const row of rows) if (row.name) names.add(row.name);
    if (rows.length === 0) break;
  }
  return names;
}

function ensureQueues(config: MainConfig) {
  const have = existingQueues();
  for (const name of queueNames(config)) {
    if (have.has(name)) {
      say(`Queue ${name}: exists`);
      continue;
    }
    say(`Queue ${name}: creating`);
    mustSucceed(wrangler(['queues', 'create', name], true), `wrangler queues create ${name}`);
  }
}

function applyMigrations(config: MainConfig) {
  const db = config.d1_databases[0]!;
  say(`Migrations: applying to the remote database ${db.database_name}`);
  const run = wrangler(['d1', 'migrations', 'apply', db.binding, '--remote'], true);
  if (run.status !== 0) throw new Stop('applying the migrations failed: nothing was deployed (the running version, if any, is unchanged)');
}

/** Names of the secrets the Worker already has; none when it was never deployed. */
function existingSecrets(worker: string): Set<string> {
  const run = wrangler(['secret', 'list', '--name', worker, '--format', 'json']);
  if (run.status !== 0) {
    if (/does not exist|not found|10007/i.test(run.stdout + run.stderr)) return new Set();
    mustSucceed(run, `wrangler secret list --name ${worker}`);
  }
  return new Set(json<{ name: string }[]>(run, 'wrangler secret list').map((s) => s.name));
}

/** Reads one answer from stdin (a terminal or a pipe); '' when stdin is closed. */
function ask(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: false });
    let answered = false;
    process.stdout.write(question);
    rl.once('line', (line) => {
      answered = true;
      if (!process.stdin.isTTY) process.stdout.write('\n'); // a piped answer is not echoed
      rl.close();
      resolve(line.trim());
    });
    rl.once('close', () => {
      if (!answered) {
        process.stdout.write('\n');
        resolve('');
      }
    });
  });
}

/** The secrets not set yet: from the environment if given there, else asked for (Enter = a random one). */
async function missingSecrets(worker: string): Promise<Record<string, string>> {
  const have = existingSecrets(worker);
  const values: Record<string, string> = {};
  for (const [name, purpose] of Object.entries(SECRETS)) {
    if (have.has(name)) {
      say(`Secret ${name}: set`);
      continue;
    }
    let value = process.env[name] ?? '';
    if (value) say(`Secret ${name}: not set yet; taking it from the environment`);
    else {
      value = await ask(`Secret ${name} (${purpose}) is not set yet. Type a value, or press Enter for a random one: `);
      if (!value) value = randomBytes(32).toString('base64url');
    }
    values[name] = value;
  }
  const bots = BOT_SECRETS.filter((name) => !have.has(name) && process.env[name]);
  for (const name of bots) values[name] = process.env[name]!;
  if (bots.length) say(`Chat bots: ${bots.join(', ')} taken from the environment`);
  for (const [name, purpose] of Object.entries(OPTIONAL_SECRETS)) {
    if (have.has(name)) say(`Secret ${name}: set`);
    else if (process.env[name]) {
      values[name] = process.env[name]!;
      say(`Secret ${name}: not set yet; taking it from the environment`);
    } else say(`Secret ${name} (optional; ${purpose}): not set`);
  }
  // Web Push: a VAPID key pair (P-256), made here when the Worker has none; both halves go up together.
  if (have.has('VAPID_PRIVATE_KEY') && have.has('VAPID_PUBLIC_KEY')) say('Secrets VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (Web Push): set');
  else {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    values.VAPID_PUBLIC_KEY = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
    values.VAPID_PRIVATE_KEY = ((await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey).d!;
    say('Secrets VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (Web Push): not set yet; made a new key pair');
  }
  // The operator's token for /admin (npm run migrate:games -- --remote): made here when the Worker has none, and kept
  // in .wrangler/admin-token (not committed), since a secret cannot be read back from the account.
  if (have.has('ADMIN_TOKEN')) say('Secret ADMIN_TOKEN (operator routes): set');
  else {
    values.ADMIN_TOKEN = process.env.ADMIN_TOKEN || randomBytes(32).toString('base64url');
    mkdirSync('.wrangler', { recursive: true });
    writeFileSync(path.join('.wrangler', 'admin-token'), `${values.ADMIN_TOKEN}\n`, { mode: 0o600 });
    say('Secret ADMIN_TOKEN (operator routes, npm run migrate:games): not set yet; made one, kept in .wrangler/admin-token');
  }
  return values;
}

/** Deploys one Worker; the secrets (if any) go up with the same version. Returns wrangler's output. */
function deployWorker(config: string, secrets: Record<string, string>): string {
  const args = ['deploy', '--config', config];
  let dir: string | undefined;
  if (Object.keys(secrets).length) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'subspace-secrets-'));
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    args.push('--secrets-file', file);
  }
  try {
    return mustSucceed(wrangler(args, true), `wrangler deploy --config ${config}`).stdout;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

function nextSteps(config: MainConfig, output: string) {
  const url = stripAnsi(output).match(/https:\/\/\S+\.workers\.dev\b/)?.[0];
  const vars = config.vars ?? {};
  const domain = vars.MAIL_DOMAIN || '(MAIL_DOMAIN)';
  say('');
  say(url ? `Subspace is live at ${url}` : 'Deployed. The Worker has no workers.dev URL; see its routes in the Cloudflare dashboard.');
  if (!vars.PUBLIC_URL)
    say(`  Links in emails and webhooks use the address of each request; set PUBLIC_URL in wrangler.toml to pin one${url ? ` (e.g. "${url}")` : ''}.`);
  say('');
  say('Left to do by hand (docs/deploy.md, "Email"):');
  say(`  1. Receiving: Dashboard > ${domain} > Email > Email Routing: enable it; turn on subaddressing and add the`);
  say(`     custom address play@${domain} (or a catch-all rule) with the action "Send to a Worker" -> ${config.name},`);
  say(`     so the reply addresses play+<game>.<side>.<tag>@${domain} reach the Worker.`);
  say(`  2. Sending: Dashboard > Email Sending > Onboard Domain for the domain of MAIL_FROM (${vars.MAIL_FROM || 'unset'}).`);
  say('     Set MAIL_FROM and MAIL_DOMAIN in wrangler.toml to your own and run npm run deploy again.');
  if (/\.example$/.test(domain)) say(`  (MAIL_DOMAIN is still the placeholder ${domain}: email replies cannot reach you until it is yours.)`);
}

// ---- main ------------------------------------------------------------------------

function dryRun(): number {
  say('Building both Workers as `wrangler deploy` would upload them (no account needed)...');
  const bundles = buildBundles(root, path.join(root, '.wrangler', 'deploy-dry-run'));
  const { lines, tooLarge } = describeBundles(bundles);
  for (const line of lines) say(`  ${line}`);
  for (const b of bundles) say(`  ${b.worker.name}: ${path.relative(root, b.outdir)}/`);
  if (tooLarge.length) {
    say(`Too large: ${tooLarge.map((b) => b.worker.name).join(', ')}`);
    return 1;
  }
  return 0;
}

async function deploy(): Promise<number> {
  checkLogin();
  const config = readMainConfig();
  ensureDatabase(config);
  ensureQueues(config);
  applyMigrations(config);
  const secrets = await missingSecrets(config.name);
  // The picture Worker first: the main Worker's service binding names it.
  for (const worker of WORKERS.slice(1)) {
    say(`Deploying ${worker.name} (${worker.config})`);
    deployWorker(worker.config, {});
  }
  say(`Deploying ${config.name} (${WORKERS[0]!.config})`);
  const output = deployWorker(WORKERS[0]!.config, secrets);
  nextSteps(config, output);
  return 0;
}

try {
  process.exitCode = process.argv.includes('--dry-run') ? dryRun() : await deploy();
} catch (e) {
  if (!(e instanceof Stop)) throw e;
  process.stderr.write(`\nnpm run deploy stopped: ${e.message}\n`);
  process.exitCode = 1;
}
