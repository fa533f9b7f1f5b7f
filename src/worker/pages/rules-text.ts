// The words of a rules page as data: paragraphs and lists, diagrams (a real position plus the
// piece whose legal targets the engine marks) and notation examples, and the helpers every
// variant's page is written with (rules-content.ts, rules-planar.ts).
import type { DiagramSpec } from '../../service/rules-diagrams.ts';

/** A paragraph, or a list when given as an array of items. */
export type Block = string | readonly string[];

export interface DiagramText extends DiagramSpec {
  readonly id: string;
  readonly caption: string;
}

export interface Example {
  readonly turn: string;
  readonly what: string;
  /** A position in which the engine accepts `turn`. */
  readonly position: string;
  readonly options?: unknown;
  /** A lenient form (not what the server writes). */
  readonly loose?: boolean;
}

export interface Section {
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly Block[];
  readonly diagrams?: readonly DiagramText[];
}

/** A game's rules page (its title is the engine's name for the game). */
export interface RulesText {
  readonly summary: string;
  readonly sections: readonly Section[];
  readonly notation: { readonly blocks: readonly Block[]; readonly examples: readonly Example[] };
}

/** Every page ends with how the game is won, shown by one winning turn. */
export function winning(rule: string, diagram: DiagramText): Section {
  return { id: 'winning', title: 'How the game is won', blocks: [rule], diagrams: [diagram] };
}

/** How turns are written (what the server writes, what it also reads), with examples. */
export function notation(words: string, examples: readonly Example[]): RulesText['notation'] {
  return { blocks: [words], examples };
}

/** Notation examples the engine accepts in one position, each [turn, what it does]. */
export function playedIn(
  position: string,
  turns: readonly (readonly [turn: string, what: string])[],
  more: Pick<Example, 'options' | 'loose'> = {},
): Example[] {
  return turns.map(([turn, what]) => ({ turn, what, position, ...more }));
}
