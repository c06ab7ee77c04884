// Test support: the reference service over the fixture fabric, on a free loopback port.
import { createServiceApp } from '../../../server/service/app';
import { createMemoryStore } from '../../../server/service/store/memory/memory-store';
import { buildFixtureFabric } from '../../../server/service/testing/fixture-fabric';
import { serveForTest, type TestServer } from './serve-for-test';

export function startFixtureService(): Promise<TestServer> {
  return serveForTest(
    createServiceApp({ store: createMemoryStore(buildFixtureFabric()), tokens: null }),
  );
}
