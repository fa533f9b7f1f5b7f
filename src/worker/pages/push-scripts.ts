// The browser side of Web Push: the service worker (/sw.js) and the small script of the
// Subscribe buttons (/static/push.js) on /me and the game page. Plain JavaScript, served as text.

/**
 * The service worker: shows each push (one tag per game, so they replace each other) and, on a
 * click, focuses an open tab of that game or opens it (a seat's own link, with its token, when
 * this browser subscribed from it; else the game's page).
 */
export const SW_JS = `'use strict';
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener('push', function (event) {
  var d = {};
  try { d = event.data ? event.data.json() : {}; } catch (e) { d = { title: 'Subspace', body: event.data ? event.data.text() : '' }; }
  event.waitUntil(self.registration.showNotification(d.title || 'Subspace', {
    body: d.body || '', tag: d.tag || 'subspace', renotify: true, data: { url: d.url || '/', gameId: d.gameId || null }
  }));
});
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  if (url.origin !== self.location.origin) url = new URL('/', self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (tabs) {
    for (var i = 0; i < tabs.length; i++) {
      if (new URL(tabs[i].url).pathname === url.pathname && 'focus' in tabs[i]) return tabs[i].focus();
    }
    return caches.open('subspace-seat-links').then(function (cache) { return cache.match(url.pathname); })
      .then(function (r) { return r ? r.text() : url.href; })
      .then(function (href) { return self.clients.openWindow(new URL(href, self.location.origin).origin === self.location.origin ? href : url.href); });
  }));
});
`;

/** The Subscribe button: register /sw.js, subscribe with the server's VAPID key, hand the subscription to the API. */
export const PUSH_JS = `(function () {
  var button = document.getElementById('push-button');
  var status = document.getElementById('push-status');
  if (!button || !status) return;
  function say(text) { status.textContent = text; }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    say('This browser cannot show push notifications.');
    return;
  }
  var api = button.getAttribute('data-api');
  var token = button.getAttribute('data-token');
  var flag = 'subspace-push:' + api;
  function headers() {
    var h = { 'Content-Type': 'application/json' };
    if (token) h.Authorization = 'Bearer ' + token;
    return h;
  }
  function bytes(b64) {
    var s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((b64.length + 3) % 4));
    var out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  function show() {
    var on = !!localStorage.getItem(flag);
    button.textContent = on ? 'Stop notifications in this browser' : 'Notify me in this browser';
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.hidden = false;
    var words = button.parentNode.querySelector('.hint');
    if (words) words.hidden = false;
  }
  async function answer(res) {
    var body = {};
    try { body = await res.json(); } catch (e) {}
    if (!res.ok) throw new Error(body.error || 'the server answered ' + res.status);
    return body;
  }
  async function subscribe() {
    var permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new Error('notifications are blocked for this site (permission: ' + permission + ')');
    var reg = await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
    var key = await answer(await fetch('/api/push/key'));
    var sub = await reg.pushManager.getSubscription();
    if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key.publicKey) });
    await answer(await fetch(api, { method: 'POST', headers: headers(), credentials: 'same-origin', body: JSON.stringify(sub.toJSON()) }));
    localStorage.setItem(flag, sub.endpoint);
    if (token && 'caches' in window) await (await caches.open('subspace-seat-links')).put(location.pathname, new Response(location.href));
    say('On: this browser will be told.');
  }
  async function unsubscribe() {
    var endpoint = localStorage.getItem(flag);
    localStorage.removeItem(flag);
    var res = await fetch(api, { method: 'DELETE', headers: headers(), credentials: 'same-origin', body: JSON.stringify({ endpoint: endpoint }) });
    if (!res.ok && res.status !== 404) await answer(res);
    say('Off: no more notifications in this browser from here.');
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    (localStorage.getItem(flag) ? unsubscribe() : subscribe())
      .catch(function (e) { say('Could not change it: ' + (e && e.message ? e.message : e)); })
      .then(function () { button.disabled = false; show(); });
  });
  show();
})();
`;
