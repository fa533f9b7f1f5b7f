// SVG board pictures as PNG, for the places that do not show SVG (most mail clients,
// chat unfurls). resvg (WebAssembly) draws the SVG the pages use, but for its pieces and
// labels: those are stamped on its pixels from small pictures drawn once per isolate (a
// piece per role, colour and size; a character per text class), where the SVG puts them.
// Stroking the pieces and laying out and filling text were most of resvg's work, and a
// board has only a few kinds of each. The characters are ready-made outlines
// (label-glyphs.ts), so no font is loaded and the pictures look the same everywhere.
import { deflateSync } from 'node:zlib';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { LABEL_STYLES, STYLE } from './board-style.ts';
import { LABEL_GLYPH_SIZE, LABEL_GLYPHS } from './label-glyphs.ts';
import { unescapeXml } from './xml.ts';

let ready: Promise<void> | undefined;

/** Instantiates resvg once per isolate, on the first picture asked for (not at start-up). */
export function loadResvg(wasm: WebAssembly.Module | BufferSource): Promise<void> {
  ready ??= initWasm(wasm).catch((e: unknown) => {
    ready = undefined;
    throw e;
  });
  return ready;
}

/** Where board-svg.ts draws a piece: its outline at (x, y), `scale` times its size. */
const PIECE_RE = /<path transform="translate\((-?[\d.]+) (-?[\d.]+)\)(?: scale\(([\d.]+)\))?" class="(ssb-h?p ssb-[wb])" d="([^"]+)"\/>/g;
/** A line of text: its anchor point, class and content (plain, or runs of <tspan class>). */
const TEXT_RE = /<text x="(-?[\d.]+)" y="(-?[\d.]+)" class="([\w-]+)">(.*?)<\/text>/g;
const RUN_RE = /<tspan class="([\w-]+)">([^<]*)<\/tspan>|([^<]+)/g;

