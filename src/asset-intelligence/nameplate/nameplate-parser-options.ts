import { brandKey, normalizeBrand } from '../decoders/brand-normalizer';
import { readSerial } from '../decoders/serial-decoder';
import type { AssetKnowledge } from '../knowledge/knowledge.loader';
import type { Brand } from '../knowledge/knowledge.types';
import { grammarForm } from '../knowledge/model-grammars.loader';
import type { NameplateParserOptions } from './parsing/nameplate-fields';

/** A serial is plausible for a brand when one of the brand's serial formats can read a date from it. */
function isPlausibleSerial(knowledge: AssetKnowledge, brand: string | null, serial: string): boolean {
  const match = brand ? normalizeBrand(knowledge, brand).brand : null;
  if (!match) return /^[A-Z0-9]{6,}$/.test(serial);
  return readSerial(knowledge, serial, match.serialFamilies, new Date()).readings.length > 0;
}

/** Whether a model follows one of the brand's model grammars; undefined when the brand has none. */
function fitsModelGrammar(knowledge: AssetKnowledge, brand: string | null, model: string): boolean | undefined {
  const id = brand ? normalizeBrand(knowledge, brand).brand?.id : undefined;
  const grammars = id ? knowledge.modelGrammarsByBrand.get(id) : undefined;
  if (!grammars) return undefined;
  const compact = grammarForm(model);
  return grammars.some((g) => g.pattern.test(compact));
}

/** The parser options the API reads plates with: every brand name and alias, serials judged by the decoders, models by the brand's grammars. */
export function nameplateParserOptions(knowledge: AssetKnowledge): NameplateParserOptions {
  const plateNames = (b: Brand): string[] => [b.display, ...b.aliases].filter((name) => !b.plateWord || brandKey(name) !== brandKey(b.display));
  return {
    knownBrands: knowledge.brands.flatMap(plateNames),
    brandGroups: Object.fromEntries(knowledge.brands.flatMap((b) => plateNames(b).map((name) => [name, b.display]))),
    isPlausibleSerial: (brand, serial) => isPlausibleSerial(knowledge, brand, serial),
    fitsModelGrammar: (brand, model) => fitsModelGrammar(knowledge, brand, model),
  };
}
