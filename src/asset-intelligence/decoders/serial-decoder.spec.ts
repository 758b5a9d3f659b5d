import { isoWeeksInYear } from './calendar';
import { normalizeBrand } from './brand-normalizer';
import { normalizeSerial, readSerial } from './serial-decoder';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();

const NOW = new Date('2026-11-22T12:00:00Z');

/** Years of every reading of `serial` under `family`, most recent first. */
function years(family: string, serial: string, now = NOW): number[] {
  return [...new Set(readSerial(knowledge, serial, [family], now).readings.map((r) => r.year))].sort((a, b) => b - a);
}

function only(family: string, serial: string, now = NOW): { year: number; month: number | null; week: number | null; formatId: string } {
  const { readings } = readSerial(knowledge, serial, [family], now);
  expect(readings).toHaveLength(1);
  return readings[0];
}

describe('serial date formats: worked examples per family', () => {
  it.each([
    // [family, serial, year, month, week, format] — how each decodes is in the format's label.
    ['carrier', '1014E12345', 2014, 3, 10, 'carrier-wwyy'], // week 10, year 14, plant E
    ['carrier', '4006A17320', 2006, 10, 40, 'carrier-wwyy'],
    ['carrier', '850305091', 1985, 3, null, 'carrier-yymm-1980s'], // 1980s all-digit: year 85, month 03
    ['carrier', 'W4D14108', 1984, 9, null, 'carrier-month-year-1980'], // W = September, 4 = 1984
    ['carrier', 'A167990', 1971, 1, null, 'carrier-month-year-1970s'], // A = January, 1 = 1971
    ['icp', 'L943321238', 1994, 8, 33, 'icp-yyww'], // plant L, year 94, week 33
    ['icp', '9414B39332', 1994, 4, 14, 'icp-yyww'], // Tempstar 1990s without plant letter
    ['trane', '17103N6MF4', 2017, 3, 10, 'trane-yyww-2010'], // 2010+: year 17, week 10
    ['trane', '81422S41G', 2008, 4, 14, 'trane-yww-2002'], // 2002-2009: year 8, week 14
    ['trane', '227123456', 2002, 7, 27, 'trane-yww-2002'],
    ['trane', 'B50632891', 1987, 12, 50, 'trane-letter-1983'], // B = 1987, week 50
    ['goodman', '1406123456', 2014, 6, null, 'goodman-yymm'], // year 14, month 06
    ['daikin', '1907123456', 2019, 7, null, 'daikin-yymm'],
    ['rheem-hvac', 'W291013412', 2010, 7, 29, 'rheem-hvac-wwyy'], // line W, week 29, year 10
    ['rheem-hvac', '0R177M280700097', 2007, 7, 28, 'rheem-hvac-wwyy'], // plant 0R177, line M, week 28, year 07
    ['rheem-water-heater', '0585A35604', 1985, 5, null, 'rheem-wh-mmyy'], // month 05, year 85
    ['rheem-water-heater', 'Q0419E12345', 2019, 4, null, 'rheem-wh-mmyy'], // prefix Q, month 04, year 19
    ['lennox', '5808H12345', 2008, 8, null, 'lennox-yy-month'], // plant 58, year 08, H = August
    ['lennox', '1215M1234', 2015, 12, null, 'lennox-yy-month'],
    ['york', 'W0E5195159', 2005, 5, null, 'york-2004'], // Wichita, 0+5 = 2005, E = May
    ['york', 'N1G7123456', 2017, 7, null, 'york-2004'],
    ['ao-smith', '1805A012345', 2018, 2, 5, 'ao-smith-yyww'], // year 18, week 05
    ['ao-smith', 'MJ98123456', 1998, 9, null, 'ao-smith-letter-month'], // plant M, J = September, 98
    ['ao-smith', 'C05123456', 2005, 3, null, 'state-letter-month'], // State: C = March, 05
    ['american-water-heater', '1210A002243', 2012, 3, 10, 'american-yyww'],
    ['american-water-heater', 'F05A12345', 2005, 6, null, 'american-letter-month'],
    ['rinnai', '0703123456', 2007, 3, null, 'rinnai-yymm'],
    ['rinnai', 'JL1234567', 2017, 11, null, 'rinnai-letters'], // J = 2017, L = November
    ['whirlpool', 'MT2513399', 2006, 6, 25, 'whirlpool-letter-year'], // plant M, T = 2006, week 25
    ['whirlpool', 'CR3912345', 2004, 9, 39, 'whirlpool-letter-year'], // plant C (Clyde), R = 2004
    ['samsung', 'W66143BH400494B', 2016, 4, null, 'samsung-15'], // 8th char H = 2016, 9th 4 = April
    ['alliance', '2309024571', 2023, 9, null, 'alliance-yymm'], // Speed Queen: 23 = 2023, 09 = September (review 12)
    ['alliance', '1403012345', 2014, 3, null, 'alliance-yymm'],
    // Added for issue 14; the source of each rule is in its format's `source`.
    ['nordyne', 'GBB030708229', 2003, 7, null, 'nordyne-yymm'], // Nordyne/Philco: letters, 03 = 2003, 07 = July
    ['carrier', '3188123456', 1988, 8, 31, 'bryant-wwyy-digits'], // Bryant all-digit: week 31 of 1988
    ['carrier', '23X12345', 1970, 6, 23, 'bryant-week-letter-1964'], // Bryant 1964-1979: week 23, X = 1970
    ['rheem-hvac', 'RAF280712345', 2007, 7, 28, 'rheem-hvac-plant-letters'], // plant RA, line F, week 28, year 07
    ['lennox', '12A56JK123', 1965, 1, null, 'lennox-day-month-reversed-year'], // day 12, A = January, 56 reversed = 65
    ['lennox', 'A68123XDY', 1968, 4, null, 'lennox-letter-digits-letters'], // 68 = 1968, middle letter D = April
    ['lennox', '1234560212', 2002, 3, 12, 'lennox-all-digit-yyww'], // last four: 02 = 2002, week 12
    ['samsung-hvac', '0ZTH4A1234', 2016, 4, null, 'samsung-hvac-10'], // 4th H = 2016, 5th 4 = April
    ['gsw', '0331263882', 2003, 7, 31, 'gsw-yyww'], // 03 = 2003, week 31
    ['gsw', 'U1117F700633', 2011, 4, 17, 'gsw-letter-yyww'], // 11 = 2011, week 17
    ['marathon', '0189123', 1989, 1, null, 'marathon-mmyy'], // 01 = January, 89 = 1989
    ['american-water-heater', 'M07A127970', 2007, 3, 12, 'american-plant-yy-ww'], // plant M, 07 = 2007, week 12
    ['ao-smith', '4D051234567', 2005, 4, null, 'ao-smith-letter-month'], // first character a digit, D = April, 05
    ['bosch', 'FD900600067', 2010, 6, null, 'bosch-fd-2010s'], // FD 9006: 90 + 20 = 110 -> 2010, 06 = June
    ['bosch', 'FD8107', 2001, 7, null, 'bosch-fd-2000s'], // 81 + 20 = 101 -> 2001, July
    ['bosch', 'FD0103', 2021, 3, null, 'bosch-fd-2020s'], // 01 + 20 = 21 -> 2021, March
    ['bosch', 'FD7605', 1996, 5, null, 'bosch-fd-1990s'], // 76 + 20 = 96 -> 1996, May
  ])('%s %s reads as %i', (family, serial, year, month, week, formatId) => {
    const r = only(family, serial);
    expect(r).toMatchObject({ year, month, week, formatId });
  });

  it.each([
    // Cyclic codes: every year the code can mean, up to today.
    ['bradford-white', 'BH6511396', [2025, 2005, 1985]], // B = 1985/2005/2025, H = August
    ['bradford-white', 'WC9876553', [2020, 2000]], // Bradford White's own example: W = 2000 (or 2020), C = March
    ['lochinvar', 'KB0123456', [2013, 1993, 1973]],
    ['ge', 'LR821547C', [2020, 2008, 1996, 1984]], // L = June, R = 1984/1996/2008/2020
    ['ge', 'AD123456', [2026, 2014, 2002, 1990, 1978]], // A = January, D = 1978 ... 2026
    ['whirlpool', 'M32323892', [2023, 2013, 1983]], // digit 3: 1983, 2013 or 2023 (letters were used 1990-2009)
    ['frigidaire', 'BA72602536', [2017, 2007, 1997, 1987]], // plant BA, 7 = year ends in 7, week 26
    ['lg', '603KWWZ73713', [2026, 2016, 2006, 1996]], // 6 = year ends in 6, 03 = March
    ['mitsubishi', '54U12345', [2025, 2015, 2005]],
    ['york', 'XBFM220710', [1997, 1976]], // F = 1976 or 1997 (21-year cycle), B = February
    ['goodman', 'BB80200127', [2001, 1991, 1981, 1971]], // Amana BLACKHORSE: B = 1
  ])('%s %s fits every year of its cycle', (family, serial, expected) => {
    expect(years(family, serial)).toEqual(expected);
  });
});

