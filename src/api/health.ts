// The app server's own health answer: which backend is behind /api and what it holds.
import { healthSchema, type Health } from './health-schema';
import { request } from './http';

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return request({ operation: 'health', path: '/health', signal, schema: healthSchema });
}
