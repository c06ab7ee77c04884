// The map's cards (the legends and the draw toolbar, stacked at its top left: app.css) cover part
// of it. Measured here and reported as the map's cover (state/slices/session.ts), so the map's
// padding keeps what is flown to (a searched address, a location, an area) in the part no card
// covers: the column counts as a strip on the left when that leaves more map than a strip along
// the top (a wide screen's narrow column), else as a strip along the top (a phone's full-width
// cards). A folded card is small, so the cover follows the planner's folding.
import { useEffect } from 'react';
import { useAppStore } from '../state/store';

/** The cards over the map: what app.css stacks in its column. */
const CARDS = ':scope > .legend-card, :scope > .draw-toolbar, :scope > .lazy-part';
/** Covers change in steps, so a count that changes a card's height does not move the camera. */
const STEP = 16;
const stepUp = (px: number) => Math.ceil(px / STEP) * STEP;

/** Top or left cover of boxes over a map of the given size (the side panel's part taken off). */
export function cardCover(
  cards: readonly DOMRect[],
  map: DOMRect,
  panel: { right: number; bottom: number },
): { top: number; left: number } {
  if (cards.length === 0) return { top: 0, left: 0 };
  const width = map.width - panel.right;
  const height = map.height - panel.bottom;
  const right = Math.max(...cards.map((c) => c.right)) - map.left;
  const bottom = Math.max(...cards.map((c) => c.bottom)) - map.top;
  if (right <= 0 || bottom <= 0 || width <= 0 || height <= 0) return { top: 0, left: 0 };
  // The strip that leaves the larger share of the visible map.
  const leftShare = Math.max(0, width - right) / width;
  const topShare = Math.max(0, height - bottom) / height;
  return leftShare >= topShare ? { top: 0, left: stepUp(right) } : { top: stepUp(bottom), left: 0 };
}

/** Keeps the map's top and left cover equal to what its cards take. */
export function useCardCover(view: HTMLElement | null): void {
  const setMapCover = useAppStore((s) => s.setMapCover);
  // Measured again when the side panel's part changes: the share left depends on it.
  const right = useAppStore((s) => s.mapCover.right);
  const bottom = useAppStore((s) => s.mapCover.bottom);
  useEffect(() => {
    if (!view || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const cards = [...view.querySelectorAll<HTMLElement>(CARDS)].map((card) =>
        card.getBoundingClientRect(),
      );
      setMapCover(cardCover(cards, view.getBoundingClientRect(), { right, bottom }));
    };
    const sizes = new ResizeObserver(measure);
    const watch = () => {
      sizes.disconnect();
      sizes.observe(view);
      for (const card of view.querySelectorAll<HTMLElement>(CARDS)) sizes.observe(card);
      measure();
    };
    // Cards come and go (a layer turned on, Draw mode): observe whichever are there.
    const children = new MutationObserver(watch);
    children.observe(view, { childList: true });
    watch();
    return () => {
      children.disconnect();
      sizes.disconnect();
      setMapCover({ top: 0, left: 0 });
    };
  }, [view, setMapCover, right, bottom]);
}
