import { describe, expect, it } from 'vitest';
import { distanceError, validateSettings } from './settings-form';

describe('distanceError', () => {
  it('accepts the limits themselves', () => {
    expect(distanceError('parceldistancem', '0')).toBeNull();
    expect(distanceError('parceldistancem', '1000')).toBeNull();
    expect(distanceError('neardistancem', '100')).toBeNull();
  });

  it('refuses values past the limits, naming them', () => {
    expect(distanceError('parceldistancem', '1001')).toBe('Must be between 0 and 1000 m.');
    expect(distanceError('neardistancem', '101')).toBe('Must be between 0 and 100 m.');
    expect(distanceError('neardistancem', '-1')).toBe('Must be between 0 and 100 m.');
  });

  it('refuses empty, fractional and non-numeric input', () => {
    expect(distanceError('neardistancem', '')).toBe('Enter a distance in metres.');
    expect(distanceError('neardistancem', '2.5')).toBe('Use whole metres.');
    expect(distanceError('neardistancem', 'abc')).toBe('Enter a number.');
  });
});

describe('validateSettings', () => {
  it('reports each bad field and nothing for good ones', () => {
    expect(validateSettings({ parceldistancem: '500', neardistancem: '150' })).toEqual({
      neardistancem: 'Must be between 0 and 100 m.',
    });
  });
});
