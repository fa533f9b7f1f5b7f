// The registry of variants: the only place that lists them.
import type { AnyVariant, VariantName } from '../types.ts';
import { firstContact } from '../st3d/first-contact.ts';
import { warpFactor } from '../st3d/warp-factor.ts';
import { planar } from '../planar/planar.ts';
import { curvedSpace } from '../st3d/curved-space.ts';

const VARIANTS: Record<VariantName, AnyVariant> = {
  'first-contact': firstContact,
  'warp-factor': warpFactor,
  'curved-space': curvedSpace,
  planar,
};

export function getVariant(name: string): AnyVariant | undefined {
  return Object.hasOwn(VARIANTS, name) ? VARIANTS[name as VariantName] : undefined;
}

/** The game's name as players know it: "Warp Factor". */
export const variantTitle = (name: VariantName): string => VARIANTS[name].title;

export function variantNames(): VariantName[] {
  return Object.keys(VARIANTS) as VariantName[];
}
