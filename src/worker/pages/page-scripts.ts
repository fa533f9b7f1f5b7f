// The small scripts of the pages besides the game page's: every page's (/static/site.js: the theme
// toggle, the header's count of games waiting) and the /me pages' (/static/me.js). Plain text,
// served by the main Worker but kept in the picture Worker (src/pictures/index.ts), so the main
// Worker's bundle stays within its budget, as the stylesheet and the other scripts are.

/**
 * `follow(url, init, onLine)` in the browser: an NDJSON stream (the player's events, the lobby's),
 * each line with words to onLine; opened again after a pause when it ends (a longer one when it
 * failed at once). Part of the site script and of the /me pages' script.
 */
export const FOLLOW_JS = `  function follow(url, init, onLine) {
    var opened = Date.now(), decoder = new TextDecoder(), buffer = '';
    fetch(url, init).then(function (res) {
      if (!res.ok || !res.body) throw new Error('no stream');
      var reader = res.body.getReader();
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) throw new Error('closed');
          buffer += decoder.decode(chunk.value, { stream: true });
          var lines = buffer.split('\\n');
          buffer = lines.pop();
          lines.forEach(function (line) { if (line.trim()) onLine(line); });
          return pump();
        });
      }
      return pump();
    }).catch(function () { setTimeout(function () { follow(url, init, onLine); }, Date.now() - opened < 5000 ? 15000 : 2000); });
  }`;

/**
 * The script of every page (in <head>, not deferred, so the remembered theme applies before the
 * first paint): the dark-mode toggle (the choice kept in localStorage; without one the system's
 * prefers-color-scheme decides) and, for a signed-in player, the player's event stream, which
 * keeps the header's count current and tells the page (a `subspace:player-event` on document).
 */
export const SITE_JS = `(function () {
  var root = document.documentElement;
  // Words for pages that change by themselves (.js-only) show only where this runs; .no-js the others.
  root.classList.add('js');
  var saved = null;
  try { saved = localStorage.getItem('subspace-theme'); } catch (e) {}
  if (saved === 'dark' || saved === 'light') root.setAttribute('data-theme', saved);
  function dark() {
    var t = root.getAttribute('data-theme');
    return t ? t === 'dark' : !!(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  }
  function label(btn) {
    btn.setAttribute('aria-pressed', dark() ? 'true' : 'false');
  }
  // News of a page that changed by itself, said once through the header's status region: each
  // line is added (a polite live region reads additions) and goes again after a while.
  function say(text) {
    var news = document.getElementById('site-news');
    if (!news || !text) return;
    var line = document.createElement('p');
    line.textContent = text;
    news.appendChild(line);
    setTimeout(function () { line.remove(); }, 10000);
  }
  window.subspaceSay = say;
  var timer = 0;
  function recount() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var get = function (path) {
        return fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(function (r) { return r.ok ? r.json() : null; });
      };
      // The games waiting for the player, and the challenges sent to them (as the header is drawn: site.tsx waitingWords).
      Promise.all([get('/api/me/games?status=active'), get('/api/me/challenges')])
        .then(function (d) {
          var el = document.getElementById('waiting-count');
          var me = document.getElementById('viewer');
          if (!d[0] || !d[1] || !el || !me) return;
          var id = me.getAttribute('data-player');
          var n = d[0].games.filter(function (g) { return g.waiting; }).length;
          var m = d[1].challenges.filter(function (ch) { return ch.to && ch.to.id === id; }).length;
          var changed = el.getAttribute('data-count') !== String(n) || el.getAttribute('data-challenges') !== String(m);
          el.setAttribute('data-count', String(n));
          el.setAttribute('data-challenges', String(m));
          el.className = n + m ? 'badge' : 'badge none';
          var g = n === 1 ? '1 game' : n + ' games';
          var c = m === 1 ? '1 challenge' : m + ' challenges';
          el.textContent = n && m ? g + ' and ' + c + ' wait for you'
            : m ? c + (m === 1 ? ' waits' : ' wait') + ' for your answer'
            : n ? g + (n === 1 ? ' waits' : ' wait') + ' for you' : 'no game waits';
          // /me says its own news (the count is in it): said here too, it would be heard twice.
          if (changed && !document.getElementById('me-live')) say(el.textContent + '.');
        })
        .catch(function () {});
    }, 150);
  }
${FOLLOW_JS}
  function listen() {
    follow('/api/stream/events', { credentials: 'same-origin' }, function (line) {
      var event;
      try { event = JSON.parse(line); } catch (e) { return; }
      recount();
      document.dispatchEvent(new CustomEvent('subspace:player-event', { detail: event }));
    });
  }
  // A form that makes something (a game, a challenge, a tournament, a player) or ends a credential
  // (a seat's new link, "Sign out everywhere else", a sign-in link that works once) is sent once: a
  // double click or tap would make two, or send the second with the credential the first ended, and
  // the answer shown would be the second's error, the new link or key lost with the first.
  // Sendable again after a while (a slow answer, the Back button).
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-once') || ev.defaultPrevented) return;
    if (form.hasAttribute('data-sent')) { ev.preventDefault(); return; }
    form.setAttribute('data-sent', '');
    setTimeout(function () { form.removeAttribute('data-sent'); }, 8000);
  });
  document.addEventListener('DOMContentLoaded', function () {
    var btn = document.getElementById('theme-toggle');
    if (btn) {
      btn.hidden = false;
      label(btn);
      btn.addEventListener('click', function () {
        var next = dark() ? 'light' : 'dark';
        root.setAttribute('data-theme', next);
        try { localStorage.setItem('subspace-theme', next); } catch (e) {}
        label(btn);
      });
    }
    if (document.getElementById('viewer')) {
      listen();
      // A page that changed the count itself (a move sent without a reload) asks for a recount.
      document.addEventListener('subspace:recount', recount);
    }
  });
})();
`;

