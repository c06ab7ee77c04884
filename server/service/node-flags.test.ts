import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from './node-flags';

describe("the service's node flags", () => {
  it('are what `npm run service` starts it with (the benchmark starts it with the same)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const script: string = pkg.scripts.service;
    expect(script).toBe(`tsx ${SERVICE_NODE_FLAGS.join(' ')} server/service/main.ts`);
  });
});
