import brandsFile from './brands.json';
import commonIssuesFile from './common-issues.json';
import equipmentTypesFile from './equipment-types.json';
import lifespansFile from './lifespans.json';
import maintenanceFile from './maintenance.json';
import modelGrammarsFile from './model-grammars.json';
import modelRulesAppliancesFile from './model-rules.appliances.json';
import modelRulesBuildingFile from './model-rules.building.json';
import modelRulesHvacFile from './model-rules.hvac.json';
import modelRulesWaterFile from './model-rules.water-heating.json';
import codeTablesFile from './serial-code-tables.json';
import serialAppliancesFile from './serial-formats.appliances.json';
import serialHvacFile from './serial-formats.hvac.json';
import serialWaterFile from './serial-formats.water-heating.json';
import warrantiesFile from './warranties.json';
import { dataError, KnowledgeDataError, pointer, validateDataFile } from '../../knowledge/data-validation';
import { BRANDS_SCHEMA, COMMON_ISSUES_SCHEMA, EQUIPMENT_TYPES_SCHEMA, LIFESPANS_SCHEMA, MAINTENANCE_SCHEMA, WARRANTIES_SCHEMA } from './knowledge.schemas';
import type {
  Brand,
  EquipmentCategory,
  EquipmentType,
  Lifespan,
  MaintenanceTask,
  ModelGrammar,
  ModelRule,
  MonthTable,
  SerialFamily,
  SerialFormat,
  WarrantyNorm,
  YearTable,
} from './knowledge.types';
import { parseModelGrammars } from './model-grammars.loader';
import { checkModelRuleReferences, parseModelRules } from './model-rules.loader';
import { checkSerialReferences, parseCodeTables, parseSerialFormats, SerialFile } from './serial-formats.loader';

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
  /** Whole-model letter/digit grammars by brand id (model-grammars.json); a brand without any has no entry. */
  modelGrammarsByBrand: Map<string, ModelGrammar[]>;
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
  'model-rules.building.json': modelRulesBuildingFile,
  'model-grammars.json': modelGrammarsFile,
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

/** Validates (JSON Schema, then cross-checks) and indexes the given file contents; every problem names its file and JSON Pointer. */
export function buildKnowledge(files: Record<string, unknown>): AssetKnowledge {
  const file = (name: string): unknown => {
    if (!(name in files)) throw new KnowledgeDataError(name, '', 'file is missing');
    return files[name];
  };
  const equipmentTypes = parseEquipmentTypes(file('equipment-types.json'));
  const typeIds = new Set(equipmentTypes.keys());
  /** One entry per equipment type: known types only, each once, none missing. */
  const perType = <R extends { equipment_type: string }, T>(name: string, list: string, schema: object, read: (r: R, at: string) => T): Map<string, T> => {
    const root = file(name);
    const entries = validateDataFile<Record<string, R[]>>(name, root, schema as Record<string, unknown>)[list];
    const out = new Map<string, T>();
    entries.forEach((r, i) => {
      const at = pointer(list, i);
      if (!typeIds.has(r.equipment_type)) throw dataError(name, root, `${at}/equipment_type`, `names unknown equipment type "${r.equipment_type}"`);
      if (out.has(r.equipment_type)) throw dataError(name, root, `${at}/equipment_type`, 'is listed twice');
      out.set(r.equipment_type, read(r, at));
    });
    for (const type of typeIds) if (!out.has(type)) throw new KnowledgeDataError(name, pointer(list), `equipment type "${type}" has no entry`);
    return out;
  };
  type RawLifespan = { equipment_type: string; low_years: number; typical_years: number; high_years: number; source: string };
  const lifespans = perType<RawLifespan, Lifespan>('lifespans.json', 'lifespans', LIFESPANS_SCHEMA, (r, at) => {
    if (!(r.low_years <= r.typical_years && r.typical_years <= r.high_years)) {
      throw dataError('lifespans.json', file('lifespans.json'), `${at}/typical_years`, 'must lie between low_years and high_years');
    }
    return { lowYears: r.low_years, typicalYears: r.typical_years, highYears: r.high_years, source: r.source };
  });
  type RawWarranty = { equipment_type: string; typical_parts_years?: number | null; typical_major_component_years?: number | null; notes: string };
  const warranties = perType<RawWarranty, WarrantyNorm>('warranties.json', 'warranties', WARRANTIES_SCHEMA, (r) => ({
    typicalPartsYears: r.typical_parts_years ?? null,
    typicalMajorComponentYears: r.typical_major_component_years ?? null,
    notes: r.notes,
  }));
  type RawTasks = { equipment_type: string; tasks: Array<[string, string]> };
  const maintenance = perType<RawTasks, MaintenanceTask[]>('maintenance.json', 'maintenance', MAINTENANCE_SCHEMA, (r) =>
    r.tasks.map(([task, interval]) => ({ task, interval })),
  );
  type RawIssues = { equipment_type: string; issues: string[] };
  const commonIssues = perType<RawIssues, string[]>('common-issues.json', 'common_issues', COMMON_ISSUES_SCHEMA, (r) => r.issues);

  const tables = parseCodeTables('serial-code-tables.json', file('serial-code-tables.json'));
  const serialFiles: SerialFile[] = ['serial-formats.hvac.json', 'serial-formats.water-heating.json', 'serial-formats.appliances.json'].map((n) => ({
    file: n,
    root: file(n),
    ...parseSerialFormats(n, file(n), tables),
  }));
  checkSerialReferences(serialFiles);
  const families = new Map(serialFiles.flatMap((f) => f.families).map((f) => [f.id, f]));
  const formatsByFamily = new Map<string, SerialFormat[]>();
  for (const f of serialFiles.flatMap((s) => s.formats)) formatsByFamily.set(f.family, [...(formatsByFamily.get(f.family) ?? []), f]);

  const brands = parseBrands(file('brands.json'), new Set(families.keys()), typeIds);
  const brandsById = new Map(brands.map((b) => [b.id, b]));
  const located = ['model-rules.hvac.json', 'model-rules.water-heating.json', 'model-rules.appliances.json', 'model-rules.building.json'].flatMap((n) =>
    parseModelRules(n, file(n)),
  );
  checkModelRuleReferences(located, new Set(brandsById.keys()), typeIds);
  const modelRulesByBrand = new Map<string, ModelRule[]>();
  for (const { rule } of located) for (const b of rule.brands) modelRulesByBrand.set(b, [...(modelRulesByBrand.get(b) ?? []), rule]);
  const modelGrammarsByBrand = parseModelGrammars('model-grammars.json', file('model-grammars.json'), new Set(brandsById.keys()));

  return {
    equipmentTypes,
    lifespans,
    warranties,
    warrantySource: (file('warranties.json') as { source_note: string }).source_note,
    maintenance,
    commonIssues,
    brands,
    brandsById,
    yearTables: tables.years,
    monthTables: tables.months,
    families,
    formatsByFamily,
    modelRulesByBrand,
    modelGrammarsByBrand,
  };
}

