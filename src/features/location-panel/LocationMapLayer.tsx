// Slot: the selected location's marker and the click-to-location line (location workflow).
export function LocationMapLayer() {
  return null;
}
