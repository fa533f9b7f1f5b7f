// The development webhook allowance (ALLOW_LOCAL_WEBHOOKS, set by npm start) is exactly what
// the docs say: http://127.0.0.1[:port] and http://localhost[:port], written so. Every other
// spelling of a loopback address stays refused, and production refuses all of them.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { webhookUrlProblem } from '../../src/notify/url-policy.ts';

const mutable = env as { ALLOW_LOCAL_WEBHOOKS?: string };
afterEach(() => {
  delete mutable.ALLOW_LOCAL_WEBHOOKS;
});

const DOCUMENTED = ['http://127.0.0.1:9999/hook', 'http://localhost:3000/x', 'http://127.0.0.1/hook', 'http://localhost', 'HTTP://LOCALHOST:8080/Hook?a=1'];
// Loopback all the same, but not as documented.
const OTHER_SPELLINGS = [
  'https://0x7f.1/x',
  'https://2130706433/x',
  'https://[::1]/x',
  'https://localhost./x',
  'http://localhost./x',
  'http://0177.0.0.1/x',
  'http://127.1/x',
  'http://127.0.0.2/x',
  'http://[::ffff:127.0.0.1]/x',
  'http://[::1]:8080/x',
  'http://app.localhost/x',
  'https://127.0.0.1/x',
  'https://localhost/x',
  'http://user@localhost/x',
  'http://localhost@example.com/x',
];

const create = (webhook: string) => call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook } } });

describe('the development webhook allowance', () => {
  it('allows exactly the documented local receivers', () => {
    for (const url of DOCUMENTED) expect(webhookUrlProblem(url, true), url).toBeUndefined();
  });

  it('refuses every other spelling of a loopback address, even in development', () => {
    for (const url of OTHER_SPELLINGS) expect(webhookUrlProblem(url, true), url).toEqual(expect.any(String));
  });

  it('production refuses them all', () => {
    for (const url of [...DOCUMENTED, ...OTHER_SPELLINGS]) expect(webhookUrlProblem(url, false), url).toEqual(expect.any(String));
  });

  it('through the API: ALLOW_LOCAL_WEBHOOKS=true takes the documented ones only; unset, none', async () => {
    mutable.ALLOW_LOCAL_WEBHOOKS = 'true';
    for (const url of DOCUMENTED.slice(0, 2)) expect((await create(url)).status, url).toBe(201);
    for (const url of OTHER_SPELLINGS.slice(0, 4)) {
      const res = await create(url);
      expect([res.status, res.body.error], url).toEqual([400, expect.stringMatching(/^white\.webhook: must/)]);
    }
    delete mutable.ALLOW_LOCAL_WEBHOOKS;
    for (const url of [...DOCUMENTED.slice(0, 2), ...OTHER_SPELLINGS.slice(0, 4)]) expect((await create(url)).status, url).toBe(400);
  });
});
