// The notice about stored areas that could not be read (AreaStorageNotice.tsx), as the first
// view holds it: nothing, and none of its code, until there is a set-aside copy to tell of.
// Once shown it stays mounted, so "Hide until next visit" holds while copies come and go.
import { useState } from 'react';
import { lazyPart } from '../../../components/lazy-part';
import { useAppStore } from '../../../state/store';

const AreaStorageNotice = lazyPart(
  'the notice about unreadable areas',
  async () => (await import('./AreaStorageNotice')).AreaStorageNotice,
);

export function AreaStorageNoticeEntry() {
  const any = useAppStore((s) => s.setAsideCopies.length > 0);
  const [wanted, setWanted] = useState(any);
  if (any && !wanted) setWanted(true);
  return wanted ? <AreaStorageNotice /> : null;
}
