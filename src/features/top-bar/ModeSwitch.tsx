import { useShallow } from 'zustand/react/shallow';
import { partIntent } from '../../components/part-intent';
import { useAppStore } from '../../state/store';
import type { Mode } from '../../state/slices/session';
import './mode-switch.css';

const MODES: { mode: Mode; label: string }[] = [
  { mode: 'inspect', label: 'Inspect' },
  { mode: 'draw', label: 'Draw area' },
];

/** Two toggle buttons rather than radios: each names the mode it turns on. */
export function ModeSwitch() {
  const { mode, setMode } = useAppStore(useShallow((s) => ({ mode: s.mode, setMode: s.setMode })));
  return (
    <div className="mode-switch" role="group" aria-label="Mode">
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          className="mode-switch__button"
          aria-pressed={mode === m.mode}
          onClick={() => setMode(m.mode)}
          // A mode's code is fetched as the planner heads for its button, not on the first view.
          onPointerEnter={() => partIntent(m.mode)}
          onFocus={() => partIntent(m.mode)}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
