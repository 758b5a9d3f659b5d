/**
 * The tables of the service specification (shared/spec/service-specification.md), encoded by
 * hand so the contract tests run where that file is absent (CI without ../shared). The drift
 * test (specification.e2e-spec.ts) parses the markdown, when present, and holds it against these.
 */

/** A type as the specification writes it in its "Type" columns. */
export type SpecType = 'string' | 'number' | 'object' | 'array' | 'array of string' | 'array of previous-fix objects' | 'array of diagnosis objects';

/** A row of a field table; `required` only exists in the work order input table. */
export interface SpecField {
  name: string;
  type: SpecType;
  required?: boolean;
  meaning: string;
}

/** Work order input: the request body of the diagnosis operation. */
export const WORK_ORDER_INPUT: readonly SpecField[] = [
  { name: 'issue_description', type: 'string', required: true, meaning: 'Description of the issue' },
  { name: 'client_id', type: 'string', required: false, meaning: 'Client identifier' },
  { name: 'client_number', type: 'string', required: false, meaning: 'Client number' },
  { name: 'ticket_open_date', type: 'number', required: false, meaning: 'Date the ticket was opened' },
  { name: 'ticket_close_date', type: 'number', required: false, meaning: 'Date the ticket was closed' },
  { name: 'location', type: 'string', required: false, meaning: 'Location of the issue' },
  { name: 'title', type: 'string', required: false, meaning: 'Work order title' },
  { name: 'property_id', type: 'number', required: false, meaning: 'Property identifier' },
  { name: 'unit_id', type: 'number', required: false, meaning: 'Unit identifier' },
  { name: 'vendor_comments', type: 'string', required: false, meaning: 'Comments from vendors' },
  { name: 'closing_description', type: 'string', required: false, meaning: 'Description at closing' },
  { name: 'resolution', type: 'string', required: false, meaning: 'Resolution details' },
  { name: 'estimated_cost', type: 'number', required: false, meaning: 'Estimated cost' },
  { name: 'actual_cost', type: 'number', required: false, meaning: 'Actual cost, if known' },
  { name: 'work_order_status', type: 'string', required: false, meaning: 'Current status' },
  { name: 'urgency', type: 'string', required: false, meaning: 'Issue urgency level' },
  { name: 'assigned_vendors', type: 'string', required: false, meaning: 'Currently assigned vendors' },
  { name: 'tags', type: 'string', required: false, meaning: 'Work order tags' },
  { name: 'invoices', type: 'string', required: false, meaning: 'Associated invoices' },
  { name: 'property_detail', type: 'string', required: false, meaning: 'Property details' },
  { name: 'unit_detail', type: 'string', required: false, meaning: 'Unit details' },
  { name: 'work_start_date', type: 'string', required: false, meaning: 'When work started' },
  { name: 'work_complete_date', type: 'string', required: false, meaning: 'When work completed' },
  { name: 'estimated_complete_date', type: 'string', required: false, meaning: 'Estimated completion date' },
  { name: 'last_updated', type: 'string', required: false, meaning: 'Last update timestamp' },
  { name: 'asset', type: 'string', required: false, meaning: 'Asset identifier' },
];

/** Diagnosis result: top-level fields of the diagnosis response body. */
export const DIAGNOSIS_RESULT: readonly SpecField[] = [
  {
    name: 'top_5_previous_fixes',
    type: 'array of previous-fix objects',
    meaning: 'Up to 5 historical fixes that worked for similar issues, with cost data, success rates, vendor and frequency across the portfolio',
  },
  { name: 'top_3_diagnosis', type: 'array of diagnosis objects', meaning: 'Up to 3 AI-generated diagnoses ranked by likelihood' },
  { name: 'manual_insights', type: 'array of string', meaning: 'Additional observations and recommendations' },
  { name: 'context', type: 'object', meaning: 'Summary of similar historical work orders' },
];

export const PREVIOUS_FIX: readonly SpecField[] = [
  { name: 'fix', type: 'string', meaning: 'Description of the previous fix' },
  { name: 'average_cost', type: 'number', meaning: 'Average cost of this fix' },
  { name: 'frequency', type: 'number', meaning: 'Number of times the fix was used' },
  { name: 'percent_fix', type: 'number', meaning: 'Success rate of the fix' },
  { name: 'tickets_effected', type: 'array of string', meaning: 'Related work order identifiers' },
  { name: 'vendor', type: 'string', meaning: 'Vendor who performed the fix' },
];