/** Readings of `serial` under the serial families of the brand named `brand`, as the asset profile looks them up. */
function readAs(brand: string, serial: string, now = NOW): Array<{ year: number; month: number | null; week: number | null; formatId: string }> {
  const match = normalizeBrand(knowledge, brand);
  expect(match.brand).not.toBeNull();
  return readSerial(knowledge, serial, match.brand!.serialFamilies, now).readings;
}

describe('Bard (June 1980 on: part digits, month letter, two-digit year)', () => {
  it.each([
    // howtolookatahouse.com, "How can I tell the age of a Bard air conditioner from the serial number?" (2018):
    // 93H860440715 is given as 1986; the month (H = June) is read from the Bard month chart.
    ['93H860440715', 1986, 6],
    // The template of the InterNACHI furnace age chart / hauckbrothers.com: 123 H80 1234567 02 = June 1980.
    ['123 H80 1234567 02', 1980, 6],
    // Constructed to the documented rule (no published example): P = December, 05 = 2005, no plant code.
    ['123P051234567', 2005, 12],
    // Constructed: F = May (E and G are not used), 19 = 2019, plant 02 (Georgia).
    ['456F19765432102', 2019, 5],
  ])('Bard %s reads as %i, month %i', (serial, year, month) => {
    expect(readAs('Bard', serial)).toEqual([expect.objectContaining({ year, month, week: null, formatId: 'bard-month-yy' })]);
  });

  it.each([
    // InterNACHI furnace age chart / hauckbrothers.com template for April-May 1980: 123 D A 123456 = April 1980.
    ['123DA123456', 1980, 4, 'bard-spring-1980'],
    // Constructed to the same rule: F = May 1980.
    ['987FA654321', 1980, 5, 'bard-spring-1980'],
    // Template of the 1962 - March 1980 style in the same charts: 123456 A D = January 1964.
    ['123456AD', 1964, 1, 'bard-pre-1980'],
    // Constructed to the rule: M = December, U = 1979.
    ['654321MU', 1979, 12, 'bard-pre-1980'],
  ])('older Bard style %s reads as %i, month %i', (serial, year, month, formatId) => {
    expect(readAs('Bard', serial)).toEqual([expect.objectContaining({ year, month, formatId })]);
  });

  it('leaves out the year letters the published Bard charts disagree on (O and P)', () => {
    expect(readSerial(knowledge, '123456AO', ['bard'], NOW).readings).toEqual([]);
    expect(readSerial(knowledge, '123456AP', ['bard'], NOW).readings).toEqual([]);
  });

  it('rejects letters the Bard month code does not use', () => {
    expect(readSerial(knowledge, '123E801234567', ['bard'], NOW).readings).toEqual([]); // E was not used
    expect(readSerial(knowledge, '123G801234567', ['bard'], NOW).readings).toEqual([]); // G was not used
  });

  it('does not read serials of other brands with the Bard rule, nor Bard serials with theirs', () => {
    for (const other of ['4006A17320', 'L943321238', '1406123456', '5808H12345', 'BH6511396', '1805A012345']) {
      expect(readSerial(knowledge, other, ['bard'], NOW).readings).toEqual([]);
    }
    expect(readAs('Carrier', '93H860440715')).toEqual([]);
    expect(readAs('Lennox', '93H860440715')).toEqual([]);
    expect(readAs('Tempstar', '93H860440715')).toEqual([]);
  });
});

