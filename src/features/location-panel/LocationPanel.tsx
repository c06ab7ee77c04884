// The side panel for the location workflow: a click being located, or a selected location.
import { useAppStore } from '../../state/store';
import { LocateStatus } from './LocateStatus';
import { LocationDetails } from './LocationDetails';
import './location-panel.css';

export function LocationPanel() {
  const selection = useAppStore((s) => s.selection);
  if (selection.kind !== 'point' && selection.kind !== 'location') return null;
  return (
    <section aria-label="Location" className="location-panel">
      {selection.kind === 'point' ? (
        <LocateStatus />
      ) : (
        // Keyed so every part starts fresh (audience switch, copy state) for a new location.
        <LocationDetails
          key={selection.locationId}
          locationId={selection.locationId}
          fromClick={selection.click !== undefined}
        />
      )}
    </section>
  );
}
