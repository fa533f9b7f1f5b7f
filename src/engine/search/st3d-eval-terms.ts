// Terms and scratch helpers both ST3D evaluations use (st3d-eval.ts for First Contact and Warp
// Factor, curved-eval.ts for Curved Space), written once.
import { isFixed, levelOf } from '../st3d/field.ts';
import type { St3dPosition } from '../st3d/position.ts';
import type { RoleValues } from './rules.ts';

/** An ST3D evaluation's weights (Curved Space's tropism is 0). */
export interface St3dWeights {
  readonly values: RoleValues;
  /** Share of a piece's value while it is in hand (drops are flexible but take a turn). */
  readonly handShare: number;
  readonly mobility: number;
  /** Per enemy-attacked cell around the king (the king's own steps and its cell). */
  readonly kingZone: number;
  /** Per own piece standing on an attack platform (a platform it controls). */
  readonly onPlatform: number;
  /** Per own piece on a worm-hole cell (Curved Space: centre and platform cells). */
  readonly onWormhole: number;
  /** Per enemy piece in hand while the king stands on the level the enemy drops onto. */
  readonly dropExposure: number;
  /** Per piece and step closer than 6 to the enemy king in space: the way to a check or a mate. */
  readonly tropism: number;
}

/** The fixed level each colour drops onto (White W, Black B). */
const DROP_LEVEL = [0, 2];

/** The enemy's hand against a king on the level the enemy drops onto (weighted; 0 elsewhere). */
export function dropThreat(pos: St3dPosition, w: St3dWeights, side: number, king: number): number {
  if (!w.dropExposure || !isFixed(king) || levelOf(king) !== DROP_LEVEL[1 - side]) return 0;
  let hand = 0;
  for (let r = 1; r < 6; r++) hand += pos.hands[(1 - side) * 6 + r]!;
  return hand * w.dropExposure;
}

/** Six words set to 0 (stores: `fill` is a call into the runtime, a good part of the work for six). */
export function clearSix(words: Int32Array): void {
  words[0] = 0;
  words[1] = 0;
  words[2] = 0;
  words[3] = 0;
  words[4] = 0;
  words[5] = 0;
}
