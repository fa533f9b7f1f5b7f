// `npm run migrate:games` (scripts/migrate-games.ts) against a stand-in Worker: it calls
// POST /admin/migrate-games with the token until no game is left, and stops with a clear error
// when the Worker refuses it or a batch makes no progress. The route itself is tested in workerd
// (test/service/migrate-games.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateAll } from '../../scripts/migrate-games.ts';

let server: Server | undefined;
afterEach(() => server?.close());

/** A Worker that answers the given batches in turn (the last one again and again), and records the tokens it got. */
async function worker(batches: { status?: number; body: unknown }[]) {
  const tokens: string[] = [];
  let call = 0;
  server = createServer((req, res) => {
    tokens.push(req.headers.authorization ?? '');
    const batch = batches[Math.min(call++, batches.length - 1)]!;
    res.writeHead(req.method === 'POST' && req.url === '/admin/migrate-games' ? (batch.status ?? 200) : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(batch.body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens };
}

describe('npm run migrate:games', () => {
  it('calls until nothing is left, with the admin token, and counts what was copied', async () => {
    const w = await worker([
      { body: { copied: 50, failed: 0, remaining: 70 } },
      { body: { copied: 48, failed: 2, remaining: 22 } },
      { body: { copied: 22, failed: 0, remaining: 0 } },
    ]);
    const lines: string[] = [];
    expect(await migrateAll(w.base, 'tok', (l) => lines.push(l))).toBe(120);
    expect(w.tokens).toEqual(['Bearer tok', 'Bearer tok', 'Bearer tok']);
    expect(lines).toEqual(['copied 50 game(s); 70 left', 'copied 48 game(s), 2 failed (tried again); 22 left', 'copied 22 game(s); 0 left']);
  });

  it('nothing to copy: one call', async () => {
    const w = await worker([{ body: { copied: 0, failed: 0, remaining: 0 } }]);
    expect(await migrateAll(w.base, 'tok', () => {})).toBe(0);
    expect(w.tokens).toHaveLength(1);
  });

  it('stops on a refusal, and when three batches in a row copy nothing', async () => {
    const refused = await worker([{ status: 403, body: { code: 'bad_token', error: 'that is not the admin token' } }]);
    await expect(migrateAll(refused.base, 'wrong', () => {})).rejects.toThrow(/answered 403: .*not the admin token/);
    server!.close();
    const stuck = await worker([{ body: { copied: 0, failed: 3, remaining: 3 } }]);
    await expect(migrateAll(stuck.base, 'tok', () => {})).rejects.toThrow('3 game(s) could not be copied');
    expect(stuck.tokens).toHaveLength(3);
  });
});
