import type { WorkOrderInput } from '../../src/work-order/history/history-row';
import { generateDemoHistory } from '../../src/work-order/demo/demo-history.generator';
import { renderNameplate, SAMPLE_NAMEPLATES } from '../../test/fixtures/nameplates/render-nameplate';
import { seededRandom as prng } from '../../src/common/seeded-random';
import { SAMPLE_ASSETS } from '../sample-assets';

/** The kinds of request the soak sends. */
export type RequestKind = 'enrich' | 'analyze' | 'import' | 'nameplate';

/** Share of each kind in the traffic: mostly enrich, some analyze, a few imports, rare photos (OCR ~1 s of CPU). */
export const MIX: ReadonlyArray<[RequestKind, number]> = [
  ['enrich', 0.8],
  ['analyze', 0.16],
  ['import', 0.03],
  ['nameplate', 0.01],
];

/** A request ready to send: path, headers and body. */
export interface PreparedRequest {
  kind: RequestKind;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** Properties in the seeded portfolio, shared by the seed and the traffic so units overlap. */
export const PORTFOLIO_PROPERTIES = 25;

/** The benchmark assets plus less common ones: no serial, a misspelled brand, an unknown model. */
const ASSETS: ReadonlyArray<readonly [string, string, string | undefined]> = [
  ...SAMPLE_ASSETS,
  ['Lennox', 'XC21-036-230', '5812K12345'],
  ['A.O. Smith', 'GCR-50 300', '1422A012345'],
  ['Whirlpool', 'WRF555SDFZ09', undefined],
  ['carier', '25HCB636A003', '2318E45678'],
  ['Ruud', 'RUUD-UA', undefined],
  ['Amana', 'ASX160361', '1701234567'],
];

/** What a caller knows when a ticket is opened: no resolution, costs or close date. */
function asIncoming(order: WorkOrderInput, shape: number): Record<string, unknown> {
  if (shape < 0.15) return { issue_description: order.issue_description };
  if (shape < 0.4) return { issue_description: order.issue_description, unit_id: order.unit_id, property_id: order.property_id };
  const {
    ticket_close_date: _c,
    actual_cost: _a,
    estimated_cost: _e,
    resolution: _r,
    closing_description: _n,
    assigned_vendors: _v,
    work_order_status: _s,
    work_complete_date: _w,
    ...open
  } = order;
  return { ...open, work_order_status: 'Open' };
}

/**
 * Builds the traffic: enrich payloads in residents' own words (typos, shorthand, chatter) on
 * the seeded portfolio's units, asset queries, small import batches (JSON and NDJSON, which
 * upsert the same ids again once cycled, so the history stays bounded) and nameplate photos.
 */
export async function buildTraffic(seed = 2024): Promise<{ next(): PreparedRequest }> {
  const random = prng(seed);
  const enrich = generateDemoHistory({ count: 2000, seed: seed + 1, properties: PORTFOLIO_PROPERTIES, idPrefix: 'SOAK-E' }).map((order) =>
    asIncoming(order, random()),
  );
  const importRows = generateDemoHistory({ count: 2000, seed: seed + 2, properties: PORTFOLIO_PROPERTIES, idPrefix: 'SOAK-I' });
  const imports = Array.from({ length: 20 }, (_, i) => importRows.slice(i * 100, (i + 1) * 100));
  const photos = await Promise.all([
    renderNameplate('condenser', SAMPLE_NAMEPLATES.condenser, { width: 2400, rotateDeg: 2, blur: 0.8, noise: 10, format: 'jpeg', jpegQuality: 85 }),
    renderNameplate('water-heater', SAMPLE_NAMEPLATES['water-heater'], { width: 1600, format: 'jpeg', jpegQuality: 90 }),
    renderNameplate('furnace', SAMPLE_NAMEPLATES.furnace, { width: 2000, noise: 8, format: 'jpeg', jpegQuality: 85 }),
  ]);
  const counters: Record<RequestKind, number> = { enrich: 0, analyze: 0, import: 0, nameplate: 0 };

  const pickKind = (): RequestKind => {
    let r = random();
    for (const [kind, share] of MIX) if ((r -= share) <= 0) return kind;
    return 'enrich';
  };

  const prepare = (kind: RequestKind): PreparedRequest => {
    const n = counters[kind]++;
    switch (kind) {
      case 'enrich': {
        const body = { ...enrich[n % enrich.length] };
        if ('work_order_id' in body) body.ticket_open_date = Math.floor(Date.now() / 1000);
        return { kind, path: '/work-order/enrich', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      }
      case 'analyze': {
        const [brand, model, serial] = ASSETS[n % ASSETS.length];
        const query = new URLSearchParams({ brand_name: brand, model_number: model, ...(serial ? { serial_number: serial } : {}) });
        return { kind, path: `/asset-intelligence/analyze?${query}`, headers: {} };
      }
      case 'import': {
        const rows = imports[n % imports.length];
        return n % 2 === 0
          ? { kind, path: '/work-order/import', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rows) }
          : { kind, path: '/work-order/import', headers: { 'content-type': 'application/x-ndjson' }, body: rows.map((r) => JSON.stringify(r)).join('\n') };
      }
      case 'nameplate': {
        const form = new FormData();
        form.append('photo', new Blob([photos[n % photos.length]], { type: 'image/jpeg' }), `plate-${n % photos.length}.jpg`);
        return { kind, path: '/asset-intelligence/analyze-nameplate', headers: {}, body: form };
      }
      default: {
        const unknown: never = kind;
        throw new Error(`Unknown request kind ${String(unknown)}`);
      }
    }
  };

  return { next: () => prepare(pickKind()) };
}
