// The top bar: brand, address search, vintages, mode, fixed broadband filters, layers, settings
// and the backend badge, each from its own feature. It wraps onto a second row on narrow
// screens rather than hiding controls.
import { AddressSearch } from '../features/search/AddressSearch';
import { FixedFiltersMenu } from '../features/fixed-filters/FixedFiltersMenu';
import { LayersMenu } from '../features/layers-menu/LayersMenu';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { BackendBadge } from '../features/top-bar/BackendBadge';
import { ModeSwitch } from '../features/top-bar/ModeSwitch';
import { VintagePickers } from '../features/top-bar/VintagePickers';
import './top-bar.css';

export function TopBar() {
  return (
    <header className="top-bar">
      <div className="top-bar__brand">
        <span className="top-bar__logo" aria-hidden="true" />
        <h1 className="top-bar__title">Coverage Explorer</h1>
      </div>
      <div className="top-bar__search">
        <AddressSearch />
      </div>
      <div className="top-bar__group" role="group" aria-label="Vintages">
        <VintagePickers />
      </div>
      <ModeSwitch />
      <div className="top-bar__group">
        <FixedFiltersMenu />
        <LayersMenu />
        <SettingsDialog />
      </div>
      <div className="top-bar__end">
        <BackendBadge />
      </div>
    </header>
  );
}
