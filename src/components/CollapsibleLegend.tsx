// A legend card over the map that folds to its title: a disclosure button (its title) that
// shows or hides the body, keyboard-operable as any button. On a phone a legend open by
// default would cover the map it explains, so it starts folded below NARROW_QUERY (a tablet
// too: two open cards there took half the map); once the planner opens or folds it, that
// choice is kept (localStorage, per legend) across reloads.
//
// Placement: the card is a plain block; the map stacks its cards in one column at its top
// left (see app.css, `.map-view`), so legends, the draw toolbar and the panel button never
// overlap. Give `className` for the card's own look, not for positioning.
import { useId, useState, type ReactNode } from 'react';
import './collapsible-legend.css';

export const NARROW_QUERY = '(max-width: 899px)';
const KEY_PREFIX = 'coverage-explorer:legend:';

/** The planner's last choice for a legend, or null when there is none (or no storage). */
export function storedOpen(id: string): boolean | null {
  try {
    const value = window.localStorage.getItem(KEY_PREFIX + id);
    return value === 'open' ? true : value === 'closed' ? false : null;
  } catch {
    // Storage refused (private mode, blocked): fall back to the default each load.
    return null;
  }
}

export function storeOpen(id: string, open: boolean): void {
  try {
    window.localStorage.setItem(KEY_PREFIX + id, open ? 'open' : 'closed');
  } catch {
    // Not kept; the legend still opens and folds for this page.
  }
}

export function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

interface Props {
  /** Stable name of the legend: the storage key and the source of DOM ids. */
  id: string;
  /** The card's title and the disclosure button's name ("Mobile coverage"). */
  title: string;
  /** Beside the title, shown folded or not (a vintage, a one-line summary). */
  aside?: ReactNode;
  className?: string;
  busy?: boolean;
  /** Open at first when the planner has not chosen; by default, unless the screen is narrow. */
  defaultOpen?: boolean;
  /** Told each time the planner opens or folds it. */
  onToggle?: (open: boolean) => void;
  children: ReactNode;
}

export function CollapsibleLegend(props: Props) {
  const { id, title, aside, className, busy, children } = props;
  const [open, setOpen] = useState(() => storedOpen(id) ?? props.defaultOpen ?? !isNarrow());
  const domId = useId();
  const titleId = `${domId}-title`;
  const bodyId = `${domId}-body`;
  const toggle = () => {
    setOpen(!open);
    storeOpen(id, !open);
    props.onToggle?.(!open);
  };
  return (
    <section
      className={`legend-card map-card${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-busy={busy}
      data-open={open}
    >
      <header className="legend-card__header">
        <h2 className="legend-card__title">
          <button
            type="button"
            id={titleId}
            className="legend-card__toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={toggle}
          >
            <span className="legend-card__chevron" aria-hidden="true" />
            {title}
          </button>
        </h2>
        {aside !== undefined && <span className="legend-card__aside">{aside}</span>}
      </header>
      <div id={bodyId} className="legend-card__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
