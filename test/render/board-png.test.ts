// PNG pictures: the bundled font subset must hold every character the SVG draws
// (a Worker has no other font, and a missing glyph silently leaves a gap).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { variantNames } from '../../src/engine/variants/index.ts';
import { Resvg } from '@resvg/resvg-wasm';
import { encodePng, loadResvg, svgToPng } from '../../src/render/board-png.ts';
import { PIECE_PATH_SIZE, PIECE_PATHS } from '../../src/render/piece-paths.ts';
import { boardSvg } from '../../src/render/board-svg.ts';
import { prng } from '../engine/helpers.ts';

const root = path.join(import.meta.dirname, '..', '..');
const fonts = ['DejaVuSans-subset.ttf', 'DejaVuSans-Bold-subset.ttf'].map((f) => new Uint8Array(readFileSync(path.join(root, 'assets/fonts', f))));

beforeAll(() => loadResvg(readFileSync(path.join(root, 'node_modules/@resvg/resvg-wasm/index_bg.wasm'))));

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

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
        for (const m of svg.matchAll(/<text[^>]*>(.*?)<\/text>/g)) for (const ch of unescape(m[1]!.replace(/<[^>]+>/g, ''))) chars.add(ch);
      }
    }
  return chars;
}

const picture = (content: string, weight = 'normal') =>
  svgToPng(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text x="8" y="30" font-size="28" font-weight="${weight}" font-family="'Segoe UI Symbol',sans-serif">${content}</text></svg>`, fonts);

describe('PNG pictures', () => {
  it('the bundled font draws every character the board pictures use', () => {
    const blank = picture('');
    const chars = [...charactersDrawn()].filter((ch) => ch !== ' ' && ch !== '\uFE0E');
    expect(chars).toEqual(expect.arrayContaining(['W', '1', '\u25B2', '\u00D7']));
    const missing = chars.filter((ch) => Buffer.from(picture(ch.replace('&', '&amp;').replace('<', '&lt;'))).equals(Buffer.from(blank)));
    expect(missing).toEqual([]);
    // A character outside the subset does leave a gap, so the check above can fail.
    expect(Buffer.from(picture('\u2603')).equals(Buffer.from(blank))).toBe(true);
  }, 240_000);

  it('draws a board as a PNG of the asked width', () => {
    const game = Game.create('warp-factor');
    if (!game.ok) throw new Error(game.error.message);
    const png = svgToPng(boardSvg(game.value.variant.view(game.value.position), { size: 320 }), fonts);
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
    const back = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}"><image width="${image.width}" height="${image.height}" href="data:image/png;base64,${Buffer.from(png).toString('base64')}"/></svg>`).render();
    expect([back.width, back.height]).toEqual([image.width, image.height]);
    expect(Buffer.from(back.pixels).equals(Buffer.from(original))).toBe(true);
  });
});

/** Grey levels of a 48 x 48 picture of `content` (black on white). */
function pixels(content: string): number[] {
  const image = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48">${content}</svg>`, { background: '#ffffff', font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans' } }).render();
  const rgba = image.pixels;
  return Array.from({ length: rgba.length / 4 }, (_, i) => rgba[4 * i]!);
}
