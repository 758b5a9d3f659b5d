import { loadAssetKnowledge } from '../../knowledge/knowledge.loader';
import { nameplateParserOptions } from '../nameplate-parser-options';
import { parseNameplateText } from './nameplate-text.parser';

// OCR text of the kinds of plate that failed on real photos (issue 14), parsed with the options
// the API uses: every brand and alias of brands.json, serials judged by the decoders.
const OPTIONS = { ...nameplateParserOptions(loadAssetKnowledge()), currentYear: 2025 };
const parse = (lines: string[]) => parseNameplateText(lines.join('\n'), OPTIONS).fields;

describe('nameplate parser on real-plate failure modes', () => {
  it('does not take a brand from "Lg" in noise when the plate names its brand', () => {
    const fields = parse(['Carrier', 'OUTDOOR UNIT', 'Lg   lg', 'MODEL NO. 24ACC636A003', 'Lg', 'Carrier Corporation, Syracuse, NY']);
    expect(fields.brand?.value).toBe('Carrier');
  });

  it('reports no brand at all from a two-letter pair in noise alone', () => {
    expect(parse(['OUTDOOR UNIT', 'Lg  ge', 'MODEL NO. 24ACC636A003', 'LG']).brand).toBeUndefined();
  });

  it('accepts a two-letter brand with support: its logo line at the top, or its company line', () => {
    expect(parse(['LG', 'HOUSEHOLD APPLIANCE', 'M/N: LFXS26973S']).brand?.value).toMatch(/^LG/);
    expect(parse(['HOUSEHOLD APPLIANCE', 'M/N: LFXS26973S', 'LG', 'LG Electronics Inc.']).brand?.value).toMatch(/^LG/);
  });

  it('prefers the logo over a parent-company line naming another brand', () => {
    const fields = parse([
      'bryant',
      'Heating & Cooling Systems',
      'MOD. NO. 187BNC036000',
      'Carrier Corporation, Indianapolis, IN',
      'A United Technologies Company',
    ]);
    expect(fields.brand?.value).toBe('Bryant');
  });

  it('reads values on the line under bilingual labels (MODEL / MODÈLE, SERIAL / NUMÉRO DE SÉRIE)', () => {
    const fields = parse(['Carrier', 'MODEL / MODÈLE                 SERIAL / NUMÉRO DE SÉRIE', '24ACC636A003                   2317E08421']);
    expect(fields.model_number?.value).toBe('24ACC636A003');
    expect(fields.serial_number?.value).toBe('2317E08421');
  });

  it('reads Spanish and French labels on the same line', () => {
    const spanish = parse(['YORK', 'MODELO: YHJD18A21S', 'No. DE SERIE: W1C9420817']);
    expect([spanish.model_number?.value, spanish.serial_number?.value]).toEqual(['YHJD18A21S', 'W1C9420817']);
    const french = parse(['TRANE', 'NO DE MODÈLE 4TTR4036L1000AA', 'NUMÉRO DE SÉRIE 1921451J3F']);
    expect([french.model_number?.value, french.serial_number?.value]).toEqual(['4TTR4036L1000AA', '1921451J3F']);
  });

  it('reads a boiler plate with labels in one column and values in the next', () => {
    const fields = parse([
      'LOCHINVAR',
      'HOT WATER BOILER',
      'MODEL                    KBN106',
      'SERIAL NO.               LD0582734',
      'INPUT BTU/HR             105,000',
    ]);
    expect([fields.model_number?.value, fields.serial_number?.value]).toEqual(['KBN106', 'LD0582734']);
  });

  it('counts a field repeated in a motor-data table as agreement, and a misread copy as the minority', () => {
    const once = parse(['YORK', 'MODEL NO.        SERIAL NO.', 'ZF078N10P2AAA    W1F7284130']);
    const twice = parse([
      'YORK',
      'MODEL NO.        SERIAL NO.',
      'ZF078N10P2AAA    W1F7284130',
      'UNIT MODEL       UNIT SERIAL',
      'ZF078N10P2AAA    W1F7284130',
      'UNIT MODEL       UNIT SERIAL',
      'ZF078N1OP2AAA    W1F72B413O',
    ]);
    expect(twice.serial_number?.value).toBe('W1F7284130');
    expect(twice.model_number?.value).toBe('ZF078N10P2AAA');
    expect(twice.serial_number!.confidence).toBeGreaterThan(once.serial_number!.confidence);
  });

  it('does not take a rating in the serial column for a serial', () => {
    const fields = parse(['TRANE', 'MODEL:', 'SERIAL:', '208/230', '460-3-60']);
    expect(fields.serial_number).toBeUndefined();
  });

  it('resolves OCR look-alikes in a serial by the brand grammar (O and I in a Goodman serial)', () => {
    expect(parse(['Goodman', 'SERIAL NO. 18O6254I73']).serial_number?.value).toBe('1806254173');
  });

  it('keeps the lone letters of a model number between digits as read (no grammar says they are digits)', () => {
    expect(parse(['HEIL', 'MOD. NO. QH7243G12', 'SER. NO. E192018440']).model_number?.value).toBe('QH7243G12');
  });

  it('reads a label that OCR split inside a short word ("MoD. N 0.")', () => {
    expect(parse(['Carrier', 'MoD. N 0. FB4CNF036', 'SER. NO. 3317A51229']).model_number?.value).toBe('FB4CNF036');
  });
});
