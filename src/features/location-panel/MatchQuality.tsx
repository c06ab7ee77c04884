// How the click found this location, in plain words ("Footprint and parcel match, 4 m").
import { describeMatch } from './location-words';
import { useClickLocate } from './use-click-locate';

export function MatchQuality() {
  const locate = useClickLocate();
  const found = locate.data?.[0];
  if (!found) return null;
  return (
    <p className="lp-match" data-testid="location-panel:match">
      <span className="lp-match-dot" aria-hidden="true" />
      {describeMatch(found.matchtype, found.distancem)}
    </p>
  );
}
