// The computer's analysis on a finished game's page (src/worker/pages/analysis.tsx): asks for it
// without leaving the page, waits for it and swaps the live region in when done, and keeps
// "best was X" (with its preview) in step with the ply the board shows.
import { betterTurn, evalWords, JUDGEMENT_WORDS } from '../service/analysis-words.ts';
import { moveNumber } from '../engine/types.ts';
import { $, type GamePage } from './page.ts';

interface PlyAnalysis {
  ply: number;
  side: 'white' | 'black';
  move: string;
  eval: { cp?: number; mate?: number; over?: string };
  best: string | null;
  bestEval: PlyAnalysis['eval'] | null;
  judgement: 'inaccuracy' | 'mistake' | 'blunder' | null;
  glyph: string | null;
}
interface Analysis {
  status: string;
  evaluated: number;
  positions: number;
  start: PlyAnalysis['eval'] | null;
  plies: PlyAnalysis[];
}

const POLL_MS = 3000;

export function startAnalysis(page: GamePage): void {
  let analysis: Analysis | null = null;
  let timer = 0;
  let shown = -1;

  function load(): void {
    if (!page.id) return;
    fetch('/api/games/' + page.id + '/analysis', { cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : null))
      .then((a: Analysis | null) => {
        if (a && a.status === 'done') analysis = a;
      })
      .catch(() => {});
  }

  /** Running: look again in a while; done: bring the finished analysis in with the live region. */
  function watch(): void {
    clearTimeout(timer);
    const section = $('#analysis');
    const status = section?.getAttribute('data-status');
    if (status === 'done') {
      if (!analysis) load();
      return;
    }
    if (status !== 'queued' && status !== 'running') return;
    timer = window.setTimeout(() => {
      fetch('/api/games/' + page.id + '/analysis', { cache: 'no-store' })
        .then((r) => (r.ok ? r.json() : null))
        .then((a: Analysis | null) => {
          if (a && a.status === 'done') return page.refresh({ keepReplay: true }).then(watch);
          const progress = $('#analysis-progress');
          if (a && progress) progress.textContent = progress.textContent!.replace(/\d+ of \d+/, a.evaluated + ' of ' + a.positions);
          watch();
        })
        .catch(() => watch());
    }, POLL_MS);
  }

  /** The ply the board shows changed: say what the analysis found there. */
  function showNote(): void {
    const board = $('#board');
    const box = $('#analysis-ply');
    if (!board || !box || !analysis) return;
    const ply = Number(board.getAttribute('data-ply'));
    if (ply === shown && box.getAttribute('data-ply') === String(ply)) return;
    shown = ply;
    box.setAttribute('data-ply', String(ply));
    box.textContent = '';
    const m = analysis.plies.find((x) => x.ply === ply);
    const p = document.createElement('p');
    if (!m) {
      p.className = 'small';
      p.textContent = 'The start: ' + evalWords(analysis.start ?? { cp: 0 }) + '.';
      box.appendChild(p);
      return;
    }
    const strong = document.createElement('strong');
    strong.textContent = moveNumber(m.ply, m.side) + (m.side === 'white' ? '. ' : '… ') + m.move + (m.glyph ?? '');
    p.appendChild(strong);
    p.appendChild(document.createTextNode((m.judgement ? ' — ' + JUDGEMENT_WORDS[m.judgement] : '') + '; after it: ' + evalWords(m.eval) + '.'));
    const better = betterTurn(m);
    if (better) {
      p.appendChild(document.createTextNode(' Best was '));
      const code = document.createElement('code');
      code.id = 'best-move';
      code.textContent = better;
      p.appendChild(code);
      p.appendChild(document.createTextNode((m.bestEval ? ' (' + evalWords(m.bestEval) + ')' : '') + '.'));
    } else if (!m.best) p.appendChild(document.createTextNode(' The computer would have played it too.'));
    box.appendChild(p);
    if (!better) return;
    const details = document.createElement('details');
    details.id = 'best-preview';
    details.className = 'preview';
    const summary = document.createElement('summary');
    summary.textContent = 'Preview of ' + better;
    details.appendChild(summary);
    details.addEventListener('toggle', () => {
      if (!details.open || details.querySelector('svg')) return;
      const q = new URLSearchParams({ from: String(ply - 1), line: better });
      fetch('/api/games/' + page.id + '/explore?' + q)
        .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
        .then((x: { svg: string }) => {
          const holder = document.createElement('div');
          holder.innerHTML = x.svg; // our own server's picture
          details.appendChild(holder.firstElementChild!);
        })
        .catch(() => {});
    });
    box.appendChild(details);
  }

  // Asking for the analysis without leaving the page.
  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || form.id !== 'analysis-ask') return;
    ev.preventDefault();
    fetch(form.action, { method: 'POST' })
      .then(() => page.refresh({ keepReplay: true }))
      .then(watch)
      .catch(() => {});
  });
  // The board's ply changes on replay (and the live region is swapped on updates).
  new MutationObserver(() => {
    showNote();
    if (!timer) watch();
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-ply', 'data-status'], childList: true });
  watch();
}
