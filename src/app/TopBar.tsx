// The top bar: brand, address search, vintages, mode, layers, settings and the backend badge.
// It wraps onto a second row on narrow screens rather than hiding controls.
import { AddressSearch } from '../search/AddressSearch';
import { LayersMenu } from '../layers-menu/LayersMenu';
import { SettingsDialog } from '../settings/SettingsDialog';
import { BackendBadge } from './BackendBadge';
import { ModeSwitch } from './ModeSwitch';
import { VintagePickers } from './VintagePickers';
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
      <VintagePickers />
      <ModeSwitch />
      <div className="top-bar__group">
        <LayersMenu />
        <SettingsDialog />
      </div>
      <div className="top-bar__end">
        <BackendBadge />
      </div>
    </header>
  );
}
