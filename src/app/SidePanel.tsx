// The right-hand panel: one feature panel at a time, each behind its own error boundary.
// Collapsible; below 1024 px it floats over the map instead of narrowing it, and below 640 px
// it is a sheet over the map's lower part, so the map above still shows what it describes.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { lazyPart } from '../components/lazy-part';
import { useAppStore } from '../state/store';
import { IntroPanel } from './IntroPanel';
import { PanelErrorBoundary } from './PanelErrorBoundary';
import { PANEL_TITLES, panelContent, type PanelContent } from './side-panel-content';
import './side-panel.css';

// Fetched when first opened: the first view shows the intro or a location.
const AreaPanel = lazyPart(
  'the area panel',
  async () => (await import('../features/area-panel/AreaPanel')).AreaPanel,
);
const LocationPanel = lazyPart(
  'the location panel',
  async () => (await import('../features/location-panel/LocationPanel')).LocationPanel,
);
const HexPanel = lazyPart(
  'the hexagon panel',
  async () => (await import('../features/mobile-coverage/HexPanel')).HexPanel,
);

function PanelBody({ content }: { content: PanelContent }) {
  switch (content) {
    case 'area':
      return <AreaPanel />;
    case 'hex':
      return <HexPanel />;
    case 'location':
      return <LocationPanel />;
    case 'intro':
      return <IntroPanel />;
  }
}

function isWide(): boolean {
  return (
    typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 1024px)').matches
  );
}

const NO_COVER = { right: 0, bottom: 0 };

/**
 * Tells the map how much of it the open panel covers while it floats: its width beside the map
 * (a tablet), or its height when it spans the map's whole width as a sheet (a phone).
 */
function useCoverReport(panel: HTMLElement | null): void {
  const setMapCover = useAppStore((s) => s.setMapCover);
  useEffect(() => {
    if (!panel) return;
    const report = () => {
      const parent = panel.parentElement;
      if (getComputedStyle(panel).position !== 'absolute' || !parent) return setMapCover(NO_COVER);
      const box = panel.getBoundingClientRect();
      const frame = parent.getBoundingClientRect();
      const sheet = box.left <= frame.left + 1;
      setMapCover(
        sheet
          ? { right: 0, bottom: Math.round(frame.bottom - box.top) }
          : { right: Math.round(box.width), bottom: 0 },
      );
    };
    report();
    // The width changes with the window; whether the panel floats, with the media query.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(report) : null;
    observer?.observe(panel);
    window.addEventListener('resize', report);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', report);
      setMapCover(NO_COVER);
    };
  }, [panel, setMapCover]);
}

export function SidePanel() {
  const { mode, selection } = useAppStore(
    useShallow((s) => ({ mode: s.mode, selection: s.selection })),
  );
  const content = panelContent(mode, selection);
  // Hiding applies to what is shown now; a new selection opens the panel again. On narrow
  // screens the panel covers the map, so the intro starts hidden (a linked selection does not).
  const shownKey = `${content}:${JSON.stringify(selection)}`;
  const [hiddenKey, setHiddenKey] = useState<string | null>(() =>
    content === 'intro' && !isWide() ? shownKey : null,
  );
  const open = hiddenKey !== shownKey;
  const setOpen = (next: boolean) => setHiddenKey(next ? null : shownKey);
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  useCoverReport(open ? panel : null);

  if (!open) {
    return (
      <button
        type="button"
        className="side-panel__reopen button"
        aria-expanded="false"
        aria-controls="side-panel"
        onClick={() => setOpen(true)}
      >
        Show panel
      </button>
    );
  }

  return (
    <aside id="side-panel" ref={setPanel} className="side-panel" aria-label="Details">
      <header className="side-panel__header">
        <h2 className="side-panel__title">{PANEL_TITLES[content]}</h2>
        <button
          type="button"
          className="button button--ghost"
          aria-expanded="true"
          aria-controls="side-panel"
          onClick={() => setOpen(false)}
        >
          Hide panel
        </button>
      </header>
      <div className="side-panel__body">
        {/* Keyed by content so Retry state never leaks from one panel to the next. */}
        <PanelErrorBoundary key={content} name={`${PANEL_TITLES[content]} panel`}>
          <PanelBody content={content} />
        </PanelErrorBoundary>
      </div>
    </aside>
  );
}
