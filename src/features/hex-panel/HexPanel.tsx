// Slot: the side panel for a selected hexagon (mobile coverage).
export function HexPanel() {
  return null;
}
