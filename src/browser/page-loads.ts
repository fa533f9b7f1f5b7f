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
 * A page load that leaves what was being typed (the turn, its message, a message to the opponent,
 * the planned lines) keeps it in this tab's session storage and puts it back on the page that opens:
 * an action's form (offer a draw, ask a pause, …; tester 13 W16) and "Turn the board round" (tester 9
 * U16). Not in the address: a link cannot fill the boxes (tester 11 S4), and a reload on a later turn
 * does not put back a turn already sent (tester 16 R4).
 */
export function keepTypingOverLoads(gameId: string): void {
  const key = `subspace-typing-${gameId}`;
  const fields = ['move', 'move-message', 'message-text', 'plan-lines'];
  try {
    const kept = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (kept) {
      const values = JSON.parse(kept) as Record<string, string>;
      for (const id of fields) {
        const el = $<HTMLInputElement | HTMLTextAreaElement>('#' + id);
        // The lines box comes filled with the stored lines: what was being typed in it wins (tester 16 R1).
        if (el && !el.disabled && values[id] && (!el.value || id === 'plan-lines')) el.value = values[id];
      }
    }
  } catch {
    // No session storage (a private window's rules): the page works as before.
  }
  const keep = () => {
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
  };
  document.addEventListener('submit', (ev) => {
    const form = ev.target instanceof HTMLFormElement ? ev.target : null;
    // (Not a form whose confirmation was declined: the page stays, and so does what was typed.)
    if (form?.closest('.actions') && !ev.defaultPrevented) keep();
  });
  document.addEventListener('click', (ev) => {
    if (ev.target instanceof Element && ev.target.closest('#flip')) keep();
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
