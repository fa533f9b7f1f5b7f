// `npm run deploy` (scripts/deploy.ts) against a stand-in wrangler on the PATH
// (fake-wrangler.mjs) that plays an account from fixtures/ and records every call:
// the calls below are exactly what the script asks of wrangler in each case.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');
const script = path.join(root, 'scripts', 'deploy.ts');
const CONFIGS = ['wrangler.toml', 'wrangler.pictures.toml'];
const PLACEHOLDER = '00000000-0000-0000-0000-000000000000';

interface Call {
  args: string[];
  secrets?: Record<string, string>;
}

/** A fresh clone's configs in a folder of their own, with the stand-in wrangler first on the PATH. */
function setup(fixture: string, changeAccount?: (account: Record<string, unknown>) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'subspace-deploy-'));
  const project = path.join(dir, 'project');
  const bin = path.join(dir, 'bin');
  mkdirSync(project);
  mkdirSync(bin);
  for (const f of CONFIGS) copyFileSync(path.join(root, f), path.join(project, f));
  const account = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', fixture), 'utf8'));
  changeAccount?.(account);
  writeFileSync(path.join(dir, 'account.json'), JSON.stringify(account));
  writeFileSync(path.join(bin, 'wrangler'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(import.meta.dirname, 'fake-wrangler.mjs')}" "$@"\n`);
  chmodSync(path.join(bin, 'wrangler'), 0o755);
  return { dir, project, bin };
}

type Setup = ReturnType<typeof setup>;

