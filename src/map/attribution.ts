// Each source names its origin; the map's attribution shows the names of the sources it draws.
export const BOUNDARIES_ATTRIBUTION = 'Boundaries: US Census';
/** The demo fabric is synthetic, and the map says so wherever it draws it. */
export const FABRIC_ATTRIBUTION = 'Demo fabric: synthetic';
