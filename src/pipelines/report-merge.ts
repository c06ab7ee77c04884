// Merges the reports of the parts of a split area into the report of the whole, exactly as one
// request would have answered: every count adds (a location lies in one part only), tier rows
// match by group and tier, providers by id, and the providers are ordered as the service
// orders them (most locations served first). The change block adds alike: its cells match by
// the two statuses, its classes by class, each in the service's order.
import { CHANGE_SIDE_STATUSES } from '../../shared/fixed-change';
import { REPORT_STATUSES, type AreaReport, type ReportChange } from '../api/report';

function mergeChanges(first: ReportChange, parts: readonly ReportChange[]): ReportChange {
  const cells = new Map<string, ReportChange['table'][number]>();
  for (const row of parts.flatMap((p) => p.table)) {
    const key = `${row.a} ${row.b}`;
    const into = cells.get(key);
    if (into) {
      into.locations += row.locations;
      into.units += row.units;
    } else cells.set(key, { ...row });
  }
  const order = (s: string) =>
    CHANGE_SIDE_STATUSES.indexOf(s as (typeof CHANGE_SIDE_STATUSES)[number]);
  return {
    ...first,
    locationcount: parts.reduce((n, p) => n + p.locationcount, 0),
    table: [...cells.values()].sort((x, y) => order(x.a) - order(y.a) || order(x.b) - order(y.b)),
    classes: first.classes.map((c) => {
      const same = parts.map((p) => p.classes.find((k) => k.class === c.class));
      return {
        ...c,
        locations: same.reduce((n, k) => n + (k?.locations ?? 0), 0),
        units: same.reduce((n, k) => n + (k?.units ?? 0), 0),
      };
    }),
  };
}

export function mergeReports(parts: readonly AreaReport[]): AreaReport {
  const [first] = parts;
  if (!first) throw new Error('no report to merge');
  const status = Object.fromEntries(
    REPORT_STATUSES.map((k) => [
      k,
      {
        locations: parts.reduce((n, p) => n + p.status[k].locations, 0),
        units: parts.reduce((n, p) => n + p.status[k].units, 0),
      },
    ]),
  ) as AreaReport['status'];
  const tiers = first.tiers.map((row) => ({
    ...row,
    locations: parts.reduce(
      (n, p) =>
        n + (p.tiers.find((t) => t.group === row.group && t.tier === row.tier)?.locations ?? 0),
      0,
    ),
  }));
  const providers = new Map<number, AreaReport['providers'][number]>();
  for (const p of parts.flatMap((part) => part.providers)) {
    const into = providers.get(p.provider_id);
    if (!into) {
      providers.set(p.provider_id, {
        ...p,
        technologies: [...p.technologies],
        offered: p.offered.map((o) => ({ ...o, locations: [...o.locations], units: [...o.units] })),
      });
      continue;
    }
    for (const o of p.offered) {
      const row = into.offered.find((r) => r.technology === o.technology);
      if (!row) into.offered.push({ ...o, locations: [...o.locations], units: [...o.units] });
      else
        o.locations.forEach((n, k) => {
          row.locations[k] = (row.locations[k] ?? 0) + n;
          row.units[k] = (row.units[k] ?? 0) + (o.units[k] ?? 0);
        });
    }
    into.offered.sort((a, b) => a.technology - b.technology);
    into.served_locations += p.served_locations;
    into.served_units += p.served_units;
    into.reached_locations += p.reached_locations;
    into.technologies = [...new Set([...into.technologies, ...p.technologies])].sort(
      (a, b) => a - b,
    );
  }
  const changes = parts.flatMap((p) => (p.change ? [p.change] : []));
  return {
    ...first,
    ...(first.change ? { change: mergeChanges(first.change, changes) } : {}),
    locationcount: parts.reduce((n, p) => n + p.locationcount, 0),
    status,
    tiers,
    providers: [...providers.values()].sort(
      (a, b) =>
        b.served_locations - a.served_locations ||
        b.reached_locations - a.reached_locations ||
        a.brand_name.localeCompare(b.brand_name),
    ),
  };
}
