import { describe, expect, it } from 'vitest';
import { classifyQuery } from './classify-query';
import { providerOptions, providerText, withProviders } from './provider-options';

const LINCOLN = {
  provider_id: 230027,
  brand_name: 'Lincoln Land Fiber',
  frn: '0027364510',
  locationcount: 1234,
};

describe('provider suggestions', () => {
  it('asks by a name, a provider id or a 10-digit FRN, never by an address or a ZIP code', () => {
    const text = (typed: string) => providerText(classifyQuery(typed));
    expect(text('Lincoln Land')).toBe('Lincoln Land');
    expect(text('230027')).toBe('230027');
    expect(text('0027364510')).toBe('0027364510');
    expect(text('6270')).toBe('');
    expect(text('62704')).toBe('');
    expect(text('1201 Oak St')).toBe('');
  });

  it('follows the box\u2019s own suggestions, and stands in for a "nothing found"', () => {
    const options = providerOptions([LINCOLN]);
    expect(options[0]).toMatchObject({
      target: { kind: 'provider', providerId: 230027 },
      primary: 'Lincoln Land Fiber',
      badge: 'Provider',
    });
    expect(options[0]!.secondary).toContain('FRN 0027364510');
    const place = { ...options[0]!, key: 'pl', badge: 'Town' };
    expect(withProviders({ status: 'options', options: [place], note: null }, options)).toEqual({
      status: 'options',
      options: [place, ...options],
      note: null,
    });
    expect(withProviders({ status: 'message', message: 'No town' }, options)).toEqual({
      status: 'options',
      options,
      note: null,
    });
    expect(withProviders({ status: 'loading' }, options)).toEqual({ status: 'loading' });
    expect(withProviders({ status: 'message', message: 'No town' }, [])).toEqual({
      status: 'message',
      message: 'No town',
    });
  });
});
