// Example turns for help texts and input hints: real legal turns of the position
// at hand, one of each kind, in the engine's own notation, so an example always
// fits the game (its variant, options, phase and side to move).
import type { AnyVariant, TurnKind } from './types.ts';

export interface TurnExample {
  /** Canonical text, as formatMove writes it. */
  readonly text: string;
  readonly kind: TurnKind;
  /** The kind in a few words, e.g. "platform move". */
  readonly what: string;
}

/** Words for each kind, in the order examples are listed: the commonest turn first. */
const WORDS: Readonly<Record<TurnKind, string>> = {
  move: 'move',
  capture: 'capture',
  'capture-and-platform': 'capture, then move an empty platform',
  drop: 'drop',
  orient: 'turn a piece to another orientation',
  'platform-move': 'platform move',
  king: 'place your king',
  'platform-place': 'place a platform',
};
const ORDER = Object.keys(WORDS) as TurnKind[];

/** One legal turn of each kind in pos (the first the generator lists), commonest kind first. */
export function exampleTurns(variant: AnyVariant, pos: unknown): TurnExample[] {
  const first = new Map<TurnKind, unknown>();
  for (const move of variant.legalMoves(pos)) {
    const kind = variant.turnKind(pos, move);
    if (!first.has(kind)) first.set(kind, move);
  }
  return ORDER.filter((kind) => first.has(kind)).map((kind) => ({ text: variant.formatMove(pos, first.get(kind)), kind, what: WORDS[kind] }));
}
