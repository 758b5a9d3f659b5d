import brandsFile from './brands.json';
import commonIssuesFile from './common-issues.json';
import equipmentTypesFile from './equipment-types.json';
import lifespansFile from './lifespans.json';
import maintenanceFile from './maintenance.json';
import modelRulesAppliancesFile from './model-rules.appliances.json';
import modelRulesHvacFile from './model-rules.hvac.json';
import modelRulesWaterFile from './model-rules.water-heating.json';
import codeTablesFile from './serial-code-tables.json';
import serialAppliancesFile from './serial-formats.appliances.json';
import serialHvacFile from './serial-formats.hvac.json';
import serialWaterFile from './serial-formats.water-heating.json';
import warrantiesFile from './warranties.json';
import { EntryReader, KnowledgeDataError, sourceNote } from './knowledge-validation';
import type {
  Brand,
  EquipmentCategory,
  EquipmentType,
  Lifespan,
  MaintenanceTask,
  ModelRule,
  MonthTable,
  SerialFamily,
  SerialFormat,
  WarrantyNorm,
  YearTable,
} from './knowledge.types';
import { checkModelRuleReferences, parseModelRules } from './model-rules.loader';
import { checkSerialReferences, parseCodeTables, parseSerialFormats } from './serial-formats.loader';

const CATEGORIES: EquipmentCategory[] = ['HVAC', 'water heating', 'appliance'];

/** Everything the decoders know, validated and indexed once. */
export interface AssetKnowledge {
  /** Equipment kinds by id. */
  equipmentTypes: Map<string, EquipmentType>;
  /** Lifespan by equipment type id. */
  lifespans: Map<string, Lifespan>;
  /** Warranty norms by equipment type id. */
  warranties: Map<string, WarrantyNorm>;
  /** Source note of the warranty table. */
  warrantySource: string;
  /** Maintenance tasks by equipment type id. */
  maintenance: Map<string, MaintenanceTask[]>;
  /** Common issues by equipment type id. */
  commonIssues: Map<string, string[]>;
  /** All brands, in file order. */
  brands: Brand[];
  /** Brands by id. */
  brandsById: Map<string, Brand>;
  /** Year code tables by id. */
  yearTables: Map<string, YearTable>;
  /** Month code tables by id. */
  monthTables: Map<string, MonthTable>;
  /** Serial families by id. */
  families: Map<string, SerialFamily>;
  /** Serial formats of each family, in file order. */
  formatsByFamily: Map<string, SerialFormat[]>;
  /** Model rules of each brand, in file order. */
  modelRulesByBrand: Map<string, ModelRule[]>;
}

/** Raw contents of every knowledge file, by file name; tests pass altered copies to `buildKnowledge`. */
export const KNOWLEDGE_FILES: Record<string, unknown> = {
  'equipment-types.json': equipmentTypesFile,
  'lifespans.json': lifespansFile,
  'warranties.json': warrantiesFile,
  'maintenance.json': maintenanceFile,
  'common-issues.json': commonIssuesFile,
  'brands.json': brandsFile,
  'serial-code-tables.json': codeTablesFile,
  'serial-formats.hvac.json': serialHvacFile,
  'serial-formats.water-heating.json': serialWaterFile,
  'serial-formats.appliances.json': serialAppliancesFile,
  'model-rules.hvac.json': modelRulesHvacFile,
  'model-rules.water-heating.json': modelRulesWaterFile,
  'model-rules.appliances.json': modelRulesAppliancesFile,
};

/** Injection token of the asset knowledge; services receive it, decoders take it as a parameter. */
export const ASSET_KNOWLEDGE = Symbol('ASSET_KNOWLEDGE');

// Validation and indexing cost tens of milliseconds, so every module instance shares one copy.
let cached: AssetKnowledge | null = null;

/** The validated shipped knowledge, loaded and indexed once per process; throws KnowledgeDataError on a bad entry. */
export function loadAssetKnowledge(): AssetKnowledge {
  cached ??= buildKnowledge(KNOWLEDGE_FILES);
  return cached;
}

/** The provider a module registers to inject ASSET_KNOWLEDGE. */
export const assetKnowledgeProvider = { provide: ASSET_KNOWLEDGE, useFactory: loadAssetKnowledge };

