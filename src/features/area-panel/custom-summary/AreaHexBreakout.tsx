// Draws the selected area’s summary by H3 res-8 cell when h3_res8_id is among the fields, and
// shows a cell's value and location count under the pointer. Only in Draw mode, where the
// summary is shown; the area outlines themselves belong to the draw feature.
import { useEffect, useMemo, useState } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { LAYER, OVERLAY_BEFORE_ID, SOURCE } from '../../../map/ids';
import { useMapInstance } from '../../../map/map-context';
import { useGeoJsonSource } from '../../../map/use-geojson-source';
import { HEX_FIELD, hexBreakout } from './summary-hexes';
import { formatCell } from './summary-table';
import { useAppStore } from '../../../state/store';
import { hexLayers } from './hex-layers';
import { useSelectedAreaSummary } from './use-selected-area-summary';
import '../area-panel.css';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

interface Hover {
  x: number;
  y: number;
  cell: string;
  count: number;
  value: number | null;
}

export function AreaHexBreakout() {
  const map = useMapInstance();
  const measure = useAppStore((s) => s.summaryMeasure);
  const { fields, summary } = useSelectedAreaSummary();
  const rows = fields.includes(HEX_FIELD) ? summary.data?.result.data : undefined;
  const data = useMemo(() => (rows ? hexBreakout(rows, measure) : EMPTY), [rows, measure]);
  useGeoJsonSource(SOURCE.areaHexes, data, hexLayers, OVERLAY_BEFORE_ID);
  const [hover, setHover] = useState<Hover | null>(null);

  useEffect(() => {
    if (!map) return;
    const onMove = (event: MapMouseEvent) => {
      const [hit] = map.getLayer(LAYER.areaHexFill)
        ? map.queryRenderedFeatures(event.point, { layers: [LAYER.areaHexFill] })
        : [];
      if (!hit) return setHover(null);
      const p = hit.properties;
      setHover({
        x: event.point.x,
        y: event.point.y,
        cell: String(p.h3_res8_id),
        count: Number(p.locationcount),
        value: typeof p.value === 'number' ? p.value : null,
      });
    };
    const onLeave = () => setHover(null);
    map.on('mousemove', onMove);
    map.getCanvas().addEventListener('mouseleave', onLeave);
    return () => {
      map.off('mousemove', onMove);
      map.getCanvas().removeEventListener('mouseleave', onLeave);
    };
  }, [map]);

  if (!hover || data.features.length === 0) return null;
  const label =
    measure === 'locationcount'
      ? 'Locations'
      : measure.replace(
          /_(avg|cnt|sum)$/,
          (_, k: string) => ` ${{ avg: 'average', cnt: 'count', sum: 'sum' }[k]}`,
        );
  return (
    <div className="area-hex-tip" role="tooltip" style={{ left: hover.x + 12, top: hover.y + 12 }}>
      <div className="area-hex-tip__cell">{hover.cell}</div>
      <div>
        <strong>{formatCell(hover.count, { key: 'locationcount', kind: 'count' })}</strong>{' '}
        {hover.count === 1 ? 'location' : 'locations'}
      </div>
      {measure !== 'locationcount' && (
        <div>
          {label}:{' '}
          {hover.value === null
            ? 'no value'
            : formatCell(hover.value, { key: measure, kind: 'measure' })}
        </div>
      )}
      {hover.count < 10 && (
        <div className="area-hex-tip__warn">Few locations: read this value with care.</div>
      )}
    </div>
  );
}
