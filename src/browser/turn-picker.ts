// Click-to-move on a board: the legal turns as click steps (turn-keys.ts), each click narrowing
// them, the next steps marked on the board and offered in its chooser (board-marks.ts). Shared by
// the game's board (game.ts) and the analysis board (analysis-board.ts, tester 19 Z5): each says
// what a whole turn does there and where a refused click is said.
import { type BoardPlace, clearMarks, elementsFor, markTarget, openChooser } from './board-marks.ts';
import { announce } from './page.ts';
import { keyLabel, type Plan } from './turn-keys.ts';

export interface TurnPickerHooks {
  /** The legal turns of the position shown, as click steps. */
  readonly plans: () => readonly Plan[];
  /**
   * The clicks make a whole turn (`more`: longer turns start with them too, offered in the
   * chooser as an optional step); `tapped`: by a click or a chooser's button, not the board's keys.
   */
  readonly whole: (turn: string, more: boolean, tapped: boolean) => void;
  /** No turn starts with this click: `what` names what was clicked. */
  readonly refused: (what: string) => void;
  /** After a chooser's button (which is gone with the chooser): where the keyboard goes on. */
  readonly chose?: () => void;
}

export interface TurnPicker {
  /** One click (or chooser button): the keys it may stand for. */
  step(keys: string[], tapped?: boolean): void;
  /** Marks the clicks so far on the board again; `quiet`: not said again (a redrawn board). */
  show(quiet?: boolean): void;
  /** Forgets the clicks so far and their marks. */
  clear(): void;
  /** Forgets the clicks so far, leaving the board as it is (about to be drawn anew). */
  forget(): void;
  /** Whether a turn is being picked (some clicks made). */
  picking(): boolean;
}

export function turnPicker(place: BoardPlace, hooks: TurnPickerHooks): TurnPicker {
  let chosen: string[][] = []; // the click steps so far: each the keys one click may stand for

  function matching(steps: string[][]): Plan[] {
    return hooks.plans().filter((p) => p.keys.length >= steps.length && steps.every((s, i) => s.indexOf(p.keys[i]!) >= 0));
  }

  function show(quiet = false): void {
    clearMarks(place);
    if (!chosen.length) return;
    const left = matching(chosen);
    for (const step of chosen) for (const k of step) for (const e of elementsFor(place, k)) e.setAttribute('data-selected', '');
    const n = chosen.length;
    const next: Record<string, true> = {};
    const choices: Record<string, true> = {};
    for (const p of left) {
      const k = p.keys[n];
      if (k === undefined) continue;
      if (/^(orient|number):/.test(k)) choices[k] = true;
      else next[k] = true;
    }
    // A target with no button on the board (a platform's turn-over mark is too small to tap):
    // offered as a button beside the board as well.
    const offBoard: string[] = [];
    for (const k of Object.keys(next)) {
      const els = elementsFor(place, k);
      els.forEach(markTarget);
      if (!els.some((e) => e.hasAttribute('data-button'))) offBoard.push(k);
    }
    const ck = Object.keys(choices).sort();
    // Off-board keys after a whole turn are a platform to move as well (Curved Space's after-capture), not a turn-over (tester 13 W6).
    const then = !ck.length && left.some((p) => p.keys.length === n);
    // A chooser's button ends a turn as a board cell does (tester 19 Z2).
    openChooser(place, ck, offBoard.sort(), then, elementsFor(place, chosen[n - 1]![0]!)[0], (k) => {
      step([k], true);
      hooks.chose?.();
    });
    const targets = Object.keys(next).concat(ck).map(keyLabel);
    if (targets.length && !quiet)
      announce(
        'Selected ' +
          chosen.map((s) => keyLabel(s[0]!)).join(', ') +
          '. ' +
          targets.length +
          ' possible: ' +
          targets.slice(0, 12).join(', ') +
          (targets.length > 12 ? ' and more' : '') +
          '.',
      );
  }

  function step(keys: string[], tapped = false): void {
    let tried = chosen.concat([keys]);
    if (!matching(tried).length) {
      // Not a continuation: start again from this click, or clear.
      tried = [keys];
      if (!matching(tried).length) {
        chosen = [];
        show();
        // Said where it is seen, naming what was clicked (tester 13 W15: the board ignored the click in silence).
        if (keys.length) hooks.refused(elementsFor(place, keys[0]!)[0]?.getAttribute('aria-label') ?? keyLabel(keys[0]!));
        return;
      }
    }
    chosen = tried;
    const left = matching(chosen);
    const complete = left.filter((p) => p.keys.length === chosen.length);
    const more = left.some((p) => p.keys.length > chosen.length);
    if (complete.length === 1) {
      if (!more) {
        chosen = [];
        show();
      }
      hooks.whole(complete[0]!.text, more, tapped);
      if (!more) return;
    }
    show();
  }

  return {
    step,
    show,
    clear: () => {
      chosen = [];
      show();
    },
    forget: () => {
      chosen = [];
    },
    picking: () => chosen.length > 0,
  };
}
