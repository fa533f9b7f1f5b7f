// Keyboard on the board: one Tab stop, arrow keys between cells (roving tabindex).

/** The cells, pins and pieces in hand a click can pick. */
export function boardButtons(): SVGElement[] {
  return Array.from(document.querySelectorAll<SVGElement>('#board svg [data-button]'));
}

function centre(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** The nearest button in the arrow's direction (straight on counts more than sideways). */
function rove(from: Element, key: string): SVGElement | null {
  const a = centre(from);
  let best: SVGElement | null = null;
  let bestScore = Infinity;
  for (const el of boardButtons()) {
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

/** Makes `el` the board's one Tab stop. */
export function makeTabStop(el: Element): void {
  for (const b of boardButtons()) b.setAttribute('tabindex', b === el ? '0' : '-1');
}

export function listenForArrowKeys(): void {
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element) || !t.closest('#board svg') || !t.hasAttribute('tabindex')) return;
    if (!/^Arrow(Up|Down|Left|Right)$/.test(ev.key)) return;
    ev.preventDefault();
    const next = rove(t, ev.key);
    if (next) {
      makeTabStop(next);
      next.focus();
    }
  });
}
