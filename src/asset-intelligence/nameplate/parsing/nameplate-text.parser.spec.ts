import fc from 'fast-check';
import type { NameplateFieldName, NameplateParserOptions } from './nameplate-fields';
import { parseNameplateText } from './nameplate-text.parser';

const BRANDS = ['Carrier', 'Trane', 'Lennox', 'Goodman', 'Rheem', 'Ruud', 'A.O. Smith', 'Bradford White', 'Whirlpool', 'York', 'GE', 'Bryant'];
const OPTIONS: NameplateParserOptions = { knownBrands: BRANDS, currentYear: 2025 };

/** The values found, by field name, for compact expectations. */
function values(text: string, options: NameplateParserOptions = OPTIONS): Partial<Record<NameplateFieldName, string>> {
  const { fields } = parseNameplateText(text, options);
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field?.value]));
}

describe('parseNameplateText', () => {
  it('reads a clean condenser plate, one field per line', () => {
    const text = [
      'TRANE',
      'MODEL NO: 4TTR4036L1000AA',
      'SERIAL NO: 20161K1234',
      'VOLTS 208/230  PH 1  HZ 60',
      'COMPRESSOR RLA 16.7 LRA 79.0',
      'MCA 23.0   MOCP 35',
      'REFRIGERANT R-410A 7 LBS 4 OZ',
      'MFG DATE 2016-03',
    ].join('\n');
    expect(values(text)).toEqual({
      brand: 'Trane',
      model_number: '4TTR4036L1000AA',
      serial_number: '20161K1234',
      voltage: '208/230',
      phase: '1',
      frequency_hz: '60',
      rla: '16.7',
      lra: '79.0',
      mca: '23.0',
      mocp: '35',
      refrigerant: 'R-410A',
      refrigerant_charge: '7 lb 4 oz',
      manufacture_date: '2016-03',
    });
  });

  it('reads everything from a single line', () => {
    expect(values('LENNOX MODEL ML180UH070XE36B SERIAL 5918K12345 115V 60HZ 1PH INPUT 70,000 BTUH OUTPUT 56,000 BTUH')).toEqual({
      brand: 'Lennox',
      model_number: 'ML180UH070XE36B',
      serial_number: '5918K12345',
      voltage: '115',
      frequency_hz: '60',
      phase: '1',
      input_btuh: '70000',
      output_btuh: '56000',
    });
  });

  it('repairs OCR look-alikes in labels, identifiers and numbers', () => {
    const text = 'CARR1ER\nM0DEL N0. 24ACC636A0O3\nSER1AL NO. IOI4E12345\nV0LTS 2O8/23O PH l HZ 6O\nREFRIGERANT R-41OA';
    expect(values(text)).toMatchObject({
      brand: 'Carrier',
      model_number: '24ACC636A003',
      serial_number: '1014E12345',
      voltage: '208/230',
      phase: '1',
      frequency_hz: '60',
      refrigerant: 'R-410A',
    });
  });

  it.each([
    ['O read for 0 inside digits', 'S/N 15O4123456', '1504123456'],
    ['lower-case l for 1', 'S/N l504l23456', '1504123456'],
    ['I and O together', 'SERIAL IOI4E12345', '1014E12345'],
    ['bar for 1', 'SERIAL |014E12345', '1014E12345'],
    ['S for 5 between digits', 'SERIAL 1014E123S5', '1014E12355'],
    ['B for 8 between digits', 'SERIAL 10B4123456', '1084123456'],
  ])('repairs a serial: %s', (_case, text, serial) => {
    expect(values(text).serial_number).toBe(serial);
  });

  it.each([
    ['letters between digits that belong there', 'MODEL 24ACC636A003', '24ACC636A003'],
    ['a run of digits among letters', 'MODEL WRF555SDFZ09', 'WRF555SDFZ09'],
    ['G and B at the ends', 'MODEL GMSS960803BN', 'GMSS960803BN'],
    ['O misread in the middle of a model', 'MODEL XG40TO6EC36U1', 'XG40T06EC36U1'],
  ])('keeps or repairs a model: %s', (_case, text, model) => {
    expect(values(text).model_number).toBe(model);
  });

  it('pairs a row of labels with the row of values under it (two columns)', () => {
    const text = 'GOODMAN\nMODEL NO.              SERIAL NO.\nGMSS960803BN           1504123456\n';
    expect(values(text)).toMatchObject({ brand: 'Goodman', model_number: 'GMSS960803BN', serial_number: '1504123456' });
  });

  it('reads a value on the line after its label', () => {
    expect(values('MODEL NUMBER\nXG40T06EC36U1\n\nSERIAL NUMBER\nQ101412345')).toMatchObject({ model_number: 'XG40T06EC36U1', serial_number: 'Q101412345' });
  });

  it('pairs stacked labels with the stacked values after them (sparse OCR output)', () => {
    const text = 'CARRIER\n\nMODEL NO.\n\nSERIAL NO.\n\n24ACC636A003\n\n1014E12345\n\nVOLTS 208/230 PH 1';
    expect(values(text)).toMatchObject({ model_number: '24ACC636A003', serial_number: '1014E12345', voltage: '208/230' });
  });

  it('joins an identifier OCR split with a space, but not the next field', () => {
    expect(values('MODEL: 24ACC 636A003\nS/N 1014E 12345 MADE IN USA')).toMatchObject({ model_number: '24ACC636A003', serial_number: '1014E12345' });
    expect(values('SERIAL NO. Q 101412345').serial_number).toBe('Q101412345');
    expect(values('MODEL NO. 24ACC636A003 FLA 1.2').model_number).toBe('24ACC636A003');
  });

  it('accepts mixed case and missing colons', () => {
    expect(values('Model no 24acc636a003   Serial no 1014e12345')).toMatchObject({ model_number: '24ACC636A003', serial_number: '1014E12345' });
  });

  it('reads a table header over its values', () => {
    expect(values('          RLA    LRA\nCOMPR     14.1   73.0')).toMatchObject({ rla: '14.1', lra: '73.0' });
    expect(values('QTY RLA LRA FLA HP\nCOMPRESSOR 1 14.1 73.0\nFAN MOTOR 1 1.2 1/4')).toMatchObject({ rla: '14.1', lra: '73.0' });
  });

  it('reads a combined volts-phase-hertz rating', () => {
    expect(values('VOLTS-PH-HZ 208/230-1-60')).toMatchObject({ voltage: '208/230', phase: '1', frequency_hz: '60' });
    expect(values('V/PH/HZ: 460-3-60')).toMatchObject({ voltage: '460', phase: '3', frequency_hz: '60' });
  });

  it('does not take the phase for the hertz when units follow numbers', () => {
    expect(values('115 V  60 HZ  1 PH')).toMatchObject({ voltage: '115', frequency_hz: '60', phase: '1' });
    expect(values('208-230 VAC SINGLE PHASE')).toMatchObject({ voltage: '208/230', phase: '1' });
  });

  it.each([
    ['MIN. CIRCUIT AMPS 19.0\nMAX FUSE OR HACR BREAKER 30', '19.0', '30'],
    ['MINIMUM CIRCUIT AMPACITY: 26.4\nMAX. OVERCURRENT PROTECTION 40A', '26.4', '40'],
    ['MCA 15   MAX BREAKER 25', '15', '25'],
  ])('reads circuit ampacity and overcurrent protection: %#', (text, mca, mocp) => {
    expect(values(text)).toMatchObject({ mca, mocp });
  });

  it('reads a water heater plate', () => {
    const text = 'A. O. SMITH\nMODEL GCV-50 300\nSERIAL 1418A012345\nCAP. GAL 50\nINPUT 40,000 BTU/HR\nNAT. GAS\nMFG. DATE: 07/19';
    expect(values(text)).toMatchObject({
      brand: 'A.O. Smith',
      serial_number: '1418A012345',
      tank_gallons: '50',
      input_btuh: '40000',
      gas_type: 'natural',
      manufacture_date: '2019-07',
    });
    expect(values('RHEEM\nCAPACITY 40 U.S. GAL   INPUT 36,000 BTU/H').tank_gallons).toBe('40');
  });

  it.each([
    ['FOR USE WITH L.P. GAS ONLY', 'lp'],
    ['PROPANE', 'lp'],
    ['FOR USE WITH NATURAL GAS. CONVERTIBLE TO LP WITH KIT', 'natural'],
    ['GAS TYPE: NAT', undefined],
  ])('reads the gas type of %p', (text, gas) => {
    expect(values(text).gas_type).toBe(gas);
  });

  it.each([
    ['DATE OF MFG: MARCH 2014', '2014-03'],
    ['MANUFACTURED 04/2015', '2015-04'],
    ['MFD. 2015/04/17', '2015-04-17'],
    ['MFG DATE 03/15/2014', '2014-03-15'],
    ['MFG. DATE: 2O14-O3', '2014-03'],
    ['MANUFACTURED BY CARRIER CORPORATION', undefined],
    ['MFG DATE 01/2099', undefined],
  ])('reads the manufacture date of %p', (text, date) => {
    expect(values(text).manufacture_date).toBe(date);
  });

  it('reads refrigerants and charges in several units', () => {
    expect(values('REFRIGERANT R-32   CHARGE 1.2 KG')).toMatchObject({ refrigerant: 'R-32', refrigerant_charge: '1.2 kg' });
    expect(values('HFC-410A  FACTORY CHARGE 122 OZ')).toMatchObject({ refrigerant: 'R-410A', refrigerant_charge: '122 oz' });
    expect(values('R454B 5.5 LBS')).toMatchObject({ refrigerant: 'R-454B', refrigerant_charge: '5.5 lb' });
    expect(values('R-22')).toEqual({ refrigerant: 'R-22' });
  });

  it('reads capacity in BTU/h and tons', () => {
    expect(values('COOLING CAPACITY 36,000 BTU/H\nNOMINAL TONS 3')).toMatchObject({ capacity_btuh: '36000', tons: '3' });
    expect(values('2.5 TON SPLIT SYSTEM').tons).toBe('2.5');
  });

  it('matches brands tolerating OCR errors, but not short look-alike words', () => {
    expect(values('G00DMAN MANUFACTURING').brand).toBe('Goodman');
    expect(values('RHEEN').brand).toBe('Rheem');
    expect(values('BRADFORD WH1TE CORP').brand).toBe('Bradford White');
    expect(values('YORK').brand).toBe('York');
    expect(values('WORK LIGHT').brand).toBeUndefined();
    const exact = parseNameplateText('RHEEM', OPTIONS).fields.brand?.confidence ?? 0;
    const fuzzy = parseNameplateText('RHEEN', OPTIONS).fields.brand?.confidence ?? 1;
    expect(fuzzy).toBeLessThan(exact);
  });

  it('lets the decoders choose among OCR readings of a serial', () => {
    const isPlausibleSerial = jest.fn((brand: string | null, serial: string) => brand === 'Whirlpool' && /^[A-Z]\d{8}$/.test(serial));
    const { fields } = parseNameplateText('WHIRLPOOL\nSER. NO. KS1234567', { ...OPTIONS, isPlausibleSerial });
    expect(fields.serial_number?.value).toBe('K51234567');
    expect(fields.serial_number?.alternatives).toContain('KS1234567');
    expect(isPlausibleSerial).toHaveBeenCalledWith('Whirlpool', 'K51234567');
  });

  it('lowers the confidence of a serial the decoders reject, and survives a judge that throws', () => {
    const accepted = parseNameplateText('S/N 1504123456', { ...OPTIONS, isPlausibleSerial: () => true }).fields.serial_number;
    const rejected = parseNameplateText('S/N 1504123456', { ...OPTIONS, isPlausibleSerial: () => false }).fields.serial_number;
    const throwing = parseNameplateText('S/N 1504123456', {
      ...OPTIONS,
      isPlausibleSerial: () => {
        throw new Error('boom');
      },
    }).fields.serial_number;
    expect(rejected?.confidence).toBeLessThan(accepted?.confidence ?? 0);
    expect(throwing?.value).toBe('1504123456');
  });

  it('returns each field with confidence, the raw snippet, and the raw text', () => {
    const text = 'MODEL NO. 24ACC636A003';
    const parsed = parseNameplateText(text, OPTIONS);
    expect(parsed.raw_text).toBe(text);
    expect(parsed.fields.model_number).toEqual(expect.objectContaining({ value: '24ACC636A003', raw: 'MODEL NO. 24ACC636A003' }));
    expect(parsed.fields.model_number?.confidence).toBeGreaterThan(0.8);
  });

  it('finds nothing in text that is not a nameplate', () => {
    expect(values('')).toEqual({});
    expect(values('The quick brown fox jumps over the lazy dog.\nCall 555-0100 today')).toEqual({});
    expect(values('MODEL\nSERIAL\nVOLTS')).toEqual({});
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.array(fc.constantFrom('MODEL', 'S/N', 'VOLTS', 'PH', 'RLA LRA', '\n', '  ', 'R-', '60 HZ', '/'), { maxLength: 20 }),
        (noise, words) => {
          const parsed = parseNameplateText(`${noise} ${words.join(' ')} ${noise}`, OPTIONS);
          for (const field of Object.values(parsed.fields)) expect(field?.confidence).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
