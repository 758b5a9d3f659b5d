import { parseUsd } from '../../src/knowledge/pricing';
import { CostScore, Severity } from '../../src/work-order/dto/work-order-enrichment.dto';
import { LifecycleStage, SpecSource } from '../../src/asset-intelligence/dto/asset-profile.dto';
import tradesData from '../../src/knowledge/data/trades.json';

/**
 * Checks of the documented 200 bodies, returning what is wrong (empty when nothing is), so a
 * fuzzer can report every problem of one answer at once.
 */

export const TRADES = [
  'plumbing',
  'drains-sewer',
  'water-heater',
  'hvac-heating',
  'hvac-cooling',
  'electrical',
  'appliance',
  'doors-locks',
  'windows-glass',
  'roofing-gutters',
  'pest-control',
  'drywall-paint',
  'flooring',
  'fire-life-safety',
  'general-handyman',
  'cleaning-custodial',
  'grounds',
  'elevator',
  'moving-furniture',
];

/** The readable vendor type a diagnosis names for each trade id. */
const VENDOR_TYPES = new Map(tradesData.trades.map((t) => [t.id, t.vendor_type]));

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isNumberIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const isNullable = (v: unknown, type: 'string' | 'number') => v === null || typeof v === type;

function keysAre(o: Json, keys: string[], where: string): string[] {
  const actual = Object.keys(o).sort().join();
  const expected = [...keys].sort().join();
  return actual === expected ? [] : [`${where} keys are ${actual}, expected ${expected}`];
}

function diagnosisProblems(d: unknown, i: number): string[] {
  const at = `top_3_diagnosis[${i}]`;
  if (!isObject(d)) return [`${at} is not an object`];
  const p = keysAre(
    d,
    [
      'diagnosis',
      'assessment',
      'likelihood',
      'vendor',
      'trade',
      'severity',
      'resolution_steps',
      'cost_score',
      'parts',
      'parts_detail',
      'asset_specs',
      'pricing',
    ],
    at,
  );
  if (typeof d.diagnosis !== 'string' || !d.diagnosis) p.push(`${at}.diagnosis`);
  if (typeof d.assessment !== 'string') p.push(`${at}.assessment`);
  if (!isNumberIn(d.likelihood, 0, 1)) p.push(`${at}.likelihood ${String(d.likelihood)}`);
  if (!TRADES.includes(d.trade as string)) p.push(`${at}.trade ${String(d.trade)}`);
  if (d.vendor !== VENDOR_TYPES.get(d.trade as string)) p.push(`${at}.vendor ${String(d.vendor)} is not the vendor type of ${String(d.trade)}`);
  if (!Object.values(Severity).includes(d.severity as Severity)) p.push(`${at}.severity ${String(d.severity)}`);
  if (!Object.values(CostScore).includes(d.cost_score as CostScore)) p.push(`${at}.cost_score ${String(d.cost_score)}`);
  if (!isStringArray(d.resolution_steps) || !isStringArray(d.asset_specs)) p.push(`${at} steps or specs`);
  const parts = d.parts_detail as { name: unknown; price: unknown }[];
  if (!Array.isArray(parts) || !parts.every((x) => isObject(x) && typeof x.name === 'string' && parseUsd(String(x.price)) !== undefined))
    return [...p, `${at}.parts_detail`];
  if (!isStringArray(d.parts) || (d.parts as string[]).join('|') !== parts.map((x) => `${String(x.name)} (${String(x.price)})`).join('|'))
    p.push(`${at}.parts are not the parts_detail as strings`);
  const pricing = d.pricing as Record<string, string>;
  if (!isObject(pricing)) return [...p, `${at}.pricing`];
  const cents = (s: string) => parseUsd(s) ?? NaN;
  const hours = Number(String(pricing.time).split(' ')[0]);
  if (cents(pricing.total_parts) !== parts.reduce((sum, x) => sum + cents(x.price as string), 0)) p.push(`${at} parts do not add up`);
  if (cents(pricing.total_labor) !== Math.round(cents(pricing.labor_cost_per_hour) * hours)) p.push(`${at} labor does not add up`);
  if (cents(pricing.total) !== cents(pricing.total_parts) + cents(pricing.total_labor)) p.push(`${at} total does not add up`);
  return p;
}

