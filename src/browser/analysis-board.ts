// A player's analysis board (src/worker/pages/analysis-board.tsx): a line tried from any ply of
// the game, step by step through GET /api/games/:id/explore (the board and the legal turns
// there; no evaluation), notes per turn, and the seat's variations kept with PUT …/notes.
// Turns are picked on the board as on the game's (turn-picker.ts: click or Tab/arrows/Enter;
// tester 19 Z5), or from the list of legal turns, grouped by where they start.
import { makeBoardButtons } from './board-keyboard.ts';
import { type BoardPlace, keysAt } from './board-marks.ts';
import { $, st } from './page.ts';
import { keyLabel, keysOf, plansOf, type Plan } from './turn-keys.ts';
import { turnPicker } from './turn-picker.ts';

interface Turn {
  move: string;
  note?: string;
}
interface Variation {
  name: string;
  from: number;
  turns: Turn[];
}

export function startAnalysisBoard(id: string, token: string): void {
  const section = $('#analysis-board');
  const work = $('#ab-work');
  if (!section || !work) return;
  work.hidden = false;
  let variations: Variation[] = [];
  let from = Number(section.getAttribute('data-ply')) || 0;
  let line: Turn[] = [];
  /** The legal turns on the board shown, as click steps, and whose turn it is there; none while a board is fetched. */
  let plans: Plan[] = [];
  let toMove = '';
  let fetching = false;
  const place: BoardPlace = { box: () => $('#ab-board'), chooser: () => $('#ab-chooser'), side: () => toMove };
  const picker = turnPicker(place, {
    plans: () => plans,
    // A whole turn is played on this board at once; one a platform's move may follow (Curved Space)
    // is chosen in the list, to play as it is with Play on this board.
    whole: (turn, more) => {
      if (!more) return play(turn);
      $<HTMLSelectElement>('#ab-legal')!.value = turn;
      status(turn + ': press Play on this board to play it as it is, or move a platform too.');
    },
    refused: (what) =>
      status(
        plans.length
          ? 'No turn starts at ' + what + ': pick a piece or platform of ' + (toMove === 'white' ? 'White' : 'Black') + '’s that can move.'
          : 'No turn to play here: the line has ended the game.',
        true,
      ),
    chose: () => {
      if (document.activeElement === document.body && !$('#ab-chooser:not([hidden]) button')) $('#ab-play')?.focus();
    },
  });
  function play(move: string): void {
    line.push({ move });
    void explore();
  }

  const status = (text: string, error = false) => {
    const s = $('#ab-status')!;
    s.textContent = text;
    s.className = error ? 'msg error' : 'small';
  };
  /** A refusal about one box: said at the box (the browser's own message, which focuses it), and in the status line. */
  const refuse = (box: HTMLInputElement, text: string) => {
    box.setCustomValidity(text);
    box.reportValidity();
    box.addEventListener('input', () => box.setCustomValidity(''), { once: true });
    status(text, true);
  };
  const auth = (): Record<string, string> => (token ? { Authorization: 'Bearer ' + token } : {});

  function explore(): Promise<void> {
    plans = [];
    picker.clear();
    fetching = true;
    // Seen from the side the game page shows (the player's own).
    const orientation = document.getElementById('live')?.getAttribute('data-from') || 'white';
    const q = new URLSearchParams({ from: String(from), line: line.map((t) => t.move).join(' '), orientation });
    return fetch('/api/games/' + id + '/explore?' + q, { cache: 'no-store' })
      .then((r) => r.json().then((body) => ({ ok: r.ok, body })))
      .then(({ ok, body }) => {
        if (!ok) {
          status(body.error || 'That line cannot be shown.', true);
          return;
        }
        const board = $('#ab-board')!;
        board.innerHTML = body.svg; // our own server's picture
        toMove = body.sideToMove;
        plans = plansOf(body.legal as string[]);
        makeBoardButtons(board, board.querySelector('svg [data-hand][data-color="' + toMove + '"]'));
        line = line.map((t, i) => ({ ...t, move: body.line[i] ?? t.move }));
        fillLegal(body.legal);
        $<HTMLButtonElement>('#ab-play')!.disabled = !body.legal.length;
        drawLine();
        status(
          (body.sideToMove === 'white' ? 'White' : 'Black') +
            ' to move after ply ' +
            (from + line.length) +
            (body.outcome ? ': the line ends the game (' + body.outcome.result + ').' : ': ' + body.legal.length + ' legal turns.'),
        );
      })
      .catch(() => status('The board could not be fetched: check your connection.', true))
      .finally(() => {
        fetching = false;
      });
  }

  /** The legal turns in the list, grouped by where they start (a piece in hand, a cell, a platform): hundreds in Planar. */
  function fillLegal(legal: readonly string[]): void {
    const select = $<HTMLSelectElement>('#ab-legal')!;
    select.textContent = '';
    const groups = new Map<string, HTMLOptGroupElement>();
    for (const text of legal) {
      const first = keysOf(text)?.[0];
      const label = first ? 'From ' + keyLabel(first) : 'Other turns';
      let group = groups.get(label);
      if (!group) {
        group = document.createElement('optgroup');
        group.label = label;
        groups.set(label, group);
        select.appendChild(group);
      }
      const o = document.createElement('option');
      o.value = o.textContent = text;
      group.appendChild(o);
    }
  }

  function drawLine(): void {
    const ol = $('#ab-line')!;
    ol.textContent = '';
    line.forEach((t, i) => {
      const li = document.createElement('li');
      const ply = from + i + 1;
      const code = document.createElement('code');
      code.textContent = 'ply ' + ply + ': ' + t.move;
      const note = document.createElement('input');
      note.type = 'text';
      note.maxLength = 1000;
      note.value = t.note ?? '';
      note.setAttribute('aria-label', 'Note on ply ' + ply + ' (' + t.move + ')');
      note.placeholder = 'note';
      note.addEventListener('input', () => {
        t.note = note.value;
      });
      li.append(code, ' ', note);
      ol.appendChild(li);
    });
  }

  function drawSaved(): void {
    const ul = $('#ab-saved')!;
    ul.textContent = '';
    if (!variations.length) {
      const li = document.createElement('li');
      li.className = 'small';
      li.textContent = 'None yet.';
      ul.appendChild(li);
    }
    variations.forEach((v, i) => {
      const li = document.createElement('li');
      const name = document.createElement('strong');
      name.textContent = v.name;
      const turns = document.createElement('code');
      turns.textContent = v.turns.map((t) => t.move).join(' ') || '(no turns)';
      li.append(name, ' (after ply ' + v.from + '): ', turns, ' ');
      const notes = v.turns.filter((t) => t.note);
      if (notes.length) {
        const sub = document.createElement('ul');
        sub.className = 'small';
        v.turns.forEach((t, j) => {
          if (!t.note) return;
          const n = document.createElement('li');
          n.textContent = 'ply ' + (v.from + j + 1) + ' ' + t.move + ': ' + t.note;
          sub.appendChild(n);
        });
        li.appendChild(sub);
      }
      for (const [what, label] of [
        ['open', 'Open'],
        ['delete', 'Delete'],
      ] as const) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'secondary';
        b.textContent = label;
        b.setAttribute('aria-label', label + ' ' + v.name);
        b.addEventListener('click', () => (what === 'open' ? open(i) : remove(i)));
        li.append(b, ' ');
      }
      ul.appendChild(li);
    });
  }

  function open(i: number): void {
    const v = variations[i]!;
    from = v.from;
    line = v.turns.map((t) => ({ ...t }));
    $<HTMLInputElement>('#ab-from')!.value = String(from);
    $<HTMLInputElement>('#ab-name')!.value = v.name;
    void explore();
  }

  function put(next: Variation[], done: string): void {
    fetch('/api/games/' + id + '/notes', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...auth() },
      body: JSON.stringify({ variations: next }),
    })
      .then((r) => r.json().then((body) => ({ ok: r.ok, body })))
      .then(({ ok, body }) => {
        if (!ok) return status('Not saved: ' + (body.error || 'the server refused it'), true);
        variations = body.variations;
        drawSaved();
        status(done);
      })
      .catch(() => status('Not saved: check your connection.', true));
  }

  function remove(i: number): void {
    const name = variations[i]!.name;
    put(
      variations.filter((_, j) => j !== i),
      'Variation "' + name + '" deleted.',
    );
  }

  // The game moved on while the board was untouched (no line played on it, still at the game's last
  // ply): it follows the game, as a page opened now would start (tester 13 W11).
  let gamePly = from;
  document.addEventListener('subspace:ply', (ev) => {
    const ply = (ev as CustomEvent<{ ply: number }>).detail.ply;
    const box = $<HTMLInputElement>('#ab-from')!;
    box.max = String(ply);
    if (!line.length && from === gamePly) {
      from = ply;
      box.value = String(ply);
      void explore();
    }
    gamePly = ply;
  });

  $('#ab-start')!.addEventListener('click', () => {
    const box = $<HTMLInputElement>('#ab-from')!;
    const n = box.value.trim() === '' ? Number.NaN : Number(box.value);
    const last = st().ply; // the game's ply now: the box's max is the page's first
    box.max = String(last);
    // Said, not quietly changed to another ply: the board would show a position not asked for.
    if (!Number.isInteger(n) || n < 0 || n > last) return refuse(box, 'Start after a ply from 0 (the start) to ' + last + ' (now).');
    box.setCustomValidity('');
    from = n;
    line = [];
    void explore();
  });
  $('#ab-play')!.addEventListener('click', () => {
    const move = $<HTMLSelectElement>('#ab-legal')!.value;
    if (move) play(move);
  });
  const board = $('#ab-board')!;
  board.addEventListener('click', (ev) => {
    const keys = ev.target instanceof Element ? keysAt(place, ev.target) : [];
    if (keys.length && !fetching) picker.step(keys, true);
  });
  board.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (!(t instanceof Element) || !t.hasAttribute('tabindex')) return;
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      if (!fetching) picker.step(keysAt(place, t));
      // A choice the turn needs (an orientation, a platform's number or turn-over) takes the keyboard.
      document.querySelector<HTMLButtonElement>('#ab-chooser:not([hidden]):not([data-optional]) button')?.focus();
    }
    if (ev.key === 'Escape') picker.clear();
  });
  $('#ab-back')!.addEventListener('click', () => {
    line.pop();
    void explore();
  });
  $('#ab-save')!.addEventListener('click', () => {
    const box = $<HTMLInputElement>('#ab-name')!;
    const name = box.value.trim();
    if (!name) return refuse(box, 'Give the variation a name first.');
    const mine: Variation = { name, from, turns: line.map((t) => (t.note ? { move: t.move, note: t.note } : { move: t.move })) };
    const next = variations.filter((v) => v.name !== name).concat(mine);
    put(next, 'Variation "' + name + '" saved: only you see it.');
  });

  // The saved variations as the server has them, and a board to start with.
  fetch('/api/games/' + id + '/notes', { headers: auth(), cache: 'no-store' })
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
    .then((body: { variations: Variation[] }) => {
      variations = body.variations;
      drawSaved();
    })
    .catch(() => {});
  void explore();
}
