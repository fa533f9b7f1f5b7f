// PNG board pictures inside the Worker: resvg's WebAssembly and the fonts come in as
// modules (wrangler's *.wasm rule and the Data rule for *.ttf in wrangler.jsonc).
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import dejaVuSans from '../../assets/fonts/DejaVuSans-subset.ttf';
import dejaVuSansBold from '../../assets/fonts/DejaVuSans-Bold-subset.ttf';
import { loadResvg, svgToPng } from '../render/board-png.ts';

const FONTS = [new Uint8Array(dejaVuSans), new Uint8Array(dejaVuSansBold)];

export async function boardPng(svg: string): Promise<Uint8Array<ArrayBuffer>> {
  await loadResvg(resvgWasm);
  return svgToPng(svg, FONTS);
}
