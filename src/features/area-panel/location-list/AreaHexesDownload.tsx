// "Download area and hexagons (GeoJSON)" beside the location list: the area and its H3 res-8
// cells counted from the list (so they follow the filters and both releases, as the report
// does). A list already gone through at these releases and filters is used at once; otherwise
// the list runs without a file, with its progress and Cancel, and the download follows.
import { useCapabilities } from '../../../queries/use-capabilities';
import type { SavedArea } from '../../../state/saved-area';
import { areaHexesGeoJson } from './area-hexes-geojson';
import { downloadText } from '../download';
import type { ListJob, ListJobSnapshot } from './location-list-job';

interface Props {
  area: SavedArea;
  job: ListJob;
  snapshot: ListJobSnapshot;
  fileName: string;
  disabled: boolean;
}

export function AreaHexesDownload({ area, job, snapshot, fileName, disabled }: Props) {
  const source = useCapabilities().stamp;

  const save = ({ hexes }: ListJobSnapshot) => {
    if (!hexes) return;
    const doc = areaHexesGeoJson({
      name: area.name,
      geometry: area.geometry,
      context: job.context,
      tally: hexes,
      generated: new Date(),
      source,
    });
    downloadText(fileName, JSON.stringify(doc), 'application/geo+json');
  };

  const download = () => {
    if (snapshot.hexes) save(snapshot);
    else job.start(null, save);
  };

  return (
    <button type="button" className="button" disabled={disabled} onClick={download}>
      Download area and hexagons (GeoJSON)
    </button>
  );
}
