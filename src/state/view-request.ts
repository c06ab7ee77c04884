// A view file dropped on the map (features/draw) asks for the view it names; the URL sync
// (app/url-state.ts) applies it as it applies a link, so the two can never read a view apart.
type Listener = (search: string) => void;

let listener: Listener | null = null;

/** Installs the one handler of view requests; returns its removal. */
export function onViewRequest(handler: Listener): () => void {
  listener = handler;
  return () => {
    if (listener === handler) listener = null;
  };
}

/** Asks for the view a query string names (`?v=…&cv=…&aud=…&tab=…`). */
export function requestView(search: string): void {
  listener?.(search);
}
