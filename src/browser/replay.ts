// Replay: earlier positions inside the page (the move list's links, the replay buttons, the
// arrow keys outside the board and the text boxes).
import { $, flash, type GamePage, live, st } from './page.ts';

/** The page shows ply `n` (already in #board): say so beside the replay buttons and in the move list. */
export function markReplay(page: GamePage, n: number, news = ''): void {
  page.viewPly = n;
  $('#board')?.setAttribute('data-ply', String(n));
  const rs = $('#replay-status');
  if (rs) rs.textContent = 'Looking at the position after ply ' + n + ' of ' + st().ply + '.' + (news ? ' ' + news : '');
  document.querySelectorAll('#moves a[data-ply], #eval-graph a[data-ply]').forEach((a) => {
    if (a.getAttribute('data-ply') === String(n)) a.setAttribute('aria-current', 'step');
    else a.removeAttribute('aria-current');
  });
}

/** Listens for replay requests; returns the function that shows ply `n`. */
export function listenForReplay(page: GamePage): (n: number) => Promise<void> | undefined {
  function showPly(ply: number): Promise<void> | undefined {
    const s = st();
    const n = Math.max(0, Math.min(s.ply, ply));
    if (n === s.ply) {
      if (page.viewPly !== null) page.refresh({ keepText: true });
      return;
    }
    const from = live().getAttribute('data-from') || 'white';
    // Not from the cache: a takeback puts another position at a ply (and older pages' answers were kept for good).
    return fetch('/api/games/' + page.id + '/board.svg?ply=' + n + '&from=' + from, { cache: 'no-store' })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((svg) => {
        const fig = $('#board');
        const old = fig?.querySelector('svg');
        if (!fig || !old) return;
        const holder = document.createElement('div');
        holder.innerHTML = svg; // our own server's picture
        old.replaceWith(holder.firstElementChild!);
        page.forgetChoice();
        markReplay(page, n);
      })
      .catch(() => flash('error', 'That position could not be fetched: check your connection.'));
  }
  const current = () => (page.viewPly === null ? st().ply : page.viewPly);

  document.addEventListener('click', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element)) return;
    // The move list's turns and the analysis graph's points (src/worker/pages/analysis.tsx).
    const a = t.closest('#moves a[data-ply], #eval-graph a[data-ply]');
    if (a) {
      ev.preventDefault();
      showPly(Number(a.getAttribute('data-ply')));
      return;
    }
    const b = t.closest('[data-replay]');
    if (!b) return;
    const what = b.getAttribute('data-replay');
    showPly(what === 'start' ? 0 : what === 'back' ? current() - 1 : what === 'forward' ? current() + 1 : st().ply);
  });
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    // Not from a field, the board, or the move form's buttons (the chooser's: tester 13 W14, an arrow dropped the half-made turn).
    if (t instanceof Element && (t.closest('input, textarea, select, #board svg, #chooser, #move-form') || (t instanceof HTMLElement && t.isContentEditable)))
      return;
    const inList = t instanceof Element && t.closest('#moves, #replay');
    if (ev.key === 'ArrowLeft') {
      ev.preventDefault();
      showPly(current() - 1);
    } else if (ev.key === 'ArrowRight') {
      ev.preventDefault();
      showPly(current() + 1);
    } else if (ev.key === 'Home' && inList) {
      ev.preventDefault();
      showPly(0);
    } else if (ev.key === 'End' && inList) {
      ev.preventDefault();
      showPly(st().ply);
    }
  });
  return showPly;
}
