import { decodeModel, normalizeModel } from './model-decoder';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

function specs(brand: string, model: string): Record<string, string> {
  return Object.fromEntries(decodeModel(knowledge, brand, model).specs.map((s) => [s.name, s.value]));
}

describe('decodeModel', () => {
  it.each([
    // [brand, model, equipment type, capacity_tons]
    ['carrier', '24ACC636A003', 'ac-condenser', '3'], // 24A = split AC, 36 = 36,000 BTU/h
    ['carrier', '25HCB648A003', 'heat-pump', '4'],
    ['carrier', '38YCC036', 'heat-pump', '3'],
    ['carrier', '38TKB024', 'ac-condenser', '2'],
    ['bryant', '113ANA030', 'ac-condenser', '2.5'],
    ['bryant', '213ANA042', 'heat-pump', '3.5'],
    ['payne', 'PA13NA060', 'ac-condenser', '5'],
    ['heil', 'N4A336AKA', 'ac-condenser', '3'],
    ['tempstar', 'N4H348AKA', 'heat-pump', '4'],
    ['goodman', 'GSX140361', 'ac-condenser', '3'],
    ['goodman', 'GSZ140241', 'heat-pump', '2'],
    ['amana-hvac', 'ASX140181', 'ac-condenser', '1.5'],
    ['daikin', 'DX14SA0361', 'ac-condenser', '3'],
    ['trane', '4TTR4036L1000A', 'ac-condenser', '3'],
    ['trane', '4TWR4048', 'heat-pump', '4'],
    ['american-standard', '4A7A4060', 'ac-condenser', '5'],
    ['lennox', 'XC13-036-230', 'ac-condenser', '3'],
    ['lennox', 'XP16-048', 'heat-pump', '4'],
    ['lennox', '14ACX-030-230', 'ac-condenser', '2.5'],
    ['lennox', 'EL16XC1-024', 'ac-condenser', '2'],
    ['rheem', 'RA1436AJ1NA', 'ac-condenser', '3'],
    ['ruud', 'RP1448AJ1NA', 'heat-pump', '4'],
    ['york', 'YCD036S41S1', 'ac-condenser', '3'],
    ['coleman', 'TCGD36S41S1', 'ac-condenser', '3'],
    ['luxaire', 'THGD42S41S1', 'heat-pump', '3.5'],
    ['mitsubishi-electric', 'MSZ-FH12NA', 'mini-split', '1'],
    ['mitsubishi-electric', 'MXZ-3C24NA', 'mini-split', '2'],
    ['fujitsu', 'AOU18RLXFZ', 'mini-split', '1.5'],
    ['lg', 'LS120HSV4', 'mini-split', '1'],
  ])('%s %s is a %s of %s tons', (brand, model, type, tons) => {
    const result = decodeModel(knowledge, brand, model);
    expect(result.equipmentType).toBe(type);
    expect(specs(brand, model).capacity_tons).toBe(tons);
    expect(specs(brand, model).capacity_btuh).toBe(String(Number(tons) * 12000));
  });

  it.each([
    ['goodman', 'GMVC960803BN', '80000', '96'], // 96% AFUE, 080 = 80,000 BTU/h input, 3-ton blower
    ['goodman', 'GMS80805CN', '80000', null], // GMS8 = 80% AFUE single stage
    ['carrier', '58STA090-16', '90000', null],
    ['trane', 'TUD1B060A9H31B', '60000', null],
    ['trane', 'TUD080R9V3K2', '80000', null], // older nomenclature: input right after TUD
    ['american-standard', 'AUH100R9V5K1', '100000', null],
    ['lennox', 'ML180UH070E36A', '70000', null],
    ['rheem', 'R96VA0702521MSA', '70000', null],
    ['york', 'TG9S080B12MP11', '80000', null],
    ['heil', 'N9MP1050B12B1', '50000', null],
  ])('%s %s is a gas furnace of %s BTU/h input', (brand, model, input, afue) => {
    const result = decodeModel(knowledge, brand, model);
    expect(result.equipmentType).toBe('gas-furnace');
    expect(specs(brand, model).input_btuh).toBe(input);
    expect(specs(brand, model).fuel).toBe('gas');
    if (afue) expect(specs(brand, model).afue).toBe(afue);
  });

  it.each([
    ['rheem', 'XG50T06EC36U1', 'tank-water-heater-gas', '50', 'gas'],
    ['rheem', 'XE40M06ST45U1', 'tank-water-heater-electric', '40', 'electric'],
    ['rheem', 'PROG50-38N RH67', 'tank-water-heater-gas', '50', 'gas'],
    ['rheem', 'XE50T10HD50U1', 'heat-pump-water-heater', '50', 'electric'],
    ['ao-smith', 'GCR-50 300', 'tank-water-heater-gas', '50', 'gas'],
    ['ao-smith', 'ECT-52 200', 'tank-water-heater-electric', '52', 'electric'],
    ['state', 'GS6-40-YBVIS', 'tank-water-heater-gas', '40', 'gas'],
    ['bradford-white', 'RG250T6N', 'tank-water-heater-gas', '50', 'gas'],
    ['bradford-white', 'RE350T6-1NCWW', 'tank-water-heater-electric', '50', 'electric'],
    ['bradford-white', 'RE2H50R10B-1NCWT', 'heat-pump-water-heater', '50', 'electric'],
    ['american-water-heater', 'G62-40T40-3NV', 'tank-water-heater-gas', '40', 'gas'],
  ])('%s %s is a %s of %s gallons', (brand, model, type, gallons, fuel) => {
    expect(decodeModel(knowledge, brand, model).equipmentType).toBe(type);
    expect(specs(brand, model)).toMatchObject({ tank_gallons: gallons, fuel });
  });

  it('reads the tank warranty years the model carries', () => {
    expect(specs('rheem', 'XG50T06EC36U1').tank_warranty_years).toBe('6');
    expect(specs('bradford-white', 'RG250T6N').tank_warranty_years).toBe('6');
  });

  it.each([
    ['whirlpool', 'WRF555SDFZ', 'refrigerator'],
    ['whirlpool', 'WDT730PAHZ', 'dishwasher'],
    ['whirlpool', 'WFE505W0HS', 'range'],
    ['whirlpool', 'YWED5000DW', 'dryer'],
    ['whirlpool', 'WTW5000DW', 'washer'],
    ['maytag', 'MVW6230HW', 'washer'],
    ['kitchenaid', 'KDTE334GPS', 'dishwasher'],
    ['ge', 'GTS18GTHWW', 'refrigerator'],
    ['ge', 'GSS25GSHSS', 'refrigerator'],
    ['ge', 'GDT665SSNSS', 'dishwasher'],
    ['ge', 'JB645RKSS', 'range'],
    ['ge', 'JTS5000SNSS', 'wall-oven'],
    ['ge', 'JVM3160RFSS', 'microwave'],
    ['hotpoint', 'HTS17GBSWW', 'refrigerator'],
    ['frigidaire', 'FFTR1821TW', 'refrigerator'],
    ['frigidaire', 'FFCD2418US', 'dishwasher'],
    ['lg', 'LFXS28968S', 'refrigerator'],
    ['lg', 'WM3400CW', 'washer'],
    ['samsung', 'RF28R7351SR', 'refrigerator'],
    ['samsung', 'DW80R5060US', 'dishwasher'],
    ['bosch', 'SHEM63W55N', 'dishwasher'],
    ['navien', 'NPE-240A2', 'tankless-water-heater'],
    ['rinnai', 'RU199iN', 'tankless-water-heater'],
    ['weil-mclain', 'Ultra-155', 'boiler'],
    // Room and through-the-wall units, common in apartments and dorms (review 12: FFRE0833U1 read as a dryer).
    ['frigidaire', 'FFRE0833U1', 'room-ac'],
    ['frigidaire', 'FFRA0511R1', 'room-ac'],
    ['frigidaire', 'FFRE4120SW', 'dryer'],
    ['lg', 'LW8016ER', 'room-ac'],
    ['amana-hvac', 'PTH123G35AXXX', 'ptac'],
    ['amana-hvac', 'PTC093G25AXXX', 'ptac'],
    ['ge', 'AZ41E09DAB', 'ptac'],
    // Speed Queen, the laundry-room brand of apartments and dorms (review 12: an unknown brand before).
    ['speed-queen', 'AWNE92SP113TW01', 'washer'],
    ['speed-queen', 'TR7003WN', 'washer'],
    ['speed-queen', 'SFNNXASP115TW01', 'washer'],
    ['speed-queen', 'ADEE9BGS173TW01', 'dryer'],
    ['speed-queen', 'DR7004WG', 'dryer'],
  ])('%s %s is a %s', (brand, model, type) => {
    expect(decodeModel(knowledge, brand, model).equipmentType).toBe(type);
  });

  it('reads the cooling capacity of room and through-the-wall units', () => {
    expect(specs('frigidaire', 'FFRE0833U1').capacity_btuh).toBe('8000');
    expect(specs('amana-hvac', 'PTH123G35AXXX').capacity_btuh).toBe('12000');
  });

  it('reads dryer fuel where the model encodes it', () => {
    expect(specs('whirlpool', 'WGD5000DW').fuel).toBe('gas');
    expect(specs('samsung', 'DVE45R6100C').fuel).toBe('electric');
    expect(specs('speed-queen', 'ADGE9BGS173TW01').fuel).toBe('gas');
    expect(specs('speed-queen', 'DR7004WE').fuel).toBe('electric');
  });

  it('reports the production window of refrigerant-coded families', () => {
    expect(decodeModel(knowledge, 'trane', '2TTR3036A1000AA').productionYears).toMatchObject({ from: 1985, to: 2010 });
    expect(decodeModel(knowledge, 'trane', '2TTR3036A1000AA').specs).toContainEqual({ name: 'refrigerant', value: 'R-22', unit: null });
    expect(decodeModel(knowledge, 'bradford-white', 'RG250T6N').productionYears).toMatchObject({ from: 2003, to: null });
  });

  it('drops a capacity code that is not a real size', () => {
    expect(decodeModel(knowledge, 'carrier', 'FV4CNF002').equipmentType).toBe('air-handler');
    expect(specs('carrier', 'FV4CNF002').capacity_tons).toBeUndefined();
  });

  it.each([
    // [brand, model as a coordinator notes it, equipment type, nominal SEER or null]
    ['goodman', 'GSX13', 'ac-condenser', '13'],
    ['goodman', 'GSZ14', 'heat-pump', '14'],
    ['amana-hvac', 'ASXC18', 'ac-condenser', '18'],
    ['daikin', 'DZ16TC', 'heat-pump', '16'],
    ['lennox', 'XC16', 'ac-condenser', null],
    ['lennox', 'XP 21', 'heat-pump', null],
    ['lennox', '14HPX', 'heat-pump', null],
    ['lennox', 'ML14XC1', 'ac-condenser', null],
    ['rheem', 'RA14', 'ac-condenser', '14'],
    ['ruud', 'UP15', 'heat-pump', '15'],
  ])('reads the product series %s %s without a size as %s', (brand, model, type, seer) => {
    const decoded = decodeModel(knowledge, brand, model);
    expect(decoded).toMatchObject({ equipmentType: type, seriesOnly: true });
    expect(specs(brand, model).capacity_tons).toBeUndefined();
    expect(specs(brand, model).efficiency).toBe(seer ?? undefined);
  });

  it('keeps reading the size when the full model follows the series', () => {
    expect(decodeModel(knowledge, 'goodman', 'GSX130361')).toMatchObject({ equipmentType: 'ac-condenser', seriesOnly: false });
    expect(specs('goodman', 'GSX130361').capacity_tons).toBe('3');
    expect(decodeModel(knowledge, 'lennox', 'XC16-036-230')).toMatchObject({ equipmentType: 'ac-condenser', seriesOnly: false });
  });

  it('does not read a product line sold both as an air conditioner and as a heat pump', () => {
    expect(decodeModel(knowledge, 'trane', 'XR13').equipmentType).toBeNull();
    expect(decodeModel(knowledge, 'carrier', 'Infinity 20').equipmentType).toBeNull();
  });

  it('returns nothing for unknown models, unknown brands and empty input', () => {
    expect(decodeModel(knowledge, 'carrier', 'XYZ-123')).toMatchObject({ ruleId: null, equipmentType: null, specs: [] });
    expect(decodeModel(knowledge, null, '24ACC636A003').equipmentType).toBeNull();
    expect(decodeModel(knowledge, 'carrier', '')).toMatchObject({ ruleId: null, equipmentType: null });
    expect(normalizeModel(' xc13-036/230 ')).toBe('XC13036230');
  });
});
