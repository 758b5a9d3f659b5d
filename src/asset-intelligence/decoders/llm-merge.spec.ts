import { SpecSource } from '../dto/asset-profile.dto';
import { buildAssetProfile } from './asset-profile.builder';
import { mergeLlmFacts, mergeSpecs } from './llm-merge';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

const NOW = new Date('2026-11-22');

describe('mergeSpecs', () => {
  it('keeps decoded values over LLM guesses and reports the clash', () => {
    const { specs, conflicts } = mergeSpecs(
      [{ name: 'capacity_tons', value: '3', unit: 'tons', source: SpecSource.Decoded }],
      [
        { name: 'capacity_tons', value: '4', unit: 'tons', source: SpecSource.Llm },
        { name: 'voltage', value: '208/230', unit: 'V', source: SpecSource.Llm },
      ],
    );
    expect(specs).toEqual([
      { name: 'capacity_tons', value: '3', unit: 'tons', source: SpecSource.Decoded },
      { name: 'voltage', value: '208/230', unit: 'V', source: SpecSource.Llm },
    ]);
    expect(conflicts).toEqual(['Spec conflict on capacity_tons: kept 3 tons (decoded) over 4 tons (llm).']);
  });

  it('lets a nameplate reading replace a knowledge-base default, and ignores equal values', () => {
    const { specs, conflicts } = mergeSpecs(
      [
        { name: 'fuel', value: 'gas', unit: null, source: SpecSource.KnowledgeBase },
        { name: 'input_btuh', value: '80000', unit: 'BTU/h', source: SpecSource.Decoded },
      ],
      [
        { name: 'fuel', value: 'propane', unit: null, source: SpecSource.Nameplate },
        { name: 'input_btuh', value: '80,000', unit: 'BTU/h', source: SpecSource.Llm },
      ],
    );
    expect(specs[0]).toMatchObject({ value: 'propane', source: SpecSource.Nameplate });
    expect(specs[1]).toMatchObject({ value: '80000', source: SpecSource.Decoded });
    expect(conflicts).toHaveLength(1);
  });
});

describe('mergeLlmFacts', () => {
  it('never overrides decoded facts and turns disagreements into warnings', () => {
    const profile = buildAssetProfile(knowledge, { brand: 'Carrier', model: '24ACC636A003', serial: '1014E12345', now: NOW });
    const merged = mergeLlmFacts(
      knowledge,
      profile,
      {
        equipment_type: 'heat pump',
        manufacture_year: 2011,
        specs: [{ name: 'capacity_tons', value: '2.5', unit: 'tons' }],
        common_issues: ['Failed run or start capacitor', 'Noisy fan blade'],
      },
      NOW,
    );
    expect(merged.equipment_type).toBe('split-system AC condenser');
    expect(merged.manufacture_date.year).toBe(2014);
    expect(merged.specs.find((s) => s.name === 'capacity_tons')!.value).toBe('3');
    expect(merged.common_issues.filter((i) => i === 'Failed run or start capacitor')).toHaveLength(1);
    expect(merged.common_issues).toContain('Noisy fan blade');
    expect(merged.warnings.join('\n')).toMatch(/kept the decoded "split-system AC condenser"/);
    expect(merged.warnings.join('\n')).toMatch(/kept the decoded 2014/);
    expect(merged.warnings.join('\n')).toMatch(/Spec conflict on capacity_tons/);
    expect(profile.warnings).toEqual([]);
  });

  it('fills gaps with LLM facts, marked as such, and recomputes the lifecycle', () => {
    const profile = buildAssetProfile(knowledge, { brand: 'Fujitsu', model: 'unknown-model', serial: 'S123', now: NOW });
    const merged = mergeLlmFacts(
      knowledge,
      profile,
      { manufacture_year: 2016, manufacture_month: 5, specs: [{ name: 'capacity_btuh', value: '12000', unit: 'BTU/h' }] },
      NOW,
    );
    expect(merged.manufacture_date).toMatchObject({ year: 2016, month: 5, confidence: 0.3, rule: 'LLM estimate (not decoded)' });
    expect(merged.age_years).toBeCloseTo(10.5, 1);
    expect(merged.lifecycle_stage).toBe('mid-life');
    expect(merged.specs).toContainEqual({ name: 'capacity_btuh', value: '12000', unit: 'BTU/h', source: SpecSource.Llm });
    expect(merged.warnings.join()).toMatch(/LLM estimate/);
  });

  it('adopts a known equipment type from the LLM when none was decoded', () => {
    const profile = buildAssetProfile(knowledge, { brand: 'Carrier', model: 'ZZZ', serial: '1014E12345', now: NOW });
    expect(profile.equipment_type).toBeNull();
    const merged = mergeLlmFacts(knowledge, profile, { equipment_type: 'gas furnace' }, NOW);
    expect(merged).toMatchObject({ equipment_type: 'gas furnace', category: 'HVAC' });
    expect(merged.expected_lifespan?.typical_years).toBe(18);
    expect(merged.maintenance_schedule.length).toBeGreaterThan(0);
  });
});
