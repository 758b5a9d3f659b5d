import { triageUrgency } from './urgency-triage';

/**
 * Kinds read from a blind set's misses once it was scored (blindJ, session 25), each tested in
 * wordings written for this spec: water service to a home or building discontinued, disconnected or
 * terminated (an inspector's notice writes it so), and a refrigerator at room temperature inside,
 * which is one that does not cool, and an emergency with medicine in it.
 */
describe('blind set kinds of session 25', () => {
  const levelOf = (text: string) => triageUrgency(text, { coldSeason: true }).level;

  it.each([
    'Notice of violation: the water service to the apartment has been discontinued. Restore it at once.',
    'water service to 14 Elm St was disconnected for the owner not paying the bill',
    'the water to building C has been discontinued since monday',
    'mini fridge is at room temp inside and my insulin is in it',
  ])('"%s" is an emergency', (text) => {
    expect(levelOf(text)).toBe('emergency');
  });

  it('a refrigerator at room temperature inside is refrigeration out, the same day', () => {
    const result = triageUrgency('the refrigerator is room temperature inside, the milk is warm', { coldSeason: true });
    expect(result.level).toBe('urgent');
    expect(result.reasons.map((r) => r.category)).toContain('refrigeration-out');
  });

  it.each([
    'the water heater was disconnected when the washer was moved',
    'please set the wine cooler to room temperature mode? not sure how',
    'FYI water service will be discontinued tomorrow 9-11 am for the main replacement',
  ])('"%s" is not an emergency', (text) => {
    expect(levelOf(text)).not.toBe('emergency');
  });
});
