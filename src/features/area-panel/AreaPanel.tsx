// Slot: the side panel for drawn areas and their summaries (area summaries).
export function AreaPanel() {
  return null;
}
