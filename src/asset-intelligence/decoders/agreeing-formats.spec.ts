import { buildAssetProfile } from './asset-profile.builder';
import { loadAssetKnowledge } from '../knowledge/knowledge.loader';

const knowledge = loadAssetKnowledge();
const NOW = new Date('2026-11-29');

/**
 * Review 28: a serial that two formats of the brand read as the same date has one reading. The
 * profile listed it twice ("Chosen" and "Not chosen: older reading; same year") and said the choice
 * ruled other readings out, as if the date were in doubt.
 */
describe('buildAssetProfile: formats that agree on the date', () => {
  it('Daikin DX16SA0361 / 1708123456: August 2017, listed once as the only reading', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Daikin', model: 'DX16SA0361', serial: '1708123456', now: NOW });
    expect(p.manufacture_date).toMatchObject({ year: 2017, month: 8 });
    expect(p.manufacture_date.candidates).toEqual([{ year: 2017, month: 8, reason: 'Chosen: the only reading of this serial' }]);
    expect(p.warnings).toEqual([]);
  });

  it('a serial whose code cycle gives two different years still lists both', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Bradford White', model: 'RG250T6N', serial: 'PJ1234567', now: NOW });
    expect(p.manufacture_date.candidates.map((c) => c.year)).toEqual([2017, 1997]);
  });
});

/**
 * Review 29: a reading a year outside a model family's years is kept, but its reason said it was
 * chosen because "the model family ... was made 1980-2004" beside the year 2005.
 */
describe('buildAssetProfile: a reading just outside the model family years', () => {
  it('Bradford White M250T6DS / BD1234567: 2005 is the nearest reading to 1980-2004, not one inside it', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Bradford White', model: 'M250T6DS', serial: 'BD1234567', now: NOW });
    expect(p.manufacture_date.year).toBe(2005);
    const chosen = p.manufacture_date.candidates.find((c) => c.year === 2005)!;
    expect(chosen.reason).toMatch(/^Chosen: the nearest reading to the years the model family \(.*\) was made, 1980-2004$/);
  });

  it('while a reading inside the years keeps its reason', () => {
    const p = buildAssetProfile(knowledge, { brand: 'Bradford White', model: 'RG250T6N', serial: 'XH9876543', now: NOW });
    expect(p.manufacture_date.candidates.find((c) => c.year === 2021)!.reason).toMatch(/^Chosen: the model family \(.*\) was made 2003-today$/);
  });
});
