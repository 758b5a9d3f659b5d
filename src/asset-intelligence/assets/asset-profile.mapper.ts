import { LifecycleStage, SpecSource } from '../dto/asset-profile.dto';
import type { AssetProfileDto, AssetSpecDto, ManufactureDateDto } from '../dto/asset-profile.dto';

/**
 * The asset profile as stored in `assets.profile` (jsonb). Storage owns this shape: renaming a
 * field of the API DTO changes `mapAssetProfile` and `toStoredProfile`, never the stored rows.
 * Today it holds the same keys as the DTO, so rows written before the mapper existed read as-is.
 */
export interface StoredAssetProfile {
  brand: string | null;
  manufacturer: string | null;
  model_number: string | null;
  serial_number: string | null;
  equipment_type: string | null;
  category: string | null;
  manufacture_date: StoredManufactureDate;
  age_years: number | null;
  expected_lifespan: { low_years: number; typical_years: number; high_years: number; source: string } | null;
  remaining_life_years: number | null;
  /** A LifecycleStage value. */
  lifecycle_stage: string;
  repair_vs_replace: string | null;
  /** `source` is a SpecSource value. */
  specs: Array<{ name: string; value: string; unit: string | null; source: string }>;
  common_issues: string[];
  maintenance_schedule: Array<{ task: string; interval: string }>;
  warranty: { typical_parts_years: number | null; typical_major_component_years: number | null; likely_covered: boolean | null; notes: string } | null;
  warnings: string[];
  confidence: number;
}

/** The stored manufacture date of a profile. */
export interface StoredManufactureDate {
  year: number | null;
  month: number | null;
  week: number | null;
  confidence: number;
  rule: string | null;
  candidates: Array<{ year: number; month: number | null; reason: string }>;
}

const STAGES = new Set<string>(Object.values(LifecycleStage));
const SOURCES = new Set<string>(Object.values(SpecSource));

/** The stored form of a profile; copies field by field so no API-only field leaks into storage. */
export function toStoredProfile(p: AssetProfileDto): StoredAssetProfile {
  return {
    brand: p.brand,
    manufacturer: p.manufacturer,
    model_number: p.model_number,
    serial_number: p.serial_number,
    equipment_type: p.equipment_type,
    category: p.category,
    manufacture_date: toStoredDate(p.manufacture_date),
    age_years: p.age_years,
    expected_lifespan: p.expected_lifespan && { ...p.expected_lifespan },
    remaining_life_years: p.remaining_life_years,
    lifecycle_stage: p.lifecycle_stage,
    repair_vs_replace: p.repair_vs_replace,
    specs: p.specs.map((s) => ({ name: s.name, value: s.value, unit: s.unit, source: s.source })),
    common_issues: [...p.common_issues],
    maintenance_schedule: p.maintenance_schedule.map((t) => ({ task: t.task, interval: t.interval })),
    warranty: p.warranty && { ...p.warranty },
    warnings: [...p.warnings],
    confidence: p.confidence,
  };
}

/** The API profile of a stored one; values outside today's enums read as unknown rather than failing the request. */
export function mapAssetProfile(s: StoredAssetProfile): AssetProfileDto {
  return {
    brand: s.brand,
    manufacturer: s.manufacturer,
    model_number: s.model_number,
    serial_number: s.serial_number,
    equipment_type: s.equipment_type,
    category: s.category,
    manufacture_date: mapDate(s.manufacture_date),
    age_years: s.age_years,
    expected_lifespan: s.expected_lifespan && { ...s.expected_lifespan },
    remaining_life_years: s.remaining_life_years,
    lifecycle_stage: STAGES.has(s.lifecycle_stage) ? (s.lifecycle_stage as LifecycleStage) : LifecycleStage.Unknown,
    repair_vs_replace: s.repair_vs_replace,
    specs: s.specs.map((x): AssetSpecDto => ({
      name: x.name,
      value: x.value,
      unit: x.unit,
      source: SOURCES.has(x.source) ? (x.source as SpecSource) : SpecSource.Decoded,
    })),
    common_issues: [...s.common_issues],
    maintenance_schedule: s.maintenance_schedule.map((t) => ({ task: t.task, interval: t.interval })),
    warranty: s.warranty && { ...s.warranty },
    warnings: [...s.warnings],
    confidence: s.confidence,
  };
}

function toStoredDate(d: ManufactureDateDto): StoredManufactureDate {
  return {
    year: d.year,
    month: d.month,
    week: d.week,
    confidence: d.confidence,
    rule: d.rule,
    candidates: d.candidates.map((c) => ({ year: c.year, month: c.month, reason: c.reason })),
  };
}

function mapDate(d: StoredManufactureDate): ManufactureDateDto {
  return {
    year: d.year,
    month: d.month,
    week: d.week,
    confidence: d.confidence,
    rule: d.rule,
    candidates: d.candidates.map((c) => ({ year: c.year, month: c.month, reason: c.reason })),
  };
}
