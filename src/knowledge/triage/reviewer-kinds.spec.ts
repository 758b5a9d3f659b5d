import { triageUrgency } from './urgency-triage';

/**
 * Round 18: urgency defects a reviewer found reading whole answers (issue 21), each kind in
 * several styles (housing-code notice, tenant text, office manager, student housing).
 */
describe('triageUrgency on kinds a reviewer found (round 18)', () => {
  const winter = { coldSeason: true };

  describe('a notice that heat is lacking, not maintained or a heating plant not operating is no heat', () => {
    it.each([
      'Owner shall provide heat to all units. Heating plant not operating when inspected.',
      'Dwelling unit lacks sufficient heat. Sec. 4-12.',
      'Landlord failed to maintain heat in apartment 5C during inspection.',
      'our furnace is not functioning and the kids are cold',
      'heat not adequate in room 318, students wearing coats inside',
    ])('%s is an emergency in the cold season', (text) => {
      const result = triageUrgency(text, winter);
      expect(result.level).toBe('emergency');
      expect(result.reasons[0].category).toBe('no-heat');
    });

    it('a notice to maintain heating equipment in repair is no outage', () => {
      expect(triageUrgency('Owner failed to maintain heating equipment in good repair; thermostat cover missing.', winter).level).not.toBe('emergency');
    });

    it('stays a same-day visit out of season', () => {
      expect(triageUrgency('Unit lacks adequate heat per tenant complaint.', { coldSeason: false }).level).toBe('urgent');
    });
  });

  describe('a worry about a future lockout is no lockout', () => {
    it.each([
      "the deadbolt keeps sticking, I'm afraid I'll get locked out one of these days",
      "Worried we'll be locked out of the suite if the latch gets any worse",
      'Tenant is concerned she will lock herself out, key is hard to turn',
    ])('%s is not read as a lockout', (text) => {
      expect(triageUrgency(text, winter).reasons.map((r) => r.category)).not.toContain('lockout');
    });

    it('a lockout that has happened stays one', () => {
      expect(triageUrgency("I'm locked out of my apartment, I'll wait in the lobby", winter).reasons[0].category).toBe('lockout');
    });
  });

  describe('a mailbox lock is routine', () => {
    it.each(['Mailbox lock is busted, key spins', 'mail box #22 lock jammed', 'The lock on our mailbox is broken and mail is piling up'])(
      '%s is routine',
      (text) => {
        expect(triageUrgency(text, winter).level).toBe('routine');
      },
    );

    it('an apartment door lock stays pressing', () => {
      expect(triageUrgency('Apartment door lock is broken, can not secure the unit', winter).level).toBe('emergency');
    });
  });
});
