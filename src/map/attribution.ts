// Each source names its origin; the map's attribution shows the names of the sources it draws.
export const BOUNDARIES_ATTRIBUTION = 'Boundaries: US Census';
// The fabric's tiles name their source by the backend's (useCapabilities().attribution): the
// demo is synthetic, and the map says so wherever it draws it; a workspace is not.
