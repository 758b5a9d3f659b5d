import type { RankedRequest } from '../../../test/fixtures/dispatch/eleventh-round-requests';
import {
  AIR_EQUIPMENT_NOT_HEATING,
  COLD_STORAGE_ALARMS,
  EQUIPMENT_LOCKOUT,
  FABRICATION,
  FURNITURE_TAKEN_OUT,
  HOOD_OVER_THE_STOVE,
  LAB_GAS,
  PEOPLE_OPENING_WINDOWS,
  SIXTEENTH_ROUND_REQUESTS,
  THING_UNDER_A_FIXTURE,
  UNIT_WITHOUT_POWER,
  WINDOW_COVERINGS,
} from '../../../test/fixtures/dispatch/sixteenth-round-requests';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * Issue 21, sixteenth round: kinds of wrong trades a coordinator notices, each written in four styles
 * (student housing, apartment tenants, a university CMMS, housing-code notices): a unit without power
 * read as its fridge, window coverings read as the window, lab gas read as a kitchen stove, a thing
 * under a fixture read as the fixture, fabrication, equipment that "locked out", furniture taken out,
 * an air handler that does not heat read as cooling, windows people open against the heat read as the window,
 * the vent over a stove and "the light on it" read as a light fixture, a freezer's alarm read as a fire alarm.
 */
describe('requests of the sixteenth round: kinds of wrong trades (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const summer = new Date('2026-06-15T12:00:00Z');
  const { trades, problemIds } = offlineReadings(kb, summer);

  const groups: [string, RankedRequest[]][] = [
    ['a unit without power', UNIT_WITHOUT_POWER],
    ['window coverings', WINDOW_COVERINGS],
    ['lab gas', LAB_GAS],
    ['a thing under a fixture', THING_UNDER_A_FIXTURE],
    ['fabrication', FABRICATION],
    ['equipment that locked out', EQUIPMENT_LOCKOUT],
    ['furniture taken out', FURNITURE_TAKEN_OUT],
    ['air equipment that does not heat', AIR_EQUIPMENT_NOT_HEATING],
    ['people opening windows against the heat', PEOPLE_OPENING_WINDOWS],
    ['the hood over the stove', HOOD_OVER_THE_STOVE],
    ['cold storage alarms', COLD_STORAGE_ALARMS],
  ];

  describe.each(groups)('%s', (_kind, requests) => {
    it.each(requests.filter((r) => r.rank === 1).map((r): [string, string[]] => [r.text, r.first]))('"%s" goes first to one of %p', (text, accepted) => {
      expect(accepted).toContain(trades(text)[0]);
    });

    it.each(requests.filter((r) => r.rank !== 0).map((r): [string, string[]] => [r.text, r.listed]))('"%s" names one of %p', (text, accepted) => {
      expect(trades(text).some((t) => accepted.includes(t))).toBe(true);
    });
  });

  it('sends an accepted trade first on 90% of the round and names one on 95%', () => {
    const got = SIXTEENTH_ROUND_REQUESTS.map((r) => ({ r, trades: trades(r.text) }));
    expect(got.filter(({ r, trades }) => r.first.includes(trades[0])).length / got.length).toBeGreaterThanOrEqual(0.9);
    expect(got.filter(({ r, trades }) => trades.some((t) => r.listed.includes(t))).length / got.length).toBeGreaterThanOrEqual(0.95);
  });

  it('names the outage of the unit, not the fridge, when the lights are off with everything else', () => {
    expect(problemIds('everything in my apartment is off no lights no fridge but the hallway lights are on, breakers look ok')[0]).toBe('partial-power-loss');
    // The outlet works and the appliance does not: still the appliance.
    expect(trades('fridge not cooling, outlet works fine, I plugged a lamp in')[0]).toBe('appliance');
    expect(trades('the light in the fridge is out and it is warm inside')[0]).toBe('appliance');
  });

  it('names the handyman for a rotted cabinet under a sink, and keeps the plumber for a leak there', () => {
    expect(trades('the kitchen cabinet under the sink, the shelf rotted out')).toContain('general-handyman');
    expect(trades('leak under the kitchen sink, the cabinet floor is wet')[0]).toBe('plumbing');
  });

  it('names lab gas for a burner at a lab bench, and the stove for a burner in a kitchen', () => {
    expect(problemIds("Bunsen burner won't light")[0]).toBe('lab-gas-outlet-fault');
    expect(trades('gas burner on my stove will not light, it just clicks')[0]).toBe('appliance');
  });

  it("keeps broken window glass behind the blinds the glass shop's", () => {
    expect(trades('window glass cracked behind the blinds')[0]).toBe('windows-glass');
  });
});
