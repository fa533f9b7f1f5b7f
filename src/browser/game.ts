// The game page's script, served as /static/game.js (bundled by scripts/build-browser.mjs).
// No framework. It only adds to a page that already works without it:
//  - click-to-move: the legal turns (GET /api/games/:id/legal) become click
//    sequences (turn-keys.ts); a click lights up the next steps, a complete sequence
//    fills the text box and previews the turn;
//  - preview (GET /api/games/:id/preview) and send (POST /api/games/:id/moves)
//    without a reload, errors in words;
//  - live updates: a WebSocket (GET /api/games/:id/socket; the NDJSON stream
//    GET /api/games/:id/stream where none opens) while the tab is visible; swaps
//    the #live region (GET /games/:id?partial=1) when the game changed;
//  - replay of earlier positions inside the page (replay.ts).
// The end-to-end tests (test/e2e) run it in Chromium and fail on any page error.
import { listenForArrowKeys, makeBoardButtons } from './board-keyboard.ts';
import { GAME_BOARD, keysAt } from './board-marks.ts';
import { addCopyButtons } from './copy-buttons.ts';
import { showTimes } from './deadline.ts';
import {
  $,
  announce,
  cleanAddress,
  errorNode,
  flash,
  focusOnWords,
  type GamePage,
  live,
  myTurn,
  type RefreshOptions,
  setPreview,
  sideName,
  st,
} from './page.ts';
import { confirmActions, focusFormAnswer, keepTypingOverLoads, ownPiecesInView } from './page-loads.ts';
import { makeRefresh } from './game-refresh.ts';
import { playedWords, staleTurnWords } from '../service/plan-outcome.ts';
import { listenForReplay } from './replay.ts';
import { startAnalysis } from './analysis.ts';
import { startAnalysisBoard } from './analysis-board.ts';
import { keysOf, plansOf, type Plan } from './turn-keys.ts';
import { turnPicker } from './turn-picker.ts';
import { followGame } from './live-updates.ts';

addCopyButtons();
const root = document.getElementById('live');
if (root) startGamePage(root);

