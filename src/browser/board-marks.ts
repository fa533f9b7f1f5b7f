// The board's marks for click-to-move: which keys a clicked element stands for, the elements
// of a key, and the selected / target marks drawn on the SVG. For any board drawn on the page
// with its chooser (a `BoardPlace`): the game's, and the analysis board's (tester 19 Z5).
import { $, st } from './page.ts';
import { keyLabel } from './turn-keys.ts';

const SVGNS = 'http://www.w3.org/2000/svg';

/** A board on the page: where its picture is, its chooser, and whose pieces in hand may be picked. */
export interface BoardPlace {
  readonly box: () => HTMLElement | null;
  readonly chooser: () => HTMLElement | null;
  readonly side: () => string | null;
}

/** The game's board: the player's own pieces in hand. */
export const GAME_BOARD: BoardPlace = { box: () => $('#board'), chooser: () => $('#chooser'), side: () => st().you };

const pictureOf = (place: BoardPlace) => place.box()?.querySelector('svg') ?? null;

/** The keys a clicked element stands for: a cell, its platform's pin, a piece in hand. */
export function keysAt(place: BoardPlace, el: Element): string[] {
  const keys: string[] = [];
  const hand = el.closest('[data-hand]');
  if (hand) {
    if (hand.getAttribute('data-color') === place.side()) keys.push('hand:' + hand.getAttribute('data-hand'));
    return keys;
  }
  const cell = el.closest('[data-cell]');
  if (cell) keys.push(cell.getAttribute('data-cell')!);
  const pin = el.closest('[data-pin]');
  if (pin) keys.push(pin.getAttribute('data-pin')!);
  return keys;
}

export function clearMarks(place: BoardPlace): void {
  const svg = pictureOf(place);
  if (!svg) return;
  for (const n of svg.querySelectorAll('[data-mark]')) n.remove();
  for (const n of svg.querySelectorAll('[data-selected]')) n.removeAttribute('data-selected');
  for (const n of svg.querySelectorAll('[data-target]')) n.removeAttribute('data-target');
  const ch = place.chooser();
  if (ch) {
    ch.hidden = true;
    ch.textContent = '';
    ch.classList.remove('floating');
  }
}

/**
 * The chooser's buttons, in the order given, for the step after the picked cell (`near`): an
 * orientation or a platform number (`choices`), and targets with no button on the board (`offBoard`: a platform's turn-over
 * mark is too small to tap; with `then`, a platform to move after a whole turn). Nothing to offer:
 * it stays shut.
 */
export function openChooser(
  place: BoardPlace,
  choices: string[],
  offBoard: string[],
  then: boolean,
  near: Element | undefined,
  choose: (key: string) => void,
): void {
  const ch = place.chooser();
  if (!ch || !(choices.length + offBoard.length)) return;
  ch.hidden = false;
  // The optional step after a whole turn does not take the keyboard's focus (game.ts); a needed choice does.
  ch.toggleAttribute('data-optional', then);
  const lab = document.createElement('span');
  lab.textContent = then
    ? 'Then move a platform too (optional; or send the turn as it is):'
    : !choices.length
      ? 'Turn the platform over:'
      : choices[0]!.indexOf('orient:') === 0
        ? 'Orientation:'
        : 'Platform number:';
  ch.appendChild(lab);
  for (const k of [...choices, ...offBoard]) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'secondary';
    const choice = k.indexOf(':') > 0;
    b.textContent = choice ? k.split(':')[1]! : then ? k : k + (k.endsWith('u') ? ' \u25B3' : ' \u25BD');
    b.setAttribute(
      'aria-label',
      choice ? keyLabel(k) : then ? 'then move the platform ' + k : 'turn the platform over to ' + (k.endsWith('u') ? 'upright, ' : 'inverted, ') + k,
    );
    if (!choice) b.setAttribute('data-pin-choice', k);
    b.addEventListener('click', () => choose(k));
    ch.appendChild(b);
  }
  placeChooser(place, ch, near);
}

/**
 * The chooser (orientation, platform number, turn-over) opens beside the picked cell, kept inside
 * the window and off every marked target (testers 13 W1 and W3: it covered the targets, and a
 * click meant for one pressed its button): to the cell's right, else its left, below or above;
 * when each of those covers a target, just under the board.
 */
function placeChooser(place: BoardPlace, ch: HTMLElement, near: Element | undefined): void {
  ch.classList.remove('floating');
  ch.style.left = ch.style.top = '';
  if (!near) return;
  ch.classList.add('floating');
  const cell = near.getBoundingClientRect();
  const box = ch.getBoundingClientRect();
  const gap = 8;
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const clampX = (x: number) => Math.max(gap, Math.min(x, width - gap - box.width));
  const clampY = (y: number) => Math.max(gap, Math.min(y, height - gap - box.height));
  const boardBox = place.box();
  const avoid = [cell, ...Array.from(boardBox?.querySelectorAll('[data-target]') ?? [], (t) => t.getBoundingClientRect())];
  const free = ([x, y]: readonly [number, number]) => !avoid.some((r) => x < r.right && x + box.width > r.left && y < r.bottom && y + box.height > r.top);
  const middleY = cell.top + cell.height / 2 - box.height / 2;
  const middleX = cell.left + cell.width / 2 - box.width / 2;
  const candidates: [number, number][] = [
    [cell.right + gap, middleY],
    [cell.left - gap - box.width, middleY],
    [middleX, cell.bottom + gap],
    [middleX, cell.top - gap - box.height],
  ].map(([x, y]) => [clampX(x!), clampY(y!)] as [number, number]);
  const under = boardBox?.getBoundingClientRect();
  const [left, top] = candidates.find(free) ?? [clampX(middleX), under ? under.bottom + gap : cell.bottom + gap];
  ch.style.left = `${Math.round(left + window.scrollX)}px`;
  ch.style.top = `${Math.round(top + window.scrollY)}px`;
}

export function elementsFor(place: BoardPlace, key: string): SVGGraphicsElement[] {
  const svg = pictureOf(place);
  if (!svg) return [];
  if (key.indexOf('hand:') === 0)
    return Array.from(svg.querySelectorAll<SVGGraphicsElement>('[data-hand="' + key.slice(5) + '"][data-color="' + place.side() + '"]'));
  let els = Array.from(svg.querySelectorAll<SVGGraphicsElement>('[data-cell="' + key + '"]'));
  if (!els.length) els = Array.from(svg.querySelectorAll<SVGGraphicsElement>('[data-pin="' + key + '"]'));
  return els;
}

export function markTarget(el: SVGGraphicsElement): void {
  el.setAttribute('data-target', '');
  const bb = el.getBBox();
  // The pieces are drawn in a layer of their own over the cells (tester 19 Z6): a cell with a
  // piece on it, or a platform (data-pin) with pieces on its cells, gets a ring.
  const cell = el.getAttribute('data-cell');
  const occupied = !!el.ownerSVGElement?.querySelector(cell !== null ? '[data-piece="' + cell + '"]' : '[data-piece^="' + el.getAttribute('data-pin') + ':"]');
  const c = document.createElementNS(SVGNS, 'circle');
  c.setAttribute('cx', String(bb.x + bb.width / 2));
  c.setAttribute('cy', String(bb.y + bb.height / 2));
  c.setAttribute('r', String(Math.min(bb.width, bb.height) * (occupied ? 0.45 : 0.2)));
  c.setAttribute('class', occupied ? 'ssb-target-ring' : 'ssb-target-dot');
  c.setAttribute('data-mark', '');
  el.appendChild(c);
}
