// Numbers, dates and distances written the way a planner reads them on screen. The browser
// tests build their expected text with these, never with the app's own formatting code, so a
// formatting bug in the app cannot agree with itself.

/** 12345 → "12,345"; 1234.5 → "1,234.5" (a whole number gets no decimals). */
export function grouped(n: number, decimals = 0): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(n * scale) / scale;
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${withCommas}${fraction ? `.${fraction}` : ''}`;
}

/** A speed in Mbps as a provider table shows it: "1,000", "2.5", "0.2". */
export function mbps(n: number): string {
  return grouped(n, 1);
}

const MONTHS = [
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
];

/** A vintage as prose names it: "202506" → "June 2025". */
export function monthYear(vintage: string): string {
  const [, year, month] = /^(\d{4})(\d{2})$/.exec(vintage) ?? [];
  if (!year || !month) throw new Error(`"${vintage}" is not a YYYYMM vintage`);
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

/** A click's distance from its location: whole metres, "under 1 m" rather than "0 m". */
export function metres(distancem: number): string {
  if (distancem < 1) return 'under 1 m';
  if (distancem >= 1000) return `${(distancem / 1000).toFixed(1)} km`;
  return `${Math.round(distancem)} m`;
}

/** The number a text shows, separators dropped: "12,345 locations" → 12345. */
export function countIn(text: string | null): number {
  const digits = (text ?? '').replace(/[^0-9]/g, '');
  if (digits === '') throw new Error(`no number in "${text}"`);
  return Number(digits);
}
