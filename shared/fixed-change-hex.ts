// Net change by hexagon between two releases (README, "Compare releases", the net change
// by hexagon below street zoom). Over the union of the two releases' locations in a cell, each
// location adds 1 to its status after and takes 1 from its status before; a location new in
// the fabric has no "before", a retired one no "after". So a cell's net change in served is
// served(after) − served(before) of the two releases' own hexagon counts, and the same for
// underserved and unserved (no offers reported counts as unserved, as in the hexagons). The
// street-zoom change tile classes each location with the same statuses (fixed-change.ts).

export type Side = 'a' | 'b';

/** Which side is before: the one of the earlier fabric, else of the earlier coverage. */
export function earlierSide(
  a: { coverage: string; fabric: string },
  b: { coverage: string; fabric: string },
): Side {
  if (a.fabric !== b.fabric) return Number(a.fabric) < Number(b.fabric) ? 'a' : 'b';
  return Number(a.coverage) <= Number(b.coverage) ? 'a' : 'b';
}

/** The counts a `fixed_hex` cell carries, per side of a comparison. */
export const HEX_COUNT_NAMES = [
  'locations',
  'bsls',
  'served',
  'underserved',
  'unserved',
  'notinrelease',
] as const;

export type HexCountName = (typeof HEX_COUNT_NAMES)[number];

/** The net changes a `fixed_change_hex` cell carries, each as after − before. */
export const NET_NAMES = ['served', 'underserved', 'unserved', 'bsls', 'locations'] as const;

/** Fewer BSLs than this in both releases: the cell is drawn faint (as the hexagons). */
export const FEW_BSLS = 10;

/**
 * The shade of a cell: its net change in served locations as a share of its BSLs (the larger
 * of the two releases' counts, so a cell that gained BSLs is not overstated), to 3 decimals.
 */
export function netServedShare(netServed: number, bslsA: number, bslsB: number): number {
  const base = Math.max(bslsA, bslsB);
  return base === 0 ? 0 : Math.round((netServed / base) * 1000) / 1000;
}

/** A net change this large a share of the cell's BSLs, either way, is the strong shade. */
export const LARGE_SHARE = 0.1;

/**
 * Diverging classes, from the most lost to the most gained. The sign of the net change in
 * served decides the side (so one location's change is never drawn as none, however large
 * the cell), its share of the cell's BSLs how strong.
 */
export const NET_CLASSES = [
  { value: 'loss_large', label: 'Fewer served, by 10% of BSLs or more' },
  { value: 'loss', label: 'Fewer served' },
  { value: 'none', label: 'No net change in served' },
  { value: 'gain', label: 'More served' },
  { value: 'gain_large', label: 'More served, by 10% of BSLs or more' },
] as const;

export type NetClass = (typeof NET_CLASSES)[number]['value'];

export function netClassOf(netServed: number, share: number): NetClass {
  if (netServed === 0) return 'none';
  if (netServed > 0) return share >= LARGE_SHARE ? 'gain_large' : 'gain';
  return share <= -LARGE_SHARE ? 'loss_large' : 'loss';
}
