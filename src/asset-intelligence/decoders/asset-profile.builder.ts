import { AssetProfileDto, AssetSpecDto, ManufactureDateDto, SpecSource } from '../dto/asset-profile.dto';
import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import type { Brand, EquipmentCategory } from '../knowledge/knowledge.types';
import { withArticle } from './article';
import { normalizeBrand } from './brand-normalizer';
import { resolveManufactureDate } from './date-resolver';
import { computeLifecycle } from './lifecycle';
import { decodeModel, type ModelDecodeResult } from './model-decoder';
import { repairVsReplace } from './repair-guidance';
import { readSerial } from './serial-decoder';

/** What a technician or the nameplate reader knows about a unit. */
export interface BuildAssetProfileInput {
  /** Brand as written or read (aliases and misspellings are accepted). */
  brand: string;
  /** Model number as printed. */
  model?: string | null;
  /** Serial number as printed. */
  serial?: string | null;
  /** Manufacture date printed on the plate, when there is one. */
  plateDate?: { year: number; month?: number } | null;
  /** Today; defaults to the current time (tests pin it). */
  now?: Date;
}

const FUEL_BY_TYPE: Record<string, string> = {
  'gas-furnace': 'gas',
  'electric-furnace': 'electric',
  'oil-furnace': 'oil',
  'tank-water-heater-gas': 'gas',
  'tank-water-heater-electric': 'electric',
  'heat-pump-water-heater': 'electric',
};
const COOLING_TYPES = new Set(['ac-condenser', 'heat-pump', 'package-unit']);

/** Builds the full asset profile from brand, model, serial and plate date, offline and deterministically. */
export function buildAssetProfile(knowledge: AssetKnowledge, input: BuildAssetProfileInput): AssetProfileDto {
  const now = input.now ?? new Date();
  const warnings: string[] = [];
  const modelRaw = input.model?.trim() || null;
  const serialRaw = input.serial?.trim() || null;

  const match = normalizeBrand(knowledge, input.brand, { model: modelRaw });
  if (!match.brand)
    warnings.push(
      match.matchedBy === 'empty'
        ? 'No brand was given: the serial cannot be decoded.'
        : `Unknown brand "${match.input}": manufacturer, date format and model nomenclature are unknown.${match.note && match.note !== `"${match.input}" is not a known brand.` ? ` ${match.note}` : ''}`,
    );
  else if (match.note) warnings.push(`Brand: ${match.note}`);

  const maker = kenmoreMaker(knowledge, match.brand, modelRaw);
  if (maker)
    warnings.push(
      `Kenmore model prefix ${maker.prefix} means the unit was built by ${maker.brand.manufacturer}; its ${maker.brand.display} serial format is used.`,
    );
  const model = decodeModel(knowledge, match.brand?.id ?? null, modelRaw);
  if (modelRaw && match.brand && !model.ruleId && !maker) {
    warnings.push(
      `Model ${modelRaw} does not follow ${withArticle(match.brand.display)} nomenclature the decoder knows: equipment type and capacity were not decoded from it.`,
    );
  }
  if (model.seriesOnly) {
    warnings.push(`Model ${modelRaw} names the product series, not the unit: its size was not decoded (the full model number on the nameplate gives it).`);
  }
  const equipmentTypeId = model.equipmentType ?? match.brand?.defaultEquipmentType ?? null;
  const type = equipmentTypeId ? knowledge.equipmentTypes.get(equipmentTypeId) : undefined;
  const category: EquipmentCategory | null = type?.category ?? (match.brand?.categories.length === 1 ? match.brand.categories[0] : null);

  const date = manufactureDate(
    knowledge,
    serialRaw,
    maker?.brand ?? match.brand,
    category,
    model,
    input.plateDate ?? null,
    type?.plausibleMaxAgeYears ?? 50,
    now,
    warnings,
  );
  const warrantySpec = model.specs.find((s) => s.name === 'tank_warranty_years');
  const life = computeLifecycle(knowledge, equipmentTypeId, date, now, warrantySpec ? Number(warrantySpec.value) : null);
  const specs = profileSpecs(model, equipmentTypeId, date.year);
  const refrigerant = model.specs.find((s) => s.name === 'refrigerant')?.value ?? null;

  return {
    brand: match.brand?.display ?? (match.input || null),
    manufacturer: match.brand?.manufacturer ?? null,
    model_number: modelRaw,
    serial_number: serialRaw,
    equipment_type: type?.display ?? null,
    category,
    manufacture_date: date,
    age_years: life.ageYears,
    expected_lifespan: life.expectedLifespan,
    remaining_life_years: life.remainingLifeYears,
    lifecycle_stage: life.stage,
    repair_vs_replace: repairVsReplace({
      equipmentTypeId,
      category,
      ageYears: life.ageYears,
      typicalYears: life.expectedLifespan?.typical_years ?? null,
      stage: life.stage,
      manufactureYear: date.year,
      refrigerant,
      likelyCovered: life.warranty?.likely_covered ?? null,
      otherYears: date.candidates.filter((c) => c.year !== date.year && /most recent plausible reading is preferred/.test(c.reason)).map((c) => c.year),
      now,
    }),
    specs,
    common_issues: equipmentTypeId ? [...(knowledge.commonIssues.get(equipmentTypeId) ?? [])] : [],
    maintenance_schedule: equipmentTypeId ? (knowledge.maintenance.get(equipmentTypeId) ?? []).map((t) => ({ ...t })) : [],
    warranty: life.warranty,
    warnings,
    confidence: overallConfidence(match.confidence, date.confidence, type ? (model.ruleId ? 1 : 0.6) : 0, life.expectedLifespan !== null),
  };
}

