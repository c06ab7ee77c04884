// The area's outline as a small SVG map for the printed report: longitudes scaled by the
// cosine of the latitude so the shape is not stretched, north up, holes drawn as holes.
import type { MultiPolygon, Polygon } from 'geojson';

interface Props {
  geometry: Polygon | MultiPolygon;
  size?: number;
}

export function AreaSketch({ geometry, size = 240 }: Props) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const points = polygons.flat(2);
  const lngs = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const k = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const width = Math.max((east - west) * k, 1e-9);
  const height = Math.max(north - south, 1e-9);
  const scale = (size - 16) / Math.max(width, height);
  const x = (lng: number) => 8 + (lng - west) * k * scale;
  const y = (lat: number) => 8 + (north - lat) * scale;
  const d = polygons
    .flatMap((rings) =>
      rings.map(
        (ring) =>
          ring
            .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p[0]!).toFixed(1)},${y(p[1]!).toFixed(1)}`)
            .join('') + 'Z',
      ),
    )
    .join('');
  return (
    <svg
      className="area-sketch"
      width={Math.ceil(16 + width * scale)}
      height={Math.ceil(16 + height * scale)}
      role="img"
      aria-label="Outline of the area, north up"
    >
      <path d={d} fillRule="evenodd" />
    </svg>
  );
}
