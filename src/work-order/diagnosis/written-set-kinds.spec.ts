import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * Issue 21, session 20: kinds of wrong trades read in the misses of a set written by someone who
 * never saw the service, each told here in our own words (student housing, tenants, a university
 * CMMS, a housing-code notice). None of that set's requests is copied.
 */
describe('written-set kinds: the trade a coordinator sends', () => {
  const kb = loadKnowledgeBase();
  const { trades } = offlineReadings(kb, new Date('2026-01-15T12:00:00Z'));

  it.each([
    'water running out from under the closet door onto the hallway carpet',
    'WATER RUNNING OUT FROM UNDER MECH ROOM DOOR INTO CORRIDOR',
    'theres water pouring out from under the laundry room door and across the floor',
  ])('water running out from under something is a leak, not hot water running out: %p', (text) => {
    expect(trades(text)[0]).toBe('plumbing');
  });

  it('hot water that runs out is still the water heater', () => {
    expect(trades('hot water runs out after five minutes in the shower')[0]).toBe('water-heater');
  });

  it.each(['Library Annex roof: slow leak over the periodicals room, drip into a pail', 'Bldg 7 roof: water coming in over the 4th floor stairwell'])(
    'a heading that names the roof keeps it: %p',
    (text) => {
      expect(trades(text)[0]).toBe('roofing-gutters');
    },
  );

  it('a heading that names a cold room keeps it: its alarm is no fire alarm', () => {
    expect(trades('Zoology cold room C-12: alarm going off, reads 15C, should be 4C')[0]).not.toBe('fire-life-safety');
  });

  it.each([
    'hi, RA here: water is running out from under the mop closet door and soaking the hall carpet. the study lounge printer is also jammed but thats not urgent',
    'Student reports water coming out from under the mech room door onto the carpet. The microwave in the kitchenette is also dead, no rush.',
  ])('a second complaint the writer marks as not urgent does not lead: %p', (text) => {
    expect(trades(text)[0]).toBe('plumbing');
  });
});
