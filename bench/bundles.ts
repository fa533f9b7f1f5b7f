// The deployable bundles of both Workers, gzipped, as `wrangler deploy --dry-run --outdir`
// builds them: the main Worker's is what every cold start pays for (no WebAssembly in it);
// the picture Worker carries resvg (no fonts: the labels are outlines).
import path from 'node:path';
import { buildBundles, describeBundles } from '../scripts/bundles.ts';
import { ROOT as root, WRANGLER as wrangler } from '../test/e2e/server.ts';

export function bundleSizes() {
  const bundles = buildBundles(root, path.join(root, '.bench', 'bundles'), wrangler);
  return {
    lines: describeBundles(bundles).lines,
    workers: bundles.map((b) => ({
      name: b.worker.name,
      rawBytes: b.rawBytes,
      gzipBytes: b.gzipBytes,
      modules: b.modules.map((m) => ({ file: m.file, type: m.type, bytes: m.bytes })),
    })),
  };
}
