// While a click is being located, and when nothing was found: said where the user looks.
import { useAppStore } from '../../state/store';
import { PartError } from './PartState';
import { noMatchMessage } from './location-words';
import { useClickLocate } from './use-located-click';

export function LocateStatus() {
  const neardistancem = useAppStore((s) => s.neardistancem);
  const fabricVintage = useAppStore((s) => s.fabricVintage);
  const locate = useClickLocate();

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
        <p>{noMatchMessage(neardistancem)}</p>
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
