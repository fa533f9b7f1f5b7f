// Turn text -> click steps: each legal turn becomes the keys of the clicks that make it
// (from, to / hand piece, cell / pin, pin / cell, orientation ...).

const PIN = '[WNB](?:a1|d1|a4|d4)[ud]';
const CELL = '[WNB](?:a1|d1|a4|d4)[ud]:[ab][12]|[WNB][a-d][1-4]|[A-D][a-d][1-4]';
const PIN_MOVE = new RegExp('^(' + PIN + ')-(' + PIN + ')$');
const PIECE_MOVE = new RegExp('^(' + CELL + ')[-x](' + CELL + ')$');

/** One legal turn of this ply and the clicks that make it. */
export interface Plan {
  readonly text: string;
  readonly keys: string[];
}

/** A position's legal turns (as `GET …/legal` and the analysis board list them) as click steps; a turn the board cannot click is left out. */
export const plansOf = (legal: readonly string[]): Plan[] => legal.map((text) => ({ text, keys: keysOf(text) })).filter((p): p is Plan => p.keys !== null);

/** The click keys of one turn's text; null when the turn cannot be made by clicks. */
export function keysOf(text: string): string[] | null {
  const t = text.replace(/[+#]+$/, '');
  const amp = t.indexOf('&');
  if (amp > 0) {
    const a = keysOf(t.slice(0, amp));
    const b = keysOf(t.slice(amp + 1));
    return a && b ? a.concat(b) : null;
  }
  let m: RegExpExecArray | null;
  if ((m = /^([KQRBNP])@([^=]+)(?:=(XY|XZ|YZ))?$/.exec(t))) return ['hand:' + m[1], m[2]!].concat(m[3] ? ['orient:' + m[3]] : []);
  if ((m = /^(\d+)@(.+)$/.exec(t))) return [m[2]!, 'number:' + m[1]];
  if ((m = /^@(.+)$/.exec(t))) return [m[1]!];
  if ((m = /^(.+?)=(XY|XZ|YZ)$/.exec(t))) return [m[1]!, 'orient:' + m[2]];
  if ((m = PIN_MOVE.exec(t))) return [m[1]!, m[2]!];
  if ((m = PIECE_MOVE.exec(t))) return [m[1]!, m[2]!];
  return null;
}

/** A key in words, for screen readers and the chooser buttons. */
export function keyLabel(key: string): string {
  if (key.indexOf('hand:') === 0) return 'piece in hand ' + key.slice(5);
  if (key.indexOf('orient:') === 0) return 'orientation ' + key.slice(7);
  if (key.indexOf('number:') === 0) return 'platform number ' + key.slice(7);
  return key;
}