function kenmoreMaker(knowledge: AssetKnowledge, brand: Brand | null, model: string | null): { prefix: string; brand: Brand } | null {
  if (!brand || brand.makerPrefixes.length === 0 || !model) return null;
  const prefix = /^(\d{3})(?:[.\s-]|\d)/.exec(model)?.[1];
  const makerId = brand.makerPrefixes.find(([p]) => p === prefix)?.[1];
  const maker = makerId ? knowledge.brandsById.get(makerId) : undefined;
  return prefix && maker ? { prefix, brand: maker } : null;
}

function manufactureDate(
  knowledge: AssetKnowledge,
  serial: string | null,
  brand: Brand | null,
  category: EquipmentCategory | null,
  model: ModelDecodeResult,
  plateDate: { year: number; month?: number } | null,
  plausibleMaxAgeYears: number,
  now: Date,
  warnings: string[],
): ManufactureDateDto {
  const ctx = { plateDate, modelYears: model.productionYears, plausibleMaxAgeYears, now };
  if (!serial) {
    if (!plateDate) warnings.push('No serial number was given: the manufacture date is unknown.');
    return resolveManufactureDate([], ctx).date;
  }
  if (!brand) {
    const guesses = readSerial(knowledge, serial, [...knowledge.families.keys()], now).readings.slice(0, 6);
    warnings.push(`Serial ${serial} was not decoded because the brand is unknown.`);
    const date = resolveManufactureDate([], ctx).date;
    const familyName = (id: string): string => knowledge.families.get(id)?.display ?? id;
    return {
      ...date,
      candidates: guesses.map((g) => ({
        year: g.year,
        month: g.month,
        reason: `Not chosen: would apply only if the unit were made by ${familyName(g.family)}`,
      })),
    };
  }
  const all = brand.serialFamilies.map((id) => knowledge.families.get(id)!);
  const suited = all.filter((f) => category === null || f.category === null || f.category === category);
  const families = (suited.length > 0 ? suited : all).filter((f) => f.decodable);
  if (families.length === 0) {
    const why = all.find((f) => !f.decodable)?.source ?? `no documented ${brand.display} serial date format is known`;
    warnings.push(
      `The serial of ${withArticle(brand.display)} unit does not give its date: ${why.replace(/^No /, 'no ')}. Read the manufacture date on the plate.`,
    );
    return resolveManufactureDate([], ctx).date;
  }
  const read = readSerial(
    knowledge,
    serial,
    families.map((f) => f.id),
    now,
  );
  if (read.readings.length === 0) {
    const placeholder = /^(.)\1+$/.test(read.normalized) ? ' (it looks like a placeholder)' : '';
    const detail = read.rejections.length > 0 ? ` ${read.rejections.join('; ')}.` : '';
    warnings.push(
      `Unreadable serial: ${serial}${placeholder} matches no known ${families.map((f) => f.display).join(' / ')} date format.${detail} The manufacture date is unknown.`,
    );
    return resolveManufactureDate([], ctx).date;
  }
  const resolved = resolveManufactureDate(read.readings, ctx);
  warnings.push(...resolved.warnings);
  return resolved.date;
}

function profileSpecs(model: ModelDecodeResult, equipmentTypeId: string | null, year: number | null): AssetSpecDto[] {
  const specs: AssetSpecDto[] = model.specs.map((s) => ({ name: s.name, value: s.value, unit: s.unit, source: SpecSource.Decoded }));
  const has = (name: string): boolean => specs.some((s) => s.name === name);
  if (equipmentTypeId && FUEL_BY_TYPE[equipmentTypeId] && !has('fuel')) {
    specs.push({ name: 'fuel', value: FUEL_BY_TYPE[equipmentTypeId], unit: null, source: SpecSource.KnowledgeBase });
  }
  if (equipmentTypeId && COOLING_TYPES.has(equipmentTypeId) && !has('refrigerant') && year !== null) {
    const value = year <= 2009 ? 'R-22 (likely, from the manufacture year)' : year <= 2024 ? 'R-410A (likely, from the manufacture year)' : null;
    if (value) specs.push({ name: 'refrigerant', value, unit: null, source: SpecSource.KnowledgeBase });
  }
  return specs;
}

function overallConfidence(brand: number, date: number, type: number, hasLifespan: boolean): number {
  return Math.round((0.25 * brand + 0.35 * date + 0.25 * type + (hasLifespan ? 0.15 : 0)) * 100) / 100;
}
