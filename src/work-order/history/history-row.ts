import { createHash, hash } from 'node:crypto';
import { epochToDate } from '../../common/field.decorators';
import { fitKey } from '../../common/fit-key';
import type { FixNormalizer } from '../fixes/fix-normalizer';
import type { ProblemClassifier } from './problem-classifier';
import { parseIsoDate } from '../../common/iso-date';
import { assetIdentifiers, invoiceTotal, NormalizedStatus, NormalizedUrgency, normalizeStatus, normalizeUrgency } from './work-order-fields';

export type { NormalizedStatus, NormalizedUrgency } from './work-order-fields';
export { normalizeStatus } from './work-order-fields';

/** A work order in the specification's input shape, plus the caller's own id (an extension). */
export interface WorkOrderInput {
  work_order_id?: string | null;
  issue_description: string;
  client_id?: string | null;
  client_number?: string | null;
  ticket_open_date?: number | null;
  ticket_close_date?: number | null;
  location?: string | null;
  title?: string | null;
  property_id?: number | null;
  unit_id?: number | null;
  vendor_comments?: string | null;
  closing_description?: string | null;
  resolution?: string | null;
  estimated_cost?: number | null;
  actual_cost?: number | null;
  work_order_status?: string | null;
  urgency?: string | null;
  assigned_vendors?: string | null;
  tags?: string | null;
  invoices?: string | null;
  property_detail?: string | null;
  unit_detail?: string | null;
  work_start_date?: string | null;
  work_complete_date?: string | null;
  estimated_complete_date?: string | null;
  last_updated?: string | null;
  asset?: string | null;
}

/**
 * The columns of one `work_orders` row, as the bulk upsert writes them. The specification's
 * `client_id` and `client_number` (the caller's own customer) are stored as `customer_client_id`
 * and `customer_client_number`: `client_id` of this table is the token's client, the tenant.
 */
export interface HistoryRow {
  work_order_id: string;
  issue_description: string;
  customer_client_id: string | null;
  customer_client_number: string | null;
  ticket_open_date: number | null;
  ticket_close_date: number | null;
  location: string | null;
  title: string | null;
  property_id: number | null;
  unit_id: number | null;
  vendor_comments: string | null;
  closing_description: string | null;
  resolution: string | null;
  estimated_cost: number | null;
  actual_cost: number | null;
  work_order_status: string | null;
  urgency: string | null;
  assigned_vendors: string | null;
  tags: string | null;
  invoices: string | null;
  property_detail: string | null;
  unit_detail: string | null;
  work_start_date: Date | null;
  work_complete_date: Date | null;
  estimated_complete_date: Date | null;
  last_updated: Date | null;
  asset: string | null;
  opened_at: Date | null;
  closed_at: Date | null;
  status_norm: NormalizedStatus;
  urgency_norm: NormalizedUrgency | null;
  invoice_total: number | null;
  customer_key: string | null;
  property_key: string | null;
  unit_key: string | null;
  asset_key: string | null;
  location_key: string | null;
  fix_key: string | null;
  fix_label: string | null;
  /** The knowledge-base problem the work order is about, when one fits. */
  problem_id: string | null;
  problem_trade: string | null;
  content_hash: string;
}

const text = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const trimmed = v.trim();
  return trimmed === '' ? null : trimmed;
};
const lower = (v: string | null) => (v === null ? null : v.toLowerCase().replace(/\s+/g, ' '));
const isoDate = (v: string | null | undefined) => (text(v) ? parseIsoDate(v!) : null);

/** Widths of the derived varchar columns of `work_orders` (see the migrations). */
const KEY_WIDTH = { customer_key: 210, property_key: 210, unit_key: 270, asset_key: 310, location_key: 200, fix_key: 200 } as const;

/** The caller's customer (owner, portfolio): by client_id, else by client_number. */
export function customerKeyOf(w: Pick<WorkOrderInput, 'client_id' | 'client_number'>): string | null {
  const id = lower(text(w.client_id));
  if (id) return fitKey(`id:${id}`, KEY_WIDTH.customer_key);
  const number = lower(text(w.client_number));
  return number ? fitKey(`no:${number}`, KEY_WIDTH.customer_key) : null;
}

/** A property by its id; without one, the same property_detail text names the same property. */
export function propertyKeyOf(w: Pick<WorkOrderInput, 'property_id' | 'property_detail'>): string | null {
  if (w.property_id !== undefined && w.property_id !== null) return `id:${w.property_id}`;
  const detail = lower(text(w.property_detail));
  return detail ? fitKey(`detail:${detail}`, KEY_WIDTH.property_key) : null;
}

/** A unit by its id only: unit_detail describes a unit ("2BR, electric range"), it does not name one. */
export function unitKeyOf(w: Pick<WorkOrderInput, 'unit_id'>): string | null {
  return w.unit_id !== undefined && w.unit_id !== null ? `id:${w.unit_id}` : null;
}

