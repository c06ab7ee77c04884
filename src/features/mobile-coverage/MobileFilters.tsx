// Carrier, technology and environment filters: native selects, so the keyboard works as usual.
import { useId } from 'react';
import type { Carrier } from './mobile-labels';
import type { MobileCoverageFilter, MobileTechnologyFilter } from './mobile-classify';

const TECHNOLOGIES: { value: MobileTechnologyFilter; label: string }[] = [
  { value: 'all', label: 'All technologies' },
  { value: '5G', label: '5G-NR' },
  { value: '4G', label: '4G LTE' },
  { value: '3G', label: '3G' },
];

const ENVIRONMENTS: { value: string; label: string }[] = [
  { value: 'all', label: 'Any environment' },
  { value: '0', label: 'Outdoor stationary' },
  { value: '1', label: 'In-vehicle' },
];

interface Props {
  filter: MobileCoverageFilter;
  carriers: readonly Carrier[];
  onChange: (filter: Partial<MobileCoverageFilter>) => void;
}

export function MobileFilters({ filter, carriers, onChange }: Props) {
  const id = useId();
  // A chosen carrier stays listed after panning to where it has no records.
  const listed =
    filter.carrier === 'all' || carriers.some((c) => c.providerid === filter.carrier)
      ? carriers
      : [...carriers, { providerid: filter.carrier, brandname: `Provider ${filter.carrier}` }];
  return (
    <div className="mc-filters">
      <label htmlFor={`${id}-carrier`}>Carrier</label>
      <select
        id={`${id}-carrier`}
        value={String(filter.carrier)}
        onChange={(e) =>
          onChange({ carrier: e.target.value === 'all' ? 'all' : Number(e.target.value) })
        }
      >
        <option value="all">All carriers</option>
        {listed.map((c) => (
          <option key={c.providerid} value={c.providerid}>
            {c.brandname}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-technology`}>Technology</label>
      <select
        id={`${id}-technology`}
        value={filter.technology}
        onChange={(e) => onChange({ technology: e.target.value as MobileTechnologyFilter })}
      >
        {TECHNOLOGIES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-environment`}>Environment</label>
      <select
        id={`${id}-environment`}
        value={String(filter.environment)}
        onChange={(e) =>
          onChange({
            environment: e.target.value === 'all' ? 'all' : e.target.value === '1' ? 1 : 0,
          })
        }
      >
        {ENVIRONMENTS.map((env) => (
          <option key={env.value} value={env.value}>
            {env.label}
          </option>
        ))}
      </select>
    </div>
  );
}