export const DIAGNOSIS: readonly SpecField[] = [
  { name: 'diagnosis', type: 'string', meaning: 'Diagnosis name' },
  { name: 'assessment', type: 'string', meaning: 'Detailed assessment' },
  { name: 'likelihood', type: 'number', meaning: 'Confidence score in the range 0 to 1' },
  { name: 'vendor', type: 'string', meaning: 'Recommended vendor type' },
  { name: 'severity', type: 'string', meaning: 'Issue severity' },
  { name: 'resolution_steps', type: 'array of string', meaning: 'Step-by-step resolution guide' },
  { name: 'cost_score', type: 'string', meaning: 'Relative cost indicator' },
  { name: 'pricing', type: 'object', meaning: 'Cost estimate (below)' },
  { name: 'parts', type: 'array of string', meaning: 'Required parts' },
  { name: 'asset_specs', type: 'array of string', meaning: 'Relevant asset specifications' },
];

/** The specification lists the pricing fields in a sentence: "all fields are strings". */
export const PRICING: readonly SpecField[] = ['labor_cost_per_hour', 'time', 'total_parts', 'total_labor', 'total'].map((name) => ({
  name,
  type: 'string' as const,
  meaning: '',
}));

export const CONTEXT: readonly SpecField[] = [
  { name: 'relevant_work_orders', type: 'array', meaning: 'Similar historical work orders' },
  { name: 'average_close_time', type: 'number', meaning: 'Average resolution time' },
  { name: 'average_cost', type: 'number', meaning: 'Average cost for similar issues' },
];

/**
 * Figures of the response that are left out when nothing they need is known, rather than stated
 * as 0 (issue 20: "records without costs or dates still give fixes; only the figures that need
 * them are missing"). The specification marks no field of a response as required; a 0 would read
 * as free work or a same-day close.
 */
export const ABSENT_WHEN_UNKNOWN: ReadonlySet<SpecField> = new Set([
  PREVIOUS_FIX.find((f) => f.name === 'average_cost')!,
  CONTEXT.find((f) => f.name === 'average_close_time')!,
  CONTEXT.find((f) => f.name === 'average_cost')!,
]);

/** Which table describes the objects a field holds. */
export const NESTED_OBJECTS: Readonly<Record<string, readonly SpecField[]>> = {
  top_5_previous_fixes: PREVIOUS_FIX,
  top_3_diagnosis: DIAGNOSIS,
  context: CONTEXT,
  pricing: PRICING,
};

/** Stated bounds: at most 5 previous fixes and 3 diagnoses, likelihood 0 to 1. */
export const BOUNDS = { maxPreviousFixes: 5, maxDiagnoses: 3, likelihood: { minimum: 0, maximum: 1 } } as const;

/** A query parameter of the asset detail operation. */
export interface SpecQueryParameter {
  name: string;
  type: 'string';
  required: boolean;
  description: string;
}

export const ANALYZE_QUERY: readonly SpecQueryParameter[] = [
  { name: 'model_number', type: 'string', required: true, description: 'Equipment model number' },
  { name: 'brand_name', type: 'string', required: true, description: 'Equipment manufacturer' },
  { name: 'serial_number', type: 'string', required: false, description: 'Equipment serial number' },
];

/** How an operation takes its input. */
export type SpecRequest =
  | { kind: 'json'; contentType: 'application/json'; body: 'work order input' }
  | { kind: 'multipart'; contentType: 'multipart/form-data'; fields: readonly { name: string; required: boolean; format: 'binary' }[] }
  | { kind: 'query'; contentType: null; parameters: readonly SpecQueryParameter[] };

export interface SpecEndpoint {
  title: string;
  method: 'post';
  path: string;
  request: SpecRequest;
  /** The only success status; every other status is an error with a JSON body. */
  successStatus: 200;
  /** What the 200 body is. */
  success: 'diagnosis result' | 'asset profile';
}

export const ENRICH: SpecEndpoint = {
  title: 'Diagnose work order',
  method: 'post',
  path: '/work-order/enrich',
  request: { kind: 'json', contentType: 'application/json', body: 'work order input' },
  successStatus: 200,
  success: 'diagnosis result',
};

export const ANALYZE_NAMEPLATE: SpecEndpoint = {
  title: 'Analyze asset photo',
  method: 'post',
  path: '/asset-intelligence/analyze-nameplate',
  request: { kind: 'multipart', contentType: 'multipart/form-data', fields: [{ name: 'photo', required: true, format: 'binary' }] },
  successStatus: 200,
  success: 'asset profile',
};

export const ANALYZE: SpecEndpoint = {
  title: 'Process asset details',
  method: 'post',
  path: '/asset-intelligence/analyze',
  request: { kind: 'query', contentType: null, parameters: ANALYZE_QUERY },
  successStatus: 200,
  success: 'asset profile',
};

export const ENDPOINTS: readonly SpecEndpoint[] = [ENRICH, ANALYZE_NAMEPLATE, ANALYZE];

/**
 * Properties beyond the specification that the request may document, by the decision
 * (a user would miss them). Each must be described in Swagger as an extension.
 */
export const ALLOWED_REQUEST_EXTENSIONS: readonly string[] = ['work_order_id'];

/** How a property's Swagger description marks it as beyond the specification. */
export const EXTENSION_MARK = /^Extension\b/;
