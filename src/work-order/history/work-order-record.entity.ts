import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

const numeric = { to: (v?: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };
const bigint = numeric;

/**
 * One historical work order of one client, as imported or recorded by enrich. Columns hold the
 * specification's work order fields (its client_id and client_number as customer_client_*); the
 * `*_key`, `*_norm`, `fix_*` and `problem_*` columns are derived for retrieval. The generated
 * `summary` and `search` columns live only in the database (see the migrations).
 *
 * This entity is the one definition of the table's columns in code: the raw SQL of the history
 * upsert and of retrieval derives or checks its column lists against it (work-order-columns.ts),
 * and test/medium/work-orders-table.medium-spec.ts proves the migrated table matches it.
 */
@Entity({ name: 'work_orders' })
@Unique('uq_work_orders_client_external', ['clientId', 'workOrderId'])
export class WorkOrderRecordEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'work_order_id', type: 'varchar', length: 100 }) workOrderId: string;
  @Column({ name: 'issue_description', type: 'text' }) issueDescription: string;
  @Column({ name: 'customer_client_id', type: 'varchar', length: 100, nullable: true }) customerClientId: string | null;
  @Column({ name: 'customer_client_number', type: 'varchar', length: 100, nullable: true }) customerClientNumber: string | null;
  @Column({ name: 'ticket_open_date', type: 'double precision', nullable: true }) ticketOpenDate: number | null;
  @Column({ name: 'ticket_close_date', type: 'double precision', nullable: true }) ticketCloseDate: number | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) location: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) title: string | null;
  @Column({ name: 'property_id', type: 'bigint', nullable: true, transformer: bigint }) propertyId: number | null;
  @Column({ name: 'unit_id', type: 'bigint', nullable: true, transformer: bigint }) unitId: number | null;
  @Column({ name: 'vendor_comments', type: 'text', nullable: true }) vendorComments: string | null;
  @Column({ name: 'closing_description', type: 'text', nullable: true }) closingDescription: string | null;
  @Column({ type: 'text', nullable: true }) resolution: string | null;
  @Column({ name: 'estimated_cost', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: numeric }) estimatedCost: number | null;
  @Column({ name: 'actual_cost', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: numeric }) actualCost: number | null;
  @Column({ name: 'work_order_status', type: 'varchar', length: 100, nullable: true }) workOrderStatus: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) urgency: string | null;
  @Column({ name: 'assigned_vendors', type: 'varchar', length: 500, nullable: true }) assignedVendors: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) tags: string | null;
  @Column({ type: 'varchar', length: 2000, nullable: true }) invoices: string | null;
  @Column({ name: 'property_detail', type: 'varchar', length: 1000, nullable: true }) propertyDetail: string | null;
  @Column({ name: 'unit_detail', type: 'varchar', length: 500, nullable: true }) unitDetail: string | null;
  @Column({ name: 'work_start_date', type: 'timestamptz', nullable: true }) workStartDate: Date | null;
  @Column({ name: 'work_complete_date', type: 'timestamptz', nullable: true }) workCompleteDate: Date | null;
  @Column({ name: 'estimated_complete_date', type: 'timestamptz', nullable: true }) estimatedCompleteDate: Date | null;
  @Column({ name: 'last_updated', type: 'timestamptz', nullable: true }) lastUpdated: Date | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) asset: string | null;
  @Column({ name: 'opened_at', type: 'timestamptz', nullable: true }) openedAt: Date | null;
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true }) closedAt: Date | null;
  @Column({ name: 'status_norm', type: 'varchar', length: 20 }) statusNorm: string;
  @Column({ name: 'urgency_norm', type: 'varchar', length: 20, nullable: true }) urgencyNorm: string | null;
  @Column({ name: 'invoice_total', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: numeric }) invoiceTotal: number | null;
  @Column({ name: 'customer_key', type: 'varchar', length: 210, nullable: true }) customerKey: string | null;
  @Column({ name: 'property_key', type: 'varchar', length: 210, nullable: true }) propertyKey: string | null;
  @Column({ name: 'unit_key', type: 'varchar', length: 270, nullable: true }) unitKey: string | null;
  @Column({ name: 'asset_key', type: 'varchar', length: 310, nullable: true }) assetKey: string | null;
  @Column({ name: 'location_key', type: 'varchar', length: 200, nullable: true }) locationKey: string | null;
  @Column({ name: 'fix_key', type: 'varchar', length: 200, nullable: true }) fixKey: string | null;
  @Column({ name: 'fix_label', type: 'varchar', length: 300, nullable: true }) fixLabel: string | null;
  @Column({ name: 'problem_id', type: 'varchar', length: 100, nullable: true }) problemId: string | null;
  @Column({ name: 'problem_trade', type: 'varchar', length: 50, nullable: true }) problemTrade: string | null;
  /** Values of columns retired by the specification migration, kept verbatim. */
  @Column({ type: 'jsonb', nullable: true }) legacy: Record<string, unknown> | null;
  @Column({ name: 'content_hash', type: 'char', length: 32 }) contentHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
