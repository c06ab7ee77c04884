// The one place the web app reads what the backend is (/api/health's capabilities): whether a
// view of this project's own can be asked for, and the words every stamp names the data with.
// Components never compare backend names.
import { useQuery } from '@tanstack/react-query';
import {
  type Basemap,
  dataSourceLabel,
  dataSourceStamp,
  type BackendViews,
  type DataSource,
} from '../../shared/capabilities';
import { capabilitiesOf } from '../api/health-schema';
import { healthQueryOptions } from './use-health';

export interface BackendCapabilities {
  /** False until /api/health has answered: nothing is offered before it is known. */
  known: boolean;
  data: DataSource | null;
  views: BackendViews;
  /** "Demo data (synthetic): not real locations or offers", "Workspace: …", … ('' unknown). */
  stamp: string;
  /** The badge's short form. */
  label: string;
  /** Changes when the data does without a vintage changing (a workspace synced anew). */
  revision: string | null;
  /** A basemap the app server was started with; null: the app's own offline basemap. */
  basemap: Basemap | null;
}

const UNKNOWN_VIEWS: BackendViews = {
  fabricTiles: false,
  fixedTiles: false,
  changeTiles: false,
  report: false,
  places: false,
  count: false,
};

export function useCapabilities(): BackendCapabilities {
  const { data } = useQuery({ ...healthQueryOptions(), select: capabilitiesOf });
  if (!data)
    return {
      known: false,
      data: null,
      views: UNKNOWN_VIEWS,
      stamp: '',
      label: '',
      revision: null,
      basemap: null,
    };
  return {
    known: true,
    data: data.data,
    views: data.views,
    stamp: dataSourceStamp(data.data),
    label: dataSourceLabel(data.data),
    revision: data.data.kind === 'workspace' ? data.data.syncedAt : null,
    basemap: data.basemap ?? null,
  };
}
