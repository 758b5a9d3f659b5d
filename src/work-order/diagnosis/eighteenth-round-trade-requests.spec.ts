import type { RankedRequest } from '../../../test/fixtures/dispatch/eleventh-round-requests';
import {
  ALSO_BROKEN_AFTER_AN_EMERGENCY,
  BACK_AND_UP_APART,
  BY_THE_ELEVATOR,
  FIXTURE_THEN_IT_BACKS_UP,
  PESTS_COMING_IN,
  PLACES_WITHOUT_A_DETERMINER,
  RAIN_THROUGH_A_CEILING,
  TREE_AT_A_DOOR,
  WATER_OUT_OF_A_DEVICE,
  WATER_RUNNING_OUT_OF,
} from '../../../test/fixtures/dispatch/eighteenth-round-trade-requests';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * Issue 21, eighteenth round (trade17): readings that took a request's words for another thing,
 * found in paraphrases of the real tune requests and the written sets, each kind written in four
 * styles (student housing, apartment tenants, a university CMMS, housing-code notices): "back" and
 * "up" apart read as a sewer backup, a complaint "also" broken leading an emergency told before it,
 * water running "out of" a wall read as hot water running out, a place by the elevator, a detector
 * or a light fixture, a window unit or a door that pests come through, and a door a limb blocks read
 * as the trade, water through a ceiling while it rains read as a pipe's, and a place a work order
 * names without a determiner ("NEXT TO ELEVATOR DOOR") read as the thing.
 */
describe('requests of the eighteenth round: words read for another thing (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const winter = new Date('2026-01-15T12:00:00Z');
  const { trades, problemIds } = offlineReadings(kb, winter);

  const groups: [string, RankedRequest[]][] = [
    ['"back" and "up" apart', BACK_AND_UP_APART],
    ['a fixture, then "it backs up"', FIXTURE_THEN_IT_BACKS_UP],
    ['one more thing "also" broken after an emergency', ALSO_BROKEN_AFTER_AN_EMERGENCY],
    ['water running out of a wall or a ceiling', WATER_RUNNING_OUT_OF],
    ['a thing by the elevator', BY_THE_ELEVATOR],
    ['water out of a device', WATER_OUT_OF_A_DEVICE],
    ['pests coming in through a thing', PESTS_COMING_IN],
    ['a tree or a limb at a door', TREE_AT_A_DOOR],
    ['rain through a ceiling', RAIN_THROUGH_A_CEILING],
    ['a place named without a determiner', PLACES_WITHOUT_A_DETERMINER],
  ];

  describe.each(groups)('%s', (_kind, requests) => {
    it.each(requests.filter((r) => r.rank === 1).map((r): [string, string[]] => [r.text, r.first]))('"%s" goes first to one of %p', (text, accepted) => {
      expect(accepted).toContain(trades(text)[0]);
    });

    it.each(requests.map((r): [string, string[]] => [r.text, r.listed]))('"%s" names one of %p', (text, accepted) => {
      expect(trades(text).some((t) => accepted.includes(t))).toBe(true);
    });
  });

  it.each(WATER_RUNNING_OUT_OF.map((r) => r.text))('offers no water heater for "%s"', (text) => {
    expect(trades(text)).not.toContain('water-heater');
  });

  it.each(BY_THE_ELEVATOR.map((r) => r.text))('offers no elevator mechanic for "%s"', (text) => {
    expect(trades(text)).not.toContain('elevator');
  });

  it('still reads hot water that runs out as the water heater', () => {
    expect(trades('the hot water runs out after five minutes in the shower')[0]).toBe('water-heater');
    expect(trades('we keep running out of hot water')[0]).toBe('water-heater');
  });

  it('still reads a sewer or a toilet backing up as a drain job', () => {
    expect(problemIds('toilet keeps backing up')[0]).toBe('toilet-clog');
    expect(trades('sewage backing up into the tub and the floor drain')[0]).toBe('drains-sewer');
    expect(trades('RR 114 FLOOR DRAIN BACKED UP')[0]).toBe('drains-sewer');
  });

  it('still sends the elevator mechanic for the elevator itself and its call button', () => {
    expect(trades('the elevator by the lobby is not working')[0]).toBe('elevator');
    expect(trades('the call button outside the elevator doesnt work')[0]).toBe('elevator');
  });

  it('reads "dor" as a door', () => {
    expect(trades('the bedroom dor is cracked')[0]).toBe('doors-locks');
    expect(trades('our apartment front dor wont lock')[0]).toBe('doors-locks');
  });

  it('still reads water through a window in the rain as the window', () => {
    expect(trades('when it rains water comes in around the bedroom window frame')[0]).toBe('windows-glass');
  });
});
