import { triageUrgency } from './urgency-triage';

/**
 * Issue 21, wrong readings left open in session 30 (answers31): triage lines of kinds the lead
 * listed, in our own wordings, with the readings nearby that must not move.
 */
describe('settled smoke, figures of speech, fire-door magnets and an appliance bulb (answers31)', () => {
  const winter = { coldSeason: true };
  const read = (text: string) => triageUrgency(text, winter);
  const categories = (text: string) => read(text).reasons.map((r) => r.category);

  describe('smoke the request says is over and harmless is no emergency', () => {
    it.each([
      'the rice cooker smoked a little, it stopped and there is no smell anymore',
      'our air fryer gave off smoke at lunch, nothing got damaged, everything is fine',
      'the blender motor smoked for a bit earlier today, the smoke cleared and all is good now',
      'my hair straightener smoked once, we aired the room out and the smoke is gone',
    ])('"%s" is same-day at most', (text) => {
      expect(read(text).level).not.toBe('emergency');
    });

    it.each([
      'the rice cooker smoked and it is still smoking',
      'smoke is pouring out of the dryer vent right now',
      'the air fryer smoked, I unplugged it but the smoke keeps getting worse',
      'the outlet behind the couch is smoking',
    ])('while "%s" stays an emergency', (text) => {
      expect(read(text).level).toBe('emergency');
    });
  });

  describe('being stuck or trapped in a figure of speech is no one shut in a room', () => {
    it.each([
      'I got trapped in a long phone call and missed the technician, please come back for the sink',
      'we feel trapped in this contract, and the bedroom window is drafty',
      'was stuck in meetings all day and could not get out to meet the plumber',
      'trapped in an endless conversation with the leasing office about the broken blinds',
    ])('"%s" raises no shut-in emergency', (text) => {
      expect(categories(text)).not.toContain('shut-in-room');
      expect(read(text).level).not.toBe('emergency');
    });

    it.each(["I'm trapped in the laundry room, the door knob came off and I can't get out", 'my roommate is stuck in the bathroom, the lock will not open'])(
      'while "%s" stays an emergency',
      (text) => {
        expect(read(text).level).toBe('emergency');
      },
    );
  });

  describe('a fire door held open by a hold-open device that will not let go is a life-safety device out, same day', () => {
    it.each([
      'the hold-open magnet on the 2nd floor fire door is stuck, the door stays open',
      'corridor fire door is held open all the time, the magnetic holder will not release it',
      "the smoke door by the stairs won't close because the door holder is jammed",
    ])('"%s" is urgent, a life-safety device', (text) => {
      expect(read(text).level).toBe('urgent');
      expect(categories(text)).toContain('life-safety-device');
    });
  });

  describe("an appliance's own bulb is no cold storage failing", () => {
    it.each(['the bulb inside the fridge stopped working', 'the freezer light quit working'])('"%s" is routine', (text) => {
      expect(read(text).level).toBe('routine');
    });

    it.each(['the fridge stopped working and the food is getting warm', 'freezer stopped working, the light is off too'])(
      'while "%s" stays a refrigerator out',
      (text) => {
        expect(categories(text)).toContain('refrigeration-out');
      },
    );
  });
});