/** Draws a board SVG of board-svg.ts as PNG; `loadResvg` must have finished. */
export function svgToPng(svg: string): Uint8Array<ArrayBuffer> {
  const stamps: ((at: Scale) => Placed[])[] = [];
  const rest = svg
    .replace(PIECE_RE, (_, x: string, y: string, k: string | undefined, cls: string, d: string) => {
      stamps.push((at) => [piece(at, Number(x), Number(y), Number(k ?? 1), cls, d)]);
      return '';
    })
    .replace(TEXT_RE, (_, x: string, y: string, cls: string, content: string) => {
      const runs = [...content.matchAll(RUN_RE)].map((m) => [m[1] ?? cls, unescapeXml(m[2] ?? m[3]!)] as const);
      stamps.push((at) => label(at, Number(x), Number(y), cls, runs));
      return '';
    });
  // Text left for resvg would vanish (it has no font): a change in board-svg.ts's output must come here too.
  if (rest.includes('<text')) throw new Error('svgToPng: a <text> element not in the form board-svg.ts writes');
  const viewBox = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"/.exec(rest);
  // No background option: the board's own background rectangle covers the picture.
  const resvg = new Resvg(rest);
  try {
    const image = resvg.render();
    try {
      const { width, height } = image;
      const pixels = image.pixels;
      const at = scaleOf(width / Number(viewBox?.[1] ?? width));
      for (const s of stamps) for (const p of s(at)) blend(pixels, width, height, p);
      return encodePng(width, height, pixels);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/** A small premultiplied RGBA picture and where its origin is in it. */
interface Stamp {
  readonly width: number;
  readonly height: number;
  readonly originX: number;
  readonly originY: number;
  readonly rgba: Uint8Array;
}
/** A stamp and the pixel its origin goes on. */
interface Placed {
  readonly stamp: Stamp;
  readonly x: number;
  readonly y: number;
}

/** Pixels per picture unit, and the stamps drawn at that scale: by outline, then by class, size and offset. */
interface Scale {
  readonly scale: number;
  readonly stamps: Map<string, Map<string, Stamp>>;
}

/** The stamps of the few scales last drawn at (a board uses a few hundred, mostly the same in every picture). */
const scales = new Map<number, Scale>();
/** Scales whose stamps are kept: a picture of another width needs stamps of its own, up to a few MB at the largest. */
const KEPT_SCALES = 4;

function scaleOf(scale: number): Scale {
  const at = scales.get(scale) ?? { scale, stamps: new Map() };
  // The most recently used last; the least recently used goes first.
  scales.delete(scale);
  scales.set(scale, at);
  if (scales.size > KEPT_SCALES) scales.delete(scales.keys().next().value!);
  return at;
}

/** Stamps are drawn at quarter-pixel offsets, so that what they draw lands within an eighth of a pixel of its place. */
const PHASES = 4;

/**
 * Places an outline (path data `d` in class `cls`, `k` times its size, within `pad` units of its
 * origin) with its origin at (x, y) in pixels, drawing it the first time it is needed at that
 * scale and offset.
 */
function place(at: Scale, d: string, cls: string, k: number, pad: number, x: number, y: number): Placed {
  const [px, phaseX] = split(x);
  const [py, phaseY] = split(y);
  let byOutline = at.stamps.get(d);
  if (!byOutline) at.stamps.set(d, (byOutline = new Map()));
  const key = `${cls} ${k} ${phaseX} ${phaseY}`;
  let stamp = byOutline.get(key);
  if (!stamp) {
    stamp = drawStamp(`<path transform="scale(${k})" class="${cls}" d="${d}"/>`, pad, at.scale, phaseX, phaseY);
    byOutline.set(key, stamp);
  }
  return { stamp, x: px, y: py };
}

/** A position in pixels as a whole pixel and a quarter-pixel offset from it. */
function split(v: number): [number, number] {
  const quarters = Math.round(v * PHASES);
  const pixel = Math.floor(quarters / PHASES);
  return [pixel, quarters / PHASES - pixel];
}

function drawStamp(content: string, pad: number, scale: number, phaseX: number, phaseY: number): Stamp {
  const size = Math.ceil(2 * pad * scale);
  const origin = Math.ceil(pad * scale);
  const unit = 1 / scale;
  const image = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-(origin + phaseX) * unit} ${-(origin + phaseY) * unit} ${size * unit} ${size * unit}"><style>${STYLE}</style>${content}</svg>`,
  );
  const drawn = image.render();
  const stamp = crop(drawn.pixels, drawn.width, drawn.height, origin, origin);
  drawn.free();
  image.free();
  return stamp;
}

/** The part of an RGBA picture that is not transparent. */
function crop(rgba: Uint8Array, width: number, height: number, originX: number, originY: number): Stamp {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (rgba[4 * (y * width + x) + 3]) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  if (x1 < 0) return { width: 0, height: 0, originX: 0, originY: 0, rgba: new Uint8Array(0) };
  const w = x1 - x0 + 1;
  const out = new Uint8Array(4 * w * (y1 - y0 + 1));
  for (let y = y0; y <= y1; y++) out.set(rgba.subarray(4 * (y * width + x0), 4 * (y * width + x1 + 1)), 4 * w * (y - y0));
  return { width: w, height: y1 - y0 + 1, originX: originX - x0, originY: originY - y0, rgba: out };
}

function piece(at: Scale, x: number, y: number, k: number, cls: string, d: string): Placed {
  return place(at, d, cls, k, 30 * k, x * at.scale, y * at.scale);
}

/** A line of text laid out by its characters' advances (board-style.ts's sizes and anchor; no kerning). */
function label(at: Scale, x: number, y: number, cls: string, runs: readonly (readonly [cls: string, text: string])[]): Placed[] {
  const glyph = (c: string, ch: string) => {
    const glyphs = LABEL_GLYPHS[LABEL_STYLES[c]?.bold ? 'bold' : 'regular'];
    // A character without an outline (none in a board: test/render/board-png.test.ts) shows as '?'.
    return glyphs[ch] ?? glyphs['?']!;
  };
  const k = (c: string) => (LABEL_STYLES[c]?.size ?? LABEL_GLYPH_SIZE) / LABEL_GLYPH_SIZE;
  const chars = runs.flatMap(([c, text]) => [...text].filter((ch) => ch !== '\uFE0E').map((ch) => [c, ch, glyph(c, ch)] as const));
  const width = chars.reduce((w, [c, , [advance]]) => w + advance * k(c), 0);
  const anchor = LABEL_STYLES[cls]?.anchor;
  let pen = (x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0)) * at.scale;
  const placed: Placed[] = [];
  for (const [c, , [advance, d]] of chars) {
    const size = LABEL_STYLES[c]?.size ?? LABEL_GLYPH_SIZE;
    if (d) placed.push(place(at, d, c, k(c), 1.5 * size, pen, y * at.scale));
    pen += advance * k(c) * at.scale;
  }
  return placed;
}

