// The picture Worker (src/pictures/) over the PICTURES service binding: board pictures, SVG and PNG
// (so this Worker carries no renderer and no WebAssembly), the computer's thinking (so it carries no
// search), and the large, rarely
// asked-for texts kept out of this Worker's bundle (the OpenAPI document, the game page's script,
// the rules pages' words).

import type { BoardDrawing, Thinking } from '../service/ports.ts';

/** The picture Worker's RPC stub; a missing binding is a configuration error, not the client's. */
export function sideWorker(env: Cloudflare.Env): NonNullable<Cloudflare.Env['PICTURES']> {
  if (!env.PICTURES) throw new Error('the PICTURES service binding (the picture Worker) is not configured');
  return env.PICTURES;
}

/** The computer's thinking, done by the picture Worker (src/engine/search/thinking.ts there). */
export const remoteThinking = (env: Cloudflare.Env): Thinking => ({
  chooseTurn: async (request) => (await sideWorker(env).chooseTurn(request)) ?? undefined,
  analysePositions: async (request) => sideWorker(env).analysePositions(request),
});

/** The board pictures, drawn by the picture Worker (src/render/board-svg.ts there). */
export const remoteDrawing = (env: Cloudflare.Env): BoardDrawing => ({
  drawBoard: async (view, options = {}) => sideWorker(env).svg(view, options),
});

export async function boardPng(env: Cloudflare.Env, svg: string): Promise<Uint8Array<ArrayBuffer>> {
  return (await sideWorker(env).png(svg)) as Uint8Array<ArrayBuffer>;
}
