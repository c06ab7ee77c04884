import { describe, expect, it } from 'vitest';
import { parseClientEnv } from './env';

describe('client env', () => {
  it('defaults the API base to /api and leaves the basemap unset', () => {
    expect(parseClientEnv({ MODE: 'test', DEV: true })).toEqual({ VITE_API_BASE: '/api' });
  });

  it('treats an empty variable as unset', () => {
    expect(parseClientEnv({ VITE_BASEMAP_STYLE: '', VITE_API_BASE: '' })).toEqual({
      VITE_API_BASE: '/api',
    });
  });

  it('accepts an online style URL and an absolute API base', () => {
    const env = parseClientEnv({
      VITE_BASEMAP_STYLE: 'https://tiles.example.org/style.json',
      VITE_API_BASE: 'http://127.0.0.1:8080/api',
    });
    expect(env.VITE_BASEMAP_STYLE).toBe('https://tiles.example.org/style.json');
    expect(env.VITE_API_BASE).toBe('http://127.0.0.1:8080/api');
  });

  it('fails loudly on a malformed style URL', () => {
    expect(() => parseClientEnv({ VITE_BASEMAP_STYLE: 'not a url' })).toThrow(/VITE_BASEMAP_STYLE/);
  });

  it('fails loudly on an unknown VITE_ key', () => {
    expect(() => parseClientEnv({ VITE_BASEMAP_STYEL: 'https://x.org/s.json' })).toThrow(
      /VITE_BASEMAP_STYEL/,
    );
  });

  it('refuses an API base that is neither a path nor a URL', () => {
    expect(() => parseClientEnv({ VITE_API_BASE: 'api' })).toThrow(/VITE_API_BASE/);
  });
});
