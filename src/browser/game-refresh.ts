// Swapping in the current #live region (GET /games/:id?partial=1) after a live update, a sent turn
// or a refused one, keeping what the reader was doing: the typed turn, messages being written,
// an earlier position being looked at.
import { announce, focusOnWords, type GamePage, live, type RefreshOptions, sideName, st } from './page.ts';
import { markReplay } from './replay.ts';

interface RefreshParts {
  page: GamePage;
  /** The page's own query: its token and the `from` it was opened with. */
  token: string;
  from: string | null;
  /** Dropping the clicks made so far (the board they were made on is gone). */
  forgetChoice(): void;
  /** Marking the clicks made so far on the board now shown (the same position, redrawn). */
  showChoice(): void;
  /** Makes the new region's board and buttons work (the page's own set-up). */
  setup(): void;
  /** Loads the legal turns for the position now shown. */
  loadLegal(): Promise<void>;
}

/**
 * Where the keyboard is in the region, as the new region may have it again: its id, the action
 * form it is in (those buttons have none) or its board cell; '' when it is in the region but has
 * nothing to find it by; null when it is not in the region (tester 9 U19: focus fell to the body).
 */
function focusKey(): string | null {
  const a = document.activeElement;
  if (!a || !live().contains(a)) return null;
  if (a.id) return '#' + CSS.escape(a.id);
  const form = a.closest('form[data-action]');
  if (form) return 'form[data-action="' + form.getAttribute('data-action') + '"] button';
  const cell = a.closest('[data-cell]');
  return cell ? '#board [data-cell="' + cell.getAttribute('data-cell') + '"]' : '';
}

/** Focus back where it was, or on the status line (which says what changed) when that is gone. */
function refocus(key: string | null): void {
  if (key === null) return;
  const el = key ? document.querySelector<HTMLElement>(key) : null;
  if (el) return el.focus();
  focusOnWords(document.getElementById('status'), false);
}

/** What the opponent asks (their offers and requests) and has written, as the region shows them. */
function heard(): { asks: string[]; messages: string[] } {
  const you = st().you;
  return {
    asks: [...document.querySelectorAll('#live p.msg.info:not([data-own-offer])')].map((p) => p.textContent?.trim() ?? ''),
    messages: you ? [...document.querySelectorAll(`#messages li:not([data-side="${you}"]) .message-text`)].map((m) => m.textContent ?? '') : [],
  };
}

/**
 * The region is swapped whole, so its live regions are new and a screen reader reads none of them:
 * the opponent's new offer or request and new message are said aloud (tester 13 W2).
 */
function news(before: { asks: string[]; messages: string[] }): string[] {
  const now = heard();
  const asks = now.asks.filter((a) => a && !before.asks.includes(a));
  const written = now.messages.length > before.messages.length ? now.messages.slice(before.messages.length) : [];
  return [...asks, ...written.map((m) => 'Your opponent wrote: ' + m)];
}

export function makeRefresh(parts: RefreshParts): (options?: RefreshOptions) => Promise<void> {
  const { page, token, from } = parts;
  return ({ keepText = false, keepReplay = false, keepAnyPly = false } = {}) => {
    const before = st();
    const input = document.querySelector<HTMLInputElement>('#move');
    const text = keepText && input ? input.value : '';
    // Messages being written survive the swap too.
    const drafts = keepText
      ? ['message-text', 'move-message'].map((k) => [k, (document.getElementById(k) as HTMLTextAreaElement | null)?.value ?? ''] as const)
      : [];
    // A move that arrives while the reader looks at an earlier position must not pull them away.
    const viewing = keepReplay ? page.viewPly : null;
    const replayed = viewing === null ? null : document.querySelector('#board svg');
    const q = new URLSearchParams({ partial: '1' });
    if (token) q.set('token', token);
    if (from) q.set('from', from);
    page.viewPly = null;
    return fetch(location.pathname + '?' + q, { cache: 'no-store' })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        const focused = focusKey();
        // What the page said (a turn just sent and the planned reply to it) stays when the region
        // comes back at the ply already shown with nothing to say: a live update that crossed the
        // page's own refresh would otherwise wipe it.
        const said = document.querySelector('#flash')?.innerHTML ?? '';
        const shownPly = st().ply;
        const shownStatus = st().status;
        const heardBefore = heard();
        live().outerHTML = html;
        const flashNow = document.querySelector('#flash');
        // Not past the game's end at that ply (a resignation): the old words are over too (tester 19 Z4).
        if (said.trim() && flashNow && !flashNow.innerHTML.trim() && st().ply === shownPly && st().status === shownStatus) flashNow.innerHTML = said;
        const after = st();
        // A redraw at the same position (a message, an offer) keeps a half-made pick (tester 9 U19); a new one drops it.
        const samePosition = after.ply === before.ply && after.position === before.position;
        if (!samePosition) parts.forgetChoice();
        const i2 = document.querySelector<HTMLInputElement>('#move');
        if (i2 && text && (keepAnyPly || after.ply === before.ply)) i2.value = text;
        for (const [k, draft] of drafts) {
          let box = document.getElementById(k) as HTMLTextAreaElement | null;
          // A message written to go with a turn that can no longer be played goes to the message box.
          if (box?.disabled && k === 'move-message') box = document.getElementById('message-text') as HTMLTextAreaElement | null;
          if (box && draft && !box.disabled && !box.value) box.value = draft;
        }
        parts.setup();
        // The page's other parts that follow the game (the analysis board) hear of a new ply.
        if (after.ply !== before.ply) document.dispatchEvent(new CustomEvent('subspace:ply', { detail: { ply: after.ply } }));
        // After the set-up, which makes the board's cells focusable.
        refocus(focused);
        const now = document.querySelector('#board svg');
        if (viewing !== null && replayed && now && viewing < after.ply) {
          now.replaceWith(replayed);
          const last = document.querySelector('#status code')?.textContent;
          const news = after.ply !== before.ply && last ? sideName(before.toMove) + ' played ' + last + ': press Now to see it.' : '';
          markReplay(page, viewing, news);
          if (news) announce(news);
        }
        // One announcement of everything new (a second would cut the first short).
        const said2: string[] = [];
        if (after.ply !== before.ply) {
          const last = document.querySelector('#status code');
          if (last && after.you && after.you === after.toMove)
            said2.push('Your turn. ' + (before.you === before.toMove ? '' : 'Your opponent played ' + last.textContent + '.'));
        }
        if (after.status !== 'active' && before.status === 'active') said2.push(document.querySelector('#status .result')?.textContent ?? 'The game is over.');
        else said2.push(...news(heardBefore));
        if (said2.length) announce(said2.join(' '));
        return parts.loadLegal().then(() => {
          if (samePosition) parts.showChoice();
        });
      });
  };
}
