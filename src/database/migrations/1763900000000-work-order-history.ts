import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Historical work orders of each client, with normalized columns for retrieval, a weighted
 * full-text vector (title and issue A, location and asset B, resolution C) and a trigram index
 * on a short summary for misspellings and short titles.
 * (This migration has not shipped yet, so it is still edited in place.)
 */
export class WorkOrderHistory1763900000000 implements MigrationInterface {
  name = 'WorkOrderHistory1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // btree_gin lets one GIN index hold the client id and the search vector, so a client's
    // full-text search never walks other clients' postings.
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await q.query(`
      CREATE TABLE work_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
        work_order_id varchar(100) NOT NULL,
        issue_description text NOT NULL,
        title varchar(200),
        category varchar(200),
        priority varchar(50),
        status varchar(50),
        property_id bigint,
        property_name varchar(200),
        property_address varchar(300),
        region varchar(50),
        unit_id bigint,
        unit_number varchar(50),
        location varchar(200),
        asset varchar(200),
        asset_model varchar(100),
        asset_serial varchar(100),
        ticket_open_date double precision,
        ticket_close_date double precision,
        scheduled_date timestamptz,
        completed_date timestamptz,
        estimated_cost numeric(12,2),
        actual_cost numeric(12,2),
        vendor varchar(200),
        trade varchar(100),
        resolution text,
        closing_notes text,
        requested_by varchar(200),
        opened_at timestamptz,
        closed_at timestamptz,
        status_norm varchar(20) NOT NULL,
        property_key varchar(210),
        unit_key varchar(270),
        asset_key varchar(310),
        location_key varchar(200),
        trade_norm varchar(100),
        fix_key varchar(200),
        fix_label varchar(300),
        content_hash char(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        summary text GENERATED ALWAYS AS (lower(left(coalesce(nullif(title, ''), issue_description), 160))) STORED,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', coalesce(title, '') || ' ' || issue_description), 'A') ||
          setweight(to_tsvector('english', coalesce(location, '') || ' ' || coalesce(asset, '') || ' ' || coalesce(category, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(resolution, '') || ' ' || coalesce(closing_notes, '')), 'C')
        ) STORED,
        CONSTRAINT uq_work_orders_client_external UNIQUE (client_id, work_order_id)
      )`);
    await q.query(`CREATE INDEX idx_work_orders_client_search ON work_orders USING gin (client_id, search)`);
    await q.query(`CREATE INDEX idx_work_orders_summary_trgm ON work_orders USING gin (summary gin_trgm_ops)`);
    await q.query(`CREATE INDEX idx_work_orders_client_unit ON work_orders (client_id, unit_key, opened_at)`);
    await q.query(`CREATE INDEX idx_work_orders_client_asset ON work_orders (client_id, asset_key, opened_at)`);
    await q.query(`CREATE INDEX idx_work_orders_client_property ON work_orders (client_id, property_key)`);
    await q.query(`CREATE INDEX idx_work_orders_client_opened ON work_orders (client_id, opened_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE work_orders`);
  }
}
