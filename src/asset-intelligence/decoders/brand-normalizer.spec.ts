import { brandKey, editDistance, normalizeBrand } from './brand-normalizer';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

describe('normalizeBrand', () => {
  it.each([
    ['A.O. Smith', 'ao-smith'],
    ['AO Smith', 'ao-smith'],
    ['A. O. Smith', 'ao-smith'],
    ['AOSmith', 'ao-smith'],
    ['ao smith', 'ao-smith'],
    ['State Water Heaters', 'state'],
    ['American Water Heater Company', 'american-water-heater'],
    ['Lochinvar', 'lochinvar'],
    ['RHEEM', 'rheem'],
    ['Ruud', 'ruud'],
    ['Richmond', 'richmond'],
    ['Bradford-White', 'bradford-white'],
    ['Goodman Manufacturing', 'goodman'],
    ['Janitrol', 'janitrol'],
    ['Daikin', 'daikin'],
    ['Carrier Corporation', 'carrier'],
    ['Bryant', 'bryant'],
    ['Payne', 'payne'],
    ['International Comfort Products', 'icp'],
    ['Heil', 'heil'],
    ['Tempstar', 'tempstar'],
    ['Comfortmaker', 'comfortmaker'],
    ['Arcoaire', 'arcoaire'],
    ['KeepRite', 'keeprite'],
    ['Day & Night', 'day-and-night'],
    ['Day and Night', 'day-and-night'],
    ['York', 'york'],
    ['Coleman', 'coleman'],
    ['Luxaire', 'luxaire'],
    ['Champion', 'champion'],
    ['Trane', 'trane'],
    ['American Standard', 'american-standard'],
    ['Lennox', 'lennox'],
    ['Ducane', 'ducane'],
    ['Armstrong Air', 'armstrong-air'],
    ['AirEase', 'airease'],
    ['Concord', 'concord'],
    ['Nordyne', 'nordyne'],
    ['Gibson', 'gibson'],
    ['Tappan', 'tappan'],
    ['Westinghouse', 'westinghouse-hvac'],
    ['Mitsubishi', 'mitsubishi-electric'],
    ['Fujitsu', 'fujitsu'],
    ['LG Electronics', 'lg'],
    ['Samsung', 'samsung'],
    ['Whirlpool', 'whirlpool'],
    ['KitchenAid', 'kitchenaid'],
    ['Jenn-Air', 'jenn-air'],
    ['Roper', 'roper'],
    ['Estate', 'estate'],
    ['GE', 'ge'],
    ['General Electric', 'ge'],
    ['GE Appliances', 'ge'],
    ['Hotpoint', 'hotpoint'],
    ['Haier', 'haier'],
    ['Electrolux', 'electrolux'],
    ['Kenmore', 'kenmore'],
    ['Bosch', 'bosch'],
    ['Navien', 'navien'],
    ['Rinnai', 'rinnai'],
    ['Noritz', 'noritz'],
    ['Weil McLain', 'weil-mclain'],
    ['Burnham', 'burnham'],
  ])('recognises %s exactly', (input, id) => {
    const m = normalizeBrand(knowledge, input);
    expect(m.brand?.id).toBe(id);
    expect(m.matchedBy).toBe('exact');
    expect(m.confidence).toBe(1);
  });

  it('reports the parent manufacturer and the sister brands', () => {
    const carrier = normalizeBrand(knowledge, 'Carrier').brand!;
    expect(carrier.manufacturer).toBe('Carrier Global');
    expect(carrier.sisterBrands).toEqual(expect.arrayContaining(['bryant', 'payne']));
    expect(normalizeBrand(knowledge, 'Tempstar').brand!.manufacturer).toBe('Carrier Global');
    expect(normalizeBrand(knowledge, 'Luxaire').brand!.manufacturer).toBe('Johnson Controls');
    expect(normalizeBrand(knowledge, 'State').brand!.manufacturer).toBe('A. O. Smith Corporation');
    expect(normalizeBrand(knowledge, 'Hotpoint').brand!.serialFamilies).toEqual(['ge']);
  });

  it.each([
    ['Carier', 'carrier'],
    ['Carrrier', 'carrier'],
    ['Goodmann', 'goodman'],
    ['Rheeem', 'rheem'],
    ['Bradford Whtie', 'bradford-white'],
    ['Whirpool', 'whirlpool'],
    ['Frigidare', 'frigidaire'],
    ['Lenox', 'lennox'],
    ['Mitsubishi Electirc', 'mitsubishi-electric'],
    ['Rinai', 'rinnai'],
  ])('reads the misspelling %s as %s with less than full confidence', (input, id) => {
    const m = normalizeBrand(knowledge, input);
    expect(m.brand?.id).toBe(id);
    expect(['fuzzy', 'prefix']).toContain(m.matchedBy);
    expect(m.confidence).toBeGreaterThanOrEqual(0.5);
    expect(m.confidence).toBeLessThan(1);
    expect(m.note).toMatch(/misspelling|begins with/);
  });

  it('recognises a brand followed by extra words', () => {
    const m = normalizeBrand(knowledge, 'Rheem Water Heaters Inc');
    expect(m.brand?.id).toBe('rheem');
    expect(m.matchedBy).toBe('prefix');
  });

  it('tells Amana HVAC from Amana appliances by the model number', () => {
    expect(normalizeBrand(knowledge, 'Amana', { model: 'ASX140361' }).brand?.id).toBe('amana-hvac');
    expect(normalizeBrand(knowledge, 'Amana', { model: 'NTW4516FW' }).brand?.id).toBe('amana-appliances');
    expect(normalizeBrand(knowledge, 'Amana', { category: 'appliance' }).brand?.id).toBe('amana-appliances');
    const unsure = normalizeBrand(knowledge, 'Amana');
    expect(unsure.brand?.id).toBe('amana-hvac');
    expect(unsure.alternatives.map((b) => b.id)).toEqual(['amana-appliances']);
    expect(unsure.confidence).toBeLessThanOrEqual(0.6);
  });

  it('tells Frigidaire appliances from Frigidaire HVAC and Maytag appliances from Maytag HVAC', () => {
    expect(normalizeBrand(knowledge, 'Frigidaire', { model: 'FFTR1821TW' }).brand?.id).toBe('frigidaire');
    expect(normalizeBrand(knowledge, 'Frigidaire', { model: 'FS4BF-036KA' }).brand?.id).toBe('frigidaire-hvac');
    expect(normalizeBrand(knowledge, 'Maytag', { model: 'MVW6230HW' }).brand?.id).toBe('maytag');
    expect(normalizeBrand(knowledge, 'Maytag', { model: 'PSA1BG036' }).brand?.id).toBe('maytag-hvac');
  });

  it.each([['Acme Cooling'], ['Zzyzx'], ['XYZ']])('flags unknown brand %s without throwing', (input) => {
    const m = normalizeBrand(knowledge, input);
    expect(m.brand).toBeNull();
    expect(m.matchedBy).toBe('unknown');
    expect(m.confidence).toBe(0);
  });

  it.each([[''], ['   '], [null], [undefined]])('handles an empty brand (%p)', (input) => {
    expect(normalizeBrand(knowledge, input)).toMatchObject({ brand: null, matchedBy: 'empty', confidence: 0 });
  });

  it('computes keys and edit distances', () => {
    expect(brandKey('Day & Night')).toBe('dayandnight');
    expect(brandKey('Carrier Corp.', true)).toBe('carrier');
    expect(editDistance('carrier', 'carier')).toBe(1);
    expect(editDistance('lennox', 'lenonx')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });
});
