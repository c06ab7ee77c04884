// The top bar: brand, address search, mode, then the releases (vintages), the fixed broadband
// filters, the layers and the settings, the backend badge and who is signed in, each from its
// own feature. It wraps onto a second row on narrow screens rather than hiding controls. On a phone the
// releases and menus fold behind one disclosure ("Layers & filters") so the bar keeps to two
// rows and the map its height; the search and the mode stay in view (top-bar.css).
import { useId, useState } from 'react';
import { FixedFiltersMenu } from '../features/fixed-filters/FixedFiltersMenu';
import { LayersMenu } from '../features/layers-menu/LayersMenu';
import { AddressSearch } from '../features/search/AddressSearch';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { BackendBadge } from '../features/top-bar/BackendBadge';
import { ModeSwitch } from '../features/top-bar/ModeSwitch';
import { SignedIn } from '../features/top-bar/SignedIn';
import { VintagePickers } from '../features/top-bar/VintagePickers';
import './top-bar.css';

export function TopBar() {
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  return (
    <header className="top-bar">
      <div className="top-bar__brand">
        <span className="top-bar__logo" aria-hidden="true" />
        <h1 className="top-bar__title">Coverage Explorer</h1>
      </div>
      <div className="top-bar__search">
        <AddressSearch />
      </div>
      <ModeSwitch />
      {/* Shown on phones only; elsewhere what it controls is always shown. */}
      <button
        type="button"
        className="button top-bar__fold"
        aria-expanded={unfolded}
        aria-controls={moreId}
        onClick={() => setUnfolded((u) => !u)}
      >
        Layers &amp; filters
        <span className="top-bar__chevron" aria-hidden="true" />
      </button>
      <div id={moreId} className="top-bar__more" data-unfolded={unfolded || undefined}>
        <div className="top-bar__group" role="group" aria-label="Vintages">
          <VintagePickers />
        </div>
        <div className="top-bar__group">
          <FixedFiltersMenu />
          <LayersMenu />
          <SettingsDialog />
        </div>
      </div>
      <div className="top-bar__end">
        <BackendBadge />
        <SignedIn />
      </div>
    </header>
  );
}
