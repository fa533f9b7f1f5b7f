import { describe, it, expect } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import type { BoardView } from '../../src/engine/types.ts';
import { describeView } from '../../src/render/board-description.ts';
import { boardSvg } from '../../src/render/board-svg.ts';
import { escapeXml } from '../../src/render/xml.ts';
import { PIECE_PATHS } from '../../src/render/piece-paths.ts';
import { LABEL_GLYPHS } from '../../src/render/label-glyphs.ts';

// ---- helpers --------------------------------------------------------------------

/**
 * A small well-formedness check: tags balance, one root element, attributes are
 * name="value" without '<' and without duplicates, and every '&' in text or
 * attributes starts a known entity. Throws with the offset of the first problem.
 */
function checkXml(xml: string): void {
  const entity = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
  const checkText = (text: string, at: number) => {
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '<') throw new Error(`stray '<' at ${at + i}`);
      if (text[i] === '&' && !entity.test(text.slice(i))) throw new Error(`bad '&' at ${at + i}`);
    }
  };
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>/y;
  const attr = /([A-Za-z_:][\w:.-]*)="([^"<]*)"/g;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (text.trim() && stack.length === 0) throw new Error(`text outside the root at ${i}`);
    checkText(text, i);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [whole, close, name, attrs, selfClose] = m;
    if (close) {
      if (attrs || selfClose) throw new Error(`malformed end tag at ${lt}`);
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> at ${lt} closes <${open}>`);
    } else {
      const seen = new Set<string>();
      for (const a of attrs!.matchAll(attr)) {
        if (seen.has(a[1]!)) throw new Error(`duplicate attribute ${a[1]} at ${lt}`);
        seen.add(a[1]!);
        checkText(a[2]!, lt);
      }
      if (stack.length === 0) roots++;
      if (!selfClose) stack.push(name!);
    }
    i = lt + whole.length;
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

/** The inner markup of the element carrying data-cell="name" (cells hold no nested groups). */
function cellMarkup(svg: string, name: string): string {
  const m = new RegExp(`<g data-cell="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</g>`).exec(svg);
  if (!m) throw new Error(`no data-cell="${name}"`);
  return m[1]!;
}

/** The markup of the piece on cell `name`, in the pieces' layer drawn over the cells (undefined: none there). */
function pieceMarkup(svg: string, name: string): string | undefined {
  const layer = /<g class="ssb-pieces" aria-hidden="true">([\s\S]*)<\/g><\/svg>$/.exec(svg)?.[1] ?? '';
  return new RegExp(`<g data-piece="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">([\\s\\S]*?)</g>`).exec(layer)?.[1];
}

/** Where the picture's texts of some classes are (anchor point, class, characters). */
const textsOf = (svg: string, classes: readonly string[]) =>
  [...svg.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)" class="([\w-]+)">([^<]*)<\/text>/g)]
    .filter((m) => classes.includes(m[3]!))
    .map((m) => ({ x: Number(m[1]), y: Number(m[2]), cls: m[3]!, text: m[4]! }));

const dataCells = (svg: string) => [...svg.matchAll(/data-cell="([^"]*)"/g)].map((m) => m[1]!);

function engineView(variant: string, turns: string[] = []): BoardView {
  const game = Game.replay(variant, {}, turns);
  if (!game.ok) throw new Error(game.error.message);
  return game.value.variant.view(game.value.position) as BoardView;
}

const FIXED = ['W', 'N', 'B'].flatMap((l) => ['a', 'b', 'c', 'd'].flatMap((f) => [1, 2, 3, 4].map((r) => `${l}${f}${r}`)));
const PLATFORM_LOCALS = ['a1', 'b1', 'a2', 'b2'];
/** The outline a picture draws for a piece of this role (pieces are ready-made paths, not font glyphs). */
const GLYPH = Object.fromEntries(Object.entries(PIECE_PATHS).map(([role, d]) => [role, ` d="${d}"`])) as Record<keyof typeof PIECE_PATHS, string>;

