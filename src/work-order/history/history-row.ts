import { createHash } from 'node:crypto';
import { epochToDate } from '../../common/field.decorators';
import { fitKey } from '../../common/fit-key';
import type { FixNormalizer } from '../fixes/fix-normalizer';

/** A work order in the input shape, plus the caller's own id. */
export interface WorkOrderInput {
  work_order_id?: string | null;
  issue_description: string;
  title?: string | null;
  category?: string | null;
  priority?: string | null;
  status?: string | null;
  property_id?: number | null;
  property_name?: string | null;
  property_address?: string | null;
  region?: string | null;
  unit_id?: number | null;
  unit_number?: string | null;
  location?: string | null;
  asset?: string | null;
  asset_model?: string | null;
  asset_serial?: string | null;
  ticket_open_date?: number | null;
  ticket_close_date?: number | null;
  scheduled_date?: string | null;
  completed_date?: string | null;
  estimated_cost?: number | null;
  actual_cost?: number | null;
  vendor?: string | null;
  trade?: string | null;
  resolution?: string | null;
  closing_notes?: string | null;
  requested_by?: string | null;
}

export type NormalizedStatus = 'open' | 'in_progress' | 'closed' | 'cancelled';

/** The columns of one `work_orders` row, as the bulk upsert writes them. */
export interface HistoryRow {
  work_order_id: string;
  issue_description: string;
  title: string | null;
  category: string | null;
  priority: string | null;
  status: string | null;
  property_id: number | null;
  property_name: string | null;
  property_address: string | null;
  region: string | null;
  unit_id: number | null;
  unit_number: string | null;
  location: string | null;
  asset: string | null;
  asset_model: string | null;
  asset_serial: string | null;
  ticket_open_date: number | null;
  ticket_close_date: number | null;
  scheduled_date: Date | null;
  completed_date: Date | null;
  estimated_cost: number | null;
  actual_cost: number | null;
  vendor: string | null;
  trade: string | null;
  resolution: string | null;
  closing_notes: string | null;
  requested_by: string | null;
  opened_at: Date | null;
  closed_at: Date | null;
  status_norm: NormalizedStatus;
  property_key: string | null;
  unit_key: string | null;
  asset_key: string | null;
  location_key: string | null;
  trade_norm: string | null;
  fix_key: string | null;
  fix_label: string | null;
  content_hash: string;
}

const CLOSED = /\b(closed?|complete[d]?|done|resolved|finished|fixed)\b/i;
const CANCELLED = /\b(cancell?ed|cancel|void(ed)?|duplicate|rejected)\b/i;
const IN_PROGRESS = /\b(in[ _-]?progress|scheduled|assigned|dispatched|on[ _-]?hold|pending|waiting|started|working)\b/i;

/** Maps the caller's status vocabulary onto four states; without a status, a close date means closed. */
export function normalizeStatus(status: string | null | undefined, hasCloseDate: boolean): NormalizedStatus {
  if (status) {
    if (CANCELLED.test(status)) return 'cancelled';
    if (CLOSED.test(status)) return 'closed';
    if (IN_PROGRESS.test(status)) return 'in_progress';
    return hasCloseDate && !/\bopen|new\b/i.test(status) ? 'closed' : 'open';
  }
  return hasCloseDate ? 'closed' : 'open';
}

const text = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
const lower = (v: string | null) => (v === null ? null : v.toLowerCase().replace(/\s+/g, ' '));
const isoDate = (v: string | null | undefined) => (text(v) ? new Date(v!) : null);

/** Widths of the derived varchar columns of `work_orders` (see the migration). */
const KEY_WIDTH = { property_key: 210, unit_key: 270, asset_key: 310, location_key: 200, trade_norm: 100, fix_key: 200 } as const;

export function propertyKeyOf(w: Pick<WorkOrderInput, 'property_id' | 'property_name'>): string | null {
  if (w.property_id !== undefined && w.property_id !== null) return `id:${w.property_id}`;
  const name = lower(text(w.property_name));
  return name ? fitKey(`name:${name}`, KEY_WIDTH.property_key) : null;
}

