import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

const numeric = { to: (v?: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };
const bigint = numeric;

/**
 * One historical work order of one client, as imported or recorded by enrich. Columns mirror the
 * work order input; the `*_key`, `*_norm` and `fix_*` columns are normalized for retrieval. The
 * generated `summary` and `search` columns live only in the database (see the migration).
 */
@Entity({ name: 'work_orders' })
@Unique('uq_work_orders_client_external', ['clientId', 'workOrderId'])
export class WorkOrderRecordEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'client_id', type: 'uuid' }) clientId: string;
  @Column({ name: 'work_order_id', type: 'varchar', length: 100 }) workOrderId: string;
  @Column({ name: 'issue_description', type: 'text' }) issueDescription: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) title: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) category: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) priority: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) status: string | null;
  @Column({ name: 'property_id', type: 'bigint', nullable: true, transformer: bigint }) propertyId: number | null;
  @Column({ name: 'property_name', type: 'varchar', length: 200, nullable: true }) propertyName: string | null;
  @Column({ name: 'property_address', type: 'varchar', length: 300, nullable: true }) propertyAddress: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) region: string | null;
  @Column({ name: 'unit_id', type: 'bigint', nullable: true, transformer: bigint }) unitId: number | null;
  @Column({ name: 'unit_number', type: 'varchar', length: 50, nullable: true }) unitNumber: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) location: string | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) asset: string | null;
  @Column({ name: 'asset_model', type: 'varchar', length: 100, nullable: true }) assetModel: string | null;
  @Column({ name: 'asset_serial', type: 'varchar', length: 100, nullable: true }) assetSerial: string | null;
  @Column({ name: 'ticket_open_date', type: 'double precision', nullable: true }) ticketOpenDate: number | null;
  @Column({ name: 'ticket_close_date', type: 'double precision', nullable: true }) ticketCloseDate: number | null;
  @Column({ name: 'scheduled_date', type: 'timestamptz', nullable: true }) scheduledDate: Date | null;
  @Column({ name: 'completed_date', type: 'timestamptz', nullable: true }) completedDate: Date | null;
  @Column({ name: 'estimated_cost', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: numeric }) estimatedCost: number | null;
  @Column({ name: 'actual_cost', type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: numeric }) actualCost: number | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) vendor: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) trade: string | null;
  @Column({ type: 'text', nullable: true }) resolution: string | null;
  @Column({ name: 'closing_notes', type: 'text', nullable: true }) closingNotes: string | null;
  @Column({ name: 'requested_by', type: 'varchar', length: 200, nullable: true }) requestedBy: string | null;
  @Column({ name: 'opened_at', type: 'timestamptz', nullable: true }) openedAt: Date | null;
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true }) closedAt: Date | null;
  @Column({ name: 'status_norm', type: 'varchar', length: 20 }) statusNorm: string;
  @Column({ name: 'property_key', type: 'varchar', length: 210, nullable: true }) propertyKey: string | null;
  @Column({ name: 'unit_key', type: 'varchar', length: 270, nullable: true }) unitKey: string | null;
  @Column({ name: 'asset_key', type: 'varchar', length: 310, nullable: true }) assetKey: string | null;
  @Column({ name: 'location_key', type: 'varchar', length: 200, nullable: true }) locationKey: string | null;
  @Column({ name: 'trade_norm', type: 'varchar', length: 100, nullable: true }) tradeNorm: string | null;
  @Column({ name: 'fix_key', type: 'varchar', length: 200, nullable: true }) fixKey: string | null;
  @Column({ name: 'fix_label', type: 'varchar', length: 300, nullable: true }) fixLabel: string | null;
  @Column({ name: 'content_hash', type: 'char', length: 32 }) contentHash: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
