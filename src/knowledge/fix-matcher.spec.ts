import { matchFix } from './fix-matcher';
import { loadKnowledgeBase } from './knowledge-base';

describe('matchFix', () => {
  const kb = loadKnowledgeBase();
  const problemOf = (note: string) => matchFix(kb, note)?.problemId;

  it('canonicalizes the usual ways of writing a flapper replacement', () => {
    for (const note of ['replaced flapper', 'new flapper installed', 'flapper replaced in toilet tank', 'Swapped out the flapper, toilet no longer running']) {
      expect(matchFix(kb, note)).toEqual({ problemId: 'toilet-flapper-worn', fix: 'Replace toilet flapper', score: expect.any(Number) });
    }
  });

  it('tells neighbouring fixes apart by the part named', () => {
    expect(problemOf('replaced fill valve')).toBe('toilet-fill-valve-failure');
    expect(problemOf('replaced capacitor on the condenser')).toBe('ac-capacitor-failure');
    expect(problemOf('replaced contactor')).toBe('ac-contactor-failure');
    expect(problemOf('Replaced thermocouple and relit pilot')).toBe('wh-gas-pilot-thermocouple');
    expect(problemOf('reset GFI in kitchen')).toBe('gfci-tripped');
    expect(problemOf('installed new 50 gal water heater')).toBe('wh-tank-leak');
    expect(problemOf('snaked kitchen drain, cleared grease')).toBe('kitchen-sink-clog');
    expect(problemOf('rekeyed front door')).toBe('lock-rekey');
  });

  it('lets only the problems a caller accepts compete', () => {
    const capacitor = matchFix(kb, 'replaced capacitor on the condenser', (p) => p.id !== 'ac-capacitor-failure');
    expect(capacitor?.problemId).not.toBe('ac-capacitor-failure');
    expect(matchFix(kb, 'replaced flapper', () => false)).toBeUndefined();
  });

  it('returns a score in 0..1', () => {
    const fix = matchFix(kb, 'cleaned the flame sensor');
    expect(fix?.problemId).toBe('furnace-flame-sensor');
    expect(fix?.score).toBeGreaterThan(0.7);
    expect(fix?.score).toBeLessThanOrEqual(1);
  });

  it('returns undefined when nothing matches confidently', () => {
    for (const note of ['', 'replaced', 'checked unit, no issue found', 'tenant not home, will return', 'completed', 'asdf']) {
      expect(matchFix(kb, note)).toBeUndefined();
    }
  });
});
