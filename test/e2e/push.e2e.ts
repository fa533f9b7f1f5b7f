// End to end, in real headless Chromium (issue 29): Web Push from the game page's button to a
// notification and its click.
//
// 1. The page's own flow, unaltered: the Subscribe button asks for permission (granted here with
//    grantPermissions), registers the service worker /sw.js and calls PushManager.subscribe with
//    the server's VAPID key. Headless Chromium has no push service (no GCM), so subscribe() is
//    refused there ("Registration failed - ..."); the page says so, and that is as far as it goes.
// 2. PushManager.prototype.subscribe is then stubbed in the page (addInitScript) to answer a
//    subscription whose endpoint is a local push receiver on 127.0.0.1, with keys made here; the
//    rest of the page's flow is real: it sends the subscription to POST /api/games/:id/push.
// 3. A move through the API: the Worker queues the fan-out, the consumer queues the push, and the
//    local receiver gets it, decrypts it with the subscription's private key (RFC 8291, written
//    here from the RFC) and checks its words, TTL, Urgency, Topic and VAPID JWT (RFC 8292).
// 4. The receiver's payload is handed to the browser's service worker as the push service would
//    (DevTools' ServiceWorker.deliverPushMessage): it shows the notification, with the game's tag.
// 5. A click on it, in the service worker: it focuses the open tab of the game; with that tab
//    closed it opens the seat's own link (kept in Cache Storage when subscribing). Headless
//    Chromium gives the worker no user activation, so WindowClient.focus and Clients.openWindow
//    are recorded instead of run; the event is synthetic; the rest is the real /sw.js.
// 6. The push service answers 410 Gone: the subscription is deleted.
// Screenshots go to test-artifacts/e2e-push/. Run with `npm run test:e2e`.
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { checkAtBothSizes, log, runInBrowser, STEP_MS } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-push');
const TOTAL_MS = 300_000;

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const unb64u = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const utf8 = (s: string) => new TextEncoder().encode(s);

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** A browser's side of a subscription: its ECDH pair and auth secret (what PushManager would make). */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { pair, publicRaw, auth: crypto.getRandomValues(new Uint8Array(16)) };
}
type BrowserKeys = Awaited<ReturnType<typeof browserKeys>>;

