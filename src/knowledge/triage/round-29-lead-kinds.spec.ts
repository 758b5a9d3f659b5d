import { triageUrgency } from './urgency-triage';

/**
 * Round 29 (session 29, the lead): kinds a fresh blind set (voicemail transcripts, inspection
 * checklists, tenants writing in a second language, coordinators' titles, condominium boards) showed
 * misread. Every wording here was written for this spec, none is the blind set's.
 */
describe('triageUrgency on round-29 kinds (the lead)', () => {
  const level = (text: string, coldSeason = true) => triageUrgency(text, { coldSeason }).level;

  // A fire alarm or sprinkler system that cannot protect the building (no power, no monitoring, a
  // closed control valve, the system said to be impaired) is an emergency: the alarm contractor now,
  // the monitoring company and the fire department told, and a fire watch until it is restored.
  it.each([
    'Fire alarm control panel shows trouble and has no AC power, the backup batteries are dead',
    'FACP TROUBLE - LOSS OF AC POWER - BATTERIES DEPLETED',
    'the monitoring company called, they lost the signal from our fire alarm panel',
    'Sprinkler control valve on the riser found shut, system impaired',
    'FIRE SPRINKLER SYSTEM IMPAIRED - MAIN VALVE CLOSED',
    'fire alarm panel beeping with trouble on the screen and none of the hallway smoke detectors have a light',
    'our fire alarm is not being monitored since the phone lines were cut',
    'SPRINKLER RISER 2 - VALVE TAMPER SIGNAL AT PANEL',
    'Fire alarm panel in trouble and the strobes did not flash on the test; owner to provide a fire watch',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each([
    'fire alarm panel shows a trouble light',
    'Fire alarm panel trouble signal in building 4',
    'sprinkler system impaired for the renovation, fire watch in place',
    'fire alarm system will be offline Tuesday morning for the scheduled panel replacement',
    'lawn sprinkler valve stuck closed, the grass is drying out',
    'smoke detector in my bedroom has no light and does not beep',
    'fire alarm monitoring contract renewal, please sign',
    'fire alarm panel showed trouble during the scheduled test this morning',
  ])('while "%s" is not', (text) => {
    expect(level(text)).not.toBe('emergency');
  });

  // A carbon monoxide alarm is sounding whatever verb the writer gives its noise, and a reading in
  // parts per million counts when the detector is named in another field of a checklist line.
  it.each([
    'carbon monoxide alarm is whistling in the hallway',
    'the alarm of carbon monoxide is screaming and will not stop',
    'CO ALARM - FAIL - activating, 120 ppm at the water heater flue',
    'CARBON MONOXIDE DETECTOR / 85 PPM / BOILER ROOM',
  ])('"%s" is an emergency', (text) => {
    expect(level(text)).toBe('emergency');
  });

  it.each(['carbon monoxide detector whistles once a minute, the battery is low', 'CO DETECTOR - FAIL - expired, replace unit'])(
    'while "%s" is not',
    (text) => {
      expect(level(text)).not.toBe('emergency');
    },
  );

  // False alarms: a lock that trapped someone and works now, a flood's follow-up visit to repaint, water
  // that sprays only while someone showers.
  it.each([
    'the handle was jammed and I was stuck in my room for an hour, my roommate opened it from outside, now it works fine',
    'LEAK CLEANUP F/U - REPAINT HALL 3',
    'FLOOD CLEANUP F/U',
    'the hand shower hose is split, water sprays everywhere when I shower',
  ])('"%s" is not an emergency', (text) => {
    expect(level(text, false)).not.toBe('emergency');
  });

  it.each([
    'I am stuck inside my room, the lock is jammed and nobody can open it',
    'flood cleanup needed now, water still coming in under the door',
    'basement flooding, water rising, please follow up',
    'water pouring through the ceiling when the upstairs neighbor showers',
    'water coming threw the kitchen ceiling around the light and its not stopping',
  ])('while "%s" stays an emergency', (text) => {
    expect(level(text, false)).toBe('emergency');
  });

  // A nuisance alarm that keeps sending everyone outside needs the alarm technician now; a smoke
  // alarm an inspector found working, with an advisory to replace it later, is no alarm sounding.
  it('"the fire alarm keeps going off every half hour with no fire and everybody keeps having to go outside" is an emergency', () => {
    expect(level('the fire alarm keeps going off every half hour with no fire and everybody keeps having to go outside', false)).toBe('emergency');
  });

  it('while "Smoke alarms: alarm present and working; older than ten years, replace at the next service. Advisory only." is not', () => {
    expect(level('Smoke alarms: alarm present and working; older than ten years, replace at the next service. Advisory only.', false)).not.toBe('emergency');
  });
});
