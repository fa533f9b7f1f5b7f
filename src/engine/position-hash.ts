// A quick number for a position, for counting repetitions without writing every position's
// text: equal positions hash alike; different ones rarely do, so callers compare texts on a match.
export const HASH_SEED = 0x811c9dc5;

/** FNV-1a over small integers (piece codes, flags). */
export function mixHash(hash: number, values: ArrayLike<number>): number {
  let h = hash;
  for (let i = 0; i < values.length; i++) h = Math.imul(h ^ (values[i]! & 0xff), 0x01000193);
  return h;
}
