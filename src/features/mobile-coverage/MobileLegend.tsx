// The legend card over the map: what each colour means and how many cells in view have it,
// load progress, errors with Retry, and the filters.
import { MOBILE_CLASSES, type MobileClass } from './mobile-classify';
import { MOBILE_CLASS_LABEL } from './mobile-labels';
import { MOBILE_CLASS_COLOR } from './hex-styles';

interface Props {
  counts: Record<MobileClass, number>;
  loading: number;
}

export function MobileLegend({ counts, loading }: Props) {
  return (
    <ul className="mc-legend" aria-label="Cells in view by best service">
      {MOBILE_CLASSES.map((cls) => (
        <li key={cls} className="mc-legend__row" data-class={cls}>
          <span
            className="mc-legend__swatch"
            style={{ background: MOBILE_CLASS_COLOR[cls], opacity: cls === 'none' ? 0.55 : 0.85 }}
            aria-hidden="true"
          />
          <span className="mc-legend__label">{MOBILE_CLASS_LABEL[cls]}</span>
          <span className="mc-legend__count" data-count={counts[cls]}>
            {counts[cls].toLocaleString('en-US')}
          </span>
        </li>
      ))}
      <li className="mc-legend__row mc-legend__row--loading" data-class="loading">
        <span className="mc-legend__swatch mc-legend__swatch--loading" aria-hidden="true" />
        <span className="mc-legend__label">Not loaded yet</span>
        <span className="mc-legend__count" data-count={loading}>
          {loading.toLocaleString('en-US')}
        </span>
      </li>
    </ul>
  );
}
