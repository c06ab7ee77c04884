// Requests written the way the service's official Python client writes them, so tests send
// its bytes rather than what a JavaScript client would: query strings from
// urllib.parse.urlencode (quote_plus: space → "+", only letters, digits and "_.-~" left as
// they are) and bodies from requests' `json=` (json.dumps: ", " and ": " separators, ASCII
// only, every non-ASCII character as a \uXXXX escape).

/** urllib.parse.urlencode of a dict whose values are str or int. */
export function pyUrlencode(params: Record<string, string | number>): string {
  const quote = (v: string) =>
    encodeURIComponent(v)
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+');
  return Object.entries(params)
    .map(([k, v]) => `${quote(k)}=${quote(String(v))}`)
    .join('&');
}

/** json.dumps with its default separators and ensure_ascii. */
export function pyJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`).join(', ')}}`;
  }
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  }
  return JSON.stringify(value);
}

/** The headers requests sends for `session.post(url, json=...)` with the client's apikey. */
export const pyHeaders = (apikey: string) => ({
  apikey,
  'Content-Type': 'application/json',
  'User-Agent': 'python-requests/2.32.3',
  Accept: '*/*',
});
