import { unsureIdentifiers } from './nameplate-warnings';

describe('unsureIdentifiers', () => {
  it('flags each identifier read with little confidence, with its other readings, and leaves sure ones alone', () => {
    const warnings = unsureIdentifiers({
      brand: { value: 'Carrier', confidence: 0.92, raw: 'CARRIER' },
      model_number: { value: '24ACC636A003', confidence: 0.41, raw: '24ACC636AOO3', alternatives: ['24ACC636AOO3'] },
      serial_number: { value: '1014E12345', confidence: 0.59, raw: '1014E12345' },
      voltage: { value: '208/230', confidence: 0.2, raw: '208/230' },
    });
    expect(warnings).toEqual([
      'model number: read as "24ACC636A003" with low confidence (0.41); other readings: 24ACC636AOO3; check it against the plate',
      'serial number: read as "1014E12345" with low confidence (0.59); check it against the plate',
    ]);
  });
});
