// Every text of the board pictures is readable (issue 27): each text colour against each colour it
// is drawn on (cells also under the last-move tint) has at least 4.5:1 contrast (WCAG 1.4.3), and
// every text in real pictures of the four variants is set by one of those checked classes.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import type { BoardView } from '../../src/engine/types.ts';
import { GROUNDS, LABEL_GROUNDS, LABEL_STYLES, LAST_TINT } from '../../src/render/board-style.ts';
import { boardSvg } from '../../src/render/board-svg.ts';

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
};
/** `top` at `alpha` over `under`. */
const over = (top: Rgb, alpha: number, under: Rgb): Rgb => top.map((t, i) => t * alpha + under[i]! * (1 - alpha)) as Rgb;
const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** A class's text colour as painted: its fill, at its fill-opacity, over the ground. */
function textColour(cls: string, ground: Rgb): Rgb {
  const paint = LABEL_STYLES[cls]!.paint;
  const fill = /fill:(#[0-9a-fA-F]{3,6})/.exec(paint)?.[1];
  if (!fill) throw new Error(`${cls} has no fill colour`);
  const alpha = Number(/fill-opacity:([\d.]+)/.exec(paint)?.[1] ?? 1);
  return over(rgb(fill), alpha, ground);
}

function view(variant: string, options: object, turns: string[]): BoardView {
  const game = Game.replay(variant, options, turns);
  if (!game.ok) throw new Error(game.error.message);
  return game.value.variant.view(game.value.position) as BoardView;
}

/** Pictures with every kind of text: vacant pins, platforms with owners, worm-hole letters, badges, hands, check. */
const PICTURES = [
  boardSvg(view('first-contact', {}, [])),
  boardSvg(view('first-contact', {}, ['@Wa4u', '@Bd4d', '@Wd1u']), { lastMove: ['Wd1u'] }),
  boardSvg(view('warp-factor', {}, ['Wb2-Wb3', 'Bb3-Bb2']), { lastMove: ['Bb3', 'Bb2'] }),
  boardSvg(view('curved-space', { platforms: 2 }, ['1@Wa1u', '2@Bd4u', 'K@Wd4', 'K@Ba1']), { lastMove: ['Ba1'] }),
  boardSvg(view('planar', {}, ['K@Ab1', 'K@Dc4=XY', 'R@Ab2=XZ', 'R@Dc3=YZ'])),
];

describe('board picture text contrast', () => {
  it('every text class is at least 4.5:1 on everything it is drawn on', () => {
    const low: string[] = [];
    for (const [cls, where] of Object.entries(LABEL_GROUNDS)) {
      for (const name of where.on) {
        const plain = rgb(GROUNDS[name]);
        const grounds: [string, Rgb][] = [[name, plain]];
        if (where.tinted) grounds.push([`${name} under the last-move tint`, over(rgb(LAST_TINT.color), LAST_TINT.opacity, plain)]);
        for (const [label, ground] of grounds) {
          const ratio = contrast(textColour(cls, ground), ground);
          if (ratio < 4.5) low.push(`${cls} on ${label}: ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(low).toEqual([]);
  });

  it('every text in the pictures is set by a checked class, never by its own colour', () => {
    const classes = new Set<string>();
    for (const svg of PICTURES)
      for (const m of svg.matchAll(/<text\b([^>]*)>/g)) {
        const attrs = m[1]!;
        expect(attrs, 'a text with its own fill').not.toMatch(/\bfill=|style=/);
        const cls = /class="([^"]+)"/.exec(attrs)?.[1];
        expect(cls, `a text without a class: ${m[0]}`).toBeDefined();
        classes.add(cls!);
      }
    for (const cls of classes) expect(LABEL_GROUNDS[cls], `${cls} has no grounds listed`).toBeDefined();
    // The pictures do use the small labels the check is about.
    for (const cls of ['ssb-ghostmark', 'ssb-coord', 'ssb-plabel', 'ssb-badge', 'ssb-head']) expect(classes.has(cls), cls).toBe(true);
  });

  it('labels are at least 10 px at the picture’s natural size', () => {
    for (const [cls, style] of Object.entries(LABEL_STYLES)) expect(style.size, cls).toBeGreaterThanOrEqual(10);
  });
});
