// Slot: the mobile coverage hexagon layer and its legend (mobile coverage).
export function MobileCoverageLayer() {
  return null;
}
