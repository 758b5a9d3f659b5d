import { MigrationInterface, QueryRunner } from 'typeorm';

/** Clients (tenants) and their API tokens; enables pg_trgm for the fuzzy matching that follows. */
export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_clients_name UNIQUE (name)
      )`);
    await q.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        prefix varchar(16) NOT NULL,
        token_hash char(64) NOT NULL,
        label varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        CONSTRAINT uq_api_tokens_token_hash UNIQUE (token_hash)
      )`);
    await q.query(`CREATE INDEX idx_api_tokens_prefix ON api_tokens (prefix)`);
    await q.query(`CREATE INDEX idx_api_tokens_client ON api_tokens (client_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens`);
    await q.query(`DROP TABLE clients`);
  }
}