export function unitKeyOf(w: Pick<WorkOrderInput, 'property_id' | 'property_name' | 'unit_id' | 'unit_number'>): string | null {
  if (w.unit_id !== undefined && w.unit_id !== null) return `id:${w.unit_id}`;
  const unit = lower(text(w.unit_number));
  return unit ? fitKey(`${propertyKeyOf(w) ?? 'any'}#${unit}`, KEY_WIDTH.unit_key) : null;
}

export function assetKeyOf(w: Pick<WorkOrderInput, 'asset_serial' | 'asset' | 'property_id' | 'property_name' | 'unit_id' | 'unit_number'>): string | null {
  const serial = text(w.asset_serial);
  if (serial) return fitKey(`sn:${serial.toUpperCase().replace(/[\s-]/g, '')}`, KEY_WIDTH.asset_key);
  const asset = lower(text(w.asset));
  return asset ? fitKey(`${unitKeyOf(w) ?? propertyKeyOf(w) ?? 'any'}|${asset}`, KEY_WIDTH.asset_key) : null;
}

/**
 * A stable id for a work order that arrives without one: the same description, property, unit
 * and open day always give the same id, so repeated enrich calls record it once.
 */
export function generatedWorkOrderId(w: WorkOrderInput): string {
  const opened = w.ticket_open_date !== undefined && w.ticket_open_date !== null ? epochToDate(w.ticket_open_date).toISOString().slice(0, 10) : '';
  const fingerprint = [lower(w.issue_description.trim()), w.property_id ?? lower(text(w.property_name)) ?? '', w.unit_id ?? lower(text(w.unit_number)) ?? '', opened].join('|');
  return `gen-${createHash('sha256').update(fingerprint).digest('hex').slice(0, 24)}`;
}

/** Builds the stored row of a validated work order. */
export function toHistoryRow(w: WorkOrderInput, fixes: FixNormalizer): HistoryRow {
  const openedAt = w.ticket_open_date !== undefined && w.ticket_open_date !== null ? epochToDate(w.ticket_open_date) : null;
  const completed = isoDate(w.completed_date);
  const closedAt = w.ticket_close_date !== undefined && w.ticket_close_date !== null ? epochToDate(w.ticket_close_date) : completed;
  const resolution = text(w.resolution);
  const closingNotes = text(w.closing_notes);
  const fix = resolution || closingNotes ? fixes.normalize([resolution, closingNotes].filter(Boolean).join('. ')) : undefined;
  const row: Omit<HistoryRow, 'content_hash'> = {
    work_order_id: text(w.work_order_id) ?? generatedWorkOrderId(w),
    issue_description: w.issue_description.trim(),
    title: text(w.title),
    category: text(w.category),
    priority: text(w.priority),
    status: text(w.status),
    property_id: w.property_id ?? null,
    property_name: text(w.property_name),
    property_address: text(w.property_address),
    region: text(w.region),
    unit_id: w.unit_id ?? null,
    unit_number: text(w.unit_number),
    location: text(w.location),
    asset: text(w.asset),
    asset_model: text(w.asset_model),
    asset_serial: text(w.asset_serial),
    ticket_open_date: w.ticket_open_date ?? null,
    ticket_close_date: w.ticket_close_date ?? null,
    scheduled_date: isoDate(w.scheduled_date),
    completed_date: completed,
    estimated_cost: w.estimated_cost ?? null,
    actual_cost: w.actual_cost ?? null,
    vendor: text(w.vendor),
    trade: text(w.trade),
    resolution,
    closing_notes: closingNotes,
    requested_by: text(w.requested_by),
    opened_at: openedAt,
    closed_at: closedAt,
    status_norm: normalizeStatus(w.status, closedAt !== null),
    property_key: propertyKeyOf(w),
    unit_key: unitKeyOf(w),
    asset_key: assetKeyOf(w),
    location_key: fitKey(lower(text(w.location)), KEY_WIDTH.location_key),
    trade_norm: fitKey(lower(text(w.trade)), KEY_WIDTH.trade_norm),
    fix_key: fitKey(fix?.key ?? null, KEY_WIDTH.fix_key),
    fix_label: fix?.label ?? null,
  };
  return { ...row, content_hash: createHash('md5').update(JSON.stringify(row)).digest('hex') };
}