function startGamePage(root: HTMLElement): void {
  const baseTitle = document.title;
  const id = root.getAttribute('data-game');
  const params = new URLSearchParams(location.search);
  const token = params.get('token') || '';
  let plans: Plan[] = [];
  let plansPly = -1;
  let lastPreview = '';
  // Click-to-move (turn-picker.ts): a whole turn goes in the move box, previewed.
  const picker = turnPicker(GAME_BOARD, {
    plans: () => plans,
    whole: (turn, more, tapped) => {
      const input = $<HTMLInputElement>('#move');
      if (input) input.value = turn;
      doPreview(turn);
      // On a phone the box and Send move are below the board: brought into view, so the turn is seen taken (tester 13 W7).
      if (!more && tapped) $('#send-btn')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    refused: (what) => flash('info', 'No turn of yours starts at ' + what + ': pick one of your own pieces or platforms that can move.'),
    // The button pressed is gone with the chooser: the keyboard goes on from Send move, not the page's top.
    chose: () => {
      if (document.activeElement === document.body && !$('#chooser:not([hidden]) button')) $('#send-btn')?.focus();
    },
  });
  const forgetChoice = () => picker.forget();
  const refresh = (options?: RefreshOptions) => refreshLive(options);
  const page: GamePage = { id, viewPly: null, refresh, forgetChoice };
  const refreshLive = makeRefresh({ page, token, from: params.get('from'), forgetChoice, showChoice: () => picker.show(true), setup, loadLegal });

  focusFormAnswer(params);
  cleanAddress(params, token);
  ownPiecesInView(root);

  /** The engine's reasons often start with the turn already. */
  // The turn named once: the engine's error may name it already, as typed or written whole ("Q@Ab1=XY: …" for "Q@Ab1": tester 13 W10).
  const about = (text: string, error: string) => (error.indexOf(text + ':') === 0 || error.indexOf(text + '=') === 0 ? error : text + ': ' + error);
  function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
    if (token) extra.Authorization = 'Bearer ' + token;
    return extra;
  }

  /** The legal turns being fetched, while they are. */
  let loading: Promise<void> | null = null;
  function loadLegal(): Promise<void> {
    plans = [];
    plansPly = -1;
    if (!myTurn()) return Promise.resolve();
    const ply = st().ply;
    const fetched = fetch('/api/games/' + id + '/legal', { cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((data: { ply: number; legal: unknown }) => {
        if (data.ply !== st().ply || !Array.isArray(data.legal)) return;
        plans = plansOf(data.legal as string[]);
        plansPly = ply;
      })
      // Said, not swallowed: the board cannot pick turns without them (a click asks again).
      .catch(() =>
        flash('error', 'The legal turns could not be fetched, so the board cannot pick a turn: check your connection, or type your move in the box.'),
      )
      .finally(() => {
        if (loading === fetched) loading = null;
      });
    loading = fetched;
    return fetched;
  }

  // ---- the board ----
  /** One click (or chooser button): the keys it may stand for. */
  /** `tapped`: a click on the board or a chooser's button (not the board's keys), after which a whole turn brings Send move into view. */
  function step(keys: string[], tapped = false): void {
    const s0 = st();
    if (s0.status === 'active' && s0.you && !myTurn()) {
      flash('info', 'It is ' + sideName(s0.toMove) + '\u2019s turn: wait for their move. This page updates by itself.');
      return;
    }
    if (!myTurn()) return;
    if (plansPly !== st().ply) {
      // A click before the legal turns came (or after they failed): said, and played once they come (tester 9 U18).
      flash('info', 'Fetching the legal turns\u2026');
      void (loading ?? loadLegal()).then(() => {
        if (plansPly !== st().ply) return;
        if (document.getElementById('flash')?.textContent?.indexOf('Fetching the legal turns') === 0) flash('info', '');
        step(keys);
      });
      return;
    }
    picker.step(keys, tapped);
  }
  document.addEventListener('click', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element) || !t.closest('#board svg')) return;
    // An earlier position on the board: its picture is not the game's, so a click picks nothing there (tester 13 W8).
    if (page.viewPly !== null) {
      flash('info', 'This is an earlier position: press Now to play from the game as it stands.');
      return;
    }
    const keys = keysAt(GAME_BOARD, t);
    if (keys.length) step(keys, true);
  });
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element) || !t.closest('#board svg') || !t.hasAttribute('tabindex')) return;
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      step(keysAt(GAME_BOARD, t));
      // A choice the turn needs (an orientation, a platform's number or turn-over) opened beside the
      // cell: the keyboard goes to it, not four Tabs on past the move box (tester 19 Z8).
      document.querySelector<HTMLButtonElement>('#chooser:not([hidden]):not([data-optional]) button')?.focus();
    }
    if (ev.key === 'Escape') picker.clear();
  });

  // ---- preview and send ----
  /** What is missing when Preview or Send is pressed without a whole turn. */
  function nextStepWords(): string {
    const ch = $('#chooser');
    if (ch && !ch.hidden && ch.querySelector('[aria-label^="orientation"]'))
      return 'Choose the orientation (XY, XZ or YZ) with the Orientation buttons by the board.';
    if (ch && !ch.hidden && ch.querySelector('[aria-label^="platform number"]'))
      return 'Choose the platform number with the Platform number buttons by the board.';
    if (picker.picking()) return 'Now pick where it goes: the marked cells on the board.';
    return 'Type a move first, or pick one on the board.';
  }
  function doPreview(turn: string): Promise<void> {
    const text = (turn || '').trim();
    if (!text) {
      setPreview(errorNode(nextStepWords()));
      return Promise.resolve();
    }
    lastPreview = text;
    const from = live().getAttribute('data-from') || 'white';
    return fetch('/api/games/' + id + '/preview?move=' + encodeURIComponent(text) + '&from=' + from, { cache: 'no-store' })
      .then((r) =>
        r.json().then((data) => {
          if (lastPreview !== text) return;
          if (!r.ok) {
            setPreview(errorNode(about(text, data.error || 'error ' + r.status)));
            return;
          }
          const wrap = document.createElement('div');
          const p = document.createElement('p');
          const s = data.state;
          let words =
            'Preview of ' + data.canonical + ' (ply ' + data.ply + '): ' + sideName(s.sideToMove) + ' would be to move' + (s.check ? ', in check' : '');
          if (s.outcome) words += ' — the game would end ' + s.outcome.result + ' (' + s.outcome.reason + ')';
          p.textContent = words + '. Not sent yet: press Send move.';
          p.setAttribute('data-canonical', data.canonical);
          wrap.appendChild(p);
          const pic = document.createElement('div');
          pic.innerHTML = data.svg; // our own server's SVG
          wrap.appendChild(pic);
          setPreview(wrap);
          announce(words + '.');
        }),
      )
      .catch(() => setPreview(errorNode('The preview could not be fetched: check your connection.')));
  }
  /** The Hint button (practice games): the engine's turn (GET /api/games/:id/hint) in the box, previewed. */
  function hint(): void {
    const say = $('#hint');
    if (say) say.textContent = 'Asking the computer\u2026';
    fetch('/api/games/' + id + '/hint', { cache: 'no-store', headers: authHeaders() })
      .then((r) => r.json().then((data) => ({ r, data })))
      .then(({ r, data }) => {
        if (!say) return;
        say.textContent = '';
        if (!r.ok) {
          const why = document.createElement('strong');
          why.textContent = 'No hint: ' + (data.error || 'error ' + r.status);
          say.appendChild(why);
          return;
        }
        const input = $<HTMLInputElement>('#move');
        if (input) input.value = data.move;
        picker.clear();
        const code = document.createElement('code');
        code.textContent = data.move;
        code.setAttribute('data-hint', data.move);
        say.append('The computer suggests ', code, ': it is in the move box above, previewed. Press Send move to play it.');
        return doPreview(data.move);
      })
      .catch(() => {
        if (say) say.textContent = 'The hint could not be fetched: check your connection.';
      });
  }
  function send(turn: string): void {
    const text = (turn || '').trim();
    if (!text) {
      flash('error', nextStepWords());
      return;
    }
    // The ply and the position shown: a turn meant for a position the game has left (a takeback and
    // other turns since) is refused as stale, not played elsewhere.
    const { ply: shown, position } = st();
    const ply = shown + 1;
    const btn = $<HTMLButtonElement>('#send-btn');
    if (btn) btn.disabled = true;
    const body = withMessage({ move: text, ply, ...(position ? { position } : {}) });
    // The message goes with the turn: out of its box while it is sent, so that a live update redrawing
    // the page meanwhile does not keep it as a draft (tester 19 Z1: it came back in the "Message to"
    // box, and went twice); back in a box if the turn was not played.
    const messageBox = $<HTMLTextAreaElement>('#move-message');
    if (body.message !== undefined && messageBox) messageBox.value = '';
    const keepMessage = () => {
      const box = [$<HTMLTextAreaElement>('#move-message'), $<HTMLTextAreaElement>('#message-text')].find((b) => b && !b.disabled);
      if (body.message !== undefined && box && !box.value) box.value = body.message;
    };
    fetch('/api/games/' + id + '/moves', {
      method: 'POST',
      headers: authHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
    })
      .then((r) => r.json().then((data) => ({ r, data })))
      .then((x) => {
        if (!x.r.ok) {
          if (btn) btn.disabled = false;
          // Said beside the move box, where the player is looking (on a phone the top of the page is
          // a screen away), in words that say the turn was not played.
          const words = x.data.code === 'stale_ply' ? staleTurnWords(text) : 'Not played: ' + about(text, x.data.error || 'error ' + x.r.status);
          const say = () => {
            flash('info', '');
            const why = errorNode(words);
            // An alert (errorNode): said by itself, so not announced a second time.
            setPreview(why);
            why.scrollIntoView({ block: 'nearest' });
          };
          // The game moved on (another tab, another device): the page catches up, keeping what was typed.
          if (x.r.status === 409)
            return refresh({ keepText: true, keepAnyPly: true }).then(() => {
              keepMessage();
              say();
            });
          keepMessage();
          say();
          return;
        }
        const said = playedWords(x.data.move, x.data.answer);
        // The site header counts the games waiting for you: this one no longer does.
        document.dispatchEvent(new CustomEvent('subspace:recount'));
        return refresh().then(() => {
          flash('ok', said);
          announce(said);
          // The button, disabled while the turn went, let the keyboard fall to the body: it goes on
          // from what the page now says (tester 9 U19).
          if (document.activeElement === document.body) focusOnWords($('#flash .msg') ?? $('#status'));
        });
      })
      .catch(() => {
        flash('error', 'The move could not be sent: check your connection and try again.');
        keepMessage();
        if (btn) btn.disabled = false;
      });
  }
  confirmActions();
  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || ev.defaultPrevented) return;
    const submitter = ev.submitter as HTMLButtonElement | null;
    // A rematch is asked once: a second press while the first is on its way would only be
    // told that the rematch has started.
    if (form.getAttribute('action')?.endsWith('/rematch')) {
      if (form.dataset.sent) ev.preventDefault();
      form.dataset.sent = '1';
      return;
    }
    if (form.id !== 'move-form') return;
    ev.preventDefault();
    const text = $<HTMLInputElement>('#move')!.value;
    // Hint is a button of the move form's (a page load without the script, keeping the message).
    if (submitter?.value === 'hint') hint();
    else if (submitter?.value === 'send') send(text);
    else doPreview(text);
  });
  if (id) keepTypingOverLoads(id);
  document.addEventListener('input', (ev) => {
    if (ev.target instanceof Element && ev.target.id === 'move') {
      lastPreview = '';
      setPreview(null);
    }
  });
  document.addEventListener('click', (ev) => {
    if (ev.target instanceof Element && ev.target.id === 'clear-btn') {
      picker.clear();
      const i = $<HTMLInputElement>('#move');
      if (i) {
        i.value = '';
        i.focus();
      }
      setPreview(null);
      lastPreview = '';
    }
  });

  /** The move form's message box, when something is written in it. */
  function withMessage(body: { move: string; ply: number; message?: string }) {
    const m = $<HTMLTextAreaElement>('#move-message');
    if (m && m.value.trim()) body.message = m.value;
    return body;
  }

  const poll = followGame(id, authHeaders, () => refresh({ keepText: true, keepReplay: true }));
  // A finished game's rematch news (offered, withdrawn, accepted) comes on the player's own stream,
  // which site.js follows, not on the game's: the rematch line is drawn again then (tester 9 U5).
  document.addEventListener('subspace:player-event', (ev) => {
    const type = (ev as CustomEvent<{ type?: string }>).detail?.type;
    if (st().status !== 'active' && (type === 'challenge' || type === 'challengeCanceled' || type === 'gameStart')) void refresh({ keepReplay: true });
  });

  listenForArrowKeys();
  const showPly = listenForReplay(page);
  setInterval(() => showTimes(live()), 30000);

  function setup(): void {
    const clear = $('#clear-btn');
    if (clear) clear.hidden = false;
    // The move list opens at its latest turns (tester 13 W4: it showed move 1, the last ones hidden below).
    const moves = document.getElementById('moves');
    if (moves) moves.scrollTop = moves.scrollHeight;
    const rp = $('#replay');
    if (rp) rp.hidden = false;
    // Cells, pins and pieces in hand become buttons only now that clicking them does something;
    // without this script they stay out of the Tab order. The board is one Tab stop.
    makeBoardButtons($('#board'), document.querySelector('#board svg [data-hand][data-color="' + st().you + '"]'));
    document.title = (myTurn() ? '(Your turn) ' : '') + baseTitle;
    showTimes(live());
    addCopyButtons();
  }
  setup();
  loadLegal();
  poll();
  // The computer's analysis of a finished game, and a player's own analysis board.
  startAnalysis(page);
  if (id && st().you) startAnalysisBoard(id, token);
  // For the end-to-end tests.
  Object.assign(window, { subspace: { keysOf, plans: () => plans, refresh, showPly } });
}
