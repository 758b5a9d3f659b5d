import { dataError, pointer, validateDataFile } from '../../knowledge/data-validation';
import { MODEL_GRAMMARS_SCHEMA } from './knowledge.schemas';
import type { ModelGrammar } from './knowledge.types';

type RawGrammar = Omit<ModelGrammar, 'pattern'> & { pattern: string };

/** Compacts a model as grammars see it: upper case, letters and digits only. */
export function grammarForm(model: string): string {
  return model.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

/**
 * The grammars of model-grammars.json by brand id. Each pattern must compile and accept its own
 * examples, and each brand must exist, so a typo in the data fails at load, not on a photo.
 */
export function parseModelGrammars(file: string, root: unknown, brandIds: Set<string>): Map<string, ModelGrammar[]> {
  const data = validateDataFile<{ source_note: string; grammars: RawGrammar[] }>(file, root, MODEL_GRAMMARS_SCHEMA);
  const byBrand = new Map<string, ModelGrammar[]>();
  data.grammars.forEach((raw, i) => {
    const at = pointer('grammars', i);
    let pattern: RegExp;
    try {
      pattern = new RegExp(raw.pattern);
    } catch (error) {
      throw dataError(file, root, `${at}/pattern`, `is not a valid regular expression (${(error as Error).message})`);
    }
    raw.examples.forEach((example, j) => {
      if (!pattern.test(grammarForm(example))) throw dataError(file, root, `${at}/examples/${j}`, `does not follow the grammar's pattern`);
    });
    raw.brands.forEach((brand, j) => {
      if (!brandIds.has(brand)) throw dataError(file, root, `${at}/brands/${j}`, `names unknown brand "${brand}"`);
    });
    const grammar: ModelGrammar = { ...raw, pattern };
    for (const brand of raw.brands) byBrand.set(brand, [...(byBrand.get(brand) ?? []), grammar]);
  });
  return byBrand;
}
