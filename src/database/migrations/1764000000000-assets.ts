import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Assets each client has analyzed: the decoded identity and age facts enrich uses for insights,
 * the full profile, and what a language model added (so a second analysis costs no model call).
 */
export class Assets1764000000000 implements MigrationInterface {
  name = 'Assets1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        asset_key varchar(320) NOT NULL,
        brand varchar(100),
        model_number varchar(100),
        serial_number varchar(100),
        equipment_type varchar(100),
        manufacture_year int,
        manufacture_month int,
        typical_life_years numeric(5,1),
        profile jsonb NOT NULL,
        llm_facts jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_assets_client_key UNIQUE (client_id, asset_key)
      )`);
    await q.query(`CREATE INDEX idx_assets_client_model ON assets (client_id, upper(model_number))`);
    await q.query(`CREATE INDEX idx_assets_client_serial ON assets (client_id, upper(serial_number))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE assets`);
  }
}
