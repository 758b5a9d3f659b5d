import { MigrationInterface, QueryRunner } from 'typeorm';

/** Columns of the first history schema that the specification has no field for, kept verbatim in `legacy`. */
const RETIRED = [
  'category',
  'trade',
  'property_name',
  'property_address',
  'region',
  'unit_number',
  'asset_model',
  'asset_serial',
  'requested_by',
  'scheduled_date',
];

/** The weighted search vector; every searchable specification field is in it. */
const SEARCH = `
  setweight(to_tsvector('english', coalesce(title, '') || ' ' || issue_description), 'A') ||
  setweight(to_tsvector('english', coalesce(location, '') || ' ' || coalesce(asset, '') || ' ' || coalesce(tags, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(resolution, '') || ' ' || coalesce(closing_description, '') || ' ' || coalesce(vendor_comments, '')), 'C') ||
  setweight(to_tsvector('english', coalesce(property_detail, '') || ' ' || coalesce(unit_detail, '')), 'D')`;

/**
 * History holds every field of the specification's work order. Columns of the same meaning are
 * renamed (status → work_order_status, priority → urgency, vendor → assigned_vendors,
 * closing_notes → closing_description, completed_date → work_complete_date); columns the
 * specification folds into a free-text field are carried into it (category and trade → tags;
 * property name, address and region → property_detail; unit number → unit_detail; asset model
 * and serial → asset as "model s/n serial"; scheduled date → work_start_date), and their original
 * values stay in `legacy`, so nothing stored is lost.
 */
