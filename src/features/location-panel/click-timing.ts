// Performance marks for "click → panel fully rendered", read by the measuring browser spec.
// Marks are cheap and invisible to users; the spec reads `location:click-to-panel` measures.

export const CLICK_MARK = 'location:click';
export const COMPLETE_MARK = 'location:complete';
export const CLICK_TO_PANEL = 'location:click-to-panel';

let pendingClick = false;

/** A map click started a locate: the clock starts. */
export function markClick(): void {
  performance.clearMarks(CLICK_MARK);
  performance.mark(CLICK_MARK);
  pendingClick = true;
}

/** Every part of the panel shows its data: stop the clock once per click. */
export function markPanelComplete(): void {
  if (!pendingClick) return;
  pendingClick = false;
  performance.mark(COMPLETE_MARK);
  performance.measure(CLICK_TO_PANEL, CLICK_MARK, COMPLETE_MARK);
}

/** A selection that did not come from a click (search, link, equivalent) is not timed. */
export function cancelClickTiming(): void {
  pendingClick = false;
}