const curvedSpace: BoardView = {
  variant: 'curved-space',
  sideToMove: 'black',
  phase: 'play',
  cells: [
    { cell: 'Wb1', color: 'white', role: 'K' },
    { cell: 'Wa1u:b2', color: 'white', role: 'N' },
    { cell: 'Nd1d:a1', color: 'white', role: 'P' },
    { cell: 'Bc4', color: 'black', role: 'K' },
    { cell: 'Bb2', color: 'black', role: 'R' },
  ],
  platforms: [
    { pin: 'Wa1u', up: true, number: 1 },
    { pin: 'Nd1d', up: false, number: 2, locked: true },
    { pin: 'Bd4u', up: true, number: 3 },
    { pin: 'Na4u', up: true, number: 4 },
  ],
  hands: { white: { Q: 1, R: 2, B: 2, N: 1, P: 7 }, black: { Q: 1, R: 1, B: 2, N: 2, P: 8 } },
  wormhole: 'W P1 P2 N B P3 N P4',
  check: true,
};

const planar: BoardView = {
  variant: 'planar',
  sideToMove: 'white',
  phase: 'play',
  cells: [
    { cell: 'Ab1', color: 'white', role: 'K', orientation: 'XY' },
    { cell: 'Bc2', color: 'white', role: 'R', orientation: 'XZ' },
    { cell: 'Cb3', color: 'white', role: 'N', orientation: 'YZ' },
    { cell: 'Dc4', color: 'black', role: 'K' },
  ],
  hands: { white: { Q: 1, P: 8 }, black: { Q: 1, R: 2, P: 8 } },
  check: false,
};

// ---- tests ---------------------------------------------------------------------

