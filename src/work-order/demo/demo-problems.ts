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

/** Loads the demo catalogue and checks every entry; throws naming the first bad one. */
export function loadDemoCatalogue(): DemoCatalogue {
  const data = catalogue as unknown as DemoCatalogue;
  data.problems.forEach((p, i) => {
    const where = `demo-catalogue.json problems[${i}] (${p.phrasings?.[0] ?? '?'})`;
    if (!data.vendors[p.trade]?.length) throw new Error(`${where}: no vendors for trade ${p.trade}`);
    if (!(p.weight > 0) || p.phrasings.length === 0 || p.location.length === 0 || !p.asset)
      throw new Error(`${where}: weight, phrasings, location and asset are required`);
    p.fixes.forEach((f, j) => {
      if (f.resolutions.length === 0 || !(f.cost[0] > 0 && f.cost[0] <= f.cost[1]) || !(f.success > 0 && f.success <= 1) || !(f.weight > 0)) {
        throw new Error(`${where} fixes[${j}]: needs resolutions, 0 < cost low <= high, 0 < success <= 1 and a positive weight`);
      }
    });
  });
  for (const [trade, vendors] of Object.entries(data.vendors)) {
    vendors.forEach(([name, factor, quality]) => {
      if (!name || !(factor > 0) || !(quality > 0 && quality <= 1.5))
        throw new Error(`demo-catalogue.json vendors.${trade}: bad vendor ${JSON.stringify([name, factor, quality])}`);
    });
  }
  return data;
}
