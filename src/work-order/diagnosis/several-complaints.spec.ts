import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline } from './knowledge-diagnosis';
import { insightsBeside, readSeveralProblems } from './several-problems';
import { problemIdNamed } from '../../knowledge/tenant-questions';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';

/**
 * Review 15 read whole answers to student-housing and campus requests as a coordinator reads them:
 * the second complaint of the same trade vanished ("the dryer doesn't heat. Also washer #3 won't
 * drain": one diagnosis, no word of the washer), and the insights named complaints nobody made
 * ("lower my bunk bed? I'd like it at the lowest setting" → "heat will not shut off"; mice seen
 * "under the wardrobe" → "furniture needs repair"; "thermostat says it's set to 68" → "faulty
 * thermostat", to dispatch separately to the HVAC technician already going).
 */
describe('further complaints named in the insights (review 15)', () => {
  const kb = loadKnowledgeBase();
  const winter = new Date('2026-01-20T12:00:00Z');
  /** The insights that name further complaints, beside the offline diagnosis of the request. */
  const further = (request: string): string[] => {
    const complaint = complaintText(request);
    const several = readSeveralProblems(kb, complaint, winter);
    const top = diagnoseOffline(kb, { text: several.text, safetyFlags: [], history: new Map() })[0];
    return insightsBeside(kb, several, top.trade, problemIdNamed(kb, top.diagnosis));
  };

  it.each([
    [
      'The dryer in the 3rd floor laundry room does not heat at all. Also the washer next to it will not drain, the water just sits there.',
      /washing machine not draining/i,
      /appliance technician/i,
    ],
    ['my closet door fell off its track. also the drawer in my desk is broken and will not slide', /furniture/i, /handyman/i],
    ['the ceiling light in my room is flickering, and the outlet by my bed does not work either', /outlet|flickering/i, /electrician/i],
  ])('"%s": names the job the dispatch does not lead with, for the same trade, as one visit', (request, job, vendor) => {
    const notes = further(request);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(job);
    expect(notes[0]).toMatch(vendor);
    expect(notes[0]).toMatch(/same .* on this visit/);
    expect(notes[0]).not.toMatch(/dispatch it separately/);
  });

  it.each([
    'Could you lower the bunk bed in room 12? I want it at the lowest setting.',
    'We have mice in our suite. I saw droppings in my desk drawer and one ran under the wardrobe.',
    'The AC in our suite blows warm air. The thermostat says it is set to 66.',
    'the toilet keeps running',
  ])('"%s": names no complaint the request did not make', (request) => {
    expect(further(request)).toEqual([]);
  });

  it('does not name a reading the request\'s situation contradicts: a stain "after the leak was fixed" beside water coming through', () => {
    const request = 'Water is dripping through the ceiling of our common room onto the couch. The ceiling tile above it has a big brown stain.';
    const complaint = complaintText(request);
    const several = readSeveralProblems(kb, complaint, winter);
    const situations = new Set(triageUrgency(complaint, { now: winter }).reasons.map((r) => r.category));
    const top = diagnoseOffline(kb, { text: several.text, situations, safetyFlags: [], history: new Map() })[0];
    const notes = insightsBeside(kb, several, top.trade, problemIdNamed(kb, top.diagnosis), situations);
    expect(notes.join(' ')).not.toMatch(/already fixed/);
  });

  it('still names a complaint of another trade, to dispatch separately', () => {
    const notes = further('The bathroom faucet drips all night. Also the closet door is off its track.');
    expect(notes).toEqual([expect.stringMatching(/closet door off track \(Handyman\); dispatch it separately/)]);
  });

  it.each([
    ['the toilet in the 2nd floor restroom keeps running and the handle is loose', 'plumbing'],
    ['Washer in laundry room B will not drain and the knob is missing', 'appliance'],
    ['our shower drips constantly and the handle feels wobbly', 'plumbing'],
  ])('"%s": a bare handle or knob is the fixture\'s own part, no second job for a locksmith', (request, trade) => {
    const several = readSeveralProblems(kb, complaintText(request), winter);
    expect(diagnoseOffline(kb, { text: several.text, safetyFlags: [], history: new Map() })[0].trade).toBe(trade);
    expect(further(request).join(' ')).not.toMatch(/Locksmith|door knob|handle/i);
  });

  it('a door handle named as such is still a job of its own', () => {
    const request = 'the toilet is running and the bedroom door handle is broken';
    const several = readSeveralProblems(kb, complaintText(request), winter);
    const served = diagnoseOffline(kb, { text: several.text, safetyFlags: [], history: new Map() }).map((d) => d.trade);
    const answer = [...served, ...further(request)].join(' ');
    expect(answer).toMatch(/doors-locks|\(Locksmith\)/);
    expect(answer).toMatch(/plumbing|\(Plumber\)/);
  });
});
