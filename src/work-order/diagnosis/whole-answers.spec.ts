import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Review 16 (issue 20 and 21): whole answers read as the requester's coordinator reads them, for
 * market-rate apartment tenants, a city's housing-code notices and office buildings. Each request
 * was written for this review; each test is a defect a coordinator noticed in the answer.
 */
describe('whole answers to tenants, housing-code notices and office buildings (review 16)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-06-15T12:00:00Z'));
  const questionsOf = (insights: string[]) => insights.find((i) => i.includes('ask the requester')) ?? '';

  describe('an inspector is asked nothing, whichever clause of the notice leads the dispatch and whatever its title says', () => {
    it.each([
      [
        'Repair defective smoke detector in bedroom; detector missing from ceiling mount. Install approved smoke alarm in each sleeping room. Correct within 24 hours.',
        undefined,
      ],
      ['Repair defective handrail on exterior stairway; handrail loose and not securely fastened.', 'Notice of Violation'],
      ['Repair water-damaged ceiling in bathroom and eliminate the source of the leak.', 'Housing code violation'],
      ['Repair or replace deteriorated and peeling paint on interior walls and ceilings of unit 5. Lead-safe work practices required.', undefined],
      ['Repair or replace the missing and damaged window screens on all openable windows.', undefined],
      ['Carbon monoxide alarm not installed outside sleeping areas as required. Install CO alarm.', undefined],
      ['Repair damaged and missing floor tiles in kitchen; tripping hazard.', undefined],
      ['Provide and maintain handrails on both sides of interior stairways with more than 4 risers.', undefined],
    ])('"%s" (title %p)', async (issue_description, title) => {
      const { insights } = await enrich({ issue_description, title, urgency: 'Medium' });
      expect(questionsOf(insights)).toBe('');
    });

    it.each([
      'there are roaches in my kitchen cabinets, can someone come spray',
      'the carpet in my bedroom is coming up at the doorway',
      'my closet door came off its track',
    ])('while a tenant who wrote "%s" is still asked', async (issue_description) => {
      const { insights } = await enrich({ issue_description, urgency: 'Low' });
      expect(questionsOf(insights)).not.toBe('');
    });
  });

  describe('further complaints are all named, each as the request tells it', () => {
    it('names every violation of a notice, two for the same other trade in one line, acronyms in capitals', async () => {
      const { insights } = await enrich({
        issue_description:
          'Violation 1: Bathroom exhaust fan inoperable. Violation 2: Missing GFCI protection at bathroom outlet. Violation 3: Bedroom door does not latch.',
      });
      const also = insights.filter((i) => i.startsWith('Also reported'));
      expect(also).toHaveLength(1);
      expect(also[0]).toMatch(/exhaust fan/);
      expect(also[0]).toMatch(/GFCI/);
      expect(also[0]).toMatch(/\(Electrician\)/);
    });

    it('names each repair a notice orders, also for the vendor already going', async () => {
      const { insights } = await enrich({
        issue_description: 'Repair leaking waste line under kitchen sink. Repair dripping kitchen faucet.',
        urgency: 'Medium',
      });
      expect(insights.join(' ')).toMatch(/Also reported in this request: (leaking sink drain|dripping faucet)[^;]*; the same plumber can see to it/i);
    });

    it('does not name the remedy a tenant suggests as a second job', async () => {
      const { insights } = await enrich({ issue_description: "The AC isn't keeping the bedroom cool. Replace the air filter please." });
      expect(insights.join(' ')).not.toMatch(/Also reported/);
    });

    it('names a complaint told twice once ("the outlet stopped working, and the GFCI won\'t reset")', async () => {
      const { insights } = await enrich({
        issue_description: "Outlet in the kitchen next to the microwave stopped working, and the GFCI won't reset. Also a burnt smell near it earlier.",
      });
      const also = insights.filter((i) => i.startsWith('Also reported'));
      expect(also.join(' ')).not.toMatch(/ and .* and |for both/);
    });

    it('does not name a measurement the notice gives as a complaint of its own (a water temperature is no room too hot)', async () => {
      const { insights } = await enrich({
        issue_description: 'Owner failed to provide hot water at a minimum temperature of 110 degrees F in the bathroom lavatory. Measured 85 degrees F.',
        urgency: 'High',
      });
      expect(insights.join(' ')).not.toMatch(/room too hot|HVAC/i);
    });
  });

  describe('estimates a coordinator can approve as they stand, or that say what they leave out', () => {
    it.each([
      ['Repair or replace the missing and damaged window screens on all openable windows.', /one screen.*all openable windows/],
      ['Several fluorescent light fixtures in the open office area on floor 5 are flickering and two are completely out.', /one light fixture.*several/],
      [
        'Owner shall eliminate cockroach infestation in all units of the building and provide proof of extermination by a licensed pest control operator.',
        /one unit.*all units/,
      ],
    ])('"%s" says what one item the estimate prices', async (issue_description, said) => {
      const { insights } = await enrich({ issue_description });
      expect(insights.find((i) => i.startsWith('The estimate is for one'))).toMatch(said);
    });

    it('prices roach treatments per unit a request counts', async () => {
      const one = (await enrich({ issue_description: 'roaches in the kitchen of apartment 4' })).diagnoses[0];
      const three = (await enrich({ issue_description: 'roaches reported in 3 apartments on the second floor' })).diagnoses[0];
      expect(three.diagnosis).toBe(one.diagnosis);
      expect(three.parts[0]).toContain('× 3');
      expect(parseFloat(three.pricing.total.replace(/[$,]/g, ''))).toBeGreaterThan(2 * parseFloat(one.pricing.total.replace(/[$,]/g, '')));
    });

    it('has steps for lay-in ceiling tiles when a stain from an old leak is on them (office corridor)', async () => {
      const { diagnoses } = await enrich({
        issue_description: 'Replace 10 ceiling tiles stained from an old leak in the corridor outside suite 210, leak was fixed last month',
      });
      const stain = diagnoses.find((d) => /stain/i.test(d.diagnosis));
      expect(stain?.resolution_steps.join(' ')).toMatch(/ceiling tiles/i);
    });

    it('sends someone to the space above an office, not only to "the unit above"', async () => {
      const { diagnoses } = await enrich({ issue_description: 'Water leaking from the ceiling in the server room onto the racks!!', urgency: 'Emergency' });
      const above = diagnoses.find((d) => /from the unit above/i.test(d.diagnosis));
      expect(above?.resolution_steps[0]).toMatch(/unit or space above/i);
    });

    it('prices each cabinet door a notice or a tenant counts', async () => {
      for (const issue_description of [
        'Sec. 27-2005: Owner failed to repair the broken kitchen cabinet doors and drawer fronts; repair 5 cabinet doors.',
        '2 of the cabinet doors are hanging off the hinges',
      ]) {
        const cabinet = (await enrich({ issue_description })).diagnoses.find((d) => /cabinet/i.test(d.diagnosis));
        expect(cabinet?.parts[0]).toMatch(/× [25]/);
      }
    });

    it('lists a lamp to match for a relamp, not a 4 ft tube for can lights', async () => {
      const { diagnoses } = await enrich({
        issue_description: 'Please replace the burned-out bulbs in the reception area can lights and the exit sign by the stairwell is dark.',
      });
      const relamp = diagnoses.find((d) => /relamp/i.test(d.diagnosis));
      expect(relamp?.parts.join(' ')).not.toMatch(/4 ft/);
      expect(relamp?.parts.join(' ')).toMatch(/bulb/i);
    });
  });

  describe('a triage line quotes the request as it was written', () => {
    it.each([
      ["hi this is Dana in 4B, um, the heat hasn't come on since last night and it's 58 in here", "hasn't"],
      ["Suite 220 entry door doesn't close all the way, the closer seems broken and the door slams.", "doesn't"],
      ["Bedroom window won't lock, the latch is broken. I'm on the ground floor.", "won't"],
      ['Water fountain by the elevators on 4th floor is leaking onto the floor.', '4th floor'],
      ['Our badge reader at the main entrance of suite 1200 is not reading cards, employees can’t get in.', 'can’t'],
    ])('"%s"', async (issue_description, written) => {
      const { insights } = await enrich({ issue_description });
      const quote = insights.map((i) => /\(from "([^"]+)"\)/.exec(i)?.[1]).find(Boolean);
      expect(quote).toContain(written);
      expect(issue_description).toContain(quote);
    });
  });

  describe('what the request itself says the answer does not leave out', () => {
    it('says a request that tells it has happened before is a repeat, without history', async () => {
      const { insights } = await enrich({ issue_description: 'Dishwasher not draining again, this is the third time this year' });
      expect(insights.join(' ')).toMatch(/happened before/i);
      const once = await enrich({ issue_description: 'Dishwasher not draining, water sitting in the bottom' });
      expect(once.insights.join(' ')).not.toMatch(/happened before/i);
    });

    it('says how many items of a list of violations no diagnosis reads, never quoting them', async () => {
      const { insights } = await enrich({
        issue_description: 'Violation 1: Toilet loose at floor. Violation 2: Bathtub caulking deteriorated. Violation 3: Bathroom door lock inoperable.',
      });
      const line = insights.find((i) => /items? of this list/i.test(i)) ?? '';
      // Session 30: the caulk item now reads clearly as the handyman's tub caulk job and is named in its own line; the loose toilet is still unread.
      expect(line).toMatch(/^1 of the 3 items of this list \(item 1\)/);
      expect(insights.join(' ')).toMatch(/Also reported in this request: moldy or failed tub and shower caulk \(Handyman\)/);
      expect(line).not.toMatch(/toilet|caulk/i);
      const titled = await enrich({
        issue_description: 'Repair defective toilet that does not flush properly. Repair leaking bathtub faucet.',
        title: 'Notice of Violation',
      });
      expect(titled.insights.find((i) => /items? of this list/i.test(i))).toMatch(/^1 of the 2 items of this list \(item 2\)/);
    });

    it.each([
      [
        'Repair defective smoke detector in bedroom; detector missing from ceiling mount. Install approved smoke alarm in each sleeping room. Correct within 24 hours.',
        'Code enforcement inspection - 2 violations',
      ],
    ])('counts no deadline or title as an item of the list ("%s")', async (issue_description, title) => {
      const { insights } = await enrich({ issue_description, title });
      expect(insights.join(' ')).not.toMatch(/items? of this list/i);
    });
  });

  it('does not ask what another sentence of the request already says ("Which door?" after "Front door deadbolt ...")', async () => {
    const { insights } = await enrich({
      issue_description: "Front door deadbolt is really hard to turn and the key sticks. Worried I'll get locked out.",
      asset: 'Door lock',
    });
    expect(questionsOf(insights)).not.toMatch(/which door/i);
  });
});
