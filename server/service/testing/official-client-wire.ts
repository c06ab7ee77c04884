// The service's official Python client as the service sees it: the same requests, in the same
// bytes and order of headers, chosen by the same arithmetic over listapis, chunked the same way
// and retried the same way after a 429. Written from its behaviour on the wire, so tests can
// drive the reference service exactly as that client does without Python.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { pythonJsonDumps, pythonUrlencode, type PyValue } from './python-wire-format';

export type Row = Record<string, PyValue>;

export interface SentRequest {
  method: 'GET' | 'POST';
  /** Path and query as sent. */
  path: string;
  headers: string[];
  body?: string;
  status: number;
  /** The answer's text, decoded. */
  answer: string;
}

export interface WireOptions {
  /** e.g. http://127.0.0.1:8787/ (with the trailing slash the client expects). */
  baseurl: string;
  apikey: string;
  /** The 429 wait; real by default (the client sleeps int(Retry-After) + 1 seconds). */
  sleep?: (seconds: number) => Promise<void>;
  /** Host names mapped to addresses, as a hosts file maps the service's name to 127.0.0.1. */
  hosts?: Record<string, string>;
}

type LookupCallback = (
  err: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A lookup that answers the mapped names and resolves the others as usual. */
function hostsLookup(hosts: Record<string, string>) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    const address = hosts[hostname];
    if (address === undefined) return void dnsLookup(hostname, options, callback as never);
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** The headers requests sends from a Session holding the key (http.client puts Host first). */
function headersFor(url: URL, apikey: string, body: string | undefined): string[] {
  const h = ['Host', url.host, 'User-Agent', 'python-requests/2.32.3'];
  h.push('Accept-Encoding', 'gzip, deflate', 'Accept', '*/*', 'Connection', 'keep-alive');
  h.push('apikey', apikey);
  if (body !== undefined) {
    h.push('Content-Length', String(Buffer.byteLength(body)), 'Content-Type', 'application/json');
  }
  return h;
}

export class OfficialClientWire {
  readonly sent: SentRequest[] = [];
  listapis: Row[] = [];
  private readonly sleep: (seconds: number) => Promise<void>;

  constructor(readonly opts: WireOptions) {
    this.sleep = opts.sleep ?? ((s) => new Promise((r) => setTimeout(r, s * 1000)));
  }

  /** What its constructor does: one GET of listapis, read by every later choice. */
  async start(): Promise<this> {
    this.listapis = (await this.apiAction('accountcontrol/listapis', 'GET')) as Row[];
    return this;
  }

  private send(method: 'GET' | 'POST', url: string, body?: string) {
    const target = new URL(url);
    const headers = headersFor(target, this.opts.apikey, body);
    return new Promise<{ status: number; retryAfter?: string; text: string }>((resolve, reject) => {
      const lookup = this.opts.hosts && hostsLookup(this.opts.hosts);
      const req = request(target, { method, headers, ...(lookup ? { lookup } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          // requests decodes the Content-Encodings it offered.
          let raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          if (enc === 'gzip') raw = gunzipSync(raw);
          else if (enc === 'deflate') raw = inflateSync(raw);
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter, text: raw.toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    }).then((answer) => {
      const path = target.pathname + target.search;
      this.sent.push({ method, path, headers, body, status: answer.status, answer: answer.text });
      return answer;
    });
  }

  /**
   * One call. A GET's first item is urlencoded onto the url (after "?", or "&" when the url
   * has one); a POST sends the item as its JSON body. On 429 it sleeps and calls again with
   * the url it built, so a retried GET carries its query twice, as the client's does.
   */
  async apiAction(url: string, method: 'GET' | 'POST', inJson?: PyValue): Promise<unknown> {
    if (!url.includes('http')) url = `${this.opts.baseurl}${url}`;
    if (method === 'GET' && Array.isArray(inJson)) {
      const first = inJson[0] as Row;
      if (Object.keys(first).length > 0) {
        url += `${url.includes('?') ? '&' : '?'}${pythonUrlencode(first)}`;
      }
    }
    const body = method === 'POST' ? pythonJsonDumps(inJson ?? null) : undefined;
    const answer = await this.send(method, url, body);
    if (answer.status === 429) {
      // int() of the header, which fails on anything but an integer, as Python's does.
      const header = answer.retryAfter ?? '60';
      if (!/^\s*[-+]?\d+\s*$/.test(header)) throw new Error(`int() of Retry-After ${header}`);
      await this.sleep(Number.parseInt(header, 10) + 1);
      return this.apiAction(url, method, inJson);
    }
    if (answer.status !== 200) {
      throw new Error(
        `API request failed with status code ${answer.status} and message ${answer.text}`,
      );
    }
    return JSON.parse(answer.text) as unknown;
  }

  /**
   * A list in calls of at most maxsize items (one item per GET), `workers` at a time; answers
   * that are lists are concatenated, others appended. A list shorter than maxsize goes whole
   * and its answer is returned as it is.
   */
  async bulkApiAction(
    url: string,
    method: 'GET' | 'POST',
    list: readonly PyValue[],
    maxsize: number,
    workers = 4,
  ): Promise<unknown[]> {
    if (list.length === 0) return [];
    if (method === 'GET') maxsize = 1;
    if (list.length < maxsize) return (await this.apiAction(url, method, list)) as unknown[];
    const chunks: PyValue[][] = [];
    for (let i = 0; i < list.length; i += maxsize) chunks.push(list.slice(i, i + maxsize));
    const results: unknown[] = [];
    const worker = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const result = await this.apiAction(url, method, chunk);
        if (Array.isArray(result)) results.push(...(result as unknown[]));
        else results.push(result);
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    return results;
  }

  getCredits(api: string, operation: string, method: string): number {
    const row = this.listapis.find(
      (a) => a.api === api && a.operation === operation && a.method === method,
    );
    return row?.credits as number;
  }

  getMaxRequest(api: string, operation: string): number {
    const row = this.listapis.find(
      (a) => a.api === api && a.operation === operation && a.method === 'POST',
    );
    return row?.maxrequest as number;
  }
}

/**
 * The client's join: one row per distinct key (first seen first), holding every key any row
 * has (null where a row lacks it), later rows' values winning. Python walks the keys as a set,
 * in an order that changes from run to run; this keeps first-seen order, one of those orders.
 */
export function mergeList(list: readonly Row[], property: string): Row[] {
  const merged = new Map<PyValue, Row>();
  const keys = new Set<string>([property]);
  for (const item of list) {
    const key = item[property];
    if (key === undefined || key === null) continue;
    for (const k of Object.keys(item)) keys.add(k);
    if (!merged.has(key)) merged.set(key, { [property]: key });
  }
  for (const item of list) {
    const key = item[property];
    if (key === undefined || key === null) continue;
    const row = merged.get(key)!;
    for (const k of keys) {
      if (k in item) row[k] = item[k]!;
      else if (!(k in row)) row[k] = null;
    }
  }
  return [...merged.values()];
}
