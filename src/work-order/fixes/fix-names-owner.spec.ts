import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

/**
 * A part that many devices hold (a battery, a bulb) is named by the device it sat in: a
 * coordinator reading "Replaced batteries" cannot tell a thermostat's from a smoke alarm's, and the
 * two were counted as one fix. Notes written for these tests.
 */
describe('a battery or bulb is named by the device it sat in', () => {
  const normalizer = new KnowledgeFixNormalizer(loadKnowledgeBase());
  const read = (note: string) => normalizer.normalize(note);

  it.each([
    ['replaced AA batteries in thermostat', /^Replaced thermostat batteries$/],
    ['Changed the batteries inside the t-stat, screen back on', /^Replaced thermostat batteries$/],
    ['Resolution: Replaced battery in CO detector', /^Replaced (co|carbon monoxide) detector battery$/i],
    ['replaced batteries in door lock keypad', /^Replaced door lock keypad batteries$/],
    ['Replaced bulb in exit sign', /^Replaced exit sign bulb$/],
  ])('%p names the device', (note, expected) => {
    expect(read(note)?.label).toMatch(expected);
  });

  it('counts the battery of a thermostat written either way as one fix, and never with a smoke alarm', () => {
    const thermostat = ['replaced AA batteries in thermostat', 'Resolution: Replaced thermostat batteries', 'repl t-stat batteries, working'].map(
      (n) => read(n)?.key,
    );
    expect(new Set(thermostat).size).toBe(1);
    const smokeAlarm = read('Resolution: Replaced 9 volt battery in smoke alarm');
    expect(smokeAlarm?.label).toMatch(/smoke (alarm|detector) battery/i);
    expect(smokeAlarm?.key).toBe(read('Replaced smoke detector battery')?.key);
    expect(smokeAlarm?.key).not.toBe(thermostat[0]);
  });

  it.each([
    // A room or a place says where the device was, not which one.
    ['replaced burnt out bulbs in hallway', /^Replaced bulbs$/],
    ['replaced bulbs in kitchen and bath', /^Replaced bulbs$/],
    ['changed battery in unit 4B', /^Replaced battery$/],
    ['replaced lamps in room 214', /^Replaced? lamps$/],
    // Not such a part: the place a part was found stays out of its name.
    ['replaced breaker in panel', /^Replaced breaker$/],
  ])('%p keeps the name it had', (note, expected) => {
    expect(read(note)?.label).toMatch(expected);
  });
});
