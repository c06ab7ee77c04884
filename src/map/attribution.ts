// Each source names its origin; the map's attribution shows the names of the sources it draws.
import { dataSourceStamp, type DataSource } from '../../shared/capabilities';

export const BOUNDARIES_ATTRIBUTION = 'Boundaries: US Census';

/**
 * Whose fabric the tiles drawn from the backend show: the demo's is synthetic and the map says
 * so wherever it draws it; an imported fabric, a workspace or a service is named as every other
 * stamp names it ('' before the backend is known, when no such tiles are asked for).
 */
export function fabricAttribution(data: DataSource | null): string {
  if (!data) return '';
  return data.kind === 'demo' ? 'Demo fabric: synthetic' : dataSourceStamp(data);
}
