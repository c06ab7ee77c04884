import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MapProvider } from '../map/map-context';
import { createQueryClient } from '../queries/query-client';

export function Providers({ children }: { children: ReactNode }) {
  // One client per app mount (tests mount their own).
  const [client] = useState(createQueryClient);
  // The map is held above the whole frame, so a panel or the search reaches it directly.
  return (
    <QueryClientProvider client={client}>
      <MapProvider>{children}</MapProvider>
    </QueryClientProvider>
  );
}
