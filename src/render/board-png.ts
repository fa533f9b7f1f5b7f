// SVG board pictures as PNG, for the places that do not show SVG (most mail clients,
// chat unfurls). resvg (WebAssembly) draws the same SVG the pages use. The caller loads
// the WebAssembly and the fonts (a Worker imports them as modules, Node reads files):
// there are no system fonts in a Worker, so the font is bundled and the pictures look
// the same everywhere.
import { initWasm, Resvg } from '@resvg/resvg-wasm';

export const PNG_FONT_FAMILY = 'DejaVu Sans';

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
      return new Uint8Array(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
