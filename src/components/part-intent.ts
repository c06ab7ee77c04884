// A part fetched on first use (lazy-part.tsx) can be fetched a moment earlier, when the planner
// heads for the control that shows it (points at it or focuses it): the control names the part,
// the part's owner says how to fetch it, and neither feature imports the other. Nothing is
// fetched on the first view itself, only on such intent.
const preloads = new Map<string, () => void>();

/** The part's owner: how to fetch part `name` ahead of showing it. */
export function onPartIntent(name: string, preload: () => void): void {
  preloads.set(name, preload);
}

/** The control: the planner is heading for part `name`. */
export function partIntent(name: string): void {
  preloads.get(name)?.();
}
