import { dataError, pointer, validateDataFile } from '../../knowledge/data-validation';
import { range, record, TEXT, texts } from '../../knowledge/knowledge.schemas';
import * as catalogue from './demo-catalogue.json';

/** One way a problem was fixed in the demo portfolio. */
export interface DemoFix {
  resolutions: string[];
  /** Typical cost range in US dollars. */
  cost: [number, number];
  /** Share of fixes that hold (no callback within 30 days). */
  success: number;
  weight: number;
}

/** A kind of problem residents report, with its phrasings and fixes. */
export interface DemoProblem {
  trade: string;
  weight: number;
  location: string[];
  asset: string;
  phrasings: string[];
  fixes: DemoFix[];
}

/** A vendor: name, cost factor (1 = typical) and quality (1 = typical callback rate; lower means more callbacks). */
export type DemoVendor = [string, number, number];

export interface DemoCatalogue {
  problems: DemoProblem[];
  vendors: Record<string, DemoVendor[]>;
}

const FILE = 'demo-catalogue.json';

const FIX = record({
  resolutions: texts(1),
  cost: {
    type: 'array',
    minItems: 2,
    maxItems: 2,
    items: [
      { type: 'number', exclusiveMinimum: 0 },
      { type: 'number', exclusiveMinimum: 0 },
    ],
  },
  success: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  weight: { type: 'number', exclusiveMinimum: 0 },
});

/** JSON Schema of demo-catalogue.json; that each trade has vendors and cost ranges are in order is checked in code. */
export const DEMO_CATALOGUE_SCHEMA = record(
  {
    about: TEXT,
    problems: {
      type: 'array',
      minItems: 1,
      items: record({
        trade: TEXT,
        weight: { type: 'number', exclusiveMinimum: 0 },
        location: texts(1),
        asset: TEXT,
        phrasings: texts(1),
        fixes: { type: 'array', minItems: 1, items: FIX },
      }),
    },
    vendors: {
      type: 'object',
      additionalProperties: {
        type: 'array',
        items: { type: 'array', minItems: 3, maxItems: 3, items: [TEXT, { type: 'number', exclusiveMinimum: 0 }, { ...range(0, 1.5), exclusiveMinimum: 0 }] },
      },
    },
  },
  ['about'],
  true,
);

/** Loads the shipped demo catalogue and checks every entry. */
export function loadDemoCatalogue(): DemoCatalogue {
  // The JSON module's namespace object carries a `default` copy; validate the plain data.
  return readDemoCatalogue({ about: catalogue.about, problems: catalogue.problems, vendors: catalogue.vendors });
}

/** Checks a parsed catalogue; throws a KnowledgeDataError naming the file and JSON Pointer of the first bad entry. */
export function readDemoCatalogue(root: unknown): DemoCatalogue {
  const data = validateDataFile<DemoCatalogue>(FILE, root, DEMO_CATALOGUE_SCHEMA);
  data.problems.forEach((p, i) => {
    if (!data.vendors[p.trade]?.length) throw dataError(FILE, root, pointer('problems', i, 'trade'), `no vendors for trade ${p.trade}`);
    p.fixes.forEach((f, j) => {
      if (f.cost[0] > f.cost[1]) throw dataError(FILE, root, pointer('problems', i, 'fixes', j, 'cost'), 'low must not be above high');
    });
  });
  return data;
}
