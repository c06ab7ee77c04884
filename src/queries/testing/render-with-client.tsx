// Test support: renders a hook inside a fresh QueryClient (retry off, as TanStack advises for
// tests) so one test's cache never leaks into another.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../query-client';

export function createTestQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function renderQueryHook<Result, Props>(
  hook: (props: Props) => Result,
  options: { initialProps?: Props; client?: QueryClient } = {},
) {
  const client = options.client ?? createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(hook, { wrapper, initialProps: options.initialProps }) };
}
