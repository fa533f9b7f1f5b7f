// The rules of each variant, by id (the list of variants, their titles and options: VARIANTS in ../types.ts).
import { VARIANT_NAMES, type AnyVariant, type VariantName } from '../types.ts';
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

export { variantTitle } from '../types.ts';

export const variantNames = (): VariantName[] => [...VARIANT_NAMES];
