import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AssetEntity } from '../../src/asset-intelligence/assets/asset.entity';
import { AssetRepository } from '../../src/asset-intelligence/assets/asset.repository';
import { LifecycleStage, SpecSource } from '../../src/asset-intelligence/dto/asset-profile.dto';
import { openTestDataSource } from '../support/test-database';

/** A profile exactly as rows written before the storage mapper hold it (the API DTO's keys, verbatim). */
const CURRENT_STORED_PROFILE = {
  brand: 'Rheem',
  manufacturer: 'Rheem Manufacturing',
  model_number: 'XG40T06EC36U1',
  serial_number: 'Q101512345',
  equipment_type: 'Tank water heater (gas)',
  category: 'water heating',
  manufacture_date: {
    year: 2015,
    month: 10,
    week: null,
    confidence: 0.9,
    rule: 'Rheem: month letter, two-digit year',
    candidates: [{ year: 1995, month: 10, reason: 'Not chosen: outside the era of the format' }],
  },
  age_years: 11.1,
  expected_lifespan: { low_years: 8, typical_years: 10, high_years: 13, source: 'NAHB Study of Life Expectancy of Home Components (2007)' },
  remaining_life_years: 0,
  lifecycle_stage: 'past-expected-life',
  repair_vs_replace: 'Replace: past its expected life.',
  specs: [{ name: 'capacity', value: '40', unit: 'gal', source: 'decoded' }],
  common_issues: ['Sediment build-up'],
  maintenance_schedule: [{ task: 'Flush the tank', interval: 'yearly' }],
  warranty: { typical_parts_years: 6, typical_major_component_years: 6, likely_covered: false, notes: 'Tank and parts, 6 years.' },
  warnings: [],
  confidence: 0.87,
};

describe('assets.profile storage on PostgreSQL', () => {
  let ds: DataSource;
  let assets: AssetRepository;
  let clientId: string;

  beforeAll(async () => {
    ds = await openTestDataSource();
    assets = new AssetRepository(ds.getRepository(AssetEntity));
    clientId = randomUUID();
    await ds.query('INSERT INTO clients (id, name) VALUES ($1, $2)', [clientId, `asset-storage-${clientId.slice(0, 8)}`]);
  });
  afterAll(async () => {
    await ds.query('DELETE FROM assets WHERE client_id = $1', [clientId]);
    await ds.query('DELETE FROM clients WHERE id = $1', [clientId]);
    await ds.destroy();
  });

  it('reads a row written in the current stored shape as the API profile', async () => {
    await ds.query(`INSERT INTO assets (client_id, asset_key, brand, profile, llm_facts) VALUES ($1, 'RHEEM|OLD|ROW', 'Rheem', $2::jsonb, NULL)`, [
      clientId,
      JSON.stringify(CURRENT_STORED_PROFILE),
    ]);
    const found = await assets.find(clientId, 'RHEEM|OLD|ROW');
    expect(found).toEqual({ profile: CURRENT_STORED_PROFILE, llmFacts: null });
    expect(found!.profile.lifecycle_stage).toBe(LifecycleStage.PastExpected);
    expect(found!.profile.specs[0].source).toBe(SpecSource.Decoded);
  });

  it('stores a profile in the same shape, so no migration is needed', async () => {
    const profile = { ...structuredClone(CURRENT_STORED_PROFILE), lifecycle_stage: LifecycleStage.PastExpected, specs: [] };
    await assets.save(clientId, 'RHEEM|NEW|ROW', profile, { manufacture_year: 2015 });
    const [row] = await ds.query(`SELECT profile, llm_facts FROM assets WHERE client_id = $1 AND asset_key = 'RHEEM|NEW|ROW'`, [clientId]);
    expect(row.profile).toEqual(profile);
    expect(row.llm_facts).toEqual({ manufacture_year: 2015 });
  });
});
