// The game page around its full loads (a form's answer, turning the board round, the first view):
// what the reader was doing is kept or found again, where a load would otherwise start from scratch.
import { $, focusOnWords } from './page.ts';

/**
 * A player's own pieces in view on load: the board is seen from their side, so their pieces are
 * at its foot; when the lowest of them is below the window, scroll just enough to show it (not in
 * a finished game, which opens at its result, nor on a page opened at an anchor or already
 * scrolled, nor after a form's message, which stays on top).
 */
export function ownPiecesInView(root: HTMLElement): void {
  const you = root.getAttribute('data-you');
  if (!you || root.getAttribute('data-status') !== 'active' || location.hash || window.scrollY > 0 || root.querySelector('#flash .msg')) return;
  const pieces = Array.from(root.querySelectorAll(`#board svg .ssb-p.${you === 'white' ? 'ssb-w' : 'ssb-b'}`));
  let lowest: Element | undefined;
  let bottom = -Infinity;
  for (const p of pieces) {
    const r = p.getBoundingClientRect();
    if (r.bottom > bottom) [bottom, lowest] = [r.bottom, p];
  }
  if (!lowest || bottom <= window.innerHeight) return;
  window.scrollTo({ top: window.scrollY + bottom - window.innerHeight + 16 });
}

/** A form's answer (a draw offered, a pause asked) reloads the page: the keyboard goes on from what it says (tester 9 U19). */
export function focusFormAnswer(params: URLSearchParams): void {
  if (params.has('ok') || params.has('error')) focusOnWords($('#flash .msg'));
}

/**
 * "Turn the board round" reloads the page: the turn and the message being typed go along in its
 * address, as a preview's do (tester 9 U16: they were lost).
 */
export function keepTypingOnFlip(): void {
  document.addEventListener('click', (ev) => {
    const flip = ev.target instanceof Element ? ev.target.closest<HTMLAnchorElement>('#flip') : null;
    if (!flip) return;
    const to = new URL(flip.href);
    const move = $<HTMLInputElement>('#move')?.value.trim();
    const words = $<HTMLTextAreaElement>('#move-message')?.value;
    if (move) to.searchParams.set('move', move.slice(0, 200));
    if (words?.trim()) to.searchParams.set('message', words.slice(0, 1000));
    // The page takes typed words back only with its own forms' tag (tester 11 S4).
    const typed = $<HTMLInputElement>('#move-form input[name=typed]')?.value;
    if (typed && (move || words?.trim())) to.searchParams.set('typed', typed);
    flip.href = to.toString();
  });
}

/**
 * An action's form (offer a draw, ask a pause, …) reloads the page: what was being typed (the turn,
 * its message, a message to the opponent) is kept in this tab's session storage and put back on the
 * page the form's answer opens (tester 13 W16: it was lost).
 */
export function keepTypingOverForms(gameId: string): void {
  const key = `subspace-typing-${gameId}`;
  const fields = ['move', 'move-message', 'message-text'];
  try {
    const kept = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (kept) {
      const values = JSON.parse(kept) as Record<string, string>;
      for (const id of fields) {
        const el = $<HTMLInputElement | HTMLTextAreaElement>('#' + id);
        if (el && !el.disabled && !el.value && values[id]) el.value = values[id];
      }
    }
  } catch {
    // No session storage (a private window's rules): the page works as before.
  }
  document.addEventListener('submit', (ev) => {
    const form = ev.target instanceof HTMLFormElement ? ev.target : null;
    // (Not a form whose confirmation was declined: the page stays, and so does what was typed.)
    if (!form?.closest('.actions') || ev.defaultPrevented) return;
    const values: Record<string, string> = {};
    for (const id of fields) {
      const v = $<HTMLInputElement | HTMLTextAreaElement>('#' + id)?.value;
      if (v?.trim()) values[id] = v;
    }
    try {
      if (Object.keys(values).length) sessionStorage.setItem(key, JSON.stringify(values));
    } catch {
      // As above.
    }
  });
}

/**
 * An action's button that asks first (Resign, Abort: `data-confirm`): declined, nothing is sent;
 * confirmed here, the form says so (`confirmed=1`), so the server need not ask again on a page of
 * its own (it does without this script). Set up before the page's other submit listeners, which a
 * declined form's `defaultPrevented` then stops.
 */
export function confirmActions(): void {
  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    const confirmText = (ev.submitter as HTMLButtonElement | null)?.getAttribute('data-confirm');
    if (!(form instanceof HTMLFormElement) || !confirmText) return;
    if (!window.confirm(confirmText)) {
      ev.preventDefault();
      return;
    }
    if (!form.querySelector('input[name="confirmed"]')) {
      const yes = document.createElement('input');
      yes.type = 'hidden';
      yes.name = 'confirmed';
      yes.value = '1';
      form.appendChild(yes);
    }
  });
}
