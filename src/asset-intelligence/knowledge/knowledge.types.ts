/** High-level category of equipment, as the profile reports it. */
export type EquipmentCategory = 'HVAC' | 'water heating' | 'appliance' | 'life safety' | 'plumbing';

/** A kind of equipment the decoders can name. */
export interface EquipmentType {
  /** Stable identifier, e.g. `ac-condenser`. */
  id: string;
  /** Human wording used in the profile, e.g. `split-system AC condenser`. */
  display: string;
  /** Category the kind belongs to. */
  category: EquipmentCategory;
  /** Oldest believable age; serial-cycle readings older than this are discarded. */
  plausibleMaxAgeYears: number;
}

/** Expected service life of one kind of equipment. */
export interface Lifespan {
  /** Short end of the range, years. */
  lowYears: number;
  /** Typical life, years. */
  typicalYears: number;
  /** Long end of the range, years. */
  highYears: number;
  /** Named study or guidance the figures come from. */
  source: string;
}

/** Typical warranty terms of one kind of equipment. */
export interface WarrantyNorm {
  /** Typical parts warranty, years. */
  typicalPartsYears: number | null;
  /** Typical warranty of the main component (compressor, heat exchanger, tank, sealed system), years. */
  typicalMajorComponentYears: number | null;
  /** Conditions worth knowing (registration, labor, transfer). */
  notes: string;
}

/** One recommended maintenance task. */
export interface MaintenanceTask {
  /** What to do. */
  task: string;
  /** How often. */
  interval: string;
}

/** A brand, its owner, its aliases and which serial formats it uses. */
export interface Brand {
  /** Stable identifier, e.g. `ao-smith`. */
  id: string;
  /** Display name, e.g. `A. O. Smith`. */
  display: string;
  /** Parent company that makes the brand. */
  manufacturer: string;
  /** Other spellings that name this brand. */
  aliases: string[];
  /** Identifiers of brands built by the same company. */
  sisterBrands: string[];
  /** Serial-format families, tried in order. */
  serialFamilies: string[];
  /** Categories the brand makes. */
  categories: EquipmentCategory[];
  /** Equipment type to assume when the model is not recognised (single-product brands). */
  defaultEquipmentType: string | null;
  /** Model patterns that identify this brand when several brands share a name. */
  modelPatterns: RegExp[];
  /** Whether this brand wins when a shared name cannot be told apart. */
  isDefault: boolean;
  /** The display name is also an ordinary word on plates ("DELTA T", "SIMPLEX" pump controls): plates are read for the longer aliases only. */
  plateWord: boolean;
  /** Model-number prefixes naming the real maker (Kenmore), as [prefix, brand id]. */
  makerPrefixes: Array<[string, string]>;
}

/** A letter (or digit) code for years: the code's first year, repeating every cycle. */
export interface YearTable {
  /** Identifier referenced by serial formats. */
  id: string;
  /** Years after which a code repeats; null when it never repeats. */
  cycleYears: number | null;
  /** Code to the first year it stood for. */
  values: Map<string, number>;
  /** Where the table comes from. */
  source: string;
}

/** A code for months. */
export interface MonthTable {
  /** Identifier referenced by serial formats. */
  id: string;
  /** Code to month number (1-12). */
  values: Map<string, number>;
  /** Where the table comes from. */
  source: string;
}

/** A group of brands sharing serial date formats. */
export interface SerialFamily {
  /** Identifier referenced by brands and formats. */
  id: string;
  /** Human name of the family. */
  display: string;
  /** Category the family's formats apply to; null when mixed. */
  category: EquipmentCategory | null;
  /** False when the family's serials carry no documented date code. */
  decodable: boolean;
  /** Where the family's rules come from. */
  source: string;
}

/** One serial-number date format of one era. */
export interface SerialFormat {
  /** Identifier, e.g. `carrier-wwyy`. */
  id: string;
  /** Family the format belongs to. */
  family: string;
  /** Human description of the rule, reported as `rule`. */
  label: string;
  /** Anchored pattern with named groups. */
  pattern: RegExp;
  /** First year the format was used. */
  eraFrom: number;
  /** Last year the format was used; null while still in use. */
  eraTo: number | null;
  /** Year ranges inside the era when the format was not used. */
  gaps: Array<[number, number]>;
  /** Groups whose concatenated text is the year code, and how to read it (yy, y or a year table id). */
  year: { groups: string[]; code: string };
  /** Group holding the month and how to read it (mm or a month table id). */
  month: { group: string; code: string } | null;
  /** Group holding the ISO week. */
  week: { group: string } | null;
  /** Base confidence of an unambiguous reading, 0-1. */
  confidence: number;
  /** Where the rule comes from. */
  source: string;
  /** Worked example: a serial and one of the dates it reads as. */
  example: { serial: string; year: number; month: number | null; week: number | null };
}

/** A value read from a pattern group through an optional code map, or a fixed value. */
export interface GroupValue {
  /** Fixed value, used when no group is named. */
  value: string | null;
  /** Pattern group(s) to read ("a|b" tries a then b). */
  group: string | null;
  /** Code to value; absent means the group text is the value. */
  map: Record<string, string> | null;
}

/** A specification a model rule reports. */
export interface SpecTemplate extends GroupValue {
  /** Specification name, e.g. `afue`. */
  name: string;
  /** Unit of the value. */
  unit: string | null;
}

/** One model-number nomenclature rule. */
export interface ModelRule {
  /** Identifier, e.g. `carrier-24a`. */
  id: string;
  /** Brands the rule applies to. */
  brands: string[];
  /** Anchored pattern with named groups, applied to the normalized model. */
  pattern: RegExp;
  /** Human description of what the rule recognises. */
  label: string;
  /** Equipment type id, fixed or read from a group. */
  equipmentType: GroupValue;
  /** Capacity code: group, kind and multiplier to BTU/h or gallons. */
  capacity: { group: string; kind: 'cooling' | 'room-cooling' | 'heating-input' | 'tank'; scale: number } | null;
  /** Further specifications. */
  specs: SpecTemplate[];
  /** Production window of the model family, used to choose among serial readings. */
  years: [number, number | null] | null;
  /** Production window read from a group (e.g. refrigerant code). */
  yearsByGroup: { group: string; map: Record<string, [number, number | null]> } | null;
  /** The rule reads a product series written without the unit's size (GSX13, XC16), as coordinators often note it. */
  seriesOnly: boolean;
  /** File the rule comes from, with its source note. */
  source: string;
}

/** Which positions of a model family's numbers hold letters and which digits, to tell OCR look-alikes apart. */
export interface ModelGrammar {
  /** Identifier, e.g. `goodman-split`. */
  id: string;
  /** Brands whose models may follow it. */
  brands: string[];
  /** Anchored pattern over the model without spaces, dashes, dots or slashes. */
  pattern: RegExp;
  /** What the family is. */
  label: string;
  /** The nomenclature document it follows. */
  source: string;
  /** Model numbers that follow it (checked by the loader). */
  examples: string[];
}