/** RFC 8291 §3.4 / RFC 8188: one aes128gcm record, decrypted with the browser's private key. */
async function decrypt(body: Uint8Array, keys: BrowserKeys): Promise<unknown> {
  const salt = body.slice(0, 16);
  const recordSize = Buffer.from(body.slice(16, 20)).readUInt32BE(0);
  const idLength = body[20]!;
  assert.equal(idLength, 65, 'the key id is the server\u2019s uncompressed P-256 point');
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  assert.ok(ciphertext.length <= recordSize, 'one record');
  const serverKey = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey } as unknown as SubtleCryptoDeriveKeyAlgorithm, keys.pair.privateKey, 256),
  );
  const ikm = await hkdf(keys.auth, shared, new Uint8Array([...utf8('WebPush: info\0'), ...keys.publicRaw, ...serverPublic]), 32);
  const cek = await crypto.subtle.importKey('raw', await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16), 'AES-GCM', false, ['decrypt']);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, cek, ciphertext));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  assert.equal(padded[end], 2, 'the last record\u2019s delimiter');
  return JSON.parse(new TextDecoder().decode(padded.slice(0, end)));
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT verifies with the server's public key; aud, exp and sub as the RFC asks. */
async function checkVapid(authorization: string, endpoint: string, publicKey: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  assert.ok(m, `Authorization: ${authorization}`);
  const [, jwt, k] = m;
  assert.equal(k, publicKey);
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  assert.equal(JSON.parse(Buffer.from(header, 'base64url').toString()).alg, 'ES256');
  const key = await crypto.subtle.importKey('raw', unb64u(publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  assert.ok(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, unb64u(signature), utf8(`${header}.${claims}`)), 'the VAPID JWT verifies');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  assert.equal(c.aud, new URL(endpoint).origin);
  const now = Date.now() / 1000;
  assert.ok(c.exp > now && c.exp <= now + 24 * 3600, `exp within 24 h: ${c.exp}`);
  assert.match(c.sub, /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/);
}

interface Push {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly payload: { title: string; body: string; tag: string; url: string; event: string; gameId?: string };
  readonly status: number;
}

/** The local push service: decrypts every push for its one browser; answers 201, or what `answers` says next. */
async function pushReceiver(keys: BrowserKeys) {
  const got: Push[] = [];
  const answers: number[] = [];
  const problems: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      decrypt(new Uint8Array(Buffer.concat(chunks)), keys).then(
        (payload) => {
          const status = answers.shift() ?? 201;
          got.push({ path: req.url ?? '', headers: req.headers, payload: payload as Push['payload'], status });
          res.writeHead(status).end();
        },
        (e: unknown) => {
          problems.push(`a push that did not decrypt: ${e instanceof Error ? e.message : String(e)}`);
          res.writeHead(400).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { got, answers, problems, origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Wait (bounded) until `ready` answers something truthy. */
async function until<T>(what: string, ready: () => Promise<T> | T, ms = 60_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await ready();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * What /sw.js does on a click of the notification with this tag: the WindowClient.focus and
 * Clients.openWindow calls it makes (recorded, not run: headless gives a worker no user activation).
 */
function clickInWorker(worker: Worker, tag: string) {
  return worker.evaluate(async (t) => {
    // biome-ignore lint/suspicious/noExplicitAny: the service worker's global, untyped here
    const sw = globalThis as any;
    const focused: string[] = [];
    const opened: string[] = [];
    const waits: Promise<unknown>[] = [];
    const real = { focus: sw.WindowClient.prototype.focus, openWindow: sw.Clients.prototype.openWindow, waitUntil: sw.ExtendableEvent.prototype.waitUntil };
    sw.WindowClient.prototype.focus = function (this: { url: string }) {
      focused.push(this.url);
      return Promise.resolve(this);
    };
    sw.Clients.prototype.openWindow = (url: string) => {
      opened.push(String(url));
      return Promise.resolve(null);
    };
    // A synthetic event may not extend its life; the handler's promise is awaited here instead.
    sw.ExtendableEvent.prototype.waitUntil = (p: Promise<unknown>) => void waits.push(p);
    try {
      const [notification] = await sw.registration.getNotifications({ tag: t });
      if (!notification) return { error: `no notification with tag ${t}` };
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
      await Promise.all(waits);
    } finally {
      sw.WindowClient.prototype.focus = real.focus;
      sw.Clients.prototype.openWindow = real.openWindow;
      sw.ExtendableEvent.prototype.waitUntil = real.waitUntil;
    }
    return { focused, opened, left: (await sw.registration.getNotifications({ tag: t })).length };
  }, tag);
}

/** The notifications the service worker shows (title, body, tag). */
const shown = (page: Page) =>
  page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's navigator, untyped in this project's (Workers) types
    const registration = await (globalThis as any).navigator.serviceWorker.ready;
    return ((await registration.getNotifications()) as { title: string; body: string; tag: string }[]).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
    }));
  });

// The VAPID pair of this run, passed to wrangler dev as npm start passes its own; local endpoints allowed as under npm start.
const vapid = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
const vars = {
  ALLOW_LOCAL_WEBHOOKS: 'true',
  VAPID_PUBLIC_KEY: b64u(new Uint8Array((await crypto.subtle.exportKey('raw', vapid.publicKey)) as ArrayBuffer)),
  VAPID_PRIVATE_KEY: ((await crypto.subtle.exportKey('jwk', vapid.privateKey)) as JsonWebKey).d!,
};

runInBrowser(
  'e2e push',
  { totalMs: TOTAL_MS, artifacts: ARTIFACTS, stateDir: path.join(ROOT, '.wrangler', 'e2e-push-state'), vars },
  async ({ server, browser, errors, api }) => {
    const base = server.base;
    const keys = await browserKeys();
    const receiver = await pushReceiver(keys);
    let context: BrowserContext | undefined;
    try {
      const publicKey = (await api('GET', '/api/push/key')).body.publicKey as string;
      assert.equal(publicKey, vars.VAPID_PUBLIC_KEY);
      const game = (await api('POST', '/api/games', { variant: 'warp-factor', white: { name: 'Kirk' }, black: { name: 'Kor' } })).body;
      const seatLink = `${base}/games/${game.id}?token=${game.tokens.black}`;

      // ---- 1. The page's own flow, as far as headless Chromium goes ----
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true }); // bypassCSP: axe-core's script tag
      await context.grantPermissions(['notifications'], { origin: base });
      const home = await context.newPage(); // holds the DevTools session (the game's tab closes below)
      home.setDefaultTimeout(STEP_MS);
      await home.goto(`${base}/`);
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      const subscribe = async () => {
        await page.goto(seatLink);
        await page.locator('#settings summary').click();
        const button = page.locator('#push-button');
        await button.waitFor({ state: 'visible' }); // /static/push.js shows it only where the browser can take pushes
        assert.equal(await button.textContent(), 'Notify me in this browser');
        await button.click();
        return until('the button to say what came of it', () => page.locator('#push-status').textContent());
      };
      const refused = await subscribe();
      log(`the real PushManager.subscribe in headless Chromium: ${refused}`);
      assert.match(refused, /^Could not change it: Registration failed - /, 'headless Chromium has no push service');
      const where = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's globals, untyped in this project's (Workers) types
        const w = globalThis as any;
        return { permission: w.Notification.permission, worker: (await w.navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null };
      });
      assert.deepEqual(where, { permission: 'granted', worker: `${base}/sw.js` });
      assert.equal(await page.locator('#push-button').textContent(), 'Notify me in this browser', 'nothing was stored');

      // ---- 2. The same flow with PushManager.subscribe answering the local receiver's subscription ----
      const subscription = { endpoint: `${receiver.origin}/push/kor`, p256dh: b64u(keys.publicRaw), auth: b64u(keys.auth) };
      // Stub: headless Chromium cannot reach a push service, so subscribe() answers a subscription to
      // the test's local receiver (keys made by the test) and records what the page asked for. (Plain
      // text: a function would be compiled by tsx with helpers the page does not have.)
      await context.addInitScript({
        content: `PushManager.prototype.subscribe = async function (options) {
          var key = options && options.applicationServerKey;
          window.asked = { userVisibleOnly: options && options.userVisibleOnly, key: key ? Array.from(new Uint8Array(key)) : null };
          var json = ${JSON.stringify({ endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } })};
          return { endpoint: json.endpoint, expirationTime: null, toJSON: function () { return json; }, unsubscribe: async function () { return true; } };
        };`,
      });
      assert.equal(await subscribe(), 'On: this browser will be told.');
      // The page asked for what a push service needs: visible notifications, and the server's VAPID key.
      assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { asked: unknown }).asked), {
        userVisibleOnly: true,
        key: [...unb64u(publicKey)],
      });
      await until('the button to turn', async () => (await page.locator('#push-button').textContent()) === 'Stop notifications in this browser');
      await checkAtBothSizes(page, 'game-subscribed');
      log('the page stored its subscription through POST /api/games/:id/push');

      // ---- 3. A move: the local push service gets it, encrypted for this browser ----
      assert.equal((await api('POST', `/api/games/${game.id}/moves`, { move: 'Wb2-Wb3', ply: 1 }, game.tokens.white)).status, 200);
      const [push] = await until('the push of the move', () => (receiver.got.length ? receiver.got : undefined));
      assert.deepEqual(receiver.problems, []);
      assert.equal(push!.path, '/push/kor');
      assert.equal(push!.headers['content-encoding'], 'aes128gcm');
      assert.equal(push!.headers.ttl, '86400');
      assert.equal(push!.headers.urgency, 'normal');
      assert.equal(push!.headers.topic, `game-${game.id}`);
      await checkVapid(String(push!.headers.authorization), subscription.endpoint, publicKey);
      const words = push!.payload;
      assert.match(words.title, new RegExp(`^Your move in Warp Factor game ${game.id}: White played Wb2-Wb3`));
      assert.match(words.title, /Kirk/);
      assert.match(words.body, /Kirk \(White\) played Wb2-Wb3/);
      assert.equal(words.tag, `game-${game.id}`);
      assert.equal(words.url, `${base}/games/${game.id}`);
      assert.equal(words.event, 'turn');
      log(`the receiver decrypted the move's push: "${words.title}"`);

      // ---- 4. The push in the browser: the service worker shows it ----
      const cdp = await context.newCDPSession(home);
      const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
      await cdp.send('ServiceWorker.enable');
      const registration = await until('the service worker registration', () => registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted));
      const deliver = () =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: registration.registrationId, data: JSON.stringify(words) });
      // Headless Chromium may drop a delivery to a worker it is still starting or has just stopped
      // (seen once on a busy CI machine): deliver again every few seconds until it is shown. The
      // notifications share the game's tag, so a second delivery replaces the first, never adds one.
      const shownAfterDelivery = <T>(look: () => Promise<T | undefined>) => {
        let next = 0;
        return async () => {
          const seen = await look();
          if (seen) return seen;
          if (Date.now() >= next) {
            next = Date.now() + 5_000;
            await deliver();
          }
          return undefined;
        };
      };
      const notes = await until(
        'the notification',
        shownAfterDelivery(async () => ((await shown(page)).length ? shown(page) : undefined)),
      );
      assert.deepEqual(notes, [{ title: words.title, body: words.body, tag: `game-${game.id}` }]);
      log('the service worker showed it, tagged with the game');

      // ---- 5. A click: the game's open tab is focused; with none, the seat's own link opens ----
      const worker = () => until('the service worker', () => context!.serviceWorkers().find((w) => w.url() === `${base}/sw.js`));
      const focus = await clickInWorker(await worker(), `game-${game.id}`);
      assert.deepEqual(focus, { focused: [seatLink], opened: [], left: 0 });
      await page.close();
      await until(
        'the notification again',
        shownAfterDelivery(async () => ((await shown(home)).length ? true : undefined)),
      );
      const open = await clickInWorker(await worker(), `game-${game.id}`);
      assert.deepEqual(open, { focused: [], opened: [seatLink], left: 0 });
      log('a click focuses the game\u2019s tab, or opens the seat\u2019s own link');

      // ---- 6. The push service says the subscription is over (410): it is deleted ----
      receiver.answers.push(410);
      assert.equal((await api('POST', `/api/games/${game.id}/moves`, { move: 'Bb3-Bb2', ply: 2 }, game.tokens.black)).status, 200);
      assert.equal((await api('POST', `/api/games/${game.id}/moves`, { move: 'Wc2-Wc3', ply: 3 }, game.tokens.white)).status, 200);
      await until('the second push', () => receiver.got.length === 2);
      assert.equal(receiver.got[1]!.status, 410);
      const gone = await until('the delivery log to show it', async () => {
        const deliveries = (await api('GET', `/api/games/${game.id}/deliveries`, undefined, game.tokens.black)).body.deliveries as {
          channel: string;
          status: string;
          httpStatus: number | null;
        }[];
        return deliveries.find((d) => d.channel === 'push' && d.status === 'disabled');
      });
      assert.equal(gone.httpStatus, 410);
      const del = await api('DELETE', `/api/games/${game.id}/push`, { endpoint: subscription.endpoint }, game.tokens.black);
      assert.equal(del.status, 404, 'the subscription was deleted after the 410');
      log('a 410 from the push service deleted the subscription');
    } finally {
      await context?.close().catch(() => {});
      await receiver.close();
    }
  },
);
