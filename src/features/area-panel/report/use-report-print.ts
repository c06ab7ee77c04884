// Print report: a picture of the map framed on the area is taken straight from the map
// (map-snapshot.ts), put in the printed page, and the print dialog opened once it is there.
// Without a map (no WebGL) the page shows the area's outline instead.
import { useEffect, useRef, useState } from 'react';
import { useMapInstance } from '../../../map/map-context';
import type { SavedArea } from '../../../state/saved-area';
import { mapSnapshot } from './map-snapshot';

interface Snapshot {
  areaId: string;
  url: string | null;
}

export function useReportPrint(area: SavedArea) {
  const map = useMapInstance();
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  // Only the latest Print click's picture is printed.
  const asked = useRef(0);
  // The picture is in the page: print it.
  useEffect(() => {
    if (snapshot) requestAnimationFrame(() => window.print());
  }, [snapshot]);
  const print = () => {
    const request = ++asked.current;
    void mapSnapshot(map, area.geometry).then((url) => {
      if (request === asked.current) setSnapshot({ areaId: area.id, url });
    });
  };
  return { print, snapshot: snapshot?.areaId === area.id ? snapshot.url : null };
}
