// A stand-in for `wrangler` on the PATH, for the deploy script's tests. It plays a
// Cloudflare account kept in a JSON file (FAKE_WRANGLER_ACCOUNT, seeded from
// fixtures/*.json), answers in the shapes the real wrangler 4 prints (JSON for
// `--json`, a box table for `queues list`), changes the account as the real one would
// (create, deploy, secrets) and appends every call to FAKE_WRANGLER_CALLS (JSON lines).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const accountFile = process.env.FAKE_WRANGLER_ACCOUNT;
const callsFile = process.env.FAKE_WRANGLER_CALLS;
const args = process.argv.slice(2);
const account = JSON.parse(readFileSync(accountFile, 'utf8'));

const call = { args };
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const out = (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const fail = (text, code = 1) => {
  process.stderr.write(`✘ [ERROR] ${text}\n`);
  finish(code);
};
function finish(code = 0) {
  appendFileSync(callsFile, JSON.stringify(call) + '\n');
  writeFileSync(accountFile, JSON.stringify(account, null, 2));
  process.exit(code);
}

/** What cli-table3 prints for logger.table(rows). */
function table(rows) {
  const head = rows.length ? Object.keys(rows[0]) : [];
  const widths = head.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)) + 2);
  const line = (l, m, r) => l + widths.map((w) => '─'.repeat(w)).join(m) + r;
  const row = (cells) => '│' + cells.map((c, i) => ` ${String(c).padEnd(widths[i] - 1)}`).join('│') + '│';
  return [line('┌', '┬', '┐'), row(head), ...rows.flatMap((r) => [line('├', '┼', '┤'), row(head.map((h) => r[h]))]), line('└', '┴', '┘')].join('\n');
}

/** The `name = "..."` and `workers_dev = false` of the config deployed. */
function readConfig(file) {
  const text = readFileSync(path.resolve(process.cwd(), file), 'utf8');
  return { name: text.match(/^name\s*=\s*"([^"]+)"/m)[1], workersDev: !/^workers_dev\s*=\s*false/m.test(text) };
}

// The command: its first two words before any flag (`d1 create`, `queues list`, `deploy`).
const words = args.slice(
  0,
  Math.max(
    0,
    args.findIndex((a) => a.startsWith('-')),
  ) || args.length,
);
const command = words.slice(0, 2).join(' ');
const failure = account.failures?.[command];
if (failure) fail(failure);

switch (command) {
  case 'whoami': {
    if (!account.loggedIn) {
      out('You are not authenticated. Please run `wrangler login`.');
      finish(1);
    }
    out(JSON.stringify({ loggedIn: true, authType: 'OAuth Token', email: account.email, accounts: [account.account] }, null, 2));
    break;
  }
  case 'd1 list':
    out(
      JSON.stringify(
        account.databases.map((d) => ({
          uuid: d.uuid,
          name: d.name,
          created_at: '2026-11-23T09:00:00.000Z',
          version: 'production',
          num_tables: 0,
          file_size: 12288,
        })),
        null,
        2,
      ),
    );
    break;
  case 'd1 create': {
    const name = args[2];
    const uuid = `4d1d1d1d-0000-4000-8000-${String(account.databases.length + 1).padStart(12, '0')}`;
    account.databases.push({ name, uuid });
    out(
      `✅ Successfully created DB '${name}' in region WEUR\nCreated your new D1 database.\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "${name}"\ndatabase_id = "${uuid}"`,
    );
    break;
  }
  case 'queues list': {
    const size = account.queuePageSize ?? 20;
    const page = Number(flag('--page') ?? 1);
    const rows = account.queues.slice((page - 1) * size, page * size).map((name, i) => ({
      id: `q${page}${i}`.padEnd(32, '0'),
      name,
      created_on: '2026-11-23T09:00:00Z',
      modified_on: '2026-11-23T09:00:00Z',
      producers: '1',
      consumers: '1',
    }));
    out(table(rows));
    break;
  }
  case 'queues create':
    account.queues.push(args[2]);
    out(`🌀 Creating queue '${args[2]}'\n✅ Created queue '${args[2]}'`);
    break;
  case 'd1 migrations': {
    const pending = account.migrationsPending ?? 0;
    account.migrationsPending = 0;
    out(pending ? `Migrations to be applied:\n(${pending} migrations)\n🚣 Executed ${pending} commands` : '✅ No migrations to apply!');
    break;
  }
  case 'secret list': {
    const worker = account.workers[flag('--name')];
    if (!worker)
      fail(
        `A request to the Cloudflare API (/accounts/${account.account.id}/workers/scripts/${flag('--name')}/secrets) failed.\n\n  This Worker does not exist on your account. [code: 10007]`,
      );
    out(
      JSON.stringify(
        worker.secrets.map((name) => ({ name, type: 'secret_text' })),
        null,
        2,
      ),
    );
    break;
  }
  case 'deploy': {
    const config = readConfig(flag('--config') ?? 'wrangler.toml');
    const worker = (account.workers[config.name] ??= { secrets: [], versions: 0 });
    worker.versions++;
    const secretsFile = flag('--secrets-file');
    if (secretsFile) {
      call.secrets = JSON.parse(readFileSync(secretsFile, 'utf8'));
      for (const name of Object.keys(call.secrets)) if (!worker.secrets.includes(name)) worker.secrets.push(name);
    }
    out(`Total Upload: 646.83 KiB / gzip: 154.59 KiB\nUploaded ${config.name} (2.10 sec)`);
    out(`Deployed ${config.name} triggers (0.80 sec)` + (config.workersDev ? `\n  https://${config.name}.${account.subdomain}.workers.dev` : ''));
    out(`Current Version ID: 00000000-0000-4000-8000-00000000000${worker.versions}`);
    break;
  }
  default:
    fail(`the stand-in wrangler does not know "${args.join(' ')}"`, 2);
}
finish(0);