/** Validates and indexes the given file contents; every problem names its file, entry and field. */
export function buildKnowledge(files: Record<string, unknown>): AssetKnowledge {
  const file = (name: string): unknown => {
    if (!(name in files)) throw new KnowledgeDataError(`${name}: file is missing`);
    return files[name];
  };
  const equipmentTypes = parseEquipmentTypes(file('equipment-types.json'));
  const typeIds = new Set(equipmentTypes.keys());
  const perType = <T>(name: string, list: string, read: (r: EntryReader) => T): Map<string, T> => {
    sourceNote(name, file(name));
    const out = new Map<string, T>();
    for (const r of EntryReader.list(name, file(name), list)) {
      const type = r.str('equipment_type');
      if (!typeIds.has(type)) r.fail('equipment_type', `names unknown equipment type "${type}"`);
      if (out.has(type)) r.fail('equipment_type', 'is listed twice');
      out.set(type, read(r));
    }
    for (const type of typeIds) if (!out.has(type)) throw new KnowledgeDataError(`${name}: equipment type "${type}" has no entry`);
    return out;
  };
  const lifespans = perType('lifespans.json', 'lifespans', readLifespan);
  const warranties = perType('warranties.json', 'warranties', (r) => ({
    typicalPartsYears: r.nullableNum('typical_parts_years', 0, 50),
    typicalMajorComponentYears: r.nullableNum('typical_major_component_years', 0, 50),
    notes: r.str('notes'),
  }));
  const maintenance = perType('maintenance.json', 'maintenance', readTasks);
  const commonIssues = perType('common-issues.json', 'common_issues', (r) => r.strings('issues', true));

  const tables = parseCodeTables('serial-code-tables.json', file('serial-code-tables.json'));
  const serialFiles = ['serial-formats.hvac.json', 'serial-formats.water-heating.json', 'serial-formats.appliances.json'].map((n) =>
    parseSerialFormats(n, file(n), tables),
  );
  const familyList = serialFiles.flatMap((f) => f.families);
  const formatList = serialFiles.flatMap((f) => f.formats);
  checkSerialReferences(familyList, formatList);
  const families = new Map(familyList.map((f) => [f.id, f]));
  const formatsByFamily = new Map<string, SerialFormat[]>();
  for (const f of formatList) formatsByFamily.set(f.family, [...(formatsByFamily.get(f.family) ?? []), f]);

  const brands = parseBrands(file('brands.json'), new Set(families.keys()), typeIds);
  const brandsById = new Map(brands.map((b) => [b.id, b]));
  const rules = ['model-rules.hvac.json', 'model-rules.water-heating.json', 'model-rules.appliances.json'].flatMap((n) => parseModelRules(n, file(n)));
  checkModelRuleReferences(rules, new Set(brandsById.keys()), typeIds);
  const modelRulesByBrand = new Map<string, ModelRule[]>();
  for (const rule of rules) for (const b of rule.brands) modelRulesByBrand.set(b, [...(modelRulesByBrand.get(b) ?? []), rule]);

  return {
    equipmentTypes,
    lifespans,
    warranties,
    warrantySource: sourceNote('warranties.json', file('warranties.json')),
    maintenance,
    commonIssues,
    brands,
    brandsById,
    yearTables: tables.years,
    monthTables: tables.months,
    families,
    formatsByFamily,
    modelRulesByBrand,
  };
}

function parseEquipmentTypes(root: unknown): Map<string, EquipmentType> {
  const name = 'equipment-types.json';
  sourceNote(name, root);
  const out = new Map<string, EquipmentType>();
  for (const r of EntryReader.list(name, root, 'equipment_types')) {
    const id = r.str('id');
    if (out.has(id)) r.fail('id', 'is listed twice');
    const category = r.str('category');
    if (!CATEGORIES.includes(category as EquipmentCategory)) r.fail('category', `must be one of ${CATEGORIES.join(', ')}`);
    out.set(id, { id, display: r.str('display'), category: category as EquipmentCategory, plausibleMaxAgeYears: r.num('plausible_max_age_years', 5, 100) });
  }
  return out;
}

function readLifespan(r: EntryReader): Lifespan {
  const low = r.num('low_years', 1, 100);
  const typical = r.num('typical_years', 1, 100);
  const high = r.num('high_years', 1, 100);
  if (!(low <= typical && typical <= high)) r.fail('typical_years', 'must lie between low_years and high_years');
  return { lowYears: low, typicalYears: typical, highYears: high, source: r.str('source') };
}

function readTasks(r: EntryReader): MaintenanceTask[] {
  const raw = r.rawField('tasks');
  if (!Array.isArray(raw) || raw.length === 0) r.fail('tasks', 'must be a non-empty list of [task, interval]');
  return raw.map((t, i) => {
    if (!Array.isArray(t) || t.length !== 2 || t.some((s) => typeof s !== 'string' || s.trim() === '')) r.fail('tasks', `item #${i} must be [task, interval]`);
    return { task: t[0] as string, interval: t[1] as string };
  });
}

function parseBrands(root: unknown, familyIds: Set<string>, typeIds: Set<string>): Brand[] {
  const name = 'brands.json';
  sourceNote(name, root);
  const readers = EntryReader.list(name, root, 'brands');
  const ids = new Set(readers.map((r) => r.str('id')));
  return readers.map((r) => {
    const categories = r.strings('categories', true);
    for (const c of categories) if (!CATEGORIES.includes(c as EquipmentCategory)) r.fail('categories', `has unknown category "${c}"`);
    const serialFamilies = r.strings('serial_families');
    for (const f of serialFamilies) if (!familyIds.has(f)) r.fail('serial_families', `names unknown family "${f}"`);
    const sisterBrands = r.strings('sister_brands');
    for (const s of sisterBrands) if (!ids.has(s)) r.fail('sister_brands', `names unknown brand "${s}"`);
    const defaultEquipmentType = r.optStr('default_equipment_type');
    if (defaultEquipmentType !== null && !typeIds.has(defaultEquipmentType)) r.fail('default_equipment_type', `names unknown type "${defaultEquipmentType}"`);
    const makerRaw = r.rawField('maker_prefixes') ?? [];
    if (!Array.isArray(makerRaw) || makerRaw.some((p) => !Array.isArray(p) || p.length !== 2 || !/^\d{3}$/.test(String(p[0])) || !ids.has(String(p[1])))) {
      r.fail('maker_prefixes', 'must be a list of [three-digit prefix, known brand id]');
    }
    const modelPatterns = r.has('model_patterns') ? r.strings('model_patterns', true).map((p) => compilePattern(r, p)) : [];
    return {
      id: r.str('id'),
      display: r.str('display'),
      manufacturer: r.str('manufacturer'),
      aliases: r.strings('aliases'),
      sisterBrands,
      serialFamilies,
      categories: categories as EquipmentCategory[],
      defaultEquipmentType,
      modelPatterns,
      isDefault: r.bool('default', false),
      makerPrefixes: makerRaw as Array<[string, string]>,
    };
  });
}

function compilePattern(r: EntryReader, source: string): RegExp {
  try {
    return new RegExp(source);
  } catch {
    return r.fail('model_patterns', `"${source}" is not a valid regular expression`);
  }
}
