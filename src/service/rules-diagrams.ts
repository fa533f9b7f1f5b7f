// The rules pages' diagrams: a real position, optionally one turn played on it,
// and the targets the engine itself finds for one piece or platform, drawn by the
// board renderer. Nothing is drawn by hand, so a diagram cannot disagree with the
// rules the server plays by. A diagram is built here without its picture (the rules
// page shows each as an <img>); the picture Worker draws it (src/worker/pages/rules-page-diagrams.ts).
import type { BoardView } from '../engine/types.ts';
import type { BoardSvgOptions } from '../render/canvas.ts';
import { outcomeWords } from './outcome-words.ts';
import { turnMarks, viewOf } from './preview.ts';

export interface DiagramSpec {
  /** Position text (docs/position-text.md; Planar: docs/rules-planar.md). */
  readonly position: string;
  readonly options?: unknown;
  /** A turn played on `position` first; the picture shows the position after it, the turn tinted. */
  readonly play?: string;
  /** A cell or pin: its legal moves (not drops, placements or re-orientations) are marked. */
  readonly from?: string;
}

export interface Diagram {
  readonly view: BoardView;
  /** How the picture marks it: the turn played and the piece's cell tinted, its targets dotted, the ending's words. */
  readonly marks: BoardSvgOptions;
  /** The legal turns starting at `from`, canonical, in the engine's order. */
  readonly turns: readonly string[];
  /** The cells and pins those turns reach (the marked ones). */
  readonly targets: readonly string[];
  /** The canonical text of `play`, when given. */
  readonly played?: string;
  /** How the game ends in the pictured position, in words, if it does. */
  readonly ending?: string;
}

/** A piece or platform move (not a drop, a placement or a re-orientation) that starts at `from`. */
function startsAt(variant: string, text: string, from: string): boolean {
  if (text.includes('@') || /=(XY|XZ|YZ)/.test(text.replace(/&.*/, ''))) return false;
  return turnMarks(variant, text)[0] === from;
}

/** Builds one diagram; an error (a bad position or an illegal `play`) says which. */
export function rulesDiagram(variantName: string, spec: DiagramSpec): { ok: true; value: Diagram } | { ok: false; error: string } {
  const first = viewOf(variantName, spec.options ?? {}, spec.position);
  if (!first.ok) return { ok: false, error: first.error };
  const { variant } = first.value;
  let pos = first.value.pos;
  let played: string | undefined;
  if (spec.play !== undefined) {
    const move = variant.parseMove(pos, spec.play);
    if (!move.ok) return { ok: false, error: `${spec.play}: ${move.error.message}` };
    played = variant.formatMove(pos, move.value);
    pos = variant.play(pos, move.value);
  }
  const turns =
    spec.from === undefined
      ? []
      : (variant.legalMoves(pos) as unknown[]).map((m) => variant.formatMove(pos, m) as string).filter((t) => startsAt(variantName, t, spec.from!));
  const targets = [...new Set(turns.flatMap((t) => turnMarks(variantName, t.replace(/&.*/, '')).slice(1)))];
  const outcome = variant.outcome(pos);
  const ending = outcome ? outcomeWords(outcome) : undefined;
  const view = variant.view(pos);
  const lastMove = [...(played ? turnMarks(variantName, played) : []), ...(spec.from ? [spec.from] : [])];
  const marks = { ...(ending ? { result: ending } : {}), ...(lastMove.length ? { lastMove } : {}), highlight: targets };
  return { ok: true, value: { view, marks, turns, targets, ...(played ? { played } : {}), ...(ending ? { ending } : {}) } };
}
