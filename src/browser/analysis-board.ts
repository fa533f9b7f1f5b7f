// A player's analysis board (src/worker/pages/analysis-board.tsx): a line tried from any ply of
// the game, step by step through GET /api/games/:id/explore (the board and the legal turns
// there; no evaluation), notes per turn, and the seat's variations kept with PUT …/notes.
import { $, st } from './page.ts';

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
        line = line.map((t, i) => ({ ...t, move: body.line[i] ?? t.move }));
        const select = $<HTMLSelectElement>('#ab-legal')!;
        select.textContent = '';
        for (const text of body.legal as string[]) {
          const o = document.createElement('option');
          o.value = o.textContent = text;
          select.appendChild(o);
        }
        $<HTMLButtonElement>('#ab-play')!.disabled = !body.legal.length;
        drawLine();
        status(
          (body.sideToMove === 'white' ? 'White' : 'Black') +
            ' to move after ply ' +
            (from + line.length) +
            (body.outcome ? ': the line ends the game (' + body.outcome.result + ').' : ': ' + body.legal.length + ' legal turns.'),
        );
      })
      .catch(() => status('The board could not be fetched: check your connection.', true));
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
    if (!move) return;
    line.push({ move });
    void explore();
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