/** The small script of these pages: the key from the link's #fragment, local-time countdowns. */
export const ME_JS = `(function () {
  var m = /^#key=([a-z0-9]{12}_[A-Za-z0-9_-]{43})$/.exec(location.hash);
  var form = document.getElementById('key-form');
  // A link with a key signs in only when the visitor presses Open, having been told whose player it is:
  // a link sent by someone else must not sign this browser in as their player (tester 11 S7).
  if (m && form) {
    history.replaceState(null, '', location.pathname);
    form.elements.key.value = m[1];
    var note = document.createElement('p');
    note.className = 'msg info';
    note.id = 'key-link-note';
    note.setAttribute('role', 'status');
    note.textContent = 'This link holds a player key. Press Open to sign in with it, if it is your own player.';
    form.insertBefore(note, form.firstChild);
    fetch('/api/me', { headers: { Authorization: 'Bearer ' + m[1] } }).then(function (r) { return r.ok ? r.json() : null; }).then(function (p) {
      if (p && p.id) note.textContent = 'This link signs you in as ' + (p.name || 'a player with no name') + ' (player ' + p.id + '). Press Open if that is your own player.';
    }).catch(function () {});
    var open = form.querySelector('button[type=submit]');
    if (open) open.focus();
  }
  function left(ms) {
    if (ms <= 0) return 'time is up';
    var h = Math.floor(ms / 3600000), d = Math.floor(h / 24);
    // Whole minutes down, as the game page counts: under one, it says so (never "0 min").
    return d >= 1 ? d + ' d ' + (h % 24) + ' h left' : h >= 1 ? h + ' h ' + Math.floor(ms / 60000) % 60 + ' min left' : ms >= 60000 ? Math.floor(ms / 60000) + ' min left' : 'under a minute left';
  }
  function tick() {
    document.querySelectorAll('time[data-deadline]').forEach(function (t) {
      var at = Date.parse(t.getAttribute('datetime'));
      t.textContent = new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) + ' (' + left(at - Date.now()) + ')';
    });
  }
  tick();
  setInterval(tick, 30000);
  // Live: the site script passes on the player's event stream; the changing part of the page
  // (#me-live, #lobby-live, #challenge-live) is fetched again and swapped in place, and its news
  // (data-news: the waiting games, the open challenges, the challenge's status) said when it changed.
  var live = document.querySelector('[data-live-part]');
  var timer = 0;
  // Where the keyboard is in the part, as the new part may have it again: its id, or the button of
  // the form with that address (a challenge's Accept); null outside the part (tester 9 U20).
  function focusKey() {
    var a = document.activeElement;
    if (!a || !live.contains(a)) return null;
    if (a.id) return '#' + CSS.escape(a.id);
    var form = a.closest('form[action]');
    return form ? 'form[action="' + form.getAttribute('action') + '"] button' : null;
  }
  var held = 0;
  function refresh() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      // Not while the pointer is over the part (a row put in above would move a button under it),
      // for up to 3 s: a phone's last tap can leave :hover on.
      if (live.matches(':hover') && held++ < 15) return refresh();
      held = 0;
      fetch(location.pathname + location.search, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
        .then(function (r) { return r.ok ? r.text() : ''; })
        .then(function (html) {
          var fresh = html && new DOMParser().parseFromString(html, 'text/html').getElementById(live.id);
          if (fresh && fresh.innerHTML !== live.innerHTML) {
            var before = live.getAttribute('data-news');
            var focused = focusKey();
            live.innerHTML = fresh.innerHTML;
            var again = focused && live.querySelector(focused);
            if (again) again.focus();
            live.setAttribute('data-news', fresh.getAttribute('data-news') || '');
            tick();
            // The part's news in a sentence (its data-news), said once when it changed.
            if (window.subspaceSay && fresh.getAttribute('data-news') !== before) window.subspaceSay(fresh.getAttribute('data-news'));
          }
        })
        .catch(function () {});
    }, 200);
  }
  if (live) {
    document.addEventListener('subspace:player-event', refresh);
    var lobby = live.getAttribute('data-lobby');
    if (lobby !== null) lobbyStream(refresh);
  }
  // Pages anyone may open (the lobby, a challenge) also follow the public lobby stream.
${FOLLOW_JS}
  function lobbyStream(onEvent) {
    follow('/api/stream/lobby', {}, function () { onEvent(); });
  }
})();
`;
