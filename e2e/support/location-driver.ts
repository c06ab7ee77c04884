// The location panel as a planner reads it: found by its region name, identifiers by the
// definition that holds their Copy button (no class names).
import { expect, type Page } from '@playwright/test';

export function locationPanel(page: Page) {
  return page.getByRole('region', { name: 'Location' });
}

/** The value of an identifier in the panel ("location ID" or "UUID"), with its Copy button. */
export function identifier(page: Page, name: 'location ID' | 'UUID') {
  return locationPanel(page)
    .getByRole('definition')
    .filter({ has: page.getByRole('button', { name: `Copy ${name}` }) });
}

/** The panel shows this location: its location ID, and nothing but it, leads the value. */
export async function expectLocationShown(page: Page, id: number): Promise<void> {
  await expect(identifier(page, 'location ID')).toHaveText(new RegExp(`^${id}(?!\\d)`));
}
