import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Issue 21, answers review of session 29 (review29): wrong leads and lines a coordinator noticed in
 * whole answers of the offline engine, by kind of request. The reviewer's wordings and more of our
 * own per kind, with guards for the nearby readings that must not move.
 */
describe('wrong leads and lines a coordinator would notice (answers review 29)', () => {
  const kb = loadKnowledgeBase();
  const winter = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = (issue_description: string) => winter({ issue_description, urgency: 'Medium' });
  const alsoLines = (insights: string[]) => insights.filter((i) => i.startsWith('Also reported'));

  describe("a machine's own light named bare after it is that machine's part, not another fixture", () => {
    it.each([
      "Range hood fan doesn't turn on and the light is out too",
      'the vent hood over my stove stopped working, light is out too',
      'the exhaust hood above the range will not run and its bulb is out',
    ])('"%s" leads with the range hood, for the appliance technician, with no other line', async (text) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].diagnosis).toBe('Range hood fan or light not working');
      expect(diagnoses[0].trade).toBe('appliance');
      expect(alsoLines(insights)).toEqual([]);
      expect(insights.join(' ')).not.toMatch(/lot, walkway or entrance/);
    });

    it.each([
      ["Window in the living room won't lock, latch is broken", 'Window will not lock'],
      ['the bedroom window does not lock and the latch is loose', 'Window will not lock'],
    ])('"%s" is the window alone: no panic bar or locksmith line', async (text, lead) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].diagnosis).toBe(lead);
      expect(alsoLines(insights)).toEqual([]);
    });

    it('while a light with a place of its own beside a fan is one more fixture for the same electrician', async () => {
      const { diagnoses, insights } = await answer('Bathroom fan is not working and the light above the mirror keeps flickering');
      expect(diagnoses[0].diagnosis).toBe('Bathroom exhaust fan not working or noisy');
      expect(alsoLines(insights).join(' ')).toMatch(/light.*the same electrician can see to it on this visit/);
    });

    it('and a second thing of the same trade with its own subject after "and" gets its line', async () => {
      const { insights } = await answer('the ceiling fan in the bedroom is not spinning and the outlet by my desk has no power');
      expect(alsoLines(insights).join(' ')).toMatch(/the same electrician can see to it on this visit/);
    });
  });

  describe('what a leak did to the floor or a cabinet is the leak, whose source leads', () => {
    it.each([
      ['water heater leaking and the laminate floor is buckling', 'water-heater'],
      ['the hot water tank in the closet is leaking and the wood floor next to it is warping', 'water-heater'],
      ['our water heater is leaking and the vinyl plank floor around it is buckling', 'water-heater'],
      ['the washing machine hose is leaking and the hardwood in the hall is cupping', 'appliance'],
      ['Leak under the bathroom sink, the cabinet floor is soaked and the wood is swelling', 'plumbing'],
      ['the pipe under my kitchen sink is dripping and the cabinet bottom is swollen', 'plumbing'],
      ['water leaking under the vanity, the wood is swelling up', 'plumbing'],
    ])('"%s" leads with the source (%s) and adds no flooring line', async (text, trade) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].trade).toBe(trade);
      expect(alsoLines(insights).join(' ')).not.toMatch(/Flooring/);
    });

    it('while a floor told with no water before it stays the flooring installer', async () => {
      expect((await answer('the laminate floor in the hallway is buckling')).diagnoses[0].trade).toBe('flooring');
    });

    it('and another trade after a leak still gets its line', async () => {
      const { diagnoses, insights } = await answer('the kitchen faucet is leaking and the bedroom outlet does not work');
      expect([diagnoses[0].trade, ...alsoLines(insights)].join(' ')).toMatch(/plumbing|Plumber/);
      expect([diagnoses[0].trade, ...alsoLines(insights)].join(' ')).toMatch(/electrical|Electrician/);
    });
  });

  describe("a sewage backup's smell is the backup, not a cleaning job", () => {
    it.each([
      'Main sewer line backing up into the basement floor drain, smells terrible',
      'Main sewer line backing up into the basement floor drain. Smells terrible.',
      'the floor drain in the laundry room is backing up and the whole basement stinks',
      'Sewage coming up through the floor drain in the basement. Smells awful down there.',
    ])('"%s" has no odor line for the cleaning crew', async (text) => {
      const { diagnoses, insights } = await answer(text);
      expect(diagnoses[0].trade).toBe('drains-sewer');
      expect(alsoLines(insights).join(' ')).not.toMatch(/odor|Cleaning crew/);
    });

    it('while a trash room that smells, told with a clogged toilet, keeps its line', async () => {
      const { insights } = await answer('the toilet in 2B is clogged. Also the trash room smells terrible');
      expect(alsoLines(insights).join(' ')).toMatch(/Cleaning crew/);
    });
  });

  describe('the job a coordinator reads in the lead diagnosis and its price', () => {
    it.each(["Gate to the pool area won't latch closed", 'the self-closing gate at the pool does not shut on its own'])(
      '"%s" is the fence and gate job, urgent, not a locksmith\'s deadbolt at emergency',
      async (text) => {
        const { diagnoses } = await answer(text);
        expect(diagnoses[0].diagnosis).toBe('Broken fence or gate');
        expect(diagnoses[0].severity).toBe('high');
      },
    );

    it('while an apartment entry door that will not latch stays the locksmith', async () => {
      expect((await answer('the entry door to my apartment will not latch')).diagnoses[0].trade).toBe('doors-locks');
    });

    it.each(['Moving out inspection: need paint touch up and carpet cleaning', 'a few walls need touch-up paint after the tenant left'])(
      '"%s" is priced as a touch-up, not a full unit repaint',
      async (text) => {
        const { diagnoses } = await answer(text);
        expect(diagnoses[0].trade).toBe('drywall-paint');
        expect(diagnoses[0].diagnosis).not.toBe('Full unit repaint (turnover)');
        expect(Number(diagnoses[0].pricing.total.replace(/[$,]/g, ''))).toBeLessThan(500);
      },
    );

    it('while a whole unit to repaint for a new tenant stays the full repaint', async () => {
      expect((await answer('the whole apartment needs to be repainted for the new tenant')).diagnoses[0].diagnosis).toBe('Full unit repaint (turnover)');
    });

    it.each(['Furnace is making a squealing noise when the blower runs', 'the heater fan squeals loudly every time it kicks on'])(
      '"%s" leads with the blower, with no inducer motor priced',
      async (text) => {
        const { diagnoses } = await answer(text);
        expect(diagnoses[0].diagnosis).toMatch(/blower/i);
        expect(diagnoses[0].parts_detail.map((p) => p.name).join(' ')).not.toMatch(/inducer/i);
      },
    );

    it.each(['Dishwasher leaves standing water in the bottom after the cycle ends', 'Bathtub drains very slowly, water stands for 10 minutes'])(
      '"%s" keeps its own severity, with no standing-water line',
      async (text) => {
        const { diagnoses, insights } = await answer(text);
        expect(diagnoses[0].severity).not.toBe('high');
        expect(insights.join(' ')).not.toMatch(/Standing water/);
      },
    );

    it('a bedroom baseboard heater that does not warm is no emergency', async () => {
      const { diagnoses, insights } = await answer("Baseboard heater in the bedroom doesn't get warm");
      expect(diagnoses[0].severity).not.toBe('emergency');
      expect(insights.join(' ')).not.toMatch(/^Emergency/m);
    });

    it('an elevator out with residents upstairs is the elevator, urgent, with no one stranded up high', async () => {
      const { diagnoses, insights } = await answer("Elevator is out of service, residents on upper floors can't get down");
      expect(diagnoses[0].trade).toBe('elevator');
      expect(diagnoses[0].severity).toBe('high');
      expect(insights.join(' ')).not.toMatch(/stranded/);
    });
  });
});
