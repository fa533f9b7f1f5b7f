// SVG board pictures as PNG, for the places that do not show SVG (most mail clients,
// chat unfurls). resvg (WebAssembly) draws the same SVG the pages use. The caller loads
// the WebAssembly and the fonts (a Worker imports them as modules, Node reads files):
// there are no system fonts in a Worker, so the font is bundled and the pictures look
// the same everywhere.
import { deflateSync } from 'node:zlib';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const PNG_FONT_FAMILY = 'DejaVu Sans';

let ready: Promise<void> | undefined;

/** Instantiates resvg once per isolate, on the first picture asked for (not at start-up). */
export function loadResvg(wasm: WebAssembly.Module | BufferSource): Promise<void> {
  ready ??= initWasm(wasm).catch((e: unknown) => {
    ready = undefined;
    throw e;
  });
  return ready;
}

/** Draws an SVG as PNG; `loadResvg` must have finished. */
export function svgToPng(svg: string, fonts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  // The text variation selector only asks browsers not to use emoji; the font has no glyph for it.
  const resvg = new Resvg(svg.replaceAll('\uFE0E', ''), {
    background: '#ffffff',
    font: { fontBuffers: fonts, defaultFontFamily: PNG_FONT_FAMILY, sansSerifFamily: PNG_FONT_FAMILY },
  });
  try {
    const image = resvg.render();
    try {
      return encodePng(image.width, image.height, image.pixels);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
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
  const raw = new Uint8Array(height * (1 + row));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * row, (y + 1) * row), y * (1 + row) + 1);
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
