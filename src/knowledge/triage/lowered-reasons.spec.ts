import { triageUrgency } from './urgency-triage';

/**
 * Review 28: an emergency's reason read at a lower level must not still ask to act at once. A
 * coordinator who reads "Urgent (same or next day): ... send someone now" cannot tell which half
 * to believe. The level decisions are not changed here, only what the line says.
 */
describe('triageUrgency: what an emergency category says when it is read lower', () => {
  const winter = { coldSeason: true };
  const read = (text: string) => triageUrgency(text, winter);

  it.each([
    // Softening words of the category's own ("every time it starts") with a soft reason of its own.
    ['Furnace making loud banging noise when it starts up', 'equipment-blast', /delayed ignition/],
    ['Boiler room: loud bang every time the boiler kicks on', 'equipment-blast', /delayed ignition/],
    // Planned work lowers any category; the situation is named, the call to act now is not.
    ['estimate to repair the emergency pull cord in room 4 that does not work', 'emergency-call-failed', /^An emergency call system/],
    // Back on by itself: the category's own soft reason.
    ['the oxygen concentrator outlet lost power for a few seconds, it came back on', 'medical-equipment-power', /lost briefly and back/],
  ])('%s: a same- or next-day line without "now"', (text, category, says) => {
    const result = read(text);
    expect(result.level).toBe('urgent');
    const reason = result.reasons.find((r) => r.category === category);
    expect(reason?.level).toBe('urgent');
    expect(reason?.reason).toMatch(says);
    expect(reason?.reason).not.toMatch(/\bnow\b|\b911\b/);
  });

  it.each([
    ['Loud bang from the boiler room and the lights went out', 'equipment-blast'],
    ['the emergency pull cord in room 4 does not work, the resident lives alone', 'emergency-call-failed'],
  ])('%s: an emergency still says to act now', (text, category) => {
    const reason = read(text).reasons.find((r) => r.category === category);
    expect(reason?.level).toBe('emergency');
    expect(reason?.reason).toMatch(/\bnow\b/);
  });
});