/** An asset by the serial its text names, else by its text within the unit or property. */
export function assetKeyOf(w: Pick<WorkOrderInput, 'asset' | 'property_id' | 'property_detail' | 'unit_id'>): string | null {
  const serial = assetIdentifiers(w.asset).serial;
  if (serial) return fitKey(`sn:${serial.toUpperCase().replace(/[\s-]/g, '')}`, KEY_WIDTH.asset_key);
  const asset = lower(text(w.asset));
  return asset ? fitKey(`${unitKeyOf(w) ?? propertyKeyOf(w) ?? 'any'}|${asset}`, KEY_WIDTH.asset_key) : null;
}

/**
 * A stable id for a work order that arrives without one: the same description, property, unit,
 * open day and customer always give the same id, so repeated enrich calls record it once.
 */
export function generatedWorkOrderId(w: WorkOrderInput): string {
  const opened = w.ticket_open_date !== undefined && w.ticket_open_date !== null ? epochToDate(w.ticket_open_date).toISOString().slice(0, 10) : '';
  const parts = [lower(w.issue_description.trim()), w.property_id ?? lower(text(w.property_detail)) ?? '', w.unit_id ?? '', opened];
  const customer = customerKeyOf(w);
  if (customer) parts.push(customer);
  return `gen-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;
}

/** The fix text of a work order: resolution, closing description and vendor comments together. */
export function fixTextOf(w: Pick<WorkOrderInput, 'resolution' | 'closing_description' | 'vendor_comments'>): string | null {
  const parts = [text(w.resolution), text(w.closing_description), text(w.vendor_comments)].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('. ') : null;
}

/** Builds the stored row of a validated work order; with a classifier, tied to its knowledge-base problem. */
export function toHistoryRow(w: WorkOrderInput, fixes: FixNormalizer, problems?: ProblemClassifier): HistoryRow {
  const openedAt = w.ticket_open_date !== undefined && w.ticket_open_date !== null ? epochToDate(w.ticket_open_date) : null;
  const completed = isoDate(w.work_complete_date);
  // Close time falls back on work_complete_date when ticket_close_date is absent.
  const closedAt = w.ticket_close_date !== undefined && w.ticket_close_date !== null ? epochToDate(w.ticket_close_date) : completed;
  const fixText = fixTextOf(w);
  const requestText = [w.title, w.issue_description].filter(Boolean).join('. ');
  const fix = fixText ? fixes.normalize(fixText, requestText) : undefined;
  const problem = problems?.classify(requestText, fix?.key ?? null) ?? null;
  const row: Omit<HistoryRow, 'content_hash'> = {
    work_order_id: text(w.work_order_id) ?? generatedWorkOrderId(w),
    issue_description: w.issue_description.trim(),
    customer_client_id: text(w.client_id),
    customer_client_number: text(w.client_number),
    ticket_open_date: w.ticket_open_date ?? null,
    ticket_close_date: w.ticket_close_date ?? null,
    location: text(w.location),
    title: text(w.title),
    property_id: w.property_id ?? null,
    unit_id: w.unit_id ?? null,
    vendor_comments: text(w.vendor_comments),
    closing_description: text(w.closing_description),
    resolution: text(w.resolution),
    estimated_cost: w.estimated_cost ?? null,
    actual_cost: w.actual_cost ?? null,
    work_order_status: text(w.work_order_status),
    urgency: text(w.urgency),
    assigned_vendors: text(w.assigned_vendors),
    tags: text(w.tags),
    invoices: text(w.invoices),
    property_detail: text(w.property_detail),
    unit_detail: text(w.unit_detail),
    work_start_date: isoDate(w.work_start_date),
    work_complete_date: completed,
    estimated_complete_date: isoDate(w.estimated_complete_date),
    last_updated: isoDate(w.last_updated),
    asset: text(w.asset),
    opened_at: openedAt,
    closed_at: closedAt,
    status_norm: normalizeStatus(w.work_order_status, closedAt !== null),
    urgency_norm: normalizeUrgency(w.urgency),
    invoice_total: invoiceTotal(w.invoices),
    customer_key: customerKeyOf(w),
    property_key: propertyKeyOf(w),
    unit_key: unitKeyOf(w),
    asset_key: assetKeyOf(w),
    location_key: fitKey(lower(text(w.location)), KEY_WIDTH.location_key),
    fix_key: fitKey(fix?.key ?? null, KEY_WIDTH.fix_key),
    fix_label: fix?.label ?? null,
    problem_id: problem?.problemId ?? null,
    problem_trade: problem?.trade ?? null,
  };
  // One-shot hash, and the hash added to the row rather than the row copied: both ran once per imported row.
  const content_hash = hash('md5', JSON.stringify(row));
  return Object.assign(row, { content_hash });
}