describe('boardSvg, Warp Factor start (from the engine)', () => {
  const view = engineView('warp-factor');
  const svg = boardSvg(view);

  it('is a well-formed standalone SVG document with a title and an aria-label', () => {
    checkXml(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(/^<svg[^>]* width="\d+(\.\d)?" height="\d+(\.\d)?" viewBox="0 0 [\d.]+ [\d.]+"/);
    expect(svg).toMatch(/<title>Warp Factor — White to move<\/title>/);
    expect(svg).toMatch(/^<svg[^>]* role="img" aria-label="Warp Factor\. White to move, phase play\./);
  });

  it('draws every fixed cell, every platform cell and every occupied cell as a data-cell', () => {
    const cells = new Set(dataCells(svg));
    for (const name of FIXED) expect(cells.has(name), name).toBe(true);
    for (const p of view.platforms!) for (const local of PLATFORM_LOCALS) expect(cells.has(`${p.pin}:${local}`)).toBe(true);
    for (const p of view.cells) expect(cells.has(p.cell), p.cell).toBe(true);
    // No cell drawn twice.
    const squares = dataCells(svg).filter((n) => n.includes(':') || /^[WNB][a-d][1-4]$/.test(n));
    expect(new Set(squares).size).toBe(squares.length);
    expect(squares.length).toBe(48 + 4 * view.platforms!.length);
  });

  it('shows each piece on its cell, white light and black dark', () => {
    expect(view.cells.length).toBe(32);
    for (const p of view.cells) {
      const inner = pieceMarkup(svg, p.cell);
      expect(inner).toContain(GLYPH[p.role]);
      expect(inner).toContain(p.color === 'white' ? 'ssb-w' : 'ssb-b');
      // The cell's button says what stands on it; the piece's outline is drawn over it.
      expect(cellMarkup(svg, p.cell)).not.toMatch(/ssb-p /);
    }
    expect(pieceMarkup(svg, 'Nb2')).toBeUndefined();
    expect(svg.match(/data-piece=/g)).toHaveLength(32);
  });

  it('labels the platforms with pin, orientation and owner, and marks vacant pins', () => {
    for (const pin of ['Wa1u', 'Wd1u', 'Ba4u', 'Bd4u']) {
      expect(svg).toContain(`<g data-pin="${pin}">`);
      expect(cellMarkup(svg, pin)).toContain(`${pin} ▲`);
    }
    expect(cellMarkup(svg, 'Wa1u')).toMatch(/owned by white/);
    expect(cellMarkup(svg, 'Ba4u')).toMatch(/owned by black/);
    // The eight vacant pins, in both orientations.
    for (const pin of ['Wa4', 'Wd4', 'Na1', 'Nd1', 'Na4', 'Nd4', 'Ba1', 'Bd1']) {
      expect(dataCells(svg)).toContain(`${pin}u`);
      expect(dataCells(svg)).toContain(`${pin}d`);
    }
    // Flip targets of placed platforms only when interactive.
    expect(dataCells(svg)).not.toContain('Wa1d');
    expect(dataCells(boardSvg(view, { interactive: true }))).toContain('Wa1d');
  });

  it('shows side to move, phase, coordinates and level names', () => {
    expect(svg).toContain('White to move · play');
    for (const t of ['>a<', '>d<', '>1<', '>4<', '>W<', '>N<', '>B<']) expect(svg).toContain(t);
    expect(svg).toMatch(/White in hand — to move<\/text><text[^>]*>none</);
  });

  it('wraps a long result so it ends before the attack board beside the header, from either side', () => {
    // 12 px bold (ssb-head), as the PNG lays it out: advances of 20 px glyphs.
    const width = (t: string) => [...t].reduce((w, ch) => w + (LABEL_GLYPHS.bold[ch]?.[0] ?? 20), 0) * (12 / 20);
    for (const result of ['Black won by resignation (0-1).', 'Drawn by threefold repetition (1/2-1/2).'])
      for (const [from, pin] of [
        ['white', 'Ba4u'],
        ['black', 'Wd1u'],
      ] as const) {
        const drawn = boardSvg(view, { result, from });
        const lines = [...drawn.matchAll(/<text x="([\d.]+)" y="[\d.]+" class="ssb-head">([^<]*)<\/text>/g)].filter((m) => !m[2]!.includes('in hand'));
        expect(lines.map((m) => m[2]).join(' ')).toBe(result);
        const left = Number(new RegExp(`<g data-pin="${pin}"[^>]*>(?:<[^>]*>)*?<rect x="([\\d.]+)"`).exec(drawn)?.[1]);
        expect(left, `${pin} from ${from}`).toBeGreaterThan(0);
        for (const m of lines) expect(Number(m[1]) + width(m[2]!), `"${m[2]}" from ${from}`).toBeLessThan(left - 10);
      }
  });
});

describe('boardSvg, First Contact (from the engine)', () => {
  it('lists the hands with counts and the vacant pins in the placement phase', () => {
    const view = engineView('first-contact');
    const svg = boardSvg(view);
    checkXml(svg);
    expect(svg).toContain('White to move · platforms');
    for (const color of ['white', 'black'])
      for (const [role, n] of [
        ['K', 1],
        ['Q', 1],
        ['R', 2],
        ['B', 2],
        ['N', 2],
        ['P', 8],
      ] as const) {
        const m = new RegExp(`<g data-hand="${role}" data-color="${color}">([\\s\\S]*?)</g>`).exec(svg);
        expect(m, `${color} ${role}`).not.toBeNull();
        expect(m![1]).toContain(GLYPH[role]);
        expect(m![1]).toContain(`×${n}`);
      }
    expect(dataCells(svg).filter((n) => /^[WNB](a1|d1|a4|d4)[ud]$/.test(n)).length).toBe(24);
    expect(describeView(view)).toContain('White in hand: 1 king, 1 queen, 2 rooks, 2 bishops, 2 knights, 8 pawns.');
  });

  it('tints the last move and dots the highlighted cells', () => {
    const view = engineView('first-contact', ['@Wa1u', '@Bd4d', '@Nd1d', '@Na4u', 'K@Wb1', 'K@Bc4', 'N@Wc1']);
    const svg = boardSvg(view, { lastMove: ['Wc1'], highlight: ['Wd3', 'Wb1', 'Nd1d'] });
    checkXml(svg);
    expect(cellMarkup(svg, 'Wc1')).toContain('ssb-last');
    expect(pieceMarkup(svg, 'Wc1')).toContain(GLYPH.N);
    expect(cellMarkup(svg, 'Wc2')).not.toContain('ssb-last');
    expect(cellMarkup(svg, 'Wd3')).toContain('ssb-dot');
    expect(cellMarkup(svg, 'Wb1')).toContain('ssb-ring'); // occupied target: a ring, not a dot
    expect(cellMarkup(svg, 'Wa2')).not.toMatch(/ssb-dot|ssb-ring/);
    expect(svg).toMatch(/<g data-pin="Nd1d">(?:(?!<\/g><\/g>)[\s\S])*ssb-dot/);
    expect(cellMarkup(svg, 'Bd4d')).toContain('Bd4d ▼');
    expect(cellMarkup(svg, 'Wa1u')).toContain('Wa1u ▲');
  });
});

describe('boardSvg, Curved Space (hand-built view)', () => {
  const svg = boardSvg(curvedSpace, { lastMove: ['Bb2', 'Wd1'] });

  it('is well-formed and draws every cell of the view', () => {
    checkXml(svg);
    const cells = new Set(dataCells(svg));
    for (const p of curvedSpace.cells) expect(cells.has(p.cell)).toBe(true);
    for (const p of curvedSpace.platforms!) for (const local of PLATFORM_LOCALS) expect(cells.has(`${p.pin}:${local}`)).toBe(true);
  });

  it('numbers the platforms, marks the locked one and prints the worm-hole', () => {
    expect(cellMarkup(svg, 'Wa1u')).toContain('Wa1u ▲ P1');
    expect(cellMarkup(svg, 'Nd1d')).toContain('Nd1d ▼ P2');
    expect(cellMarkup(svg, 'Nd1d')).toMatch(/locked/);
    expect(cellMarkup(svg, 'Nd1d')).toContain('<path');
    expect(cellMarkup(svg, 'Wa1u')).not.toMatch(/locked/);
    expect(svg).toMatch(/Worm-hole:<\/tspan> W P1 P2 N B P3 N P4<\/text>/);
  });

  it("draws both default worm-hole links of Curved Space's start, before any platform (tester 13 W17)", () => {
    const start = boardSvg(engineView('curved-space'));
    expect(start).toMatch(/Worm-hole:<\/tspan> W-N, N-B<\/text>/);
    expect(start.match(/class="ssb-link"/g)).toHaveLength(2);
  });

  it('rings the king of the side to move when in check, and shows worm-hole letters', () => {
    expect(cellMarkup(svg, 'Bc4')).toContain('ssb-check');
    expect(cellMarkup(svg, 'Wb1')).not.toContain('ssb-check');
    expect(svg).toContain('Black is in check');
    // Each worm-hole letter is drawn right after its cell (outside the cell's button, so a
    // button's visible text stays its name) and said in the cell's label.
    const letterAfter = (cell: string) => new RegExp(`<g data-cell="${cell}"(?:(?!</g>).)*</g><text [^>]*class="ssb-wl">([wxyz])</text>`).exec(svg)?.[1];
    expect(letterAfter('Nb3')).toBe('w');
    expect(letterAfter('Nc2')).toBe('z');
    expect(letterAfter('Wa1u:a2')).toBe('w');
    expect(letterAfter('Wa1u:b1')).toBe('z');
    expect(cellMarkup(svg, 'Bb2')).toContain('ssb-last');
  });
});

describe("boardSvg, Curved Space's worm-hole path (tester 19 Z6)", () => {
  // Pieces on the worm-hole's cells and the path's lines across them; every platform corner, both orientations.
  const busy: BoardView = {
    ...curvedSpace,
    cells: [
      ...curvedSpace.cells,
      { cell: 'Wb2', color: 'white', role: 'P' },
      { cell: 'Wc2', color: 'white', role: 'Q' },
      { cell: 'Nb3', color: 'black', role: 'R' },
      { cell: 'Wa1u:a2', color: 'white', role: 'P' },
    ],
    platforms: [
      { pin: 'Wa1u', up: true, number: 1, owner: 'white' },
      { pin: 'Nd1d', up: false, number: 2 },
      { pin: 'Bd4u', up: true, number: 3 },
      { pin: 'Na4u', up: true, number: 4 },
      { pin: 'Wd4d', up: false, number: 5, owner: 'black' },
      { pin: 'Ba1d', up: false, number: 6 },
    ],
    wormhole: 'W P1 P2 N B P3 N P4 P5 P6',
  };
  const pictures = (['white', 'black'] as const).map((from) => boardSvg(busy, { from, interactive: true }));

  it('draws the pieces after the path, in a layer the pointer passes through to the cells', () => {
    for (const svg of pictures) {
      checkXml(svg);
      const layer = svg.indexOf('<g class="ssb-pieces" aria-hidden="true">');
      expect(layer).toBeGreaterThan(svg.lastIndexOf('class="ssb-path"'));
      expect(layer).toBeGreaterThan(svg.lastIndexOf('class="ssb-step"'));
      // Every piece is in it (none in a cell's button), and the cells stay the buttons.
      for (const p of busy.cells) expect(pieceMarkup(svg, p.cell), p.cell).toContain(GLYPH[p.role]);
      expect(svg.slice(0, layer)).not.toMatch(/class="ssb-p /);
      expect(svg).toContain('.ssb-pieces{pointer-events:none}');
      expect(cellMarkup(svg, 'Wc2')).toMatch(/^<rect [^>]*class="ssb-sq/);
    }
  });

  it("puts no stop of the path on a cell's name, worm-hole letter or the levels' coordinates", () => {
    for (const svg of pictures) {
      const stops = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" class="ssb-step"\/>/g)].map((m) => m.slice(1, 4).map(Number));
      expect(stops).toHaveLength(10);
      // Each text's box in pixels: about 0.62 of its size a character wide, 0.75 of it high above the baseline.
      const boxes = textsOf(svg, ['ssb-tiny', 'ssb-wl', 'ssb-coord']).map((t) => {
        const w = t.text.length * 11 * 0.62;
        const left = t.cls === 'ssb-wl' ? t.x - w : t.cls === 'ssb-coord' ? t.x - w / 2 : t.x;
        return { ...t, left, right: left + w, top: t.y - 11 * 0.75, bottom: t.y };
      });
      expect(boxes.filter((b) => b.cls === 'ssb-tiny').length).toBe(4 * 6);
      for (const [cx, cy, r] of stops)
        for (const b of boxes) {
          const dx = Math.max(b.left - cx!, 0, cx! - b.right);
          const dy = Math.max(b.top - cy!, 0, cy! - b.bottom);
          expect(Math.hypot(dx, dy), `stop at ${cx},${cy} on ${b.cls} "${b.text}" at ${b.x},${b.y}`).toBeGreaterThan(r!);
        }
    }
  });
});

describe('boardSvg, Planar (hand-built view)', () => {
  const svg = boardSvg(planar, { highlight: ['Cc1'] });

  it('draws the 64 cells of the cube and the four level names', () => {
    checkXml(svg);
    const cells = dataCells(svg);
    expect(cells.length).toBe(64);
    expect(new Set(cells).size).toBe(64);
    for (const l of 'ABCD') {
      expect(cells).toContain(`${l}a1`);
      expect(cells).toContain(`${l}d4`);
      expect(svg).toContain(`>${l}</text>`);
    }
    expect(svg).not.toContain('data-pin');
    expect(svg).toContain('Planar Chess');
  });

  it('badges XZ pieces red and YZ pieces black, XY pieces not at all', () => {
    expect(pieceMarkup(svg, 'Bc2')).toMatch(/ssb-xz[\s\S]*>XZ</);
    expect(pieceMarkup(svg, 'Cb3')).toMatch(/ssb-yz[\s\S]*>YZ</);
    expect(pieceMarkup(svg, 'Ab1')).not.toMatch(/XY|ssb-xz|ssb-yz/);
    expect(pieceMarkup(svg, 'Dc4')).not.toMatch(/ssb-xz|ssb-yz/);
    expect(cellMarkup(svg, 'Cc1')).toContain('ssb-dot');
    expect(describeView(planar)).toContain('knight Cb3 YZ');
  });
});

describe('boardSvg, interaction and escaping', () => {
  it('makes cells, pins and hand pieces buttons only when interactive', () => {
    const view = engineView('first-contact', ['@Wa1u']);
    const plain = boardSvg(view);
    expect(plain).not.toContain(' data-button');
    const svg = boardSvg(view, { interactive: true });
    checkXml(svg);
    expect(svg).toMatch(/^<svg[^>]* role="group"/);
    // Every cell, pin and hand piece, except what is too small to tap on a phone (each with a
    // tooltip): a platform's name (its cells pick the platform) and the mark for turning it over
    // (the page offers that as a button once the platform is picked).
    const elements = [...svg.matchAll(/<g (data-cell|data-hand)="[^"]*"[^>]*>(?!<title>)/g)].map((m) => m[0]);
    expect(elements.length).toBeGreaterThan(48 + 4);
    for (const el of elements) expect(el).toMatch(/ data-button="" role="img" aria-label="[^"]+"/);
    expect(svg).toMatch(/<g data-cell="Wa1u"><title>Wa1u ▲: platform Wa1u, upright<\/title>/);
    expect(svg).toMatch(/<g data-cell="Wa1d"><title>pin Wa1d, inverted position<\/title>/);
    // Focusable only once the page's script makes them buttons (it sets tabindex and role).
    expect(svg).not.toContain(' tabindex=');
    expect(svg).toContain('<g data-cell="Wb1" data-button="" role="img" aria-label="Wb1, empty">');
    const fc = engineView('first-contact', ['@Wa1u', '@Bd4d', '@Nd1d', '@Na4u', 'K@Wb1']);
    expect(boardSvg(fc, { interactive: true })).toContain('aria-label="Wb1, white king"');
  });

  it('escapes text from the view', () => {
    const view: BoardView = {
      ...curvedSpace,
      phase: '<script>alert("x&y")</script>',
      wormhole: 'W & <P1> "N"',
      cells: [...curvedSpace.cells, { cell: 'Wc1"><x', color: 'white', role: 'Q' }],
    };
    const svg = boardSvg(view, { lastMove: ['"&<'], highlight: ["'"] });
    checkXml(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt;');
    expect(svg).toContain('W &amp; &lt;P1&gt; &quot;N&quot;');
    expect(escapeXml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });

  it('scales to the requested width', () => {
    const svg = boardSvg(planar, { size: 300 });
    const m = /^<svg[^>]* width="([\d.]+)" height="([\d.]+)" viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!;
    expect(Number(m[1])).toBe(300);
    expect(Number(m[2]) / 300).toBeCloseTo(Number(m[4]) / Number(m[3]), 2);
  });

  it('the checker rejects broken markup', () => {
    expect(() => checkXml('<svg><g></svg>')).toThrow();
    expect(() => checkXml('<svg>a < b</svg>')).toThrow();
    expect(() => checkXml('<svg a="1" a="2"/>')).toThrow();
    expect(() => checkXml('<svg>&nbsp;</svg>')).toThrow();
    expect(() => checkXml('<svg/><svg/>')).toThrow();
    expect(() => checkXml('<svg x="&amp;"><g/>&#38;</svg>')).not.toThrow();
  });
});
