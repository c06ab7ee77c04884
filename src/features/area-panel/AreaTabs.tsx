// The two views of the selected area as tabs (WAI-ARIA tabs pattern: arrow keys move between
// them, the chosen one is the only tab stop): the planner's report and the custom summary.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AreaTab } from '../../state/slices/area-tab';
import { useAppStore } from '../../state/store';

const TABS: { id: AreaTab; label: string }[] = [
  { id: 'report', label: 'Report' },
  { id: 'custom', label: 'Custom summary' },
];

export function AreaTabs({ children }: { children: ReactNode }) {
  const { tab, setTab } = useAppStore(
    useShallow((s) => ({ tab: s.areaTab, setTab: s.setAreaTab })),
  );
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div className="area-tabs" role="tablist" aria-label="Area views">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`area-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="area-tabpanel"
            tabIndex={tab === t.id ? 0 : -1}
            className="area-tabs__tab"
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id="area-tabpanel"
        role="tabpanel"
        tabIndex={-1}
        aria-labelledby={`area-tab-${tab}`}
        className="area-tabs__panel"
      >
        {children}
      </div>
    </>
  );
}
