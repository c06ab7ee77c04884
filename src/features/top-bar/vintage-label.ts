// Vintages travel as YYYYMM; people read "Jun 2024".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function vintageLabel(vintage: string): string {
  const match = /^(\d{4})(\d{2})$/.exec(vintage);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return vintage;
  return `${MONTHS[month - 1]} ${match[1]}`;
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
