// The top bar as a planner reaches it: on a phone the releases and menus (vintage pickers,
// Filters, Layers, Settings) fold behind one "Layers & filters" disclosure; elsewhere that
// button is not shown and they always are.
import { expect, type Locator, type Page } from '@playwright/test';

export function foldButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Layers & filters' });
}

/** Unfolds the phone's disclosure when it is shown and folded; says whether it did. */
export async function unfoldTopBar(page: Page): Promise<boolean> {
  const fold = foldButton(page);
  if (!(await fold.isVisible()) || (await fold.getAttribute('aria-expanded')) === 'true')
    return false;
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  return true;
}

/** Folds the phone's disclosure again (after `unfoldTopBar` said it unfolded it). */
export async function foldTopBar(page: Page): Promise<void> {
  const fold = foldButton(page);
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
}
