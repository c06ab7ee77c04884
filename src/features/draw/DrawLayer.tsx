// Slot: terra-draw and the drawn areas on the map (area summaries).
export function DrawLayer() {
  return null;
}