describe('ICP brands (plant letter, year, week)', () => {
  it.each([
    // Furnace age chart (studylib.net/doc/9049543): Arcoaire / Airquest R883512345 = 35th week of 1988 (09/88).
    ['Airquest', 'R883512345', 1988, 9, 35],
    ['Arcoaire', 'R883512345', 1988, 9, 35],
    // Tempstar owner's example quoted on d1scussed.netlify.app/tempstar-serial-number: L970751855 = week 7 of 1997.
    ['Tempstar', 'L970751855', 1997, 2, 7],
    // intrysys.com ICP worked example: L943321238 = week 33 of 1994 (the plant letter L misread as a month in a NACHI thread).
    ['Heil', 'L943321238', 1994, 8, 33],
    ['Comfortmaker', 'L943321238', 1994, 8, 33],
  ])('%s %s reads as %i', (brand, serial, year, month, week) => {
    expect(readAs(brand, serial)).toEqual([expect.objectContaining({ year, month, week, formatId: 'icp-yyww' })]);
  });

  it('reads a Carrier week-first serial differently from an ICP year-first one', () => {
    // 4006A17320 is week 40 of 2006 for Carrier; under the ICP rule 40 would be the year and 06 the week (1940: outside the era).
    expect(readAs('Carrier', '4006A17320')).toEqual([expect.objectContaining({ year: 2006, week: 40 })]);
    expect(readAs('Heil', '4006A17320')).toEqual([]);
  });
});

