/** The fields a nameplate reading can hold; the names are those of the API's `nameplate.fields[].name`. */
export const NAMEPLATE_FIELD_NAMES = [
  'brand',
  'model_number',
  'serial_number',
  'voltage',
  'phase',
  'frequency_hz',
  'rla',
  'lra',
  'mca',
  'mocp',
  'refrigerant',
  'refrigerant_charge',
  'input_btuh',
  'output_btuh',
  'capacity_btuh',
  'tons',
  'tank_gallons',
  'manufacture_date',
  'gas_type',
] as const;

/** One field name. */
export type NameplateFieldName = (typeof NAMEPLATE_FIELD_NAMES)[number];

/** One value read from the plate. */
export interface NameplateField {
  /**
   * The value, normalized: identifiers upper-case after OCR-confusion repair; numbers as plain
   * decimals ("14.1", "80000"); voltage "208/230"; charge "7 lb 10 oz"; date "2014-03" (or
   * "2014", "2014-03-15"); gas type "natural" or "lp"; brand as spelled in `knownBrands`.
   */
  value: string;
  /** How sure the parser is, 0 to 1. */
  confidence: number;
  /** The text the value was read from, as OCR produced it. */
  raw: string;
  /** For model and serial numbers: other spellings the OCR text allows, best first. */
  alternatives?: string[];
}

/** What the parser found; a field is absent when nothing credible was read for it. */
export type NameplateFields = Partial<Record<NameplateFieldName, NameplateField>>;

/** The parser's answer. */
export interface ParsedNameplate {
  /** The fields found. */
  fields: NameplateFields;
  /** The text that was parsed, unchanged. */
  raw_text: string;
}

/** Options of `parseNameplateText`. */
export interface NameplateParserOptions {
  /** Brand names to recognize, spelled as they should be reported (matched tolerating OCR errors). */
  knownBrands: string[];
  /** The brand each known name belongs to ("Carrier Corporation" → "Carrier"), so that mentions of one brand add up in the vote. */
  brandGroups?: Record<string, string>;
  /** Judges whether a serial number is well-formed for a brand (the decoders know); helps pick among OCR readings. */
  isPlausibleSerial?: (brand: string | null, serial: string) => boolean;
  /**
   * Whether a model number follows one of the brand's model grammars (letter and digit positions):
   * true or false when the brand has grammars, undefined when none is known. Picks among OCR
   * look-alike readings (S/5, O/0, B/8...).
   */
  fitsModelGrammar?: (brand: string | null, model: string) => boolean | undefined;
  /** Reference year for two-digit years and for rejecting dates in the future (default: the current year). */
  currentYear?: number;
}

/** The fields as a list in a stable order (the shape of the API's `nameplate.fields`). */
export function nameplateFieldList(fields: NameplateFields): Array<NameplateField & { name: NameplateFieldName }> {
  return NAMEPLATE_FIELD_NAMES.flatMap((name) => {
    const field = fields[name];
    return field ? [{ name, ...field }] : [];
  });
}
