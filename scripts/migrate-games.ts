// `npm run migrate:games`: copy every game from before the game objects (issue 28) out of D1 into
// its own Durable Object, through the Worker's POST /admin/migrate-games (50 games a call) until
// none is left. Safe to run twice: a game already in its object is not copied again.
//
//   npm run migrate:games                      the local service `npm start` runs (PORT, default 8787)
//   npm run migrate:games -- --remote <url>    a deployed Worker (its ADMIN_TOKEN from the environment,
//                                              or .wrangler/admin-token, which `npm run deploy` writes)
//
// Without the command the games move over anyway, more slowly: each cron run copies a batch, and
// a game's first request copies that game. `npm start` runs the local copy itself when it starts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The admin token `npm start` gives the local Worker (local development only, like its REPLY_SECRET). */
export const LOCAL_ADMIN_TOKEN = 'subspace-local-admin-only';

interface Batch {
  copied: number;
  failed: number;
  remaining: number;
}

/** Calls the route until no game is left; returns how many were copied. Throws when a call fails or makes no progress. */
export async function migrateAll(base: string, token: string, say: (line: string) => void = console.log): Promise<number> {
  let copied = 0;
  let stuck = 0;
  for (;;) {
    const res = await fetch(`${base.replace(/\/+$/, '')}/admin/migrate-games`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST /admin/migrate-games answered ${res.status}: ${text}`);
    const batch = JSON.parse(text) as Batch;
    copied += batch.copied;
    if (batch.copied || batch.failed)
      say(`copied ${batch.copied} game(s)${batch.failed ? `, ${batch.failed} failed (tried again)` : ''}; ${batch.remaining} left`);
    if (batch.remaining === 0) return copied;
    stuck = batch.copied ? 0 : stuck + 1;
    if (stuck >= 3) throw new Error(`${batch.remaining} game(s) could not be copied (see the Worker's logs)`);
  }
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const remote = option('--remote');
  if (process.argv.includes('--remote') && !remote) throw new Error("--remote needs the Worker's URL, e.g. --remote https://subspace.example.workers.dev");
  const tokenFile = path.join(root, '.wrangler', 'admin-token');
  const token = process.env.ADMIN_TOKEN || (remote ? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '') : LOCAL_ADMIN_TOKEN);
  if (!token) throw new Error(`no admin token: set ADMIN_TOKEN, or run this where \`npm run deploy\` wrote ${path.relative(root, tokenFile)}`);
  const base = remote ?? `http://localhost:${process.env.PORT || 8787}`;
  try {
    await fetch(base, { method: 'HEAD' });
  } catch {
    throw new Error(`nothing answers at ${base}${remote ? '' : ': start the service first (npm start), then run this again'}`);
  }
  const copied = await migrateAll(base, token);
  console.log(copied ? `Done: ${copied} game(s) copied into their objects; none left in D1's old tables.` : 'Nothing to copy: every game is in its object.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((e) => {
    console.error(`npm run migrate:games: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
