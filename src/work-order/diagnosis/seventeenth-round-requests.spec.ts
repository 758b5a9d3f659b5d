import type { RankedRequest } from '../../../test/fixtures/dispatch/eleventh-round-requests';
import {
  ALSO_A_REQUEST,
  BATHROOM_FANS,
  COLD_ROOM_READINGS,
  FIRE_ESCAPES,
  HEAT_RUNNING_ON,
  LEAK_FROM_A_NAMED_SOURCE,
  LUKEWARM_WATER_READINGS,
  MISSING_DETECTORS,
  NO_MACHINE_NAMED,
  OUT_OF_ORDER_SIGNS,
  PLASTER,
  SCALDING_WATER_READINGS,
  SQUISHY_CARPET,
  WINDOW_GUARDS,
} from '../../../test/fixtures/dispatch/seventeenth-round-requests';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { complaintText } from '../../knowledge/work-order-text';
import { offlineReadings } from '../../../test/support/offline-readings';

/**
 * Issue 21, seventeenth round: readings a coordinator rejects at a glance, each kind written in four
 * styles (student housing, apartment tenants, a university CMMS, housing-code notices): a temperature
 * reading read as its opposite, an absent detector read as absent smoke, a fire escape read as a fire
 * alarm, window guards read as window glass, a machine's problem offered for a request naming no
 * machine, plaster unknown, a bathroom's fan read as a ceiling fan, an "out of order sign" read as
 * signage, a request dropped as a heading because an amount followed it; and, read from the written
 * tune sets by kind: a request after "also" read as the first complaint, a wet carpet read before the
 * source leaking onto it, a carpet that squishes read without the leak behind it, heat that runs on
 * in a warm room read as an AC.
 */
describe('requests of the seventeenth round: readings a coordinator rejects (issue 21)', () => {
  const kb = loadKnowledgeBase();
  const winter = new Date('2026-01-15T12:00:00Z');
  const { trades, problemIds } = offlineReadings(kb, winter);

  const groups: [string, RankedRequest[]][] = [
    ['lukewarm water readings', LUKEWARM_WATER_READINGS],
    ['scalding water readings', SCALDING_WATER_READINGS],
    ['cold room readings', COLD_ROOM_READINGS],
    ['missing detectors', MISSING_DETECTORS],
    ['fire escapes', FIRE_ESCAPES],
    ['window guards', WINDOW_GUARDS],
    ['plaster', PLASTER],
    ['out of order signs', OUT_OF_ORDER_SIGNS],
    ['"also" before a request', ALSO_A_REQUEST],
    ['a leak from a named source onto the floor', LEAK_FROM_A_NAMED_SOURCE],
    ['a carpet that squishes', SQUISHY_CARPET],
    ['heat running on', HEAT_RUNNING_ON],
  ];

  describe.each(groups)('%s', (_kind, requests) => {
    const firstOnes = requests.filter((r) => r.rank === 1);
    if (firstOnes.length > 0)
      it.each(firstOnes.map((r): [string, string[]] => [r.text, r.first]))('"%s" goes first to one of %p', (text, accepted) => {
        expect(accepted).toContain(trades(text)[0]);
      });

    it.each(requests.filter((r) => r.rank !== 0).map((r): [string, string[]] => [r.text, r.listed]))('"%s" names one of %p', (text, accepted) => {
      expect(trades(text).some((t) => accepted.includes(t))).toBe(true);
    });
  });

  it.each(LUKEWARM_WATER_READINGS.map((r) => r.text))('does not read "%s" as water too hot', (text) => {
    expect(problemIds(text)[0]).not.toBe('wh-water-too-hot');
  });

  it.each(SCALDING_WATER_READINGS.map((r) => r.text))('reads "%s" as water too hot', (text) => {
    expect(problemIds(text)[0]).toBe('wh-water-too-hot');
  });

  it.each(HEAT_RUNNING_ON.map((r) => r.text))('reads "%s" as heat that will not shut off', (text) => {
    expect(problemIds(text)[0]).toBe('heating-stuck-on');
  });

  it('reads a warm room reading as a room too hot, as before', () => {
    expect(trades('its 85 degrees in my room and the AC is off')[0]).toBe('hvac-cooling');
    expect(trades('BAS shows zone 4 at 84F')[0]).toBe('hvac-cooling');
  });

  it.each(MISSING_DETECTORS.map((r) => r.text))('reads "%s" as a smoke detector to install, not a low battery', (text) => {
    expect(problemIds(text)[0]).toBe('smoke-detector-missing');
  });

  it('still reads "no smoke" as absent smoke', () => {
    expect(problemIds('there is no smoke but the alarm in the hallway keeps going off')).not.toContain('smoke-or-fire-in-unit');
  });

  it.each(FIRE_ESCAPES.map((r) => r.text))('diagnoses "%s" as the fire escape, no fire-alarm device', (text) => {
    expect(problemIds(text)[0]).toBe('fire-escape-repair');
    expect(trades(text)).not.toContain('fire-life-safety');
  });

  it.each(WINDOW_GUARDS.map((r) => r.text))('diagnoses "%s" as the guard, not broken glass', (text) => {
    expect(problemIds(text)[0]).toBe('window-guard-broken');
  });

  it.each(NO_MACHINE_NAMED)('offers beside "%s" no problem of a machine it does not name', (text) => {
    expect(trades(text)).not.toContain('appliance');
    const folded = text.toLowerCase();
    const unnamed = problemIds(text)
      .map((id) => kb.problemById.get(id))
      .filter((p) => p?.named_by && !p.named_by.some((w) => new RegExp(`\\b${w}\\b`).test(folded)));
    expect(unnamed.map((p) => p?.id)).toEqual([]);
  });

  it('still names the machine when the request names it', () => {
    expect(problemIds('the dryer runs but the clothes come out cold and wet')[0]).toBe('dryer-not-heating');
    expect(problemIds('secadora no calienta')[0]).toBe('dryer-not-heating');
    expect(problemIds('dishwasher will not drain, water sits in the bottom')[0]).toBe('dishwasher-not-draining');
  });

  it.each(BATHROOM_FANS)('reads the fan of "%s" as the bathroom exhaust fan, not a ceiling fan', (text) => {
    const ids = problemIds(text);
    expect(ids).toContain('exhaust-fan-failure');
    expect(ids[0]).not.toBe('ceiling-fan-failure');
  });

  it('keeps a request whose heading is followed only by an amount', () => {
    const text = 'SMITH HALL - RM 108 - COPY CENTER EQUIPMENT POWER REVIEW - $1,200.00';
    expect(complaintText(text)).toMatch(/power review/i);
    expect(trades(text)[0]).toBe('electrical');
  });
});
