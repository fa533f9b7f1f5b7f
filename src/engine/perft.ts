// Move-path enumeration: the standard check of a move generator.
import type { AnyVariant } from './types.ts';

export function perft(variant: AnyVariant, pos: unknown, depth: number): number {
  if (depth === 0) return 1;
  const moves = variant.legalMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) nodes += perft(variant, variant.play(pos, move), depth - 1);
  return nodes;
}

/** Node count under each first turn, by canonical text. */
export function divide(variant: AnyVariant, pos: unknown, depth: number): { move: string; nodes: number }[] {
  return variant.legalMoves(pos).map((move) => ({ move: variant.formatMove(pos, move), nodes: perft(variant, variant.play(pos, move), depth - 1) }));
}
