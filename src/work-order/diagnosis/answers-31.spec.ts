import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { complaintText } from '../../knowledge/work-order-text';

/**
 * Issue 21, wrong readings left open in session 30 (answers31): whole answers of the offline
 * engine to kinds of requests the lead listed, in our own wordings, with the readings nearby that
 * must not move.
 */
describe('wrong readings left open last session (answers31)', () => {
  const kb = loadKnowledgeBase();
  const winter = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = (issue_description: string) => winter({ issue_description, urgency: 'Medium' });
  const alsoLines = (insights: string[]) => insights.filter((i) => i.startsWith('Also reported'));
  const saysEmergency = (insights: string[]) => insights.some((i) => i.startsWith('Emergency:'));

  describe('a ">" before a number in an e-mail chain is "more than", not a quote marker', () => {
    it.each([
      ['Re: chiller plant\nNoted, thanks.\n> Supply water temp reads >58 and rising, the chiller tripped again.', 'Supply water temp reads >58 and rising'],
      [
        'Fwd: boiler room\nThe steam boiler gauge shows > 15 psi and the safety valve is hissing. Please look today.',
        'gauge shows > 15 psi and the safety valve',
      ],
      [
        'RE: lab freezer\nThe ULT freezer display reads > -50 this morning.\n> On Mon, Jan 5, 8:02 AM, Lee wrote:\n> > Is the freezer alarm still on?',
        'reads > -50 this morning',
      ],
    ])('%p keeps its reading in one piece', (raw, reading) => {
      expect(complaintText(raw)).toContain(reading);
    });

    it('while the quoted messages of a chain are still read oldest first', () => {
      const read = complaintText(
        'Re: unit 4 ceiling\nWe will send someone.\n> Water is now dripping through the light.\n>> There is a small stain on the ceiling.',
      );
      expect(read.indexOf('small stain')).toBeLessThan(read.indexOf('now dripping'));
      expect(read.indexOf('now dripping')).toBeLessThan(read.indexOf('send someone'));
    });

    it('and a chain whose boiler reading says > 30 psi beside a dripping relief valve goes to the heating technician', async () => {
      const { diagnoses } = await answer(
        'Re: basement boiler\nThanks, checking.\n> The boiler pressure gauge reads >30 psi and the relief valve keeps dripping.',
      );
      expect(diagnoses[0].trade).toBe('hvac-heating');
    });
  });

  describe("the gas utility's notice or planned work is no gas leak", () => {
    it.each([
      'the gas company sent a letter: gas will be off Wednesday while they change the meter',
      'notice from the utility, they are replacing the gas main on our street next week',
      'the utility will shut the gas off Friday morning for line work, who relights the water heater?',
    ])('"%s" leads with the utility\'s shut-off, routine, and says no emergency', async (text) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].diagnosis).toBe('Planned gas shut-off by the gas company (meter or line work)');
      expect(diagnoses[0].severity).toBe('low');
      expect(diagnoses.map((d) => d.diagnosis)).not.toContain('Gas piping leak');
      expect(saysEmergency(insights)).toBe(false);
    });

    it.each(['the gas company found a leak at our meter', 'I smell gas by the meter outside'])('while "%s" stays a gas leak, an emergency', async (text) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].diagnosis).not.toBe('Planned gas shut-off by the gas company (meter or line work)');
      expect(diagnoses[0].severity).toBe('emergency');
      expect(saysEmergency(insights)).toBe(true);
    });
  });

  describe('a hazard a chat or a form asked about and the occupant answered no is not there', () => {
    it.each([
      'Agent: is there a gas smell? | Tenant: no, none at all | Tenant: the oven will not heat',
      'The dryer takes two cycles to dry. Any burning smell? Nope. Any smoke? No.',
      'Q: Is water leaking onto the floor? A: No. Q: What is wrong? A: the garbage disposal hums but does not spin',
    ])('"%s" raises no emergency and leads with the appliance', async (text) => {
      const { diagnoses, insights } = await answer(text);
      expect(saysEmergency(insights)).toBe(false);
      expect(diagnoses[0].severity).not.toBe('emergency');
      expect(diagnoses[0].trade).toBe('appliance');
    });

    it.each(['the oven will not heat. Is there a gas smell? Yes, a strong one in the kitchen', 'Is it smoking? yes, smoke is coming out of the dryer'])(
      'while "%s", answered yes, stays an emergency',
      async (text) => {
        expect(saysEmergency((await answer(text)).insights)).toBe(true);
      },
    );

    it.each([
      ['Agent: is the smoke detector in the hall working? | Tenant: no', 'fire-life-safety'],
      ['Do you have heat right now? No, the radiators are cold', 'hvac-heating'],
    ])('and a question whose "no" is the complaint, "%s", stays: it leads with %s', async (text, trade) => {
      expect((await answer(text)).diagnoses[0].trade).toBe(trade);
    });
  });

  describe('in a list of jobs, the most urgent item leads and the others are named', () => {
    it.each([
      ['Turn list apt 12: patch holes in the hallway, replace the bedroom blinds, no heat anywhere in the unit', 'hvac-heating', /Drywall|Handyman/],
      ['Punch list: recaulk the shower, paint the closet door, water pouring from the hall ceiling', 'plumbing', /Handyman|Drywall/],
      ['Make-ready 3C: clean the oven, touch up paint in the bedroom, kitchen sink is leaking into the cabinet', 'plumbing', /Drywall|Cleaning|Appliance/],
    ])('"%s" leads with %s and names another item', async (text, trade, other) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].trade).toBe(trade);
      expect(alsoLines(insights).join(' ')).toMatch(other);
    });

    it('while a list of cosmetic items alone keeps its first item', async () => {
      const { diagnoses } = await answer('Make-ready 3C: touch up paint in the bedroom, replace the blinds in the living room');
      expect(diagnoses[0].trade).toBe('drywall-paint');
    });
  });

  describe("an appliance's own bulb is the appliance technician's, routine", () => {
    it.each(['the light in the oven will not come on', 'light bulb inside our fridge is dead', 'microwave bulb burned out, the rest of it works'])(
      '"%s" leads with the appliance light, low severity',
      async (text) => {
        const { diagnoses } = await answer(text);
        expect(diagnoses[0].diagnosis).toBe('Light inside an oven, microwave or refrigerator out');
        expect(diagnoses[0].trade).toBe('appliance');
        expect(diagnoses[0].severity).toBe('low');
      },
    );

    it.each([
      ['the fridge is warm and the light inside is off', 'appliance'],
      ['the light over the kitchen sink is out', 'electrical'],
    ])('while "%s" stays with %s and no appliance bulb leads', async (text, trade) => {
      const { diagnoses } = await answer(text);
      expect(diagnoses[0].trade).toBe(trade);
      expect(diagnoses[0].diagnosis).not.toBe('Light inside an oven, microwave or refrigerator out');
    });
  });

  describe('an old fixture to replace is a planned plumbing job', () => {
    it.each([
      'owner wants the old toilet in 2B swapped for a new one',
      'replace the worn-out vanity in the hall bathroom',
      'the bathroom sink is old, please replace it',
    ])('"%s" leads with the fixture replacement, routine, for the plumber', async (text) => {
      const { diagnoses } = await answer(text);
      expect(diagnoses[0].diagnosis).toBe('Old toilet, sink, vanity or faucet to replace');
      expect(diagnoses[0].trade).toBe('plumbing');
      expect(diagnoses[0].severity).toBe('low');
    });

    it.each([
      ['the toilet keeps running after every flush', 'Worn toilet flapper'],
      ['the old water heater needs to be replaced', 'Aging water heater due for replacement'],
    ])('while "%s" keeps its own reading', async (text, lead) => {
      expect((await answer(text)).diagnoses[0].diagnosis).toBe(lead);
    });
  });

  describe('a fire door held open by a stuck hold-open magnet is a life-safety job, same day', () => {
    it.each(['the magnet that holds the stairwell fire door open will not release it', 'fire door on level 2 is held open, its hold-open magnet is stuck'])(
      '"%s" leads with the fire door, high',
      async (text) => {
        const { diagnoses } = await answer(text);
        expect(diagnoses[0].diagnosis).toBe('Fire door not closing or latching');
        expect(diagnoses[0].severity).toBe('high');
      },
    );

    it('while "trapped in a conversation" with a dripping faucet is the faucet, not an emergency', async () => {
      const { diagnoses, insights } = await answer('I was trapped in a long conversation and missed the plumber, the bathroom faucet still drips');
      expect(saysEmergency(insights)).toBe(false);
      expect(diagnoses[0].trade).toBe('plumbing');
    });
  });
});
