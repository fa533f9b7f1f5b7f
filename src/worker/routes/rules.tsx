// The rules pages and their diagrams. Everything here is a pure function of the
// code (no game data), so answers are cached and the diagrams are built once (their
// pictures drawn by the picture Worker, each once per isolate).
import { Hono } from 'hono/tiny';
import { VARIANT_NAMES, type VariantName } from '../../engine/types.ts';
import { diagramSvg, rulesDiagram, type Diagram } from '../../service/rules-diagrams.ts';
import { jsonError, type AppEnv } from '../http.ts';
import { sideWorker } from '../board-png.ts';
import type { RulesContent } from '../pages/rules-content.ts';
import { RulesIndexPage, RulesPage } from '../pages/rules.tsx';
import { errorPage, page, SVG_CSP } from '../pages/respond.tsx';

const built = new Map<VariantName, ReadonlyMap<string, Diagram>>();
const drawn = new Map<Diagram, string>();
let rulesContent: RulesContent | undefined;

/** The rules' words live in the picture Worker (they would put this Worker's bundle over its budget); asked for once per isolate. */
async function rulesText(env: Cloudflare.Env): Promise<RulesContent> {
  rulesContent ??= await sideWorker(env).rules();
  return rulesContent;
}

/** Every diagram of a variant's page, by id (a diagram that does not build is a bug: it throws). */
function rulesDiagrams(rules: RulesContent, variant: VariantName): ReadonlyMap<string, Diagram> {
  let diagrams = built.get(variant);
  if (!diagrams) {
    const map = new Map<string, Diagram>();
    for (const section of rules[variant].sections)
      for (const d of section.diagrams ?? []) {
        const r = rulesDiagram(variant, d);
        if (!r.ok) throw new Error(`rules diagram ${variant}/${d.id}: ${r.error}`);
        map.set(d.id, r.value);
      }
    built.set(variant, (diagrams = map));
  }
  return diagrams;
}

const isVariant = (name: string): name is VariantName => (VARIANT_NAMES as readonly string[]).includes(name);
const noSuchGame = (name: string) => `There are rules for ${VARIANT_NAMES.join(', ')}; not for ${name.slice(0, 40)}.`;

export const rules = new Hono<AppEnv>()
  .get('/', async (c) => {
    const rules = await rulesText(c.env);
    page(c).header('Cache-Control', 'public, max-age=300');
    return c.html(<RulesIndexPage rules={rules} />);
  })
  .get('/:variant', async (c) => {
    const name = c.req.param('variant');
    if (!isVariant(name)) return errorPage(c, 404, 'No such variant', noSuchGame(name), '/rules');
    const rules = await rulesText(c.env);
    page(c).header('Cache-Control', 'public, max-age=300');
    return c.html(<RulesPage rules={rules} variant={name} diagrams={rulesDiagrams(rules, name)} />);
  })
  .get('/:variant/:file{[a-z0-9-]+\\.svg}', async (c) => {
    const name = c.req.param('variant');
    const id = c.req.param('file').slice(0, -'.svg'.length);
    const diagram = isVariant(name) ? rulesDiagrams(await rulesText(c.env), name).get(id) : undefined;
    if (!diagram) return jsonError(c, 404, 'unknown_diagram', `no diagram ${id} on the rules page of ${name.slice(0, 40)}`);
    let svg = drawn.get(diagram);
    if (svg === undefined) drawn.set(diagram, (svg = await diagramSvg(c.var.services.drawing, diagram)));
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': SVG_CSP,
    });
  });
