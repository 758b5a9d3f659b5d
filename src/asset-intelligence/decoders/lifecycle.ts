import { LifecycleStage } from '../dto/asset-profile.dto';
import type { LifespanDto, ManufactureDateDto, WarrantyDto } from '../dto/asset-profile.dto';
import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import { withArticle } from './article';
import { representativeDay, yearsBetween } from './calendar';

/** Age, life expectancy and warranty position of a unit. */
export interface LifecycleFacts {
  /** Age in years, one decimal; null when the date is unknown. */
  ageYears: number | null;
  /** Expected lifespan of the equipment type; null when the type is unknown. */
  expectedLifespan: LifespanDto | null;
  /** Typical life minus age, one decimal; 0 when at or past it. */
  remainingLifeYears: number | null;
  /** Stage of life. */
  stage: LifecycleStage;
  /** Typical warranty and likely coverage; null when the type is unknown. */
  warranty: WarrantyDto | null;
}

/** Age of a unit from its manufacture date, in years with one decimal; null without a year. */
export function ageFromDate(date: Pick<ManufactureDateDto, 'year' | 'month' | 'week'>, now: Date): number | null {
  if (date.year === null) return null;
  return Math.max(0, yearsBetween(representativeDay(date.year, date.month, date.week), now));
}

/** Stage of life: new below 25% of typical life, mid-life below 75%, late-life up to 100%, then past expected life. */
export function lifecycleStage(ageYears: number | null, typicalYears: number | null): LifecycleStage {
  if (ageYears === null || typicalYears === null || typicalYears <= 0) return LifecycleStage.Unknown;
  const ratio = ageYears / typicalYears;
  if (ratio < 0.25) return LifecycleStage.New;
  if (ratio < 0.75) return LifecycleStage.Mid;
  if (ratio <= 1) return LifecycleStage.Late;
  return LifecycleStage.PastExpected;
}

/** Lifespan, remaining life, stage and warranty of an equipment type at a given age. */
export function computeLifecycle(
  knowledge: AssetKnowledge,
  equipmentTypeId: string | null,
  date: ManufactureDateDto,
  now: Date,
  decodedWarrantyYears: number | null = null,
): LifecycleFacts {
  const ageYears = ageFromDate(date, now);
  const lifespan = equipmentTypeId ? knowledge.lifespans.get(equipmentTypeId) : undefined;
  const expectedLifespan = lifespan
    ? { low_years: lifespan.lowYears, typical_years: lifespan.typicalYears, high_years: lifespan.highYears, source: lifespan.source }
    : null;
  // Never negative: how far past its life a unit is shows in its age and stage, not in a negative remainder.
  const remainingLifeYears = expectedLifespan && ageYears !== null ? Math.max(0, Math.round((expectedLifespan.typical_years - ageYears) * 10) / 10) : null;
  const norm = equipmentTypeId ? knowledge.warranties.get(equipmentTypeId) : undefined;
  let warranty: WarrantyDto | null = null;
  if (norm) {
    const parts = decodedWarrantyYears ?? norm.typicalPartsYears;
    const major = decodedWarrantyYears ?? norm.typicalMajorComponentYears;
    const coverYears = parts ?? major;
    const likelyCovered = ageYears === null || coverYears === null ? null : ageYears < coverYears;
    const notes = [norm.notes];
    if (decodedWarrantyYears !== null) notes.push(`The model number carries ${withArticle(`${decodedWarrantyYears}-year`)} tank and parts warranty.`);
    if (ageYears !== null && likelyCovered === false && major !== null && parts !== null && major > parts && ageYears < major) {
      notes.push(`Parts coverage has likely ended, but the ${major}-year major-component warranty may still apply.`);
    }
    warranty = { typical_parts_years: parts, typical_major_component_years: major, likely_covered: likelyCovered, notes: notes.join(' ') };
  }
  return { ageYears, expectedLifespan, remainingLifeYears, stage: lifecycleStage(ageYears, expectedLifespan?.typical_years ?? null), warranty };
}
