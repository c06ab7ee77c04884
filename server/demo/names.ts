// Street and road name pools. Names are ordinary American street names; any resemblance to a
// real street at the same spot is chance.
import type { Rng } from './prng';

const BASES = [
  'OAK',
  'ELM',
  'MAPLE',
  'WALNUT',
  'CHESTNUT',
  'HICKORY',
  'CEDAR',
  'PINE',
  'ASH',
  'BIRCH',
  'WILLOW',
  'SYCAMORE',
  'LOCUST',
  'POPLAR',
  'LINDEN',
  'CHERRY',
  'MULBERRY',
  'DOGWOOD',
  'HAWTHORN',
  'MAGNOLIA',
  'LINCOLN',
  'WASHINGTON',
  'ADAMS',
  'JEFFERSON',
  'MADISON',
  'JACKSON',
  'MONROE',
  'GRANT',
  'HARRISON',
  'CLEVELAND',
  'POLK',
  'TAYLOR',
  'FILLMORE',
  'PIERCE',
  'GARFIELD',
  'ARTHUR',
  'EDWARDS',
  'LAWRENCE',
  'CANEDY',
  'CALHOUN',
  'ALLEN',
  'CARPENTER',
  'MILLER',
  'MASON',
  'ENOS',
  'BLAIR',
  'BROWNING',
  'KEYS',
  'BOND',
  'CLAY',
  'DOUGLAS',
  'GLENWOOD',
  'LAUREL',
  'SPRUCE',
  'MYRTLE',
  'VINE',
  'PARK',
  'LAKE',
  'RIDGE',
  'MEADOW',
  'PRAIRIE',
  'ORCHARD',
  'FOREST',
  'SUNSET',
  'HILLCREST',
  'HIGHLAND',
  'FAIRVIEW',
  'GREENWOOD',
  'KENWOOD',
  'WESTWOOD',
  'BRIARWOOD',
  'COTTONWOOD',
  'HOLLY',
  'IVY',
  'ROSE',
  'LILAC',
  'CLOVER',
  'JUNIPER',
  'BUCKEYE',
  'CARDINAL',
  'ROBIN',
  'WREN',
  'BLUEBIRD',
  'FOX',
  'DEER',
  'ELKHART',
  'PEORIA',
  'DECATUR',
  'QUINCY',
  'GALENA',
  'NAPLES',
  'SALEM',
  'DOVER',
  'WINDSOR',
  'STANFORD',
  'YALE',
  'PRINCETON',
  'AMHERST',
  'OXFORD',
  'DARTMOUTH',
  'VASSAR',
  'WELLS',
  'STUART',
  'HOMER',
  'LOGAN',
  'BRYANT',
  'KEENE',
  'COOK',
  'VIRGINIA',
  'CAROLINA',
  'GEORGIA',
  'IOWA',
];
const LOCAL_SUFFIXES = ['ST', 'ST', 'ST', 'AVE', 'AVE', 'DR', 'LN', 'CT', 'PL', 'WAY'];
const MAIN_BASES = [
  'MAIN',
  'CAPITOL',
  'SANGAMON',
  'STEVENSON',
  'WABASH',
  'CLEAR LAKE',
  'DIRKSEN',
  'WOODSIDE',
  'LINDBERGH',
  'MACARTHUR',
  'VETERANS',
  'CHURCHILL',
  'SOUTH GRAND',
  'NORTH GRAND',
  'COLLEGE',
  'MILITARY',
  'CAMP BUTLER',
  'TOWER',
  'STATE',
  'CENTER',
  'BROADWAY',
  'MARKET',
  'MILL',
  'RAILROAD',
];
const MAIN_SUFFIXES = ['AVE', 'BLVD', 'ST', 'RD', 'PKWY'];
const RURAL_BASES = [
  'CARTWRIGHT',
  'BUNN',
  'MOUNT PULASKI',
  'PANTHER CREEK',
  'CURRAN',
  'FARMINGDALE',
  'IRWIN BRIDGE',
  'HUNTER LAKE',
  'HORSE FARM',
  'BALL',
  'PROVIDENCE',
  'CHERRY HILLS',
  'WOLF CREEK',
  'LICK CREEK',
  'SUGAR CREEK',
  'SPRING CREEK',
  'BRUSH CREEK',
  'CROOKED CREEK',
  'PRAIRIE POINT',
  'TWIN BRIDGE',
  'HAPPY HOLLOW',
  'OLD INDIAN',
  'CHAPEL HILL',
  'SALISBURY',
  'CLEAR CREEK',
  'BOX ELDER',
  'PECK',
  'GARDNER',
  'KINCAID',
  'ANDREW',
  'BERRY',
  'CURTIS',
  'DAWSON',
  'ELLIS',
  'FISHER',
  'GOODWIN',
  'HALL',
  'IRVING',
  'JENKINS',
  'KNOX',
  'LANGLEY',
  'MORGAN',
  'NORRIS',
  'OSBORNE',
  'PRICE',
  'RAMSEY',
  'SHEPHERD',
  'TURNER',
  'UNDERWOOD',
  'VANCE',
  'WHITLEY',
  'YOUNG',
  'ZION',
  'BARCLAY',
  'COLLINS',
  'DRAKE',
  'EMERSON',
  'FORD',
  'GRIGGS',
  'HOLT',
  'IKE',
  'JUDD',
  'KERR',
  'LUTZ',
  'MEYER',
  'NASH',
  'OWENS',
  'PARRISH',
  'QUINN',
  'REED',
  'SIMMONS',
  'TOBIN',
  'UPTON',
  'VOSS',
  'WATKINS',
  'YATES',
];

/**
 * Draws distinct names: every base once with a suffix drawn from the (weighted) suffix list,
 * then every base again with another suffix, and so on, so common suffixes dominate.
 */
export class NamePool {
  private readonly used = new Set<string>();
  private queue: string[] = [];
  private round = 0;

  constructor(
    private readonly rng: Rng,
    private readonly bases: readonly string[],
    private readonly suffixes: readonly string[],
  ) {}

  take(): string {
    for (;;) {
      if (this.queue.length === 0) this.refill();
      const name = this.queue.pop() as string;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }

  private refill(): void {
    this.round++;
    const order = this.rng.shuffle([...this.bases]);
    const distinct = new Set(this.suffixes).size;
    this.queue = order.map((b) => {
      if (this.round > distinct) return `${b} ${this.round}`;
      let name = `${b} ${this.rng.pick(this.suffixes)}`;
      for (let i = 0; i < 8 && this.used.has(name); i++)
        name = `${b} ${this.rng.pick(this.suffixes)}`;
      return name;
    });
  }
}

export const localStreetNames = (rng: Rng) => new NamePool(rng, BASES, LOCAL_SUFFIXES);
export const mainStreetNames = (rng: Rng) => new NamePool(rng, MAIN_BASES, MAIN_SUFFIXES);
export const ruralRoadNames = (rng: Rng) =>
  new NamePool(rng, RURAL_BASES, ['RD', 'RD', 'RD', 'LN']);

/** 1 → "1ST", 12 → "12TH", 22 → "22ND". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}TH`;
  const last = n % 10;
  return `${n}${last === 1 ? 'ST' : last === 2 ? 'ND' : last === 3 ? 'RD' : 'TH'}`;
}
