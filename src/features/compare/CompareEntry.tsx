// The compare card as the first view shows it: folded to its title while no comparison is on,
// so neither its room over the map nor its code (CompareCard and its layers, a chunk of their
// own) is spent on a planner who does not compare. Unfolding it, or a link that compares,
// brings the whole card, with a loading line while its code arrives.
import { useState } from 'react';
import { CollapsibleLegend, storedOpen } from '../../components/CollapsibleLegend';
import { lazyPart } from '../../components/lazy-part';
import { useMapInstance } from '../../map/map-context';
import { useAppStore } from '../../state/store';

const CompareCard = lazyPart(
  'the compare controls',
  async () => (await import('./CompareCard')).CompareCard,
  { compact: true },
);

export function CompareEntry() {
  const map = useMapInstance();
  const comparing = useAppStore((s) => s.compareWith !== null);
  const [wanted, setWanted] = useState(() => storedOpen('compare') === true);
  // Once shown, the card stays (turning the comparison off keeps its controls in view).
  if (comparing && !wanted) setWanted(true);
  if (comparing || wanted) return <CompareCard />;
  if (!map) return null;
  return (
    <CollapsibleLegend
      id="compare"
      title="Compare releases"
      className="cmp-card"
      aside={<span data-testid="compare:aside">off</span>}
      defaultOpen={false}
      onToggle={(open) => open && setWanted(true)}
    >
      {null}
    </CollapsibleLegend>
  );
}
