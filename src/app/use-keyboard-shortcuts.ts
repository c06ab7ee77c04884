// App-wide keys: Esc clears the selection, "/" jumps to the address search.
import { useEffect } from 'react';
import { useAppStore } from '../state/store';

export const SEARCH_INPUT_SELECTOR = 'input[aria-label="Search address"]';

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === '/' && !isEditable(event.target)) {
        const input = document.querySelector<HTMLInputElement>(SEARCH_INPUT_SELECTOR);
        if (input) {
          event.preventDefault();
          input.focus();
          input.select();
        }
        return;
      }
      // Esc inside a field or an open dialog belongs to that control (clear text, close).
      if (
        event.key === 'Escape' &&
        !isEditable(event.target) &&
        !document.querySelector('dialog[open]')
      ) {
        useAppStore.getState().clearSelection();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
