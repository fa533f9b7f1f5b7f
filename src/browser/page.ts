// The game page as the script sees it: the #live region's data attributes, and the places
// where it speaks (flash messages, the preview box, the screen-reader announcements).

export interface RefreshOptions {
  /** Keep the typed turn (when the ply is unchanged) and the messages being written. */
  keepText?: boolean;
  /** A live update: a reader looking at an earlier position stays there. */
  keepReplay?: boolean;
  /** Keep the typed turn even when the game moved on (a turn refused as stale, shown to its player). */
  keepAnyPly?: boolean;
}

/** What the parts of the script share (game.ts owns it). */
export interface GamePage {
  readonly id: string | null;
  /** The ply the board shows while replaying; null: the current position. */
  viewPly: number | null;
  /** Swaps in the current #live region (game-refresh.ts). */
  refresh(options?: RefreshOptions): Promise<void>;
  /** Drops the clicks made so far. */
  forgetChoice(): void;
}

export const sideName = (c: string | null) => (c === 'white' ? 'White' : 'Black');

export function $<E extends HTMLElement = HTMLElement>(selector: string): E | null {
  return document.querySelector<E>(selector);
}

/** The part of the page that live updates replace. */
export function live(): HTMLElement {
  return document.getElementById('live')!;
}

/** The game as the page last showed it. */
export function st() {
  const d = live();
  return {
    ply: Number(d.getAttribute('data-ply')),
    position: d.getAttribute('data-position'),
    updated: d.getAttribute('data-updated'),
    status: d.getAttribute('data-status'),
    toMove: d.getAttribute('data-side-to-move'),
    you: d.getAttribute('data-you'),
    /** Live updates go on: the game is going, or (a game played by links) its rematch may be offered or answered. */
    follow: d.getAttribute('data-status') === 'active' || d.hasAttribute('data-rematch-open'),
  };
}

export function myTurn(): boolean {
  const s = st();
  return s.status === 'active' && s.you !== '' && s.you === s.toMove;
}

/** Said by screen readers (emptied first, so the same words are said again). */
export function announce(text: string): void {
  const a = document.getElementById('announce');
  if (a) {
    a.textContent = '';
    setTimeout(() => {
      a.textContent = text;
    }, 30);
  }
}

export function errorNode(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = 'msg error';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  return p;
}

/** The message above the board (replaces the one before). */
export function flash(kind: 'error' | 'info' | 'ok', text: string): void {
  const f = document.getElementById('flash');
  if (!f) return;
  f.textContent = '';
  if (text) {
    let p: HTMLParagraphElement;
    if (kind === 'error') p = errorNode(text);
    else {
      p = document.createElement('p');
      p.className = 'msg ' + kind;
      p.textContent = text;
    }
    f.appendChild(p);
  }
}

/** Shows `node` in the preview box, or hides the box. A new answer there outdates an error above the board. */
export function setPreview(node: Node | null): void {
  const box = $('#preview');
  if (!box) return;
  box.textContent = '';
  if (node) {
    for (const old of document.querySelectorAll('#flash .msg.error')) old.remove();
    box.appendChild(node);
    box.hidden = false;
  } else box.hidden = true;
}

/** Keeps the secret link clean of one-off messages (so a reload does not repeat them). */
export function cleanAddress(params: URLSearchParams, token: string): void {
  if (!params.has('error') && !params.has('ok') && !params.has('do')) return;
  const clean = new URLSearchParams();
  if (token) clean.set('token', token);
  history.replaceState(null, '', location.pathname + (token ? '?' + clean : ''));
}

/**
 * The keyboard goes on from `el`, words the page shows (made focusable for it), not from the top of
 * the page: after a form's answer, a sent turn, or a redraw that took away what had the focus.
 */
export function focusOnWords(el: HTMLElement | null, preventScroll = true): void {
  el?.setAttribute('tabindex', '-1');
  el?.focus({ preventScroll });
}
