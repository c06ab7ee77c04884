// Building types of the fabric (docs/DOMAIN.md), in the legend's order, with the colours the
// optional "Building type" layer draws them in.
import { MAP_COLORS } from './colors';

export const BUILDING_TYPES: readonly { code: string; label: string; color: string }[] = [
  { code: 'R', label: 'Residential', color: MAP_COLORS.locationResidential },
  { code: 'B', label: 'Business', color: MAP_COLORS.locationBusiness },
  { code: 'X', label: 'Mixed use', color: MAP_COLORS.locationMixed },
  { code: 'C', label: 'Community anchor', color: MAP_COLORS.locationAnchor },
];
