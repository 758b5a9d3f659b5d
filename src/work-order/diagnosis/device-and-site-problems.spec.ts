import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { diagnoseOffline } from './knowledge-diagnosis';

/**
 * Requests written for these tests (not the catalogue's own symptom phrases) about devices and
 * site work that had no problem of their own: each was answered with a confident diagnosis of
 * something else ("CO detector needs a new battery" as a carbon monoxide alarm sounding, "gas
 * fireplace won't turn on" as a gas smell at the furnace, a parking-lot light as leaves on the
 * grounds, a roof drain as a clogged tub drain).
 */
const kb = loadKnowledgeBase();

function topProblem(text: string): { name: string; severity: string; trade: string } {
  const triage = triageUrgency(text, { now: new Date('2026-07-15') });
  const [top] = diagnoseOffline(kb, { text, situations: new Set(triage.reasons.map((r) => r.category)), safetyFlags: [], history: new Map() });
  return { name: top.diagnosis, severity: top.severity, trade: top.trade };
}

const nameOf = (id: string) => kb.problemById.get(id)!.name;

describe('devices and site work with problems of their own', () => {
  it.each([
    ['Carbon monoxide detector in the hallway keeps chirping, probably the battery', 'co-detector-service'],
    ['CO alarm says END on the screen and beeps once a minute', 'co-detector-service'],
    ['Unit 3 has a gas stove but no CO detector anywhere', 'co-detector-service'],
    ['Someone broke the plastic cover off the fire alarm pull station by the stairs', 'fire-alarm-device-damaged'],
    ['The strobe on the fire alarm in our lounge is hanging by its wires', 'fire-alarm-device-damaged'],
    ['The metal ring around the sprinkler in my ceiling fell down', 'sprinkler-escutcheon-missing'],
    ['Resident painted over the sprinkler head in the bedroom', 'sprinkler-escutcheon-missing'],
    ['Can not get into my mailbox, the lock just spins', 'mailbox-lock'],
    ['I lost the key to my mail box', 'mailbox-lock'],
    ['The peephole on my front door fell out, now there is a hole', 'door-viewer-broken'],
    ['Gas fireplace in the living room will not light, it just clicks', 'gas-fireplace-wont-light'],
    ['The pilot on our fireplace keeps going out', 'gas-fireplace-wont-light'],
    ['There is an open slot in the breaker box where a breaker used to be', 'panel-cover-missing'],
    ['The light on the pole at the back of the parking lot has been out for a week', 'site-light-out'],
    ['The light on the outside wall by the loading dock does not come on at night', 'site-light-out'],
    ['Corridor 2 east: relamp, several fluorescent tubes burned out', 'relamp'],
    ['Doorbell does not work, pressing the button does nothing', 'doorbell-not-working'],
    ['Water is standing on the flat roof, the roof drain is full of leaves', 'roof-drain-clogged'],
  ])('"%s" → %s', (text, id) => {
    const top = topProblem(text);
    expect(top.name).toBe(nameOf(id));
    expect(top.trade).toBe(kb.problemById.get(id)!.trade);
  });

  it('does not read a chirping or missing CO detector as a carbon monoxide alarm, while an alarm still is one', () => {
    expect(topProblem('co detector chirping, needs new battery').name).not.toBe(nameOf('co-alarm-sounding'));
    expect(topProblem('The carbon monoxide alarm is going off and we all have headaches').name).toBe(nameOf('co-alarm-sounding'));
  });

  it('does not read a pulled fire alarm that is sounding as a damaged device', () => {
    expect(topProblem('The fire alarm is going off in the whole building, horns and strobes').name).toBe(nameOf('fire-alarm-activated'));
  });

  it('reads the complaint after "but", not the thing said to work before it', () => {
    expect(topProblem('My key card works but the door handle is loose and spins').name).toBe(nameOf('door-knob-broken'));
    expect(topProblem('The fridge is cold but the ice maker stopped').name).toBe(nameOf('ice-maker-failure'));
    expect(topProblem('The stove burners work but the oven will not heat').name).toBe(nameOf('oven-not-heating'));
  });

  it('keeps a leaking sprinkler a leak', () => {
    expect(topProblem('Water is spraying out of the sprinkler head in my room').name).toBe(nameOf('sprinkler-head-leak'));
  });
});

describe('the problem a coordinator would name, read from the whole request (session 16)', () => {
  it('sends active water through a ceiling tile to the leak, not to the tile or a survey', () => {
    const top = topProblem('The ceiling tile in my office has a brown ring and there is a bucket catching drips');
    expect(['roofing-gutters', 'plumbing', 'hvac-cooling']).toContain(top.trade);
    expect([nameOf('ceiling-tiles-damaged'), nameOf('ceiling-water-stain'), nameOf('hazardous-material-survey')]).not.toContain(top.name);
    expect(topProblem('Please replace the stained ceiling tiles in room 118').name).toBe(nameOf('ceiling-tiles-damaged'));
  });

  it('reads an electrical panel warm to the touch as wiring overheating, not a hot room', () => {
    const top = topProblem('the breaker box is warm to the touch');
    expect(top.trade).toBe('electrical');
    expect(top.name).toBe(nameOf('electrical-burning-smell'));
  });

  it('reads an elevator stuck with nobody inside as out of service, not an entrapment', () => {
    expect(topProblem('elevator stuck on 3rd floor, nobody inside').name).toBe(nameOf('elevator-out-of-service'));
    expect(topProblem('elevator stuck between floors with my neighbor inside').name).toBe(nameOf('elevator-entrapment'));
  });

  it('reads an AC leaking in its closet as the condensate drain, not a window unit', () => {
    expect(topProblem('AC leaking water in the closet').name).toBe(nameOf('ac-condensate-drain-clog'));
    expect(topProblem('the window AC is leaking water inside').name).toBe(nameOf('window-ac-failure'));
  });

  it('sends animals of the attic and the trash room to pest control', () => {
    expect(topProblem('Raccoon got into the trash room').trade).toBe('pest-control');
    expect(topProblem('there are squirrels running around above our ceiling').trade).toBe('pest-control');
  });

  it('reads a washing machine hose as the appliance or the plumber, not a drain clog', () => {
    expect(['appliance', 'plumbing']).toContain(topProblem('washing machine drain hose popped off and water went everywhere').trade);
  });

  it('sends a spout or shower head that came off to the plumber', () => {
    expect(topProblem('the bathtub spout fell off').trade).toBe('plumbing');
    expect(topProblem('shower head came off the wall').trade).toBe('plumbing');
  });

  it('sends a carpet soaked from nowhere to the plumber to find the leak', () => {
    expect(topProblem('The carpet in the hall by 204 is soaked and squishy, not sure where the water is from').trade).toBe('plumbing');
    expect(topProblem('carpet is soaked by the window every time it rains').trade).not.toBe('plumbing');
  });
});