describe('A. O. Smith family: Reliance and State', () => {
  it.each([
    // InterNACHI thread "Water heater date code" (forum.nachi.org/t/water-heater-date-code/48546): Reliance 0833A032628 = week 33 of 2008.
    ['Reliance', '0833A032628', 2008, 8, 33, 'ao-smith-yyww'],
    // stesso.com water heater guide: A. O. Smith, State and Reliance serials starting 1805 = week 5 of 2018 (rest constructed).
    ['State', '1805A012345', 2018, 2, 5, 'ao-smith-yyww'],
    // Same thread: State's pre-2008 code C05... = March 2005 (rest of the serial constructed).
    ['State Water Heaters', 'C05123456', 2005, 3, null, 'state-letter-month'],
  ])('%s %s reads as %i', (brand, serial, year, month, week, formatId) => {
    expect(readAs(brand, serial)).toEqual([expect.objectContaining({ year, month, week, formatId })]);
  });

  it('does not read a Bradford White serial with the A. O. Smith rules', () => {
    expect(readAs('Reliance', 'BH6511396')).toEqual([]);
  });
});

describe('Bradford White special case and cycle', () => {
  it('reads the OA serials of January 1997 (Bradford White Service Bulletin #100; digits constructed)', () => {
    expect(readAs('Bradford White', 'OA1234567')).toEqual([expect.objectContaining({ year: 1997, month: 1, formatId: 'bradford-white-oa-1997' })]);
    expect(readAs('Bradford White', 'OA98765432')).toEqual([expect.objectContaining({ year: 1997, month: 1 })]);
    expect(readAs('Bradford White', 'OB1234567')).toEqual([]); // only OA was misprinted; O is not a year letter
  });

  it('gives both years of the 20-year cycle for the bulletin example KA (January 1993)', () => {
    expect(years('bradford-white', 'KA1234567')).toEqual([2013, 1993]);
  });

  it('does not read an OA serial under another brand', () => {
    expect(readAs('Rheem', 'OA1234567')).toEqual([]);
    expect(readAs('A. O. Smith', 'OA1234567')).toEqual([]);
  });
});

