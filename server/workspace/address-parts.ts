// An address line back into the parts the fabric model keeps (house number, road, unit), so the
// reference service's own formatting (server/service/store/memory/ops/location-records.ts, addressPrimary) writes the same
// line again: "1201 OAK ST" and "200 OAK ST APT 2".

export interface AddressParts {
  houseNumber: number;
  road: string;
  unit: number;
}

const FORM = /^(\d{1,9}) (.+?)(?: APT (\d{1,4}))?$/;

/**
 * The parts of an address line of that form. A line of another form (no leading house number)
 * is kept whole as the road with house number 0, so no text is lost, though it then reads
 * with a leading "0 ".
 */
export function addressParts(line: string): AddressParts {
  const m = FORM.exec(line.trim());
  if (!m) return { houseNumber: 0, road: line.trim(), unit: 0 };
  return { houseNumber: Number(m[1]), road: m[2]!, unit: m[3] ? Number(m[3]) : 0 };
}
