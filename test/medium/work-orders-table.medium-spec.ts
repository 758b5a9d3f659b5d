import { DataSource } from 'typeorm';
import { GENERATED_WORK_ORDER_COLUMNS, WORK_ORDER_COLUMNS, WorkOrderColumn } from '../../src/work-order/history/work-order-columns';
import { openTestDataSource } from '../support/test-database';

/** information_schema's name of each TypeORM column type the entity uses. */
const PG_TYPE: Record<string, string> = {
  uuid: 'uuid',
  varchar: 'character varying',
  char: 'character',
  text: 'text',
  'double precision': 'double precision',
  bigint: 'bigint',
  int: 'integer',
  numeric: 'numeric',
  timestamptz: 'timestamp with time zone',
  jsonb: 'jsonb',
};

interface ColumnRow {
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_generated: 'ALWAYS' | 'NEVER';
}

describe('work_orders as migrated on PostgreSQL', () => {
  let ds: DataSource;
  let columns: ColumnRow[];

  beforeAll(async () => {
    ds = await openTestDataSource();
    columns = await ds.query(
      `SELECT column_name, data_type, is_nullable, character_maximum_length, numeric_precision, numeric_scale, is_generated
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'work_orders' ORDER BY column_name`,
    );
  });
  afterAll(() => ds.destroy());

  it('has exactly the columns WorkOrderRecordEntity defines, with their types, widths and nullability', () => {
    const expected = (c: WorkOrderColumn) => ({
      column_name: c.name,
      data_type: PG_TYPE[c.type] ?? `unmapped ${c.type}`,
      is_nullable: c.nullable ? 'YES' : 'NO',
      character_maximum_length: c.length,
      numeric_precision: c.type === 'numeric' ? c.precision : null,
      numeric_scale: c.type === 'numeric' ? c.scale : null,
      is_generated: 'NEVER',
    });
    // Precision and scale are compared for numeric columns only: PostgreSQL reports them for integers and floats too.
    const stored = columns
      .filter((c) => !(GENERATED_WORK_ORDER_COLUMNS as readonly string[]).includes(c.column_name))
      .map((c) => (c.data_type === 'numeric' ? c : { ...c, numeric_precision: null, numeric_scale: null }));
    const defined = [...WORK_ORDER_COLUMNS].sort((a, b) => a.name.localeCompare(b.name));
    expect(stored.map((c) => c.column_name)).toEqual(defined.map((c) => c.name));
    expect(stored).toEqual(defined.map(expected));
  });

  it('computes the search vector and the trigram summary itself', () => {
    const generated = columns.filter((c) => c.is_generated === 'ALWAYS').map((c) => c.column_name);
    expect(generated.sort()).toEqual([...GENERATED_WORK_ORDER_COLUMNS].sort());
  });
});
