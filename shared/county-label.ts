// How a county is named, from the Census county file's bare name ("Sangamon") and its GEOID:
// the map's labels, Draw mode's county offer and places' county entries all say it this way.

/** "Sangamon County", "Orleans Parish"; Alaska and Virginia's cities keep their own names. */
export function countyLabel(name: string, geoid: string): string {
  const state = geoid.slice(0, 2);
  if (state === '22') return `${name} Parish`;
  if (state === '02' || /city$/i.test(name)) return name;
  return `${name} County`;
}