function deploy(s: Setup, opts: { input?: string; args?: string[]; env?: Record<string, string> } = {}) {
  const callsFile = path.join(s.dir, 'calls.jsonl');
  writeFileSync(callsFile, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${s.bin}${path.delimiter}${process.env.PATH}`,
    FAKE_WRANGLER_ACCOUNT: path.join(s.dir, 'account.json'),
    FAKE_WRANGLER_CALLS: callsFile,
  };
  delete env.REPLY_SECRET;
  delete env.ADMIN_TOKEN;
  for (const name of Object.keys(env)) if (/^(DISCORD|TELEGRAM)_/.test(name)) delete env[name];
  Object.assign(env, opts.env);
  const r = spawnSync(process.execPath, [script, ...(opts.args ?? [])], { cwd: s.project, env, input: opts.input ?? '', encoding: 'utf8', timeout: 60_000 });
  const calls = readFileSync(callsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Call);
  // The secrets file is a temporary path: shown as <secrets.json>.
  const commands = calls.map((c) => c.args.join(' ').replace(/--secrets-file \S+/, '--secrets-file <secrets.json>'));
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, calls, commands };
}

const config = (s: Setup) => readFileSync(path.join(s.project, 'wrangler.toml'), 'utf8');
const account = (s: Setup) => JSON.parse(readFileSync(path.join(s.dir, 'account.json'), 'utf8'));

describe('npm run deploy', () => {
  it('first deploy on a new account: creates the database and the queues, writes the id, migrates, asks for the secret, makes the VAPID pair, deploys both Workers', async () => {
    const s = setup('new-account.json');
    const before = config(s);
    const run = deploy(s, { input: 'a-secret-typed-by-kirk\n' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.commands).toEqual([
      'whoami --json',
      'd1 list --json',
      'd1 create subspace',
      'd1 list --json',
      'queues list --page 1',
      'queues list --page 2',
      'queues create subspace-notify',
      'queues create subspace-computer',
      'queues create subspace-notify-dlq',
      'd1 migrations apply DB --remote',
      'secret list --name subspace --format json',
      'deploy --config wrangler.pictures.toml',
      'deploy --config wrangler.toml --secrets-file <secrets.json>',
    ]);
    // The answer typed at the prompt went up with the deployment, and its file is gone.
    expect(run.stdout).toMatch(/Secret REPLY_SECRET \(.*\) is not set yet/);
    const secrets = run.calls.at(-1)!.secrets!;
    expect(Object.keys(secrets).sort()).toEqual(['ADMIN_TOKEN', 'REPLY_SECRET', 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY']);
    expect(secrets.REPLY_SECRET).toBe('a-secret-typed-by-kirk');
    // The operator's token is made here and kept where npm run migrate:games -- --remote reads it.
    expect(secrets.ADMIN_TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(path.join(s.project, '.wrangler', 'admin-token'), 'utf8').trim()).toBe(secrets.ADMIN_TOKEN);
    expect(run.stdout).toContain('Secrets VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (Web Push): not set yet; made a new key pair');
    // The VAPID pair is one: what the private key signs, the public key (an uncompressed P-256 point) verifies.
    const point = Buffer.from(secrets.VAPID_PUBLIC_KEY!, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    const privateKey = await crypto.subtle.importKey('jwk', { ...jwk, d: secrets.VAPID_PRIVATE_KEY }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    const publicKey = await crypto.subtle.importKey('raw', point, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const data = new TextEncoder().encode('vapid');
    const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, data);
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data)).toBe(true);
    const secretsFile = run.calls.at(-1)!.args.at(-1)!;
    expect(existsSync(secretsFile)).toBe(false);
    // The real id replaces the placeholder; every other line (comments too) is as it was.
    const id = account(s).databases.find((d: { name: string }) => d.name === 'subspace').uuid;
    expect(config(s)).toBe(before.replace(`database_id = "${PLACEHOLDER}"`, `database_id = "${id}"`));
    expect(config(s)).toContain('# Placeholder until `npm run deploy`');
    expect(run.stdout).toContain('Subspace is live at https://subspace.kirk.workers.dev');
    expect(run.stdout).toMatch(/Email Routing: enable it; turn on subaddressing and add the\s+custom address play@subspace\.example/);
    expect(run.stdout).toContain('Onboard Domain for the domain of MAIL_FROM (games@subspace.example)');
  }, 240_000);

  it("the chat bots' secrets go up when they are in the environment, never asked for", () => {
    const s = setup('new-account.json');
    const bots = { DISCORD_PUBLIC_KEY: 'ab'.repeat(32), TELEGRAM_SECRET: 'tg-secret', TELEGRAM_BOT_TOKEN: '1:tok' };
    const run = deploy(s, { input: 'kirk\n', env: bots });
    expect(run.status).toBe(0);
    expect(run.calls.at(-1)!.secrets).toEqual({
      REPLY_SECRET: 'kirk',
      ...bots,
      VAPID_PUBLIC_KEY: expect.any(String),
      VAPID_PRIVATE_KEY: expect.any(String),
      ADMIN_TOKEN: expect.any(String),
    });
    expect(run.stdout).toContain('Chat bots: DISCORD_PUBLIC_KEY, TELEGRAM_SECRET, TELEGRAM_BOT_TOKEN taken from the environment');
    expect(run.stdout).not.toMatch(/DISCORD_BOT_TOKEN|1:tok/);
  }, 240_000);

  it("Slack's signing secret is optional: never asked for, sent up when it is in the environment (issue 26)", () => {
    const without = deploy(setup('new-account.json'), { input: 'kirk\n' });
    expect(without.status).toBe(0);
    expect(without.stdout).toMatch(/Secret SLACK_SIGNING_SECRET \(optional; .*\): not set/);
    expect(without.calls.at(-1)!.secrets).toEqual({
      REPLY_SECRET: 'kirk',
      VAPID_PUBLIC_KEY: expect.any(String),
      VAPID_PRIVATE_KEY: expect.any(String),
      ADMIN_TOKEN: expect.any(String),
    });
    const run = deploy(setup('new-account.json'), { input: 'kirk\n', env: { SLACK_SIGNING_SECRET: 'slack-signing' } });
    expect(run.status).toBe(0);
    expect(run.calls.at(-1)!.secrets).toEqual({
      REPLY_SECRET: 'kirk',
      SLACK_SIGNING_SECRET: 'slack-signing',
      VAPID_PUBLIC_KEY: expect.any(String),
      VAPID_PRIVATE_KEY: expect.any(String),
      ADMIN_TOKEN: expect.any(String),
    });
    expect(run.stdout).toContain('Secret SLACK_SIGNING_SECRET: not set yet; taking it from the environment');
    expect(run.stdout).not.toContain('slack-signing');
  }, 240_000);

  it('second deploy with everything present: creates nothing, asks nothing, changes no config, deploys again', () => {
    const s = setup('new-account.json');
    expect(deploy(s, { input: 'first\n' }).status).toBe(0);
    const afterFirst = config(s);
    const run = deploy(s);
    expect(run.status).toBe(0);
    expect(run.commands).toEqual([
      'whoami --json',
      'd1 list --json',
      'queues list --page 1',
      'queues list --page 2',
      'd1 migrations apply DB --remote',
      'secret list --name subspace --format json',
      'deploy --config wrangler.pictures.toml',
      'deploy --config wrangler.toml',
    ]);
    expect(run.stdout).not.toContain('is not set yet');
    expect(run.stdout).toContain('Secret REPLY_SECRET: set');
    expect(run.stdout).toContain('Secrets VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (Web Push): set');
    expect(run.stdout).toContain('Secret ADMIN_TOKEN (operator routes): set');
    expect(run.stdout).toContain('No migrations to apply');
    expect(config(s)).toBe(afterFirst);
    expect(account(s).workers.subspace.versions).toBe(2);
  }, 240_000);

  it('a fresh clone against an account that has it all: finds the database and the queues (over several pages) and writes the id', () => {
    const s = setup('ready-account.json');
    const run = deploy(s);
    expect(run.status).toBe(0);
    expect(run.commands).toEqual([
      'whoami --json',
      'd1 list --json',
      'queues list --page 1',
      'queues list --page 2',
      'queues list --page 3',
      'queues list --page 4',
      'd1 migrations apply DB --remote',
      'secret list --name subspace --format json',
      'deploy --config wrangler.pictures.toml',
      'deploy --config wrangler.toml',
    ]);
    expect(config(s)).toContain('database_id = "5b5b5b5b-0000-4000-8000-000000000002"');
    expect(run.stdout).toContain('Queue subspace-notify-dlq: exists');
    expect(run.stdout).toContain('Queue subspace-computer: exists');
  }, 240_000);

  it('a failing migration stops before anything is deployed', () => {
    const s = setup('ready-account.json', (a) => {
      a.failures = { 'd1 migrations': 'Migration 0002_games_deadline.sql failed with the following errors: near "INDX": syntax error' };
    });
    const run = deploy(s);
    expect(run.status).toBe(1);
    expect(run.commands).toEqual([
      'whoami --json',
      'd1 list --json',
      'queues list --page 1',
      'queues list --page 2',
      'queues list --page 3',
      'queues list --page 4',
      'd1 migrations apply DB --remote',
    ]);
    expect(run.stderr).toContain('syntax error');
    expect(run.stderr).toContain('npm run deploy stopped: applying the migrations failed: nothing was deployed');
    expect(account(s).workers.subspace.versions).toBe(3);
  }, 240_000);

  it('without a login it stops at once and says how to log in', () => {
    const s = setup('new-account.json', (a) => {
      a.loggedIn = false;
    });
    const run = deploy(s);
    expect(run.status).toBe(1);
    expect(run.commands).toEqual(['whoami --json']);
    expect(run.stderr).toContain('wrangler login');
    expect(config(s)).toContain(PLACEHOLDER);
  }, 240_000);

  it('Enter at the secret prompt (or no terminal at all) sets a random secret', () => {
    const s = setup('new-account.json');
    const run = deploy(s, { input: '\n' });
    expect(run.status).toBe(0);
    const secret = run.calls.at(-1)!.secrets!.REPLY_SECRET!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = setup('new-account.json');
    expect(deploy(again).calls.at(-1)!.secrets!.REPLY_SECRET).not.toBe(secret);
  }, 240_000);
});

describe('npm run deploy -- --dry-run', () => {
  it('builds both Workers with the real wrangler, without an account, and prints their gzipped sizes; the main one is within 200 KiB and has no WebAssembly', () => {
    const r = spawnSync(process.execPath, [script, '--dry-run'], {
      cwd: root,
      env: { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`, CLOUDFLARE_API_TOKEN: '' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(r.stderr.replace(/npm warn.*\n/g, '')).not.toMatch(/error/i);
    expect(r.status).toBe(0);
    const size = (worker: string) => {
      const line = r.stdout.split('\n').find((l) => l.trim().startsWith(`${worker} `));
      expect(line, `a size line for ${worker}`).toBeDefined();
      return { kib: Number(line!.match(/([\d.]+) KiB gzipped/)![1]), line: line! };
    };
    const main = size('subspace');
    const pictures = size('subspace-pictures');
    expect(main.kib).toBeLessThanOrEqual(200);
    expect(main.line).toContain('no WebAssembly');
    expect(pictures.line).toContain('with WebAssembly');
    expect(pictures.kib).toBeGreaterThan(main.kib);
  }, 240_000);
});
