// The browser's localStorage, where the areas and the filters are kept between visits.

/** localStorage, or null where the browser refuses it (reading the property can throw). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
