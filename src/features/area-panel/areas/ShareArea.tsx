// Copy link for the selected area: the page's URL already names the area, its name, the tab,
// the releases, the filters and the comparison (app/url-state.ts), so the link is that URL. An
// area too detailed for a link (the URL sync leaves it out past MAX_LINK_LENGTH) is shared as
// a view file instead, which opens the same view when dropped on the map or imported.
import { useEffect, useState } from 'react';
import { areaParam, MAX_LINK_LENGTH, viewFile } from '../../../state/area-link';
import type { SavedArea } from '../../../state/saved-area';
import { useAppStore } from '../../../state/store';
import { downloadText, fileSlug } from '../download';
import './share-area.css';

/** What the last Copy link did, and for which area (object) it did it. */
type Shared = { area: SavedArea } & (
  { kind: 'copied' | 'shown'; url: string } | { kind: 'file'; fileName: string; length: number }
);

/** The link, when the page's URL holds this area (it does unless the area is too detailed). */
function linkFor(area: SavedArea): string | null {
  const url = new URL(window.location.href);
  return url.searchParams.get('area') === areaParam(area) ? url.toString() : null;
}

export function ShareArea({ area }: { area: SavedArea }) {
  const [last, setShared] = useState<Shared | null>(null);
  // Another area, or a change to this one (a new object), makes an earlier link stale.
  const shared = last?.area === area ? last : null;
  // So does any change the page's URL follows (tab, releases, filters, comparison): the link
  // shown is taken back once the URL (mirrored from the store before this runs) differs.
  useEffect(() => {
    if (!last || last.kind === 'file') return;
    return useAppStore.subscribe(() => {
      if (window.location.href !== last.url) setShared(null);
    });
  }, [last]);

  const share = async () => {
    const url = linkFor(area);
    if (url === null) {
      const fileName = `${fileSlug(area.name)}-view.geojson`;
      const doc = viewFile(area, window.location.search);
      downloadText(fileName, JSON.stringify(doc), 'application/geo+json');
      const length = window.location.href.length + areaParam(area).length + 6;
      return setShared({ area, kind: 'file', fileName, length });
    }
    try {
      await navigator.clipboard.writeText(url);
      setShared({ area, kind: 'copied', url });
    } catch {
      // Clipboard refused (permissions, an insecure origin): the link is shown to copy by hand.
      setShared({ area, kind: 'shown', url });
    }
  };

  return (
    <div className="share-area">
      <button type="button" className="button" onClick={() => void share()}>
        Copy link
      </button>
      <div role="status" className="share-area__status">
        {shared?.kind === 'file' && (
          <p>
            {area.name} is too detailed for a link (about {shared.length.toLocaleString('en-US')}{' '}
            characters; links stop at {MAX_LINK_LENGTH.toLocaleString('en-US')}). Downloaded{' '}
            {shared.fileName} instead: dropped on the map in Draw mode, or imported, it opens this
            view.
          </p>
        )}
        {shared && shared.kind !== 'file' && (
          <p>
            {shared.kind === 'copied'
              ? 'Link copied. It opens this area, tab, releases, filters and comparison.'
              : 'The browser did not allow copying: copy the link below.'}
          </p>
        )}
      </div>
      {shared && shared.kind !== 'file' && (
        <input
          className="share-area__url"
          readOnly
          aria-label={`Link to ${area.name}`}
          value={shared.url}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </div>
  );
}
