import { triageUrgency } from './urgency-triage';

/**
 * A clause after "but" that opens on "does not", "did not" or "never" goes on about the thing the
 * clause before named: "the microwave turns on but does not heat" is a microwave that does not heat,
 * not a home without heat in winter (it read as a no-heat emergency).
 */
describe('a predicate written out after "but" keeps the subject said before it', () => {
  const winter = { coldSeason: true };

  it.each([
    'Microwave turns on but does not heat',
    'the dryer in laundry room 2 runs but does not heat',
    'our toaster oven lights up but never gets hot',
    'the hot plate in the lab turns on but did not heat up at all',
  ])('"%s" is no heating emergency', (text) => {
    const { level, reasons } = triageUrgency(text, winter);
    expect(reasons.map((r) => r.category)).not.toContain('no-heat');
    expect(level).not.toBe('emergency');
  });

  it.each(['the furnace runs but does not heat', 'the boiler kicks on but does not heat the building', 'heater turns on but never gets warm'])(
    '"%s" is still no heat in winter',
    (text) => {
      expect(triageUrgency(text, winter).level).toBe('emergency');
    },
  );
});
