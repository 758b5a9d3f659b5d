import { LifecycleStage } from '../dto/asset-profile.dto';
import { computeLifecycle, lifecycleStage } from './lifecycle';
import { repairVsReplace } from './repair-guidance';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

const NOW = new Date('2026-11-22');
const date = (year: number | null, month: number | null = null) => ({ year, month, week: null, confidence: 0.9, rule: 'test', candidates: [] });

describe('lifecycleStage', () => {
  it.each([
    [0, 15, LifecycleStage.New],
    [3.7, 15, LifecycleStage.New],
    [3.75, 15, LifecycleStage.Mid],
    [11.2, 15, LifecycleStage.Mid],
    [11.25, 15, LifecycleStage.Late],
    [15, 15, LifecycleStage.Late],
    [15.1, 15, LifecycleStage.PastExpected],
    [null, 15, LifecycleStage.Unknown],
    [5, null, LifecycleStage.Unknown],
  ])('age %p of %p typical years is %s', (age, typical, stage) => {
    expect(lifecycleStage(age, typical)).toBe(stage);
  });
});

describe('computeLifecycle', () => {
  it('computes age, remaining life and warranty coverage', () => {
    const life = computeLifecycle(knowledge, 'gas-furnace', date(2020, 6), NOW);
    expect(life.ageYears).toBeCloseTo(6.4, 1);
    expect(life.remainingLifeYears).toBeCloseTo(11.6, 1);
    expect(life.stage).toBe(LifecycleStage.Mid);
    expect(life.warranty).toMatchObject({ typical_parts_years: 10, typical_major_component_years: 20, likely_covered: true });
  });

  it('mentions a still-running major-component warranty after parts coverage ends', () => {
    const life = computeLifecycle(knowledge, 'gas-furnace', date(2012, 1), NOW);
    expect(life.warranty!.likely_covered).toBe(false);
    expect(life.warranty!.notes).toMatch(/20-year major-component warranty may still apply/);
  });

  it('uses the warranty years the model carries', () => {
    expect(computeLifecycle(knowledge, 'tank-water-heater-gas', date(2020), NOW, 12).warranty).toMatchObject({ typical_parts_years: 12, likely_covered: true });
  });

  it('reports unknown when the date or type is unknown', () => {
    expect(computeLifecycle(knowledge, 'ac-condenser', date(null), NOW)).toMatchObject({
      ageYears: null,
      remainingLifeYears: null,
      stage: LifecycleStage.Unknown,
    });
    expect(computeLifecycle(knowledge, 'ac-condenser', date(null), NOW).warranty!.likely_covered).toBeNull();
    expect(computeLifecycle(knowledge, null, date(2015), NOW)).toMatchObject({ expectedLifespan: null, warranty: null, stage: LifecycleStage.Unknown });
  });
});

describe('repairVsReplace', () => {
  const base = { equipmentTypeId: 'ac-condenser', category: 'HVAC', typicalYears: 15, refrigerant: null, likelyCovered: false };

  it('applies the $5,000 rule with the age-specific threshold', () => {
    const text = repairVsReplace({ ...base, ageYears: 10, stage: LifecycleStage.Mid, manufactureYear: 2016 })!;
    expect(text).toMatch(/50% of the cost of a new unit/);
    expect(text).toMatch(/any quote over \$500/);
  });

  it('calls out R-22 for cooling equipment made before 2010', () => {
    expect(repairVsReplace({ ...base, ageYears: 18, stage: LifecycleStage.PastExpected, manufactureYear: 2008 })).toMatch(/R-22.*replace rather than recharge/);
    expect(repairVsReplace({ ...base, ageYears: 8, stage: LifecycleStage.Mid, manufactureYear: 2018 })).not.toMatch(/R-22/);
  });

  it('tells to claim the warranty on a new unit and to replace a leaking tank', () => {
    expect(repairVsReplace({ ...base, ageYears: 1, stage: LifecycleStage.New, manufactureYear: 2025, likelyCovered: true })).toMatch(/claim the warranty/);
    expect(
      repairVsReplace({
        equipmentTypeId: 'tank-water-heater-gas',
        category: 'water heating',
        ageYears: 9,
        typicalYears: 10,
        stage: LifecycleStage.Late,
        manufactureYear: 2017,
        refrigerant: null,
        likelyCovered: false,
      }),
    ).toMatch(/30% of replacement cost.*leaking tank cannot be repaired/);
  });

  it('applies the 50% rule to appliances and asks for the date when the age is unknown', () => {
    expect(
      repairVsReplace({
        equipmentTypeId: 'dishwasher',
        category: 'appliance',
        ageYears: 6,
        typicalYears: 9,
        stage: LifecycleStage.Mid,
        manufactureYear: 2020,
        refrigerant: null,
        likelyCovered: false,
      }),
    ).toMatch(/50% rule/);
    expect(repairVsReplace({ ...base, ageYears: null, stage: LifecycleStage.Unknown, manufactureYear: null })).toMatch(/Age unknown/);
    expect(repairVsReplace({ ...base, equipmentTypeId: null, ageYears: null, stage: LifecycleStage.Unknown, manufactureYear: null })).toBeNull();
  });

  it('never says the age is unknown when the serial gave one, even if the equipment and its life are not known', () => {
    const advice = repairVsReplace({
      ...base,
      equipmentTypeId: null,
      category: 'HVAC',
      ageYears: 13.7,
      typicalYears: null,
      stage: LifecycleStage.Unknown,
      manufactureYear: 2013,
    });
    expect(advice).not.toMatch(/Age unknown/);
    expect(advice).toMatch(/^About 13.7 years old; the expected life of this equipment is not known here/);
    expect(advice).toMatch(/\$5,000 rule/);
  });
});
