import { triageUrgency } from './urgency-triage';

/**
 * Kinds read from a blind set's misses once it was scored (blindI, session 24), each tested in
 * wordings written for this spec: a shop or office that cannot be locked, a home a few degrees too
 * cold while it is freezing outside or with a frail occupant, a leak that is dry today, and the lock
 * of a drop box or a cash box.
 */
describe('blind set kinds of session 24', () => {
  const winter = { coldSeason: true };
  const levelOf = (text: string) => triageUrgency(text, winter).level;

  it.each([
    'somebody smashed the storefront door last night and now we cannot lock the store',
    'cafe: the glass shop door got broken, we cant lock the restaurant tonight',
    'thermostat in 3C says 59, nothing coming out of the vents, it is 15 degrees outside',
    'unit is at 60 degrees, my grandmother is elderly and on oxygen',
  ])('"%s" is an emergency', (text) => {
    expect(levelOf(text)).toBe('emergency');
  });

  it.each([
    'skylight leaks over the stockroom when it storms, bucket is under it, dry today',
    'ceiling stain in the lobby, it is dry, no dripping',
    'the lock on the after-hours drop box is jammed',
    'cash box lock is stuck, cannot open it',
    'thermostat reads 60 in the office, a bit chilly',
  ])('"%s" is not an emergency', (text) => {
    expect(levelOf(text)).not.toBe('emergency');
  });
});
