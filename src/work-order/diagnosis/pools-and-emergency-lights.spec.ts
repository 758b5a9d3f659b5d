import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * A pool's pump, filter or chemical feed had no problem of its own: "strong chlorine smell at the
 * pool" read as a gas piping leak, and "pool water" as standing water inside, an emergency. And the
 * facilities name for a twin-head emergency light, a "bug eye", was unknown.
 */
describe('pools and spas, and emergency lights called bug eyes', () => {
  const kb = loadKnowledgeBase();
  const { problemIds, trades } = offlineReadings(kb, new Date('2026-07-15T12:00:00Z'));

  it.each([
    'NATATORIUM - VERY STRONG CHLORINE SMELL ON POOL DECK',
    'the apartment pool water is cloudy and turning green',
    'Spa chlorinator not feeding, readings low',
    'community pool pump is not running',
  ])('"%s" is the pool equipment, for a plumber, and no emergency', (text) => {
    expect(problemIds(text)[0]).toBe('pool-equipment-fault');
    expect(trades(text)[0]).toBe('plumbing');
    expect(problemIds(text)).not.toContain('gas-line-leak');
    expect(triageUrgency(text, { coldSeason: false }).level).not.toBe('emergency');
  });

  it('a gas smell with no pool named is still a gas leak', () => {
    expect(problemIds('strong gas smell by the meter outside building C')).toContain('gas-line-leak');
  });

  it.each(['the bug eye over the stair exit does not light when tested', 'BLDG 4 - BUGEYES OUT IN CORRIDOR'])('"%s" is an emergency light', (text) => {
    expect(problemIds(text)[0]).toBe('exit-sign-out');
    expect(trades(text)[0]).toBe('fire-life-safety');
  });
});

/** A fire door that will not latch read only as a deadbolt out of line, and a broken irrigation line as the backflow preventer. */
describe('fire doors that will not latch, and broken irrigation lines', () => {
  const kb = loadKnowledgeBase();
  const { problemIds } = offlineReadings(kb, new Date('2026-07-15T12:00:00Z'));

  it.each(['HALL B - FIRE DOOR AT EAST STAIR WILL NOT LATCH', 'the smoke door on our floor does not latch when it closes'])(
    '"%s" offers the fire door',
    (text) => {
      expect(problemIds(text)).toContain('fire-door-not-closing');
    },
  );

  it.each(['QUAD - IRRIGATION LINE BROKEN BY THE FLAGPOLE', 'irrigation line broke next to the parking lot, water running down the curb'])(
    '"%s" is the irrigation, for the grounds crew',
    (text) => {
      expect(problemIds(text)[0]).toBe('irrigation-leak');
    },
  );
});
