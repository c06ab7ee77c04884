import { describe, expect, it } from 'vitest';
import { matchProviders } from './provider-match';

const claim = (provider_id: number, brand_name: string, frn: string, locationcount: number) => ({
  provider_id,
  brand_name,
  frn,
  locationcount,
});
const ALL = [
  claim(230049, 'Prairie Rural Connect', '0031147209', 40),
  claim(230052, 'Prairie Air Wireless', '0008842913', 90),
  claim(230027, 'Lincoln Land Fiber', '0027364510', 60),
  claim(130077, 'Big River Fiber', '0000230049', 5),
];
const ids = (q: string) => matchProviders(ALL, q).map((p) => p.provider_id);

describe('matchProviders', () => {
  it('lists every provider by locations claimed for no text', () => {
    expect(ids('')).toEqual([230052, 230027, 230049, 130077]);
  });
  it('names brands by their start, a word\u2019s start, then anywhere', () => {
    expect(ids('prairie')).toEqual([230052, 230049]);
    expect(ids('fiber')).toEqual([230027, 130077]);
    expect(ids('iber')).toEqual([230027, 130077]);
    expect(ids('lincoln land fiber')).toEqual([230027]);
  });
  it('names a provider by its id or the ids it begins, and by its 10-digit FRN', () => {
    expect(ids('230049')).toEqual([230049]);
    expect(ids('2300')).toEqual([230052, 230027, 230049]);
    expect(ids('0027364510')).toEqual([230027]);
    expect(ids('0000230049')).toEqual([130077]);
  });
});
