// While a click is being located, and when nothing was found: said where the user looks.
import { useFabricVintages } from '../../queries/use-fabric-vintages';
import { useAppStore } from '../../state/store';
import { LOCATE_LIMITS } from '../../state/slices/settings';
import { PartError } from '../../components/PartError';
import { formatMeters, noMatchMessage } from './location-words';
import { useClickLocate } from './use-click-locate';

const WIDEST = LOCATE_LIMITS.neardistancem.max;

export function LocateStatus() {
  const neardistancem = useAppStore((s) => s.neardistancem);
  const parceldistancem = useAppStore((s) => s.parceldistancem);
  const setLocateDistances = useAppStore((s) => s.setLocateDistances);
  const fabricVintage = useAppStore((s) => s.fabricVintage);
  const locate = useClickLocate();
  const vintages = useFabricVintages();

  // Locating waits for a vintage; if the vintages cannot load, say so here rather than wait.
  if (!fabricVintage && vintages.status === 'error') {
    return (
      <div className="lp-part">
        <PartError
          what="The fabric vintages"
          error={vintages.error}
          onRetry={() => void vintages.refetch()}
        />
      </div>
    );
  }
  if (locate.status === 'error') {
    return (
      <div className="lp-part">
        <PartError what="The location" error={locate.error} onRetry={() => void locate.refetch()} />
      </div>
    );
  }
  if (locate.status === 'success' && locate.data.length === 0) {
    return (
      <div className="lp-part lp-nomatch" role="status">
        <p>{noMatchMessage(neardistancem, WIDEST)}</p>
        {neardistancem < WIDEST && (
          // The same click is located again: the distances are part of the locate query key.
          <button
            type="button"
            className="button"
            onClick={() => setLocateDistances({ parceldistancem, neardistancem: WIDEST })}
          >
            Search within {formatMeters(WIDEST)}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="lp-part">
      <p className="lp-muted lp-loading" role="status">
        {fabricVintage ? 'Finding the fabric location…' : 'Loading fabric vintages…'}
      </p>
    </div>
  );
}
