// The analysis's winning-chances curve per variant: White's chances are 1 / (1 + e^(-k cp)) for an
// evaluation of cp centipawns from White's side. Written by `npm run fit:win-curve -- --write`
// (bench/fit-win-curve.ts): the computer's games against itself, k fitted to their outcomes.
// Last fit (2026-11-26, level 3, 60 games per variant):
//   first-contact: k = 0.00150 per centipawn (a pawn ahead: 54 %) from 8513 positions of 60 games (level 3 against itself; White 8, drawn 46, Black 6), 33 s
//   warp-factor: k = 0.00342 per centipawn (a pawn ahead: 58 %) from 7710 positions of 60 games (level 3 against itself; White 19, drawn 19, Black 22), 54 s
//   curved-space: k = 0.00153 per centipawn (a pawn ahead: 54 %) from 6029 positions of 60 games (level 3 against itself; White 19, drawn 29, Black 12), 49 s
//   planar: k = 0.00103 per centipawn (a pawn ahead: 53 %) from 1825 positions of 60 games (level 3 against itself; White 30, drawn 2, Black 28), 62 s
import type { VariantName } from '../types.ts';

export const WIN_CURVE: Readonly<Record<VariantName, number>> = {
  'first-contact': 0.0015,
  'warp-factor': 0.00342,
  'curved-space': 0.00153,
  planar: 0.00103,
};