describe('Samsung 11-character serials (date code 4th and 5th, i.e. 8th and 7th from the right)', () => {
  it.each([
    // Constructed to the documented rule (no published 11-character example agrees with the year table): H = 2016, 4 = April.
    ['0A9H4123456', 2016, 4],
    // Constructed: D = 2013, C = December.
    ['R3XDC000271', 2013, 12],
    // Constructed: B = 2011, A = October.
    ['WW8BA654321', 2011, 10],
  ])('Samsung %s reads as %i, month %i', (serial, year, month) => {
    expect(readAs('Samsung', serial)).toEqual([expect.objectContaining({ year, month, formatId: 'samsung-11' })]);
  });

  it('still reads the 15-character serial at the 8th and 9th characters only', () => {
    expect(readAs('Samsung', 'W66143BH400494B')).toEqual([expect.objectContaining({ year: 2016, month: 4, formatId: 'samsung-15' })]);
  });

  it('does not read 11-character serials of other brands with the Samsung rule', () => {
    expect(readAs('Samsung', '1805A012345')).toEqual([]); // A. O. Smith shape: A is not a Samsung year letter
    expect(readAs('Samsung', '0833A032628')).toEqual([]);
    expect(readAs('Whirlpool', '0A9H4123456')).toEqual([]);
    expect(readAs('LG', '0A9H4123456')).toEqual([]);
  });
});

describe('era boundaries', () => {
  it('reads Trane 9-character serials only for 2002-2009 and 10-character ones from 2010', () => {
    expect(years('trane', '927123456')).toEqual([2009]);
    expect(years('trane', '127123456')).toEqual([]); // digit 1 would be 2001: not a year of that style
    expect(years('trane', '10011ABCDE')).toEqual([2010]);
    const before = readSerial(knowledge, '09011ABCDE', ['trane'], NOW);
    expect(before.readings).toEqual([]);
    expect(before.rejections.join()).toMatch(/era \(2010-today\)/);
  });

  it('ends the York letter style in 2004 and the Carrier all-digit style in 1989', () => {
    expect(years('york', 'XBNM220710')).toEqual([2004, 1983]); // N = 1983 or 2004 (last year of the style)
    expect(years('york', 'XBPM220710')).toEqual([1984]); // P would be 2005: after the style ended
    expect(years('carrier', '950305091')).toEqual([]);
  });

  it('skips the Whirlpool digit years while letters were in use (1990-2009)', () => {
    expect(years('whirlpool', 'C00512345')).toEqual([2020, 2010, 1980]);
  });

  it('never returns a date in the future', () => {
    const march2026 = new Date('2026-03-01T00:00:00Z');
    expect(years('ge', 'ZD123456', march2026)).toEqual([2014, 2002, 1990, 1978]); // December 2026 is still ahead
    expect(years('carrier', '5026A12345', march2026)).toEqual([]); // week 50 of 2026 is ahead
    expect(years('goodman', '2702123456', march2026)).toEqual([]); // 2027
  });

  it('accepts week 53 only in years that have one', () => {
    expect(isoWeeksInYear(2015)).toBe(53);
    expect(isoWeeksInYear(2016)).toBe(52);
    expect(years('icp', 'L155312345')).toEqual([2015]);
    expect(years('icp', 'L165312345')).toEqual([]);
  });
});

describe('malformed serials', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too short', '10'],
    ['wrong letters', 'ZZZZZZZZZZ'],
    ['all zeros', '0000000000'],
    ['week zero', '0014E12345'],
    ['week 60', '6014E12345'],
    ['symbols only', '#!?*'],
  ])('%s gives no reading and does not throw', (_name, serial) => {
    for (const family of ['carrier', 'goodman', 'trane', 'ge', 'bradford-white', 'whirlpool', 'samsung', 'lg']) {
      expect(readSerial(knowledge, serial, [family], NOW).readings).toEqual([]);
    }
  });

  it('explains why a matching layout gave no date', () => {
    expect(readSerial(knowledge, '0000000000', ['goodman'], NOW).rejections.join()).toMatch(/"00" is not a valid month/);
    expect(readSerial(knowledge, '0014E12345', ['carrier'], NOW).rejections.join()).toMatch(/week 00 is not a valid week/);
  });

  it('ignores case, spaces, dashes and dots', () => {
    expect(normalizeSerial(' 1014-e 12.345 ')).toBe('1014E12345');
    for (const s of ['1014e12345', ' 1014 E12345 ', '1014-E-12345']) expect(years('carrier', s)).toEqual([2014]);
  });
});
