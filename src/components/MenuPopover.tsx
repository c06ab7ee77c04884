// The top bar's menus (Filters, Layers): a button that shows a panel below it, a disclosure of
// native controls, so each control keeps its keyboard behaviour. Esc or a press elsewhere
// closes it; Esc gives focus back to the button. One mechanism for every menu, so they open,
// close and place their panels alike.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Closest a panel may come to the window's edges, in CSS pixels. */
const EDGE = 8;

/** The least height a panel is given, scrolling inside, in a very short window. */
const MIN_HEIGHT = 160;

/**
 * A ref callback for the panel. It opens below its button, right-aligned (the stylesheet's
 * `right: 0`); where the top bar has wrapped the button towards the window's left edge, a
 * right-aligned panel would run off the screen, so it aligns left instead. A stylesheet that
 * places the panel otherwise (a phone hangs it from the whole top bar) stays in force: the
 * panel is moved only when it would reach past the left edge. It ends above the window's
 * bottom, scrolling inside (the stylesheet's `overflow-y: auto`), however tall the top bar is.
 */
function placeMenuPanel(panel: HTMLElement | null): void {
  if (!panel) return;
  panel.style.removeProperty('left');
  panel.style.removeProperty('right');
  const box = panel.getBoundingClientRect();
  if (box.left < EDGE) {
    panel.style.left = '0';
    panel.style.right = 'auto';
  }
  const room = Math.max(window.innerHeight - box.top - EDGE, MIN_HEIGHT);
  panel.style.maxHeight = `${Math.floor(room)}px`;
}

function useMenuPopover() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Handled here so the app-wide Esc (clear selection) does not also fire.
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  return {
    open,
    toggle: () => setOpen((o) => !o),
    rootRef,
    buttonRef,
    placePanel: placeMenuPanel,
  };
}

interface MenuPopoverProps {
  /** The menu's class: the root gets it, the stylesheet styles `<className>__panel` itself. */
  className: string;
  /** The button's words, and what follows them (a count, a changed dot). */
  label: ReactNode;
  /** The panel, given its id (the button controls it) and the ref callback that places it. */
  renderPanel: (id: string, place: (el: HTMLElement | null) => void) => ReactNode;
  /** The planner heads for the button (points at it or focuses it): fetch the panel's code. */
  onIntent?: () => void;
}

/** A top-bar menu: its button and, while open, its panel. */
export function MenuPopover({ className, label, renderPanel, onIntent }: MenuPopoverProps) {
  const { open, toggle, rootRef, buttonRef, placePanel } = useMenuPopover();
  const panelId = useId();
  return (
    <div className={className} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {label}
      </button>
      {open && renderPanel(panelId, placePanel)}
    </div>
  );
}
