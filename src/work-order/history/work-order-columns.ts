import { getMetadataArgsStorage } from 'typeorm';
import { WorkOrderRecordEntity } from './work-order-record.entity';

type ColumnMetadataArgs = ReturnType<typeof getMetadataArgsStorage>['columns'][number];

/** A column of `work_orders` as WorkOrderRecordEntity declares it. */
export interface WorkOrderColumn {
  /** Column name in the database. */
  name: string;
  /** TypeORM column type ('varchar', 'timestamptz', ...). */
  type: string;
  /** Whether the column accepts NULL. */
  nullable: boolean;
  /** varchar / char width, when it has one. */
  length: number | null;
  /** numeric precision and scale, when declared. */
  precision: number | null;
  scale: number | null;
}

/** Columns PostgreSQL computes (full-text vector and trigram summary); the migrations own them, the entity does not map them. */
export const GENERATED_WORK_ORDER_COLUMNS = ['summary', 'search'] as const;

/** Columns the application never writes through the bulk upsert: keys and bookkeeping the database fills in. */
const NOT_UPSERTED = new Set(['id', 'client_id', 'legacy', 'created_at', 'updated_at']);

/** PostgreSQL element type of the array each column is sent in by the unnest upsert. */
const ARRAY_TYPE: Record<string, string> = {
  varchar: 'text',
  char: 'text',
  text: 'text',
  uuid: 'uuid',
  'double precision': 'float8',
  bigint: 'bigint',
  int: 'int',
  numeric: 'numeric',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

function toColumn(args: ColumnMetadataArgs): WorkOrderColumn {
  const o = args.options;
  const type = typeof o.type === 'string' ? o.type : args.mode === 'createDate' || args.mode === 'updateDate' ? 'timestamptz' : String(o.type);
  return {
    name: o.name ?? args.propertyName,
    type,
    nullable: o.nullable === true,
    length: o.length === undefined ? null : Number(o.length),
    precision: o.precision ?? null,
    scale: o.scale ?? null,
  };
}

/**
 * The columns of `work_orders`, read from the entity's TypeORM decorators: the entity is the one
 * definition in code, and every raw SQL column list below is derived from or checked against it.
 */
export const WORK_ORDER_COLUMNS: readonly WorkOrderColumn[] = getMetadataArgsStorage()
  .columns.filter((c) => c.target === WorkOrderRecordEntity)
  .map(toColumn);

const BY_NAME = new Map(WORK_ORDER_COLUMNS.map((c) => [c.name, c]));

/** The columns the history upsert writes, in entity order, each with the array type unnest receives. */
export const UPSERT_COLUMNS: ReadonlyArray<{ name: string; arrayType: string }> = WORK_ORDER_COLUMNS.filter((c) => !NOT_UPSERTED.has(c.name)).map((c) => {
  const arrayType = ARRAY_TYPE[c.type];
  if (!arrayType) throw new Error(`work_orders.${c.name}: no unnest array type for column type ${c.type}`);
  return { name: c.name, arrayType };
});

/**
 * `alias.a, alias.b, ...` for a SELECT; fails when the module loads if a name is not a column of
 * the entity (or a generated one), so a renamed column cannot linger in hand-written SQL.
 */
export function selectList(alias: string, names: readonly string[]): string {
  for (const name of names) {
    if (!BY_NAME.has(name) && !(GENERATED_WORK_ORDER_COLUMNS as readonly string[]).includes(name)) {
      throw new Error(`work_orders has no column "${name}" (see WorkOrderRecordEntity)`);
    }
  }
  return names.map((n) => `${alias}.${n}`).join(', ');
}
