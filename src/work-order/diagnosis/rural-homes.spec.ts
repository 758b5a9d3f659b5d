import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';

/**
 * Issue 21, session 31: single-family rentals out of town run on a private well, a septic system,
 * propane or heating oil and a wood stove. The catalogue had none of these, so a dead well pump
 * read as a PRV, a septic alarm as a chirping smoke detector, an empty oil tank as a failed
 * ignitor, and a wood stove smoking into the room as a range hood. Every wording here was written
 * for this spec.
 */
describe('homes on a well, a septic system, bottled fuel or a wood stove', () => {
  const kb = loadKnowledgeBase();
  const winter = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = (issue_description: string) => winter({ issue_description, urgency: 'Medium' });
  const level = (text: string) => triageUrgency(text, { coldSeason: true }).level;

  it.each([
    ['the house has no water at all, we are on a well and the pump is not coming on', 'Private well pump not running (no water from the well)', 'plumbing'],
    ['well pump keeps tripping the breaker and the taps are dry', 'Private well pump not running (no water from the well)', 'plumbing'],
    ['our well pump turns on and off every two seconds, the pressure tank might be shot', 'Well pump short cycling (waterlogged pressure tank)', 'plumbing'],
    ['our well water came out brown this week and leaves orange stains in the tub', 'Well water discolored, smelly or unsafe', 'plumbing'],
    ['septic alarm going off in the yard and the downstairs toilet is slow', 'Septic tank full or septic system backing up', 'drains-sewer'],
    ['every drain in the house gurgles, the septic has not been pumped in years', 'Septic tank full or septic system backing up', 'drains-sewer'],
    ['we ran out of heating oil over the weekend and the boiler shut down', 'Heating oil or propane tank ran empty', 'hvac-heating'],
    ['propane tank is empty and the furnace quit', 'Heating oil or propane tank ran empty', 'hvac-heating'],
    ['the woodstove puffs smoke into the living room every time we load it', 'Wood stove or fireplace smoking into the room', 'hvac-heating'],
    ['please schedule the chimney sweep for the fireplace before it gets cold', 'Chimney or wood stove flue due for sweeping and inspection', 'hvac-heating'],
  ])('"%s" leads with %s for %s', async (text, lead, trade) => {
    const { diagnoses } = await answer(text);
    expect(diagnoses[0].diagnosis).toBe(lead);
    expect(diagnoses[0].trade).toBe(trade);
  });

  // Round 31 (the lead): equipment of hotels' breakfast rooms, school kitchens and basements that
  // the catalogue had no problem for.
  it.each([
    [
      'the waffle maker in the breakfast room will not heat up',
      'Small countertop appliance not working (toaster, waffle maker, coffee maker, kettle)',
      'appliance',
    ],
    ['toaster in the staff lounge is dead', 'Small countertop appliance not working (toaster, waffle maker, coffee maker, kettle)', 'appliance'],
    ['the basement dehumidifier quit and the bucket stays empty', 'Portable dehumidifier not running or not collecting water', 'appliance'],
    [
      'cafeteria hood filters are caked with grease, inspection is next week',
      'Commercial kitchen hood and grease filters due for cleaning',
      'cleaning-custodial',
    ],
    ['the heat tape on the well line is not warming', 'Frozen water pipe', 'plumbing'],
  ])('"%s" leads with %s for %s', async (text, lead, trade) => {
    const { diagnoses } = await answer(text);
    expect(diagnoses[0].diagnosis).toBe(lead);
    expect(diagnoses[0].trade).toBe(trade);
  });

  it('a range hood that does not run and a dirty furnace filter keep their problems', async () => {
    expect((await answer('range hood fan will not turn on')).diagnoses[0].diagnosis).toBe('Range hood fan or light not working');
    expect((await answer('the furnace air filter is filthy')).diagnoses[0].diagnosis).toBe('Clogged air filter');
  });

  it('a dead well pump is priced with a pressure switch and a pump, and says who pulls it', async () => {
    const { diagnoses } = await answer('no water in the house, the well pump is dead');
    const [top] = diagnoses;
    expect(top.parts.join(' ')).toMatch(/pressure switch/i);
    expect(top.parts.join(' ')).toMatch(/submersible well pump/i);
    expect(top.assessment).toMatch(/well or pump contractor/);
    expect(top.severity).toBe('emergency');
  });

  it('propane after a run-out is leak-checked before the pilots are relit', async () => {
    const { diagnoses } = await answer('we ran out of propane and the heat is off');
    expect(diagnoses[0].resolution_steps.join(' ')).toMatch(/leak-tested before relighting/);
  });

  it('without those words the nearby readings stay: city water, a hot-water odor, a gas fireplace', async () => {
    expect((await answer('no water coming out of any faucet in the apartment')).diagnoses[0].diagnosis).toBe('No water to the unit');
    expect((await answer('the hot water smells like rotten eggs')).diagnoses[0].trade).toBe('water-heater');
    expect((await answer('gas fireplace will not stay lit')).diagnoses[0].diagnosis).toMatch(/gas fireplace/i);
    expect((await answer('the heater works well but the thermostat screen is blank')).diagnoses[0].diagnosis).toBe('Faulty thermostat');
  });

  describe('urgency', () => {
    it.each([
      ['the septic alarm light is on and buzzing', 'urgent'],
      ['smoke keeps coming back into the house from the wood stove', 'urgent'],
      ['we are out of propane and it is freezing in here', 'emergency'],
      ['the oil tank ran dry last night', 'emergency'],
      ['no water in the house, the well pump is dead', 'emergency'],
    ])('"%s" is %s', (text, expected) => {
      expect(level(text)).toBe(expected);
    });

    it.each([
      'well water smells like rotten eggs when we fill a glass',
      'getting low on propane, can you have them schedule a fill',
      'running out of heating oil soon, please order a delivery',
      'the septic alarm was tested after the pump was installed',
    ])('"%s" is no emergency', (text) => {
      expect(level(text)).not.toBe('emergency');
    });

    it('a rotten-egg smell by the propane tank is still a gas leak', () => {
      expect(level('rotten egg smell out by the propane tank')).toBe('emergency');
    });
  });
});
