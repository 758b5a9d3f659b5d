import { loadAssetKnowledge } from '../../knowledge/knowledge.loader';
import { nameplateParserOptions } from '../nameplate-parser-options';
import type { NameplateParserOptions } from './nameplate-fields';
import { parseNameplateText, readIdentifier } from './nameplate-text.parser';
import { identifierCandidates } from './ocr-confusions';

const OPTIONS: NameplateParserOptions = { knownBrands: ['Goodman', 'Carrier', 'Whirlpool'], currentYear: 2025 };

/** Models of the brand follow letters-digits-letters: GSX + 6 digits + 2 letters. */
const fitsModelGrammar = (brand: string | null, model: string) => (brand === 'Goodman' ? /^GS[A-Z]\d{6}[A-Z]{2}$/.test(model) : undefined);

describe('model numbers chosen by the brand model grammar', () => {
  it('resolves a trailing S/5 and a B/8 look-alike to the positions the grammar gives letters and digits', () => {
    const { fields } = parseNameplateText('GOODMAN\nMODEL NO. GSX14O36lK8', { ...OPTIONS, fitsModelGrammar });
    expect(fields.model_number?.value).toBe('GSX140361KB');
    const unaided = parseNameplateText('GOODMAN\nMODEL NO. GSX14O36lK8', OPTIONS).fields.model_number;
    expect(unaided?.value).toBe('GSX140361K8');
  });

  it('is less sure of a model the grammar had to choose than of one read as it fits', () => {
    const chosen = parseNameplateText('GOODMAN\nMODEL NO. GSX140361K8', { ...OPTIONS, fitsModelGrammar }).fields.model_number!;
    const asRead = parseNameplateText('GOODMAN\nMODEL NO. GSX140361KB', { ...OPTIONS, fitsModelGrammar }).fields.model_number!;
    expect(chosen.value).toBe('GSX140361KB');
    expect(asRead.value).toBe('GSX140361KB');
    expect(chosen.confidence).toBeLessThan(asRead.confidence);
  });

  it('keeps a model no grammar accepts as read, with less confidence, and leaves brands without grammars alone', () => {
    const odd = parseNameplateText('GOODMAN\nMODEL NO. AVPTC183014', { ...OPTIONS, fitsModelGrammar }).fields.model_number!;
    const plain = parseNameplateText('GOODMAN\nMODEL NO. AVPTC183014', OPTIONS).fields.model_number!;
    expect(odd.value).toBe('AVPTC183014');
    expect(odd.confidence).toBeLessThan(plain.confidence);
    const other = parseNameplateText('CARRIER\nMODEL NO. 24ACC636A003', { ...OPTIONS, fitsModelGrammar }).fields.model_number!;
    expect(other).toEqual(parseNameplateText('CARRIER\nMODEL NO. 24ACC636A003', OPTIONS).fields.model_number);
  });

  it('uses the shipped grammars through the API parser options', () => {
    const options = nameplateParserOptions(loadAssetKnowledge());
    expect(parseNameplateText('CARRIER\nMODEL NO. 48TCED08A2AS', options).fields.model_number?.value).toBe('48TCED08A2A5');
    expect(parseNameplateText('WHIRLPOOL\nMODEL WTW5OOODW1', options).fields.model_number?.value).toBe('WTW5000DW1');
  });
});

describe('serial numbers chosen by the brand serial decoders', () => {
  it('reads an O between digits as U when the format takes a plant letter, and as 0 when it takes digits', () => {
    const letter = (_brand: string | null, serial: string) => /^\d{4}[A-Z]\d{5}$/.test(serial);
    expect(readIdentifier('serial_number', '3020O91834', 'Carrier', { ...OPTIONS, isPlausibleSerial: letter })?.best.value).toBe('3020U91834');
    const digits = (_brand: string | null, serial: string) => /^\d{10}$/.test(serial);
    expect(readIdentifier('serial_number', '3020O91834', 'Carrier', { ...OPTIONS, isPlausibleSerial: digits })?.best.value).toBe('3020091834');
  });

  it('prefers the Carrier reading the shipped decoder dates, and stays with 0 when nothing accepts a letter', () => {
    const options = nameplateParserOptions(loadAssetKnowledge());
    expect(readIdentifier('serial_number', '4O11E04482', 'Carrier', options)?.best.value).toBe('4011E04482');
    expect(readIdentifier('serial_number', '1O14E12345', null, OPTIONS)?.best.value).toBe('1014E12345');
  });

  it('never offers a rounded letter for an O unless a format accepts it', () => {
    const [best, ...others] = identifierCandidates('1O14E12345');
    expect(best.value).toBe('1014E12345');
    expect(others[0].value).not.toMatch(/[UQD]/);
  });
});
