// PNG pictures: resvg draws the board SVG but its pieces and labels, which are stamped on
// from ready-made outlines; the picture must look like resvg drawing all of it with the font,
// and the outlines must hold every character the SVG writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { variantNames } from '../../src/engine/variants/index.ts';
import { Resvg } from '@resvg/resvg-wasm';
import { encodePng, loadResvg, svgToPng } from '../../src/render/board-png.ts';
import { LABEL_GLYPHS } from '../../src/render/label-glyphs.ts';
import { PIECE_PATH_SIZE, PIECE_PATHS } from '../../src/render/piece-paths.ts';
import { boardSvg } from '../../src/render/board-svg.ts';
import { unescapeXml } from '../../src/render/xml.ts';
import { busyGame } from '../../bench/engine.ts';
import { prng } from '../engine/helpers.ts';

const root = path.join(import.meta.dirname, '..', '..');
const fonts = ['DejaVuSans-subset.ttf', 'DejaVuSans-Bold-subset.ttf'].map((f) => new Uint8Array(readFileSync(path.join(root, 'assets/fonts', f))));

beforeAll(() => loadResvg(readFileSync(path.join(root, 'node_modules/@resvg/resvg-wasm/index_bg.wasm'))));

/** Every character inside <text> elements of pictures of random games of every variant. */
function charactersDrawn(): Set<string> {
  const chars = new Set<string>();
  for (const name of variantNames())
    for (let seed = 1; seed <= 6; seed++) {
      const random = prng(seed);
      const game = Game.create(name, name === 'curved-space' ? { platformMoves: 'after-capture' } : {});
      if (!game.ok) throw new Error(game.error.message);
      const g = game.value;
      for (let ply = 0; ply < 60 && !g.outcome(); ply++) {
        const legal = g.legalTexts();
        g.play(legal[Math.floor(random() * legal.length)]!);
        const svg = boardSvg(g.variant.view(g.position), { interactive: true });
        for (const m of svg.matchAll(/<text[^>]*>(.*?)<\/text>/g)) for (const ch of unescapeXml(m[1]!.replace(/<[^>]+>/g, ''))) chars.add(ch);
      }
    }
  return chars;
}

describe('PNG pictures', () => {
  it('has an outline of every character the board pictures write, in both weights', () => {
    const chars = [...charactersDrawn()].filter((ch) => ch !== '\uFE0E');
    expect(chars).toEqual(expect.arrayContaining(['W', '1', '\u25B2', '\u00D7', ' ']));
    for (const weight of ['regular', 'bold'] as const) {
      const missing = chars.filter((ch) => !LABEL_GLYPHS[weight][ch] || (ch !== ' ' && !LABEL_GLYPHS[weight][ch]![1]));
      expect(missing, weight).toEqual([]);
    }
  }, 240_000);

  it('looks like resvg drawing the whole SVG with the font', () => {
    for (const name of variantNames()) {
      const game = Game.replay(name, {}, busyGame(name, 40));
      if (!game.ok) throw new Error(game.error.message);
      for (const from of ['white', 'black'] as const) {
        const svg = boardSvg(game.value.variant.view(game.value.position), { size: 600, from });
        const reference = new Resvg(svg, { background: '#ffffff', font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans' } }).render();
        const stamped = decode(svgToPng(svg));
        expect([stamped.width, stamped.height]).toEqual([reference.width, reference.height]);
        // Labels are laid out without kerning (the titles' "Wa", "Wo"): some pixels differ (here
        // 8 to 600; the pieces, stamped last, are drawn last in the SVG as well, over the worm-hole
        // path). Leaving out one piece or the title must show, so each limit is below what that does.
        const differ = countDiffering(stamped.pixels, reference.pixels);
        const limit = { 'first-contact': 150, 'warp-factor': 600, 'curved-space': 530, planar: 400 }[name];
        expect(differ, `${name} from ${from}`).toBeLessThan(limit);
        const without = (re: RegExp) => countDiffering(decode(svgToPng(svg.replace(re, ''))).pixels, reference.pixels);
        expect(without(/<text [^>]*class="ssb-title">.*?<\/text>/), `${name}: without the title`).toBeGreaterThan(limit);
        expect(without(/<path transform="translate[^>]*\/>/), `${name}: without a piece`).toBeGreaterThan(limit);
      }
    }
  }, 120_000);

  it('refuses text it cannot stamp (resvg has no font to draw it with)', () => {
    expect(() => svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text x="8" y="30" font-size="28">a</text></svg>')).toThrow(/<text>/);
  });

  it('draws a board as a PNG of the asked width', () => {
    const game = Game.create('warp-factor');
    if (!game.ok) throw new Error(game.error.message);
    const png = svgToPng(boardSvg(game.value.variant.view(game.value.position), { size: 320 }));
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(new DataView(png.buffer).getUint32(16)).toBe(320);
  });

  it('draws each piece outline like the font draws its chess glyph', () => {
    for (const [role, d] of Object.entries(PIECE_PATHS)) {
      const glyph = String.fromCodePoint(0x265a + 'KQRBNP'.indexOf(role));
      const font = pixels(`<text x="24" y="36" font-size="${PIECE_PATH_SIZE}" text-anchor="middle" font-family="DejaVu Sans">${glyph}</text>`);
      const outline = pixels(`<path transform="translate(24 36)" d="${d}"/>`);
      const differ = font.filter((v, i) => Math.abs(v - outline[i]!) > 64).length;
      expect(font.filter((v) => v < 128).length, role).toBeGreaterThan(100); // the glyph is really there
      expect(differ, role).toBeLessThan(20);
    }
  });

  it('encodes pixels as a PNG that decodes to the same pixels', () => {
    const game = Game.create('planar');
    if (!game.ok) throw new Error(game.error.message);
    const svg = boardSvg(game.value.variant.view(game.value.position), { size: 200 });
    const resvg = new Resvg(svg, { background: '#ffffff', font: { fontBuffers: fonts } });
    const image = resvg.render();
    const original = image.pixels;
    const png = encodePng(image.width, image.height, original);
    const back = decode(png);
    expect([back.width, back.height]).toEqual([image.width, image.height]);
    expect(Buffer.from(back.pixels).equals(Buffer.from(original))).toBe(true);
  });
});

/** A PNG's pixels, decoded by resvg (an <image> of it, drawn at its own size). */
function decode(png: Uint8Array) {
  const size = new DataView(png.buffer, png.byteOffset);
  const [width, height] = [size.getUint32(16), size.getUint32(20)];
  return new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`,
  ).render();
}

/** Pixels whose colour differs by more than a quarter in some channel. */
function countDiffering(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) if ([0, 1, 2].some((c) => Math.abs(a[i + c]! - b[i + c]!) > 64)) n++;
  return n;
}

/** Grey levels of a 48 x 48 picture of `content` (black on white). */
function pixels(content: string): number[] {
  const image = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48">${content}</svg>`, {
    background: '#ffffff',
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  const rgba = image.pixels;
  return Array.from({ length: rgba.length / 4 }, (_, i) => rgba[4 * i]!);
}
