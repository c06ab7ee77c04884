// What the app received from a service in a strict dialect: the answers whose names differ
// between the published guide and the seed (vintages, history, fields), collected as the page
// reads them through the app server, and checked to carry one dialect's names and not the other's.
import { expect, type Page } from '@playwright/test';

type StrictDialect = 'published' | 'seed';
type Part = 'vintages' | 'history' | 'fields';
type Answers = Record<Part, Record<string, unknown>[]>;

const PARTS: [Part, RegExp][] = [
  ['vintages', /^\/api\/fabric\/vintages$/],
  ['history', /^\/api\/fabricext\/\d{6}\/history$/],
  ['fields', /^\/api\/fabric\/\d{6}\/fields\/locations$/],
];

/** Names only one dialect answers with, per part (docs/SERVICE.md, "Dialects"). */
const NAMES: Record<StrictDialect, Record<Part, string[]>> = {
  published: {
    vintages: ['cqaversion'],
    history: ['firstcqaversion', 'lastcqaversion'],
    fields: ['format', 'datalevel'],
  },
  seed: { vintages: ['svcversion'], history: ['firstsvcversion', 'lastsvcversion'], fields: [] },
};
const FIELDTYPES: Record<StrictDialect, string[]> = {
  published: ['int', 'float', 'text'],
  seed: ['integer', 'number', 'text'],
};

const VERSION_TYPE: Record<StrictDialect, string> = { published: 'string', seed: 'number' };

export interface DialectAnswers {
  /** Every answer read so far, in the dialect named, each part seen at least once. */
  expectDialect(dialect: StrictDialect): Promise<void>;
}

export function recordDialectAnswers(page: Page): DialectAnswers {
  const pending: Promise<[Part, unknown]>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const part = PARTS.find(([, pattern]) => pattern.test(path))?.[0];
    if (part && response.status() === 200) pending.push(response.json().then((b) => [part, b]));
  });
  return {
    async expectDialect(dialect) {
      const answers: Answers = { vintages: [], history: [], fields: [] };
      for (const [part, body] of await Promise.all(pending)) {
        answers[part].push(...(body as Record<string, unknown>[]));
      }
      const other: StrictDialect = dialect === 'published' ? 'seed' : 'published';
      for (const [part] of PARTS) {
        const records = answers[part];
        expect(records.length, `${part} records the app read`).toBeGreaterThan(0);
        const names = new Set(records.flatMap((r) => Object.keys(r)));
        for (const name of NAMES[dialect][part]) {
          expect(
            records.every((r) => name in r),
            `every ${part} record has ${name}`,
          ).toBe(true);
        }
        for (const name of NAMES[other][part]) {
          expect(names.has(name), `${part} records carry ${name}`).toBe(false);
        }
      }
      // The published guide writes the release number as text, the seed as a number.
      const [version] = NAMES[dialect].vintages;
      const versionTypes = new Set(answers.vintages.map((v) => typeof v[version!]));
      expect([...versionTypes], `types of ${version}`).toEqual([VERSION_TYPE[dialect]]);
      const types = new Set(answers.fields.map((f) => String(f.fieldtype)));
      for (const type of types) expect(FIELDTYPES[dialect], 'fieldtype names').toContain(type);
    },
  };
}