/** What is wrong with a POST /work-order/enrich 200 body. */
export function enrichBodyProblems(body: unknown): string[] {
  if (!isObject(body)) return ['enrich body is not an object'];
  const p = keysAre(body, ['context', 'manual_insights', 'top_3_diagnosis', 'top_5_previous_fixes'], 'enrich body');
  const fixes = body.top_5_previous_fixes;
  if (!Array.isArray(fixes) || fixes.length > 5) p.push('top_5_previous_fixes is not an array of at most 5');
  else
    fixes.forEach((f: Json, i) => {
      const ok =
        isObject(f) &&
        typeof f.fix === 'string' &&
        (f.average_cost === undefined || isNumberIn(f.average_cost, 0, Infinity)) &&
        Number.isInteger(f.frequency) &&
        isNumberIn(f.percent_fix, 0, 100) &&
        isStringArray(f.tickets_effected) &&
        typeof f.vendor === 'string';
      if (!ok) p.push(`top_5_previous_fixes[${i}] ${JSON.stringify(f).slice(0, 200)}`);
    });
  const diagnoses = body.top_3_diagnosis;
  if (!Array.isArray(diagnoses) || diagnoses.length > 3) p.push('top_3_diagnosis is not an array of at most 3');
  else {
    diagnoses.forEach((d, i) => p.push(...diagnosisProblems(d, i)));
    const likelihoods = diagnoses.map((d: Json) => d?.likelihood as number);
    if (likelihoods.some((l, i) => i > 0 && l > likelihoods[i - 1])) p.push(`likelihoods not sorted: ${likelihoods.join()}`);
  }
  if (!isStringArray(body.manual_insights)) p.push('manual_insights is not an array of strings');
  const context = body.context as Json;
  if (!isObject(context)) return [...p, 'context is not an object'];
  // The averages are left out when no similar ticket gives them (never stated as 0).
  p.push(...keysAre(context, ['relevant_work_orders', ...['average_close_time', 'average_cost'].filter((k) => k in context)], 'context'));
  const closeTime = context.average_close_time;
  if (
    (context.average_cost !== undefined && !isNumberIn(context.average_cost, 0, Infinity)) ||
    (closeTime !== undefined && (typeof closeTime !== 'number' || !Number.isFinite(closeTime)))
  )
    p.push('context averages');
  const related = context.relevant_work_orders;
  if (!Array.isArray(related) || related.length > 10) p.push('relevant_work_orders is not an array of at most 10');
  else
    related.forEach((r: Json, i) => {
      const ok =
        isObject(r) &&
        typeof r.work_order_id === 'string' &&
        typeof r.issue_description === 'string' &&
        isNumberIn(r.similarity, 0, 1) &&
        isNullable(r.title, 'string') &&
        isNullable(r.property_id, 'number');
      if (!ok) p.push(`relevant_work_orders[${i}] ${JSON.stringify(r).slice(0, 200)}`);
    });
  return p;
}

/** What is wrong with a POST /work-order/import 200 body. */
export function importBodyProblems(body: unknown): string[] {
  if (!isObject(body)) return ['import body is not an object'];
  const p = keysAre(body, ['received', 'inserted', 'updated', 'unchanged', 'rejected', 'rejected_rows', 'warnings'], 'import body');
  const { received, inserted, updated, unchanged, rejected } = body as Record<string, number>;
  if (![received, inserted, updated, unchanged, rejected].every((n) => Number.isInteger(n) && n >= 0)) return [...p, 'counts are not whole numbers'];
  if (received !== inserted + updated + rejected) p.push(`received ${received} != inserted ${inserted} + updated ${updated} + rejected ${rejected}`);
  if (unchanged > updated) p.push('unchanged > updated');
  const rows = body.rejected_rows as Json[];
  if (!Array.isArray(rows) || rows.length !== Math.min(rejected, 1000)) return [...p, 'rejected_rows does not match rejected'];
  for (const r of rows) {
    const ok =
      isObject(r) &&
      Number.isInteger(r.index) &&
      (r.index as number) < received &&
      Array.isArray(r.errors) &&
      r.errors.length > 0 &&
      (r.errors as Json[]).every((e) => typeof e.message === 'string');
    if (!ok) p.push(`rejected row ${JSON.stringify(r).slice(0, 200)}`);
  }
  const warnings = body.warnings as Json[];
  if (!Array.isArray(warnings) || warnings.length > 1000) return [...p, 'warnings is not a list of at most 1,000'];
  for (const w of warnings) {
    const ok = isObject(w) && Number.isInteger(w.index) && (w.index as number) < received && typeof w.field === 'string' && typeof w.message === 'string';
    if (!ok) p.push(`warning ${JSON.stringify(w).slice(0, 200)}`);
  }
  return p;
}

const PROFILE_KEYS = [
  'brand',
  'manufacturer',
  'model_number',
  'serial_number',
  'equipment_type',
  'category',
  'manufacture_date',
  'age_years',
  'expected_lifespan',
  'remaining_life_years',
  'lifecycle_stage',
  'repair_vs_replace',
  'specs',
  'common_issues',
  'maintenance_schedule',
  'warranty',
  'warnings',
  'confidence',
];

/** What is wrong with a POST /asset-intelligence/analyze (or, with `nameplate`, analyze-nameplate) 200 body. */
export function assetProfileProblems(body: unknown, nameplate = false): string[] {
  if (!isObject(body)) return ['profile is not an object'];
  const p = keysAre(body, nameplate ? [...PROFILE_KEYS, 'nameplate'] : PROFILE_KEYS, 'profile');
  for (const k of ['brand', 'manufacturer', 'model_number', 'serial_number', 'equipment_type', 'category', 'repair_vs_replace'])
    if (!isNullable(body[k], 'string')) p.push(`${k} ${String(body[k])}`);
  for (const k of ['age_years', 'remaining_life_years']) if (!isNullable(body[k], 'number')) p.push(`${k} ${String(body[k])}`);
  if (typeof body.remaining_life_years === 'number' && body.remaining_life_years < 0) p.push(`remaining_life_years ${body.remaining_life_years} is negative`);
  const date = body.manufacture_date as Json;
  if (!isObject(date) || !isNullable(date.year, 'number') || !isNumberIn(date.confidence, 0, 1) || !Array.isArray(date.candidates))
    p.push(`manufacture_date ${JSON.stringify(date)}`);
  if (!Object.values(LifecycleStage).includes(body.lifecycle_stage as LifecycleStage)) p.push(`lifecycle_stage ${String(body.lifecycle_stage)}`);
  const specs = body.specs as Json[];
  if (
    !Array.isArray(specs) ||
    !specs.every((s) => isObject(s) && typeof s.name === 'string' && typeof s.value === 'string' && Object.values(SpecSource).includes(s.source as SpecSource))
  )
    p.push('specs');
  if (!isStringArray(body.common_issues) || !isStringArray(body.warnings) || !Array.isArray(body.maintenance_schedule)) p.push('issues, warnings or schedule');
  if (!isNumberIn(body.confidence, 0, 1)) p.push(`confidence ${String(body.confidence)}`);
  return p;
}
