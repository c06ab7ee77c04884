// Vintages travel as YYYYMM; people read "Jun 2024" (pickers, cards) or "June 2024" (prose).
const MONTHS = {
  short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  long: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** "202406" → "Jun 2024" (or "June 2024" with `long`); anything else is shown as it came. */
export function vintageLabel(vintage: string, month: 'short' | 'long' = 'short'): string {
  const match = /^(\d{4})(\d{2})$/.exec(vintage);
  const name = match ? MONTHS[month][Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : vintage;
}

/** The vintage to show: the chosen one if the service still has it, else the newest. */
export function effectiveVintage(
  chosen: string | null,
  available: readonly string[],
): string | null {
  if (available.length === 0) return null;
  if (chosen && available.includes(chosen)) return chosen;
  return [...available].sort().at(-1) ?? null;
}
