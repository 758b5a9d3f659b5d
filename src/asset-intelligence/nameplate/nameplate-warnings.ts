import type { NameplateFieldName, NameplateFields } from './parsing/nameplate-fields';

/** Below this confidence a brand, model or serial read from the photo comes with a warning to check it on the plate. */
const UNSURE_BELOW = 0.6;

/** A warning for each identifier read with little confidence: it is returned, but flagged for checking. */
export function unsureIdentifiers(fields: NameplateFields): string[] {
  const names: Array<[NameplateFieldName, string]> = [
    ['brand', 'brand'],
    ['model_number', 'model number'],
    ['serial_number', 'serial number'],
  ];
  return names.flatMap(([name, label]) => {
    const field = fields[name];
    if (!field || field.confidence >= UNSURE_BELOW) return [];
    const others = field.alternatives?.length ? `; other readings: ${field.alternatives.join(', ')}` : '';
    return [`${label}: read as "${field.value}" with low confidence (${field.confidence})${others}; check it against the plate`];
  });
}
