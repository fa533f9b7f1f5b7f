// PNG board pictures come from the picture Worker (src/pictures/) over the PICTURES
// service binding, so this Worker carries no WebAssembly.

export async function boardPng(env: Cloudflare.Env, svg: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!env.PICTURES) throw new Error('the PICTURES service binding (the picture Worker) is not configured');
  return (await env.PICTURES.png(svg)) as Uint8Array<ArrayBuffer>;
}
