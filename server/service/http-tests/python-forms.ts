// Requests written the way the service's official Python client writes them, so tests send
// its bytes rather than what a JavaScript client would: query strings from
// urllib.parse.urlencode (quote_plus: space → "+", only letters, digits and "_.-~" left as
// they are) and bodies from requests' `json=` (json.dumps: ", " and ": " separators, ASCII
// only, every non-ASCII character as a \uXXXX escape).

import { pythonJsonDumps, pythonUrlencode, type PyValue } from '../testing/python-wire-format';

/** urllib.parse.urlencode of a dict whose values are str or int. */
export const pyUrlencode = (params: Record<string, string | number>): string =>
  pythonUrlencode(params);

/** json.dumps with its default separators and ensure_ascii. */
export const pyJson = (value: unknown): string => pythonJsonDumps(value as PyValue);

/** The headers requests sends for `session.post(url, json=...)` with the client's apikey. */
export const pyHeaders = (apikey: string) => ({
  apikey,
  'Content-Type': 'application/json',
  'User-Agent': 'python-requests/2.32.3',
  Accept: '*/*',
});
