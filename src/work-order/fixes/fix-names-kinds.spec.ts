import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { KnowledgeProblemClassifier } from '../history/problem-classifier';
import { FixRelevance } from './fix-relevance';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

/**
 * A previous fix's name is what a coordinator reads as the repair (issue 20): a verb and the part
 * or action it worked on. Closing notes written for these tests in the styles other maintenance
 * systems export (timestamped user lines, pipe-separated labor lines, bracketed initials, vendor
 * completions); every person, firm, number and date is invented.
 */
describe('fix names a coordinator reads as repairs', () => {
  const kb = loadKnowledgeBase();
  const normalizer = new KnowledgeFixNormalizer(kb);
  const name = (note: string) => normalizer.normalize(note)?.label;

  it('names no fix for bookkeeping written as a verb and a noun: a schedule, a status, a priority', () => {
    expect(name('Completed by Northgate Air on 09/12/2022 - swapped the schedule for the rooftop units to start at 5am')).toBeUndefined();
    expect(name('Resolution: updated the work log, changed status to waiting on tenant')).toBeUndefined();
    expect(name('02/17/2022 08:10 QHART: changed priority to urgent and reassigned')).toBeUndefined();
    expect(name('[3/9/22 pmoss] lowered the flags to half staff at the front entrance')).toBeUndefined();
  });

  it('names no fix for a repair only spoken of: beyond repair, sent to the shop, scheduled, done some other day', () => {
    expect(name('Tech: Lia Brandt | Labor: 0.5 hrs | steam trap is beyond repair, needs replacing')).toBeUndefined();
    expect(name('Resolution: golf cart towed to the repair shop, will not start')).toBeUndefined();
    expect(name('Answering service: plumber coming first thing tomorrow, repair scheduled')).toBeUndefined();
    expect(name('[5/2/22 hsoto] checked the disposal, resident says the switch was swapped earlier this month') ?? '').not.toMatch(/earlier|month/);
    expect(name('Tech: Omar Kell | Labor: 1 hr | temporary patch on the pipe, repair later')).toBeUndefined();
    expect(name('Completed by Tri-State Mechanical on 06/02/2023 - Repair finished')).toBeUndefined();
  });

  it('names no fix for a problem that went away by itself', () => {
    expect(name('Resolution: resident reports the leak fixed itself overnight, closing')).toBeUndefined();
    expect(name('[9/4/23 lp] breaker reset itself, panel fine')).toBeUndefined();
  });

  it('names no fix after a role or a reading: the vendor, the crew, a temperature, the humidity', () => {
    expect(name('04/02/2022 13:30 RWADE: replaced by the vendor, confirmed with the resident')).toBeUndefined();
    expect(name('Completed by Crestline HVAC on 06/30/2022 - lowered the temperature two degrees for the tenant')).toBeUndefined();
    expect(name('[7/7/22 jbell] adjusted the humidity at the request of the lab manager')).toBeUndefined();
  });

  it('keeps the repair of a note whose last words are no part: the filter put in backwards, not "backwards"', () => {
    expect(name('[8/1/22 ecruz] replaced wrong size filter that had been put in backwards')).toMatch(/filter/i);
    expect(name('Tech: Noor Aziz | Labor: 2 hrs | replaced the blower wheel last week, replaced the motor mount today')).toBe('Replaced motor mount');
  });

  it('keeps a long-tail repair whose part is an unusual word, and the part beside a measurement', () => {
    expect(name('Resolution: replaced the sight glass on the receiver. Parts: 1x sight glass $31.10')).toBe('Replaced sight glass on receiver');
    expect(name('[9/9/22 dtan] replaced the level switch in the sump')).toMatch(/^Replaced level switch/);
    expect(name('Completed by Aqua Pros on 10/04/2022 - replaced the temperature sensor on the return duct')).toMatch(/^Replaced temperature sensor/);
  });

  it('names a fan motor written as its letters by the motor, and a flow rate by none', () => {
    expect(name('10/21/2022 15:05 KIMURA: condenser not spinning, replaced CFM and run capacitor')).toMatch(/condenser fan motor|capacitor/i);
    expect(name('10/21/2022 15:05 KIMURA: condenser not spinning, replaced CFM and run capacitor')).not.toMatch(/kimura|cfm/i);
    expect(name('[1/4/23 vlee] installed new OFM, fan running')).toBe('Replace condenser fan motor');
    expect(name('Tech: Ada Pike | Labor: 1 hr | balanced the supply to 400 CFM')).not.toMatch(/fan motor/i);
  });
  it('names no fix by the letters of a slashed machine name, nor by the person before them', () => {
    expect(name('[6/2/23 rk] Okafor fixed the A/C in the music office') ?? '').not.toMatch(/okafor/i);
    expect(name('Tech: Wes Dunn | Labor: 1 hr | put in a temp a/c for the tenant until the compressor arrives')).toBeUndefined();
    expect(name('2024-05-01 - 18010 - Ines Park-installed temp A/C - Ines Park')).toBeUndefined();
    expect(name('Resolution: leak found at the service valve, recharged with R-22')).toBe('Recharged refrigerant');
  });

  it('leaves a person who did the work and the state the part was found in out of the name', () => {
    expect(name('02/11/2023 10:20 HNOVAK: Priya Banerjee replaced')).toBeUndefined();
    expect(name('[11/3/22 tbrook] blower motor shaft seized - replaced')).toBe('Replaced blower motor shaft');
    expect(name('Tech: Ivo Marsh | Labor: 1 hr | replaced the corroded shutoff valve under the sink')).toBe('Replaced shutoff valve');
    expect(name('Resolution: freed the jammed disposal with the hex key')).not.toMatch(/jammed/i);
  });
});

describe('a request naming the refrigerant by its trade name', () => {
  const kb = loadKnowledgeBase();
  const relevance = new FixRelevance(kb);
  const normalizer = new KnowledgeFixNormalizer(kb);
  const classifier = new KnowledgeProblemClassifier(kb);
  const charge = normalizer.normalize('Resolution: leak checked, topped off with 2 lbs R-410A, cooling normally')!;

  it.each([['The office mini split is low on freon again'], ['condensing unit for the lab needs an R-22 top off'], ['AC needs r410a, blowing warm']])(
    '%p: names the refrigerant a charge worked on',
    (request) => {
      const query = relevance.query(request, classifier.candidates(request), []);
      expect(relevance.namesPartOf(charge.key, query)).toBe(true);
    },
  );

  it('does not read the refrigerant in a request that names none', () => {
    const request = 'the heat pump is freezing up on the outside';
    expect(relevance.namesPartOf(charge.key, relevance.query(request, classifier.candidates(request), []))).toBe(false);
  });
});
