// The reverse proxies whose word is believed (TRUSTED_PROXIES): a list of addresses and CIDR
// blocks. Only a request whose socket comes from one of them may name its person
// (APP_AUTH_HEADER), say it arrived over TLS (X-Forwarded-Proto) or name its client
// (X-Forwarded-For); from anywhere else those headers are ignored.
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  trusts(address: string): boolean;
  /** The list as configured, for messages. */
  readonly entries: readonly string[];
}

/** Parses "10.0.0.5, 10.1.0.0/16, ::1"; throws naming TRUSTED_PROXIES on a bad entry. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    const max = family === 6 ? 128 : 32;
    const badPrefix =
      prefix !== null && (!/^\d{1,3}$/.test(bits ?? '') || prefix < 0 || prefix > max);
    if (family === 0 || badPrefix || extra !== undefined) {
      throw new Error(
        `TRUSTED_PROXIES must be comma-separated IP addresses or CIDR blocks (e.g. 10.0.0.5,10.1.0.0/16), got "${entry.slice(0, 60)}"`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    entries,
    trusts(address) {
      const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}
