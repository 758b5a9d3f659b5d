import { parseIsoDate } from '../../common/iso-date';
import { assetIdentifiers, invoiceTotal, normalizeUrgency, splitTags, splitVendors } from './work-order-fields';

describe('work order fields', () => {
  it.each([
    ['Emergency', 'emergency'],
    ['CRITICAL - life safety', 'emergency'],
    ['P1', 'emergency'],
    ['Urgent', 'high'],
    ['ASAP', 'high'],
    ['Same day', 'high'],
    ['Non-urgent', 'low'],
    ['not urgent', 'low'],
    ['Low', 'low'],
    ['Routine', 'normal'],
    ['Medium', 'normal'],
    ['Standard', 'normal'],
    ['whenever you can', 'low'],
    ['Blue', null],
    ['', null],
  ])('reads urgency %p as %p', (text, expected) => {
    expect(normalizeUrgency(text)).toBe(expected);
  });

  it('splits vendors on semicolons, new lines and bars but keeps commas inside a name', () => {
    expect(splitVendors("ABC Plumbing; Joe's Handyman")).toEqual(['ABC Plumbing', "Joe's Handyman"]);
    expect(splitVendors('Smith, Jones & Co.\nAcme HVAC | acme hvac')).toEqual(['Smith, Jones & Co.', 'Acme HVAC']);
    expect(splitVendors('  ')).toEqual([]);
    expect(splitVendors(null)).toEqual([]);
  });

  it('splits tags on commas and semicolons', () => {
    expect(splitTags('plumbing, kitchen;leak ,, Leak')).toEqual(['plumbing', 'kitchen', 'leak']);
  });

  it.each([
    ['INV-2231 $245.10; INV-2232 $80', 325.1],
    ['$1,200.00 (parts) + $350 labor', 1550],
    ['USD 99.99', 99.99],
    ['80.00 USD', 80],
    ['INV-2231 245.10; INV-2232 80.25', 325.35],
    ['INV-2231, INV-2232', null],
    ['Invoice 4471', null],
    ['$99999999999', null],
    ['', null],
  ])('sums the amounts of invoices %p to %p', (text, expected) => {
    expect(invoiceTotal(text)).toBe(expected);
  });

  it('reads model and serial numbers from an asset text', () => {
    expect(assetIdentifiers('Carrier 24ACC636A003 s/n 1014E12345')).toEqual({ serial: '1014E12345', model: null, identifiers: ['1014E12345', '24ACC636A003'] });
    expect(assetIdentifiers('Rheem water heater, Model: XE50T10H45U0, Serial # Q031912345')).toMatchObject({ model: 'XE50T10H45U0', serial: 'Q031912345' });
    expect(assetIdentifiers('Kitchen faucet')).toEqual({ serial: null, model: null, identifiers: [] });
  });

  it('reads ISO dates without an offset as UTC, whatever the server time zone', () => {
    expect(parseIsoDate('2026-01-02T14:00').toISOString()).toBe('2026-01-02T14:00:00.000Z');
    expect(parseIsoDate('2026-01-02 14:00:00').toISOString()).toBe('2026-01-02T14:00:00.000Z');
    expect(parseIsoDate('2026-01-02T14:00:00-05:00').toISOString()).toBe('2026-01-02T19:00:00.000Z');
    expect(parseIsoDate('2026-01-03').toISOString()).toBe('2026-01-03T00:00:00.000Z');
  });
});
