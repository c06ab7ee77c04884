// Address, identifiers and building facts of the selected location (data + translate).
import { useAppStore } from '../../state/store';
import { useLocationData } from '../../queries/use-location-data';
import { useTranslate } from '../../queries/use-translate';
import { CopyButton } from '../../components/CopyButton';
import { PartState } from './PartState';
import { vintageLabel } from '../../lib/vintage';
import { bslLabel, buildingTypeLabel, unitCountWords } from './location-words';

export function LocationSummary({ locationId }: { locationId: number }) {
  const vintage = useAppStore((s) => s.fabricVintage);
  const data = useLocationData(vintage, locationId);

  return (
    <div className="lp-part lp-summary">
      <PartState query={data} loading="Loading address…" what="The address">
        {() => {
          const record = data.data?.[0];
          if (!record) {
            return (
              <p className="lp-muted">
                Location {locationId} is not in the{' '}
                {vintage ? vintageLabel(vintage, 'long') : 'selected'} fabric. History below shows
                the releases it was in.
              </p>
            );
          }
          return (
            <>
              <h2 className="lp-address">{record.address_primary}</h2>
              <p className="lp-city" data-testid="location-panel:place">
                {record.city}, {record.state} {record.zip}
                {record.zip_suffix ? `-${record.zip_suffix}` : ''}
              </p>
              <ul className="lp-facts" data-testid="location-panel:facts">
                <li>{buildingTypeLabel(record.building_type_code)}</li>
                <li>{unitCountWords(record.unit_count)}</li>
                <li className={record.bsl_flag === 1 ? 'lp-bsl' : 'lp-not-bsl'}>
                  {bslLabel(record.bsl_flag)}
                </li>
              </ul>
            </>
          );
        }}
      </PartState>
      <dl className="lp-ids">
        <dt>Location ID</dt>
        <dd>
          <code>{locationId}</code>
          <CopyButton value={String(locationId)} label="location ID" />
        </dd>
        <dt>UUID</dt>
        <dd>
          <UuidValue locationId={locationId} vintage={vintage} />
        </dd>
      </dl>
    </div>
  );
}

function UuidValue({ locationId, vintage }: { locationId: number; vintage: string | null }) {
  const translate = useTranslate(vintage, 'location_id', 'uuid', locationId);
  return (
    <PartState query={translate} loading="Loading…" what="The UUID">
      {() => {
        const uuid = translate.data?.[0]?.uuid;
        if (!uuid) return <span className="lp-muted">None in this vintage</span>;
        return (
          <>
            <code className="lp-uuid">{uuid}</code>
            <CopyButton value={uuid} label="UUID" />
          </>
        );
      }}
    </PartState>
  );
}
