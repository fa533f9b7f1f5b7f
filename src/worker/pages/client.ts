// The game page's script, served as /static/game.js. Plain browser JavaScript
// (no framework, no build step), kept as a string because the Worker has no
// static assets. It only adds to a page that already works without it:
//  - click-to-move: the legal turns (GET /api/games/:id/legal) become click
//    sequences (from, to / hand piece, cell / pin, pin / cell, orientation ...);
//    a click lights up the next steps, a complete sequence fills the text box
//    and previews the turn;
//  - preview (GET /api/games/:id/preview) and send (POST /api/games/:id/moves)
//    without a reload, errors in words;
//  - live updates: reads GET /api/games/:id/stream while the tab is visible and swaps
//    the #live region (GET /games/:id?partial=1) when the game changed.
// The end-to-end test (test/e2e) runs it in Chromium and fails on any page error.
export const CLIENT_JS = String.raw`(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var POLL_MS = 3000;

  // ---- copy buttons (any page with links to hand on) ----
  function copyText(text, button) {
    var done = function () { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 2000); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, function () {});
    else { var t = document.createElement('textarea'); t.value = text; document.body.appendChild(t); t.select(); try { document.execCommand('copy'); done(); } catch (e) {} t.remove(); }
  }
  function addCopyButtons() {
    document.querySelectorAll('input[data-link], input[data-copy-source], a[data-copy]').forEach(function (el) {
      if (el.nextElementSibling && el.nextElementSibling.hasAttribute('data-copy-button')) return;
      var b = document.createElement('button');
      b.type = 'button'; b.className = 'secondary copy'; b.textContent = 'Copy'; b.setAttribute('data-copy-button', '');
      var what = el.id ? document.querySelector('label[for="' + el.id + '"]') : null;
      b.setAttribute('aria-label', 'Copy ' + (what ? what.textContent : el.getAttribute('data-copy') || 'the link'));
      b.addEventListener('click', function () { copyText(el.getAttribute('data-copy') || el.value, b); });
      el.insertAdjacentElement('afterend', b);
    });
  }
  addCopyButtons();

  var root = document.getElementById('live');
  if (!root) return;
  var baseTitle = document.title;
  var id = root.getAttribute('data-game');
  var params = new URLSearchParams(location.search);
  var token = params.get('token') || '';
  var plans = [];      // [{text, keys}] for the legal turns of this ply
  var plansPly = -1;
  var chosen = [];     // the click steps so far: each a list of keys
  var timer = 0;
  var lastPreview = '';

  // Keep the secret link clean of one-off messages (so a reload does not repeat them).
  if (params.has('error') || params.has('ok') || params.has('do')) {
    var clean = new URLSearchParams();
    if (token) clean.set('token', token);
    history.replaceState(null, '', location.pathname + (token ? '?' + clean : ''));
  }

  function $(sel) { return document.querySelector(sel); }
  function live() { return document.getElementById('live'); }
  function st() {
    var d = live();
    return { ply: Number(d.getAttribute('data-ply')), updated: d.getAttribute('data-updated'), status: d.getAttribute('data-status'),
      toMove: d.getAttribute('data-side-to-move'), you: d.getAttribute('data-you') };
  }
  function myTurn() { var s = st(); return s.status === 'active' && s.you !== '' && s.you === s.toMove; }
  function sideName(c) { return c === 'white' ? 'White' : 'Black'; }
  function announce(text) { var a = document.getElementById('announce'); if (a) { a.textContent = ''; setTimeout(function () { a.textContent = text; }, 30); } }
  /** The engine's reasons often start with the turn already. */
  function about(text, error) { return error.indexOf(text + ':') === 0 ? error : text + ': ' + error; }
  function authHeaders(extra) { var h = extra || {}; if (token) h.Authorization = 'Bearer ' + token; return h; }

  // ---- turn text -> click steps ----
  var PIN = '[WNB](?:a1|d1|a4|d4)[ud]';
  var CELL = '[WNB](?:a1|d1|a4|d4)[ud]:[ab][12]|[WNB][a-d][1-4]|[A-D][a-d][1-4]';
  var PIN_MOVE = new RegExp('^(' + PIN + ')-(' + PIN + ')$');
  var PIECE_MOVE = new RegExp('^(' + CELL + ')[-x](' + CELL + ')$');
  function keysOf(text) {
    var t = text.replace(/[+#]+$/, '');
    var amp = t.indexOf('&');
    if (amp > 0) {
      var a = keysOf(t.slice(0, amp)), b = keysOf(t.slice(amp + 1));
      return a && b ? a.concat(b) : null;
    }
    var m;
    if ((m = /^([KQRBNP])@([^=]+)(?:=(XY|XZ|YZ))?$/.exec(t))) return ['hand:' + m[1], m[2]].concat(m[3] ? ['orient:' + m[3]] : []);
    if ((m = /^(\d+)@(.+)$/.exec(t))) return [m[2], 'number:' + m[1]];
    if ((m = /^@(.+)$/.exec(t))) return [m[1]];
    if ((m = /^(.+?)=(XY|XZ|YZ)$/.exec(t))) return [m[1], 'orient:' + m[2]];
    if ((m = PIN_MOVE.exec(t))) return [m[1], m[2]];
    if ((m = PIECE_MOVE.exec(t))) return [m[1], m[2]];
    return null;
  }

  function loadLegal() {
    plans = []; plansPly = -1;
    if (!myTurn()) return Promise.resolve();
    var ply = st().ply;
    return fetch('/api/games/' + id + '/legal', { cache: 'no-store' }).then(function (r) { return r.json(); }).then(function (data) {
      if (data.ply !== st().ply || !Array.isArray(data.legal)) return;
      plans = data.legal.map(function (text) { return { text: text, keys: keysOf(text) }; }).filter(function (p) { return p.keys; });
      plansPly = ply;
    }).catch(function () {});
  }

  // ---- the board ----
  function board() { return document.querySelector('#board svg'); }
  /** The keys a clicked element stands for: a cell, its platform's pin, a piece in hand. */
  function keysAt(el) {
    var keys = [];
    var hand = el.closest('[data-hand]');
    if (hand) { if (hand.getAttribute('data-color') === st().you) keys.push('hand:' + hand.getAttribute('data-hand')); return keys; }
    var cell = el.closest('[data-cell]');
    if (cell) keys.push(cell.getAttribute('data-cell'));
    var pin = el.closest('[data-pin]');
    if (pin) keys.push(pin.getAttribute('data-pin'));
    return keys;
  }
  function matching(steps) {
    return plans.filter(function (p) {
      if (p.keys.length < steps.length) return false;
      for (var i = 0; i < steps.length; i++) if (steps[i].indexOf(p.keys[i]) < 0) return false;
      return true;
    });
  }
  function clearMarks() {
    var svg = board();
    if (!svg) return;
    svg.querySelectorAll('[data-mark]').forEach(function (n) { n.remove(); });
    svg.querySelectorAll('[data-selected]').forEach(function (n) { n.removeAttribute('data-selected'); });
    svg.querySelectorAll('[data-target]').forEach(function (n) { n.removeAttribute('data-target'); });
    var ch = $('#chooser'); if (ch) { ch.hidden = true; ch.textContent = ''; }
  }
  function elementsFor(key) {
    var svg = board();
    if (!svg) return [];
    if (key.indexOf('hand:') === 0) return Array.prototype.slice.call(svg.querySelectorAll('[data-hand="' + key.slice(5) + '"][data-color="' + st().you + '"]'));
    var els = Array.prototype.slice.call(svg.querySelectorAll('[data-cell="' + key + '"]'));
    if (!els.length) els = Array.prototype.slice.call(svg.querySelectorAll('[data-pin="' + key + '"]'));
    return els;
  }
  function markTarget(el) {
    el.setAttribute('data-target', '');
    var bb = el.getBBox();
    var occupied = !!el.querySelector('.ssb-p');
    var c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', String(bb.x + bb.width / 2));
    c.setAttribute('cy', String(bb.y + bb.height / 2));
    c.setAttribute('r', String(Math.min(bb.width, bb.height) * (occupied ? 0.45 : 0.2)));
    c.setAttribute('class', occupied ? 'ssb-target-ring' : 'ssb-target-dot');
    c.setAttribute('data-mark', '');
    el.appendChild(c);
  }
  function label(key) {
    if (key.indexOf('hand:') === 0) return 'piece in hand ' + key.slice(5);
    if (key.indexOf('orient:') === 0) return 'orientation ' + key.slice(7);
    if (key.indexOf('number:') === 0) return 'platform number ' + key.slice(7);
    return key;
  }
  function show() {
    clearMarks();
    if (!chosen.length) return;
    var left = matching(chosen);
    chosen.forEach(function (step) { step.forEach(function (k) { elementsFor(k).forEach(function (e) { e.setAttribute('data-selected', ''); }); }); });
    var n = chosen.length;
    var next = {};
    var choices = {};
    left.forEach(function (p) {
      if (p.keys.length <= n) return;
      var k = p.keys[n];
      if (/^(orient|number):/.test(k)) choices[k] = true; else next[k] = true;
    });
    Object.keys(next).forEach(function (k) { elementsFor(k).forEach(markTarget); });
    var ch = $('#chooser');
    var ck = Object.keys(choices);
    if (ch && ck.length) {
      ch.hidden = false;
      var lab = document.createElement('span');
      lab.textContent = ck[0].indexOf('orient:') === 0 ? 'Orientation:' : 'Platform number:';
      ch.appendChild(lab);
      ck.sort().forEach(function (k) {
        var b = document.createElement('button');
        b.type = 'button'; b.className = 'secondary'; b.textContent = k.split(':')[1];
        b.setAttribute('aria-label', label(k));
        b.addEventListener('click', function () { step([k]); });
        ch.appendChild(b);
      });
    }
    var targets = Object.keys(next).concat(ck).map(label);
    if (targets.length) announce('Selected ' + chosen.map(function (s) { return label(s[0]); }).join(', ') + '. ' + targets.length + ' possible: ' + targets.slice(0, 12).join(', ') + (targets.length > 12 ? ' and more' : '') + '.');
  }
  /** One click (or chooser button): the keys it may stand for. */
  function step(keys) {
    var s0 = st();
    if (s0.status === 'active' && s0.you && !myTurn()) { flash('info', 'It is ' + sideName(s0.toMove) + '\u2019s turn: wait for their move. This page updates by itself.'); return; }
    if (!myTurn() || plansPly !== st().ply) return;
    var tried = chosen.concat([keys]);
    if (!matching(tried).length) {
      // Not a continuation: start again from this click, or clear.
      tried = [keys];
      if (!matching(tried).length) { chosen = []; show(); if (keys.length) announce('No move starts at ' + label(keys[0]) + '.'); return; }
    }
    chosen = tried;
    var left = matching(chosen);
    var complete = left.filter(function (p) { return p.keys.length === chosen.length; });
    var longer = left.filter(function (p) { return p.keys.length > chosen.length; });
    if (complete.length === 1) {
      var input = $('#move');
      if (input) input.value = complete[0].text;
      if (!longer.length) { chosen = []; show(); doPreview(complete[0].text); return; }
      doPreview(complete[0].text);
    }
    show();
  }
  function onBoard(ev) {
    var t = ev.target;
    if (!(t instanceof Element) || !t.closest('#board svg')) return;
    var keys = keysAt(t);
    if (!keys.length) return;
    step(keys);
  }
  document.addEventListener('click', onBoard);
  document.addEventListener('keydown', function (ev) {
    var t = ev.target;
    if (!(t instanceof Element) || !t.closest('#board svg') || !t.hasAttribute('tabindex')) return;
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); step(keysAt(t)); }
    if (ev.key === 'Escape') { chosen = []; show(); }
  });

  // ---- preview and send ----
  /** What is missing when Preview or Send is pressed without a whole turn. */
  function nextStepWords() {
    var ch = $('#chooser');
    if (ch && !ch.hidden && ch.querySelector('[aria-label^="orientation"]')) return 'Choose the orientation (XY, XZ or YZ) with the buttons below the box.';
    if (ch && !ch.hidden) return 'Choose the platform number with the buttons below the box.';
    if (chosen.length) return 'Now pick where it goes: the marked cells on the board.';
    return 'Type a move first, or pick one on the board.';
  }
  function setPreview(node) {
    var box = $('#preview');
    if (!box) return;
    box.textContent = '';
    if (node) { box.appendChild(node); box.hidden = false; } else box.hidden = true;
  }
  function errorNode(text) { var p = document.createElement('p'); p.className = 'msg error'; p.setAttribute('role', 'alert'); p.textContent = text; return p; }
  function flash(kind, text) {
    var f = document.getElementById('flash');
    if (!f) return;
    f.textContent = '';
    if (text) { var p = kind === 'error' ? errorNode(text) : document.createElement('p'); if (kind !== 'error') { p.className = 'msg ' + (kind === 'info' ? 'info' : 'ok'); p.textContent = text; } f.appendChild(p); }
  }
  function doPreview(text) {
    text = (text || '').trim();
    if (!text) { setPreview(errorNode(nextStepWords())); return Promise.resolve(); }
    lastPreview = text;
    return fetch('/api/games/' + id + '/preview?move=' + encodeURIComponent(text), { cache: 'no-store' }).then(function (r) {
      return r.json().then(function (data) {
        if (lastPreview !== text) return;
        if (!r.ok) { setPreview(errorNode(about(text, data.error || ('error ' + r.status)))); return; }
        var wrap = document.createElement('div');
        var p = document.createElement('p');
        var s = data.state;
        var words = 'Preview of ' + data.canonical + ' (ply ' + data.ply + '): ' + (s.sideToMove === 'white' ? 'White' : 'Black') + ' would be to move' + (s.check ? ', in check' : '');
        if (s.outcome) words += ' — the game would end ' + s.outcome.result + ' (' + s.outcome.reason + ')';
        p.textContent = words + '. Not sent yet: press Send move.';
        p.setAttribute('data-canonical', data.canonical);
        wrap.appendChild(p);
        var pic = document.createElement('div');
        pic.innerHTML = data.svg; // our own server's SVG
        wrap.appendChild(pic);
        setPreview(wrap);
        announce(words + '.');
      });
    }).catch(function () { setPreview(errorNode('The preview could not be fetched: check your connection.')); });
  }
  function send(text) {
    text = (text || '').trim();
    if (!text) { flash('error', nextStepWords()); return; }
    var ply = st().ply + 1;
    var btn = $('#send-btn'); if (btn) btn.disabled = true;
    fetch('/api/games/' + id + '/moves', { method: 'POST', headers: authHeaders({ 'Content-Type': 'application/json' }), body: JSON.stringify({ move: text, ply: ply }) })
      .then(function (r) { return r.json().then(function (data) { return { r: r, data: data }; }); })
      .then(function (x) {
        if (!x.r.ok) { flash('error', about(text, x.data.error || ('error ' + x.r.status))); if (btn) btn.disabled = false; if (x.r.status === 409) refresh(false); return; }
        return refresh(false).then(function () { flash('ok', 'You played ' + x.data.move.text + '.'); announce('You played ' + x.data.move.text + '.'); });
      })
      .catch(function () { flash('error', 'The move could not be sent: check your connection and try again.'); if (btn) btn.disabled = false; });
  }
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    if (!(form instanceof HTMLFormElement)) return;
    var confirmText = ev.submitter && ev.submitter.getAttribute('data-confirm');
    if (confirmText && !window.confirm(confirmText)) { ev.preventDefault(); return; }
    if (form.id !== 'move-form') return;
    ev.preventDefault();
    var text = $('#move').value;
    if (ev.submitter && ev.submitter.value === 'send') send(text); else doPreview(text);
  });
  document.addEventListener('input', function (ev) {
    if (ev.target && ev.target.id === 'move') { lastPreview = ''; setPreview(null); }
  });
  document.addEventListener('click', function (ev) {
    if (ev.target && ev.target.id === 'clear-btn') { chosen = []; show(); var i = $('#move'); if (i) { i.value = ''; i.focus(); } setPreview(null); lastPreview = ''; }
  });

  // ---- live updates ----
  function refresh(keepText) {
    var before = st();
    var input = $('#move');
    var text = keepText && input ? input.value : '';
    var q = new URLSearchParams({ partial: '1' });
    if (token) q.set('token', token);
    if (params.get('from')) q.set('from', params.get('from'));
    viewPly = null;
    return fetch(location.pathname + '?' + q, { cache: 'no-store' }).then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); }).then(function (html) {
      var focused = document.activeElement && document.activeElement.id;
      live().outerHTML = html;
      chosen = [];
      var after = st();
      var i2 = $('#move'); if (i2 && text && after.ply === before.ply) i2.value = text;
      if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
      setup();
      if (after.ply !== before.ply) {
        var last = document.querySelector('#status code');
        if (last && after.you && after.you === after.toMove) announce('Your turn. ' + (before.you === before.toMove ? '' : 'Your opponent played ' + last.textContent + '.'));
      }
      if (after.status !== 'active' && before.status === 'active') announce(document.querySelector('#status .result') ? document.querySelector('#status .result').textContent : 'The game is over.');
      return loadLegal();
    });
  }
  // Live update: the game's NDJSON event stream (GET /api/games/:id/stream, a Durable Object
  // fans each move out); its first line is the current state, so reopening after a drop loses nothing.
  var listening = false;
  function poll() {
    clearTimeout(timer);
    if (listening || document.hidden || st().status !== 'active') return;
    listening = true;
    fetch('/api/games/' + id + '/stream', { cache: 'no-store', headers: authHeaders() }).then(function (r) {
      if (!r.ok || !r.body) throw new Error('stream ' + r.status);
      var reader = r.body.getReader(), decoder = new TextDecoder(), buffer = '';
      function read() {
        return reader.read().then(function (x) {
          if (x.done) return;
          buffer += decoder.decode(x.value, { stream: true });
          var lines = buffer.split('\n'); buffer = lines.pop();
          var changed = lines.some(function (line) {
            if (!line.trim()) return false; // keep-alive
            var s = JSON.parse(line).state, before = st();
            return s && (s.ply !== before.ply || s.updatedAt !== before.updated || s.status !== before.status);
          });
          return (changed ? refresh(true) : Promise.resolve()).then(function () {
            if (st().status !== 'active' || document.hidden) return reader.cancel();
            return read();
          });
        });
      }
      return read();
    }).catch(function () {}).then(function () { listening = false; timer = setTimeout(poll, POLL_MS); });
  }
  document.addEventListener('visibilitychange', function () { if (!document.hidden) poll(); });

  // ---- keyboard on the board: one Tab stop, arrow keys between cells (roving tabindex) ----
  function boardButtons() { return Array.prototype.slice.call(document.querySelectorAll('#board svg [data-button]')); }
  function centre(el) { var r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; }
  function rove(from, key) {
    var a = centre(from), best = null, bestScore = Infinity;
    boardButtons().forEach(function (el) {
      if (el === from) return;
      var b = centre(el), dx = b.x - a.x, dy = b.y - a.y;
      var along = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
      var across = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
      if (along < 4) return;
      var score = along + across * 2.5;
      if (score < bestScore) { bestScore = score; best = el; }
    });
    return best;
  }
  function focusCell(el) {
    boardButtons().forEach(function (b) { b.setAttribute('tabindex', b === el ? '0' : '-1'); });
    el.focus();
  }
  document.addEventListener('keydown', function (ev) {
    var t = ev.target;
    if (!(t instanceof Element) || !t.closest('#board svg') || !t.hasAttribute('tabindex')) return;
    if (!/^Arrow(Up|Down|Left|Right)$/.test(ev.key)) return;
    ev.preventDefault();
    var next = rove(t, ev.key);
    if (next) focusCell(next);
  });

  // ---- replay: earlier positions inside the page ----
  var viewPly = null;
  function showPly(n) {
    var s = st();
    n = Math.max(0, Math.min(s.ply, n));
    if (n === s.ply) { if (viewPly !== null) refresh(true); return; }
    var from = live().getAttribute('data-from') || 'white';
    return fetch('/api/games/' + id + '/board.svg?ply=' + n + '&from=' + from, { cache: 'force-cache' }).then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); }).then(function (svg) {
      var fig = $('#board');
      var old = fig && fig.querySelector('svg');
      if (!old) return;
      var holder = document.createElement('div');
      holder.innerHTML = svg; // our own server's picture
      old.replaceWith(holder.firstElementChild);
      viewPly = n;
      fig.setAttribute('data-ply', String(n));
      chosen = [];
      var note = 'Looking at the position after ply ' + n + ' of ' + s.ply + '.';
      var rs = $('#replay-status'); if (rs) rs.textContent = note;
      document.querySelectorAll('#moves a[data-ply]').forEach(function (a) { if (a.getAttribute('data-ply') === String(n)) a.setAttribute('aria-current', 'step'); else a.removeAttribute('aria-current'); });
    }).catch(function () { flash('error', 'That position could not be fetched: check your connection.'); });
  }
  function current() { return viewPly === null ? st().ply : viewPly; }
  document.addEventListener('click', function (ev) {
    var t = ev.target;
    if (!(t instanceof Element)) return;
    var a = t.closest('#moves a[data-ply]');
    if (a) { ev.preventDefault(); showPly(Number(a.getAttribute('data-ply'))); return; }
    var b = t.closest('[data-replay]');
    if (!b) return;
    var what = b.getAttribute('data-replay');
    showPly(what === 'start' ? 0 : what === 'back' ? current() - 1 : what === 'forward' ? current() + 1 : st().ply);
  });
  document.addEventListener('keydown', function (ev) {
    var t = ev.target;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (t instanceof Element && (t.closest('input, textarea, select, #board svg') || t.isContentEditable)) return;
    if (ev.key === 'ArrowLeft') { ev.preventDefault(); showPly(current() - 1); }
    else if (ev.key === 'ArrowRight') { ev.preventDefault(); showPly(current() + 1); }
    else if (ev.key === 'Home' && t instanceof Element && t.closest('#moves, #replay')) { ev.preventDefault(); showPly(0); }
    else if (ev.key === 'End' && t instanceof Element && t.closest('#moves, #replay')) { ev.preventDefault(); showPly(st().ply); }
  });

  // ---- the deadline in the reader's own time, counted down ----
  function countdown() {
    var d = live().getAttribute('data-deadline');
    var el = document.getElementById('deadline');
    if (!d || !el) return;
    var at = new Date(d), left = at.getTime() - Date.now();
    var when = at.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    var words;
    if (left <= 0) words = 'the deadline has passed';
    else {
      var m = Math.floor(left / 60000), days = Math.floor(m / 1440), h = Math.floor((m % 1440) / 60), mins = m % 60;
      words = 'in ' + (days ? days + ' day' + (days === 1 ? '' : 's') + ' ' : '') + (days || h ? h + ' h ' : '') + (days ? '' : mins + ' min');
    }
    el.textContent = when + ' your time (' + words.trim() + ')';
  }
  setInterval(countdown, 30000);

  function setup() {
    var clear = $('#clear-btn'); if (clear) clear.hidden = false;
    var rp = $('#replay'); if (rp) rp.hidden = false;
    // Cells, pins and pieces in hand become buttons only now that clicking them does something;
    // without this script they stay out of the Tab order. The board is one Tab stop.
    var buttons = boardButtons();
    buttons.forEach(function (el, i) { el.setAttribute('tabindex', i ? '-1' : '0'); el.setAttribute('role', 'button'); });
    var mine = document.querySelector('#board svg [data-hand][data-color="' + st().you + '"]');
    if (mine && buttons.length) focusCellQuietly(mine);
    document.title = (myTurn() ? '(Your turn) ' : '') + baseTitle;
    countdown();
    addCopyButtons();
  }
  function focusCellQuietly(el) { boardButtons().forEach(function (b) { b.setAttribute('tabindex', b === el ? '0' : '-1'); }); }
  setup();
  loadLegal();
  poll();
  window.subspace = { keysOf: keysOf, plans: function () { return plans; }, refresh: refresh, showPly: showPly };
})();
`;
