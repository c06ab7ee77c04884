// match's cases: addresses of sampled locations (apartments among them) written the ways
// clients write them: the whole line, lower case, with a typo in the road, without the road's
// suffix, without city and ZIP, with a wrong ZIP, as parts, with and without the unit; plus
// addresses no location has. Asked with several maxresults and sourcekeys.
import type { MatchParts, SourceKey, Store } from '../../store';
import type { Question } from './ask-both';
import type { Picker } from './pick';

type Query = { text: string } | MatchParts;

function typo(s: string): string {
  const k = Math.max(1, Math.floor(s.length / 2));
  return s.slice(0, k - 1) + s[k] + s[k - 1] + s.slice(k + 1);
}

export function matchQuestions(pick: Picker, vi: number, n: number): Question<unknown>[] {
  const { locations: l, roads, towns } = pick.fabric;
  const v = pick.fabric.vintages[vi].vintage;
  const present = pick.present(vi);
  const apartments = present.filter((i) => l.unit[i] > 0);
  const picked = [...pick.sample(present, n), ...pick.sample(apartments, Math.ceil(n / 4))];
  const queries: Query[] = [];
  for (const i of picked) {
    const house = String(l.houseNumber[i]);
    const road = roads.name[l.road[i]];
    const town = towns[l.town[i]];
    const unit = l.unit[i] > 0 ? ` APT ${l.unit[i]}` : '';
    const city = town.name.toUpperCase();
    queries.push(
      { text: `${house} ${road}${unit}, ${city}, IL ${town.zip}` },
      { text: `${house} ${road.toLowerCase()} ${town.name.toLowerCase()} il` },
      { text: `${house} ${typo(road)}, ${city}` },
      { text: `${house} ${road.replace(/ [A-Z]+$/, '')} ${town.zip}` },
      { text: `${house} ${road}` },
      { text: `${house} ${road}, ${city}, IL 60601` },
      { house_number: house, road, city, state: 'IL', postcode: town.zip },
      { house_number: house, road: road.toLowerCase(), postcode: `${town.zip}-1234` },
      l.unit[i] > 0
        ? { house_number: house, road, unit: `#${l.unit[i]}`, city: town.name }
        : { house_number: `${house}A`, road, state: 'Illinois' },
    );
  }
  queries.push(
    { text: '99999 NOWHERE RD, SPRINGFIELD, IL 62704' },
    { text: '' },
    { text: 'SPRINGFIELD IL' },
    { house_number: '1', road: 'ZZZZZZ' },
    {},
  );
  const settings: [number, SourceKey][] = [
    [1, null],
    [5, 'row-17'],
    [10, 42],
  ];
  return queries.map((query, k) => {
    const [maxresults, sourcekey] = settings[k % settings.length];
    return {
      what: `match(${v}, ${JSON.stringify(query)}, ${maxresults}, ${JSON.stringify(sourcekey)})`,
      ask: (s: Store) => s.match(v, query, maxresults, sourcekey),
    };
  });
}

/** places: town names and ZIP codes, street names as written and misspelt, nothing known. */
export function placesQuestions(pick: Picker, vi: number, n: number): Question<unknown>[] {
  const { towns, roads } = pick.fabric;
  const v = pick.fabric.vintages[vi].vintage;
  const qs: string[] = [];
  for (const t of pick.sample(towns, n)) qs.push(t.name, t.name.toLowerCase(), t.zip);
  for (const road of pick.sample([...new Set(roads.name)], 2 * n))
    qs.push(road, road.toLowerCase(), typo(road), road.replace(/ [A-Z]+$/, ''));
  qs.push('zz', 'Nowhere Junction', '99999', 'st', 'main');
  // The fabric's county and state by name, as the Census file names them.
  const { county } = pick.fabric;
  const bare = county.name.replace(/ County$/, '');
  qs.push(
    county.name,
    bare.toLowerCase(),
    `${bare} co, ${county.state}`,
    'Illinois',
    'Cook County',
  );
  return qs.map((text, k) => {
    const maxresults = [10, 1, 3][k % 3];
    return {
      what: `places(${v}, ${JSON.stringify(text)}, ${maxresults})`,
      ask: (s: Store) => s.places(v, text, maxresults),
    };
  });
}
