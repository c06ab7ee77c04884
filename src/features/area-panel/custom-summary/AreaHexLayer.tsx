// The selected area's summary by H3 cell on the map (AreaHexBreakout.tsx), only in Draw mode,
// where the summary is shown; its code (the summary query, the area splitting) is fetched then.
import { lazyPart } from '../../../components/lazy-part';
import { useAppStore } from '../../../state/store';

const AreaHexBreakout = lazyPart(
  'the area hexagons',
  async () => (await import('./AreaHexBreakout')).AreaHexBreakout,
  { compact: true },
);

export function AreaHexLayer() {
  // Mounted only while drawing, so its source and layers leave the map with the summary.
  const drawing = useAppStore((s) => s.mode === 'draw');
  return drawing ? <AreaHexBreakout /> : null;
}
