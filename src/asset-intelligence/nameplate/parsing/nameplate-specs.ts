import { AssetSpecDto, SpecSource } from '../../dto/asset-profile.dto';
import type { NameplateFieldName, NameplateFields } from './nameplate-fields';

/** How each plate field becomes a spec: its spec name and unit. */
const SPEC_OF: Partial<Record<NameplateFieldName, [string, string | null]>> = {
  voltage: ['voltage', 'V'],
  phase: ['phase', null],
  frequency_hz: ['frequency', 'Hz'],
  rla: ['rla', 'A'],
  lra: ['lra', 'A'],
  mca: ['mca', 'A'],
  mocp: ['mocp', 'A'],
  refrigerant: ['refrigerant', null],
  refrigerant_charge: ['refrigerant_charge', null],
  input_btuh: ['input_btuh', 'BTU/h'],
  output_btuh: ['output_btuh', 'BTU/h'],
  capacity_btuh: ['capacity_btuh', 'BTU/h'],
  tons: ['capacity_tons', 'tons'],
  tank_gallons: ['tank_gallons', 'gal'],
  gas_type: ['fuel', null],
};

/** The specs printed on the plate, with source `nameplate`. */
export function nameplateSpecs(fields: NameplateFields): AssetSpecDto[] {
  return Object.entries(SPEC_OF).flatMap(([field, spec]) => {
    const read = fields[field as NameplateFieldName];
    return read && spec ? [{ name: spec[0], value: read.value, unit: spec[1], source: SpecSource.Nameplate }] : [];
  });
}

/** The plate's manufacture date ("2014-03" or "2014"), as the profile builder takes it. */
export function plateDate(fields: NameplateFields): { year: number; month?: number } | null {
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(fields.manufacture_date?.value ?? '');
  return m ? { year: Number(m[1]), month: m[2] ? Number(m[2]) : undefined } : null;
}
