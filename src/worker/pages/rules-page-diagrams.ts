// The rules pages' diagrams, built and drawn in the picture Worker (its `rulesDiagram` and the rules
// pages of rare-pages.tsx): the main Worker serves /rules and its diagrams without carrying the
// rules' words, the diagrams' positions or their builder in its bundle (issue 17: 200 KiB gzipped).
import type { VariantName } from '../../engine/types.ts';
import { boardSvg } from '../../render/board-svg.ts';
import { rulesDiagram, type Diagram } from '../../service/rules-diagrams.ts';
import { RULES } from './rules-content.ts';

const built = new Map<VariantName, ReadonlyMap<string, Diagram>>();
const drawn = new Map<Diagram, string>();

/** Every diagram of a variant's rules page, by id, built once per isolate (one that does not build is a bug: it throws). */
export function rulesDiagrams(variant: VariantName): ReadonlyMap<string, Diagram> {
  let diagrams = built.get(variant);
  if (!diagrams) {
    const map = new Map<string, Diagram>();
    for (const section of RULES[variant].sections)
      for (const d of section.diagrams ?? []) {
        const r = rulesDiagram(variant, d);
        if (!r.ok) throw new Error(`rules diagram ${variant}/${d.id}: ${r.error}`);
        map.set(d.id, r.value);
      }
    built.set(variant, (diagrams = map));
  }
  return diagrams;
}

/** The picture (SVG) of diagram `id` on a variant's rules page, drawn once per isolate; undefined for no such diagram. */
export function rulesDiagramSvg(variant: VariantName, id: string): string | undefined {
  const diagram = rulesDiagrams(variant).get(id);
  if (!diagram) return undefined;
  let svg = drawn.get(diagram);
  if (svg === undefined) drawn.set(diagram, (svg = boardSvg(diagram.view, diagram.marks)));
  return svg;
}