/** Lays a stamp over RGBA pixels (both premultiplied: what resvg gives). */
function blend(pixels: Uint8Array, width: number, height: number, { stamp, x, y }: Placed): void {
  const left = x - stamp.originX;
  const top = y - stamp.originY;
  const src = stamp.rgba;
  const x0 = Math.max(0, -left);
  const x1 = Math.min(stamp.width, width - left);
  for (let sy = Math.max(0, -top); sy < stamp.height && top + sy < height; sy++) {
    let s = 4 * (sy * stamp.width + x0);
    let p = 4 * ((top + sy) * width + left + x0);
    for (let sx = x0; sx < x1; sx++, s += 4, p += 4) {
      const keep = 255 - src[s + 3]!;
      if (keep === 255) continue;
      pixels[p] = (src[s]! + (pixels[p]! * keep + 127) / 255) | 0;
      pixels[p + 1] = (src[s + 1]! + (pixels[p + 1]! * keep + 127) / 255) | 0;
      pixels[p + 2] = (src[s + 2]! + (pixels[p + 2]! * keep + 127) / 255) | 0;
      pixels[p + 3] = (src[s + 3]! + (pixels[p + 3]! * keep + 127) / 255) | 0;
    }
  }
}

/**
 * An RGBA image as a PNG. resvg's own encoder (asPng) compresses in WebAssembly and took
 * longer than drawing the picture; the platform's zlib (node:zlib, native in Node and in
 * workerd) at its fastest level takes a fraction of that. The pixels stay RGBA: copying
 * whole rows costs next to nothing, while dropping the alpha byte of every pixel in
 * JavaScript took longer than compressing the bigger rows (the constant alpha compresses away).
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array<ArrayBuffer> {
  // Scanlines of filter type 0 (none): on flat board colours it compresses as well as the others, with no work.
  const row = 4 * width;
  const raw = scanlines(height * (1 + row));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + row)] = 0;
    raw.set(rgba.subarray(y * row, (y + 1) * row), y * (1 + row) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits a sample, truecolour with alpha, deflate, adaptive filtering, no interlace
  const chunks = [chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(8 + chunks.reduce((n, c) => n + c.length, 0));
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  for (const c of chunks) {
    png.set(c, at);
    at += c.length;
  }
  return png;
}

let scanlineBuffer = new Uint8Array(0);

/**
 * Room for the scanlines, kept from one picture to the next: a fresh 2.5 MB buffer each time cost
 * more than filling it.
 */
function scanlines(length: number): Uint8Array {
  if (scanlineBuffer.length < length) scanlineBuffer = new Uint8Array(length);
  return scanlineBuffer.subarray(0, length);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  const table = (crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  }));
  let crc = 0xffffffff;
  for (const b of bytes) crc = table[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
