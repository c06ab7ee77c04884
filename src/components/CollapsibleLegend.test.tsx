// The legend disclosure: folded at first on a phone, open on a wider screen, the planner's
// choice kept per legend across reloads, and still working when storage is refused.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollapsibleLegend, NARROW_QUERY } from './CollapsibleLegend';

function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_QUERY && px <= 899,
    media: query,
  }));
}

function renderLegend(id = 'mobile-coverage') {
  return render(
    <CollapsibleLegend id={id} title="Mobile coverage" aside="as of June 2025">
      <p>Legend rows</p>
    </CollapsibleLegend>,
  );
}

const toggle = () => screen.getByRole('button', { name: 'Mobile coverage' });
/** Shown: not inside an element with the `hidden` attribute. */
const shown = (el: Element | null) => el !== null && el.closest('[hidden]') === null;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CollapsibleLegend', () => {
  it('starts open on a wide screen and folded on a phone', () => {
    screenWidth(1280);
    renderLegend();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(shown(screen.getByText('Legend rows'))).toBe(true);
    cleanup();

    screenWidth(390);
    renderLegend();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(shown(screen.getByText('Legend rows'))).toBe(false);
    // Folded, the card still says what it is and the aside.
    expect(screen.getByRole('region', { name: 'Mobile coverage' }).textContent).toContain(
      'as of June 2025',
    );
  });

  it('the button names and controls the body, and toggles it', () => {
    screenWidth(1280);
    renderLegend();
    const body = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(body?.textContent).toBe('Legend rows');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(shown(body)).toBe(false);
    fireEvent.click(toggle());
    expect(shown(body)).toBe(true);
  });

  it('keeps the planner’s choice per legend over the screen default', () => {
    screenWidth(390);
    renderLegend();
    fireEvent.click(toggle());
    cleanup();

    renderLegend();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    cleanup();
    // Another legend has its own key: still the phone's default.
    renderLegend('fixed-broadband');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    cleanup();

    screenWidth(1280);
    renderLegend();
    fireEvent.click(toggle());
    cleanup();
    renderLegend();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens and folds when storage is refused', () => {
    screenWidth(1280);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    renderLegend();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});