export class SpecificationFields1764100000000 implements MigrationInterface {
  name = 'SpecificationFields1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // The generated vector reads columns that are renamed or dropped; its GIN index goes with it.
    await q.query(`ALTER TABLE work_orders DROP COLUMN search`);
    await q.query(`
      ALTER TABLE work_orders
        ADD COLUMN customer_client_id varchar(100),
        ADD COLUMN customer_client_number varchar(100),
        ADD COLUMN vendor_comments text,
        ADD COLUMN tags varchar(500),
        ADD COLUMN invoices varchar(2000),
        ADD COLUMN property_detail varchar(1000),
        ADD COLUMN estimated_complete_date timestamptz,
        ADD COLUMN last_updated timestamptz,
        ADD COLUMN urgency_norm varchar(20),
        ADD COLUMN invoice_total numeric(12,2),
        ADD COLUMN customer_key varchar(210),
        ADD COLUMN legacy jsonb,
        ALTER COLUMN status TYPE varchar(100),
        ALTER COLUMN vendor TYPE varchar(500),
        ALTER COLUMN unit_number TYPE varchar(500),
        ALTER COLUMN asset TYPE varchar(500)`);
    await q.query(`
      UPDATE work_orders SET
        legacy = nullif(jsonb_strip_nulls(jsonb_build_object(${RETIRED.map((c) => `'${c}', ${c}`).join(', ')}, 'asset', CASE WHEN asset_model IS NOT NULL OR asset_serial IS NOT NULL THEN asset END)), '{}'::jsonb),
        tags = nullif(concat_ws(', ', category, CASE WHEN lower(trade) IS DISTINCT FROM lower(category) THEN trade END), ''),
        property_detail = nullif(concat_ws(', ', property_name, property_address, region), ''),
        unit_number = CASE WHEN unit_number IS NOT NULL THEN 'Unit ' || unit_number END,
        asset = left(nullif(concat_ws(' ', asset, asset_model, 's/n ' || asset_serial), ''), 500),
        urgency_norm = CASE
          WHEN priority ~* '\\m(non[ -]?urgent|not urgent|low|minor|whenever|cosmetic|deferrable|p[45])\\M' THEN 'low'
          WHEN priority ~* '\\m(emergency|emergent|critical|life[ -]?safety|immediate|p[10])\\M' THEN 'emergency'
          WHEN priority ~* '\\m(high|urgent|asap|rush|same[ -]?day|p2)\\M' THEN 'high'
          WHEN priority ~* '\\m(normal|medium|moderate|routine|standard|regular|p3)\\M' THEN 'normal'
        END
      WHERE category IS NOT NULL OR trade IS NOT NULL OR property_name IS NOT NULL OR property_address IS NOT NULL OR region IS NOT NULL
         OR unit_number IS NOT NULL OR asset_model IS NOT NULL OR asset_serial IS NOT NULL OR requested_by IS NOT NULL
         OR scheduled_date IS NOT NULL OR priority IS NOT NULL`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN status TO work_order_status`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN priority TO urgency`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN vendor TO assigned_vendors`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN closing_notes TO closing_description`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN unit_number TO unit_detail`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN scheduled_date TO work_start_date`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN completed_date TO work_complete_date`);
    await q.query(`
      ALTER TABLE work_orders
        DROP COLUMN category, DROP COLUMN trade, DROP COLUMN trade_norm, DROP COLUMN property_name, DROP COLUMN property_address,
        DROP COLUMN region, DROP COLUMN asset_model, DROP COLUMN asset_serial, DROP COLUMN requested_by`);
    await q.query(`ALTER TABLE work_orders ADD COLUMN search tsvector GENERATED ALWAYS AS (${SEARCH}) STORED`);
    await q.query(`CREATE INDEX idx_work_orders_client_search ON work_orders USING gin (client_id, search)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE work_orders DROP COLUMN search`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN work_order_status TO status`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN urgency TO priority`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN assigned_vendors TO vendor`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN closing_description TO closing_notes`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN unit_detail TO unit_number`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN work_start_date TO scheduled_date`);
    await q.query(`ALTER TABLE work_orders RENAME COLUMN work_complete_date TO completed_date`);
    await q.query(`
      ALTER TABLE work_orders
        ADD COLUMN category varchar(200), ADD COLUMN trade varchar(100), ADD COLUMN trade_norm varchar(100),
        ADD COLUMN property_name varchar(200), ADD COLUMN property_address varchar(300), ADD COLUMN region varchar(50),
        ADD COLUMN asset_model varchar(100), ADD COLUMN asset_serial varchar(100), ADD COLUMN requested_by varchar(200)`);
    await q.query(`
      UPDATE work_orders SET
        category = legacy->>'category', trade = legacy->>'trade', trade_norm = lower(legacy->>'trade'),
        property_name = legacy->>'property_name', property_address = legacy->>'property_address', region = legacy->>'region',
        asset_model = legacy->>'asset_model', asset_serial = legacy->>'asset_serial', requested_by = legacy->>'requested_by',
        unit_number = coalesce(legacy->>'unit_number', unit_number),
        asset = CASE WHEN legacy ? 'asset_model' OR legacy ? 'asset_serial' THEN legacy->>'asset' ELSE asset END,
        scheduled_date = (legacy->>'scheduled_date')::timestamptz
      WHERE legacy IS NOT NULL`);
    await q.query(`
      ALTER TABLE work_orders
        DROP COLUMN customer_client_id, DROP COLUMN customer_client_number, DROP COLUMN vendor_comments, DROP COLUMN tags,
        DROP COLUMN invoices, DROP COLUMN property_detail, DROP COLUMN estimated_complete_date, DROP COLUMN last_updated,
        DROP COLUMN urgency_norm, DROP COLUMN invoice_total, DROP COLUMN customer_key, DROP COLUMN legacy`);
    await q.query(`
      ALTER TABLE work_orders ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '') || ' ' || issue_description), 'A') ||
        setweight(to_tsvector('english', coalesce(location, '') || ' ' || coalesce(asset, '') || ' ' || coalesce(category, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(resolution, '') || ' ' || coalesce(closing_notes, '')), 'C')
      ) STORED`);
    await q.query(`CREATE INDEX idx_work_orders_client_search ON work_orders USING gin (client_id, search)`);
  }
}
