// Slot: the address search box in the top bar (location workflow).
export function AddressSearch() {
  return <input type="search" aria-label="Search address" placeholder="Search address" />;
}
