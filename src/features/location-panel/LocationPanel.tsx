// Slot: the side panel for a selected location (location workflow).
export function LocationPanel() {
  return null;
}
