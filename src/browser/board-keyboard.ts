// Keyboard on a board (the game's, the analysis board's): one Tab stop, arrow keys between cells (roving tabindex).

/** The boards a player picks turns on. */
const BOARDS = '#board svg, #ab-board svg';

/** The cells, pins and pieces in hand a click can pick, on the board in `box` (the game's by default). */
export function boardButtons(box: Element | null = document.querySelector('#board')): SVGElement[] {
  return Array.from(box?.querySelectorAll<SVGElement>('svg [data-button]') ?? []);
}

/**
 * Cells, pins and pieces in hand become buttons only once clicking them does something (without
 * the script they stay out of the Tab order); the board is one Tab stop, `first` if given.
 */
export function makeBoardButtons(box: Element | null, first?: Element | null): SVGElement[] {
  const buttons = boardButtons(box);
  buttons.forEach((el, i) => {
    el.setAttribute('tabindex', i ? '-1' : '0');
    el.setAttribute('role', 'button');
  });
  if (first && buttons.length) makeTabStop(first);
  return buttons;
}

function centre(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** The nearest button of the same board in the arrow's direction (straight on counts more than sideways). */
function rove(from: Element, key: string): SVGElement | null {
  const a = centre(from);
  let best: SVGElement | null = null;
  let bestScore = Infinity;
  for (const el of boardButtons(from.closest('svg')?.parentElement ?? null)) {
    if (el === from) continue;
    const b = centre(el);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const along = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
    const across = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    if (along < 4) continue;
    const score = along + across * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}

/** Makes `el` its board's one Tab stop. */
export function makeTabStop(el: Element): void {
  for (const b of boardButtons(el.closest('svg')?.parentElement ?? null)) b.setAttribute('tabindex', b === el ? '0' : '-1');
}

export function listenForArrowKeys(): void {
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element) || !t.closest(BOARDS) || !t.hasAttribute('tabindex')) return;
    if (!/^Arrow(Up|Down|Left|Right)$/.test(ev.key)) return;
    ev.preventDefault();
    const next = rove(t, ev.key);
    if (next) {
      makeTabStop(next);
      next.focus();
    }
  });
}