function parseEquipmentTypes(root: unknown): Map<string, EquipmentType> {
  const name = 'equipment-types.json';
  type Raw = { id: string; display: string; category: EquipmentCategory; plausible_max_age_years: number };
  const { equipment_types: list } = validateDataFile<{ equipment_types: Raw[] }>(name, root, EQUIPMENT_TYPES_SCHEMA);
  const out = new Map<string, EquipmentType>();
  list.forEach((t, i) => {
    if (out.has(t.id)) throw dataError(name, root, pointer('equipment_types', i, 'id'), 'is listed twice');
    out.set(t.id, { id: t.id, display: t.display, category: t.category, plausibleMaxAgeYears: t.plausible_max_age_years });
  });
  return out;
}

interface RawBrand {
  id: string;
  display: string;
  manufacturer: string;
  aliases: string[];
  sister_brands: string[];
  serial_families: string[];
  categories: EquipmentCategory[];
  default_equipment_type?: string | null;
  maker_prefixes?: Array<[string, string]>;
  model_patterns?: string[] | null;
  default?: boolean;
  plate_word?: boolean;
}

function parseBrands(root: unknown, familyIds: Set<string>, typeIds: Set<string>): Brand[] {
  const name = 'brands.json';
  const { brands } = validateDataFile<{ brands: RawBrand[] }>(name, root, BRANDS_SCHEMA);
  const ids = new Set(brands.map((b) => b.id));
  return brands.map((b, i) => {
    const fail = (field: string, detail: string) => dataError(name, root, pointer('brands', i, field), detail);
    for (const f of b.serial_families) if (!familyIds.has(f)) throw fail('serial_families', `names unknown family "${f}"`);
    for (const s of b.sister_brands) if (!ids.has(s)) throw fail('sister_brands', `names unknown brand "${s}"`);
    const defaultEquipmentType = b.default_equipment_type ?? null;
    if (defaultEquipmentType !== null && !typeIds.has(defaultEquipmentType))
      throw fail('default_equipment_type', `names unknown type "${defaultEquipmentType}"`);
    const makerPrefixes = b.maker_prefixes ?? [];
    for (const [, maker] of makerPrefixes) if (!ids.has(maker)) throw fail('maker_prefixes', `names unknown brand "${maker}"`);
    const modelPatterns = (b.model_patterns ?? []).map((p) => {
      try {
        return new RegExp(p);
      } catch {
        throw fail('model_patterns', `"${p}" is not a valid regular expression`);
      }
    });
    return {
      id: b.id,
      display: b.display,
      manufacturer: b.manufacturer,
      aliases: b.aliases,
      sisterBrands: b.sister_brands,
      serialFamilies: b.serial_families,
      categories: b.categories,
      defaultEquipmentType,
      modelPatterns,
      isDefault: b.default ?? false,
      plateWord: b.plate_word ?? false,
      makerPrefixes,
    };
  });
}
