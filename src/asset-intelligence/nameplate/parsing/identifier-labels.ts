import { validateDataFile } from '../../../knowledge/data-validation';
import raw from './identifier-label-spellings.json';

/** Label spellings of the identifiers, by field. */
export interface IdentifierLabels {
  /** Labels of the model number. */
  model: string[];
  /** Labels of the serial number. */
  serial: string[];
  /** Rating labels split off values they were run into, and nothing more. */
  glued_spec_labels: string[];
}

const SPELLINGS = { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } };
const SCHEMA = {
  type: 'object',
  required: ['source_note', 'model', 'serial', 'glued_spec_labels'],
  additionalProperties: false,
  properties: { source_note: { type: 'string' }, model: SPELLINGS, serial: SPELLINGS, glued_spec_labels: SPELLINGS },
};

/** The model and serial labels of identifier-label-spellings.json, validated when first loaded. */
export const IDENTIFIER_LABELS: IdentifierLabels = validateDataFile<IdentifierLabels>('identifier-label-spellings.json', raw, SCHEMA);
