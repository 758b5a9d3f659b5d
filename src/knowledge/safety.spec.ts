import { loadKnowledgeBase } from './knowledge-base';
import { detectSafetyFlags, detectSafetySignals } from './safety';

describe('detectSafetyFlags', () => {
  const kb = loadKnowledgeBase();
  const flags = (text: string) => detectSafetyFlags(kb, text);

  it.each([
    ['Gas smell near the stove', 'gas-leak'],
    ['it smells like gas in the hallway', 'gas-leak'],
    ['huele a gas en la cocina', 'gas-leak'],
    ['CO alarm going off in the bedroom', 'carbon-monoxide'],
    ['suena la alarma de monoxido de carbono', 'carbon-monoxide'],
    ['the outlet is sparking', 'electrical-shock'],
    ['el enchufe echa chispas', 'electrical-shock'],
    ['burning smell from the panel', 'fire'],
    ['smoke coming from the dryer', 'fire'],
    ['hay humo en la cocina', 'fire'],
    ['pipe burst, water everywhere', 'flooding'],
    ['el apartamento esta inundado', 'flooding'],
    ['sewage backing up in the tub', 'sewage'],
    ['salen aguas negras por la regadera', 'sewage'],
    ['no heat since last night', 'no-heat'],
    ['no hay calefaccion', 'no-heat'],
    ['there is no water in the unit', 'no-water'],
    ['no hay agua', 'no-water'],
    ['black mold in the closet', 'mold'],
    ['the ceiling collapsed', 'structural'],
    ['someone broke in last night', 'security'],
  ])('finds the hazard in "%s"', (text, flag) => {
    expect(flags(text)).toContain(flag);
  });

  it('finds several hazards in one text, in catalogue order', () => {
    expect(flags('outlet sparking and now there is smoke in the kitchen')).toEqual(['electrical-shock', 'fire']);
  });

  it('reads sparking as an electrical hazard, not as smoke or fire', () => {
    // "Smoke or fire reported: call the fire department" would be wrong for a sparking microwave.
    expect(flags('microwave in the lounge sparks when it runs')).toEqual(['electrical-shock']);
    expect(flags('the outlet by the bed is sparking')).toEqual(['electrical-shock']);
  });

  it('ignores negated hazards and look-alike words', () => {
    expect(flags('no gas smell, just a dripping faucet')).toEqual([]);
    expect(flags("I don't smell gas anymore")).toEqual([]);
    expect(flags('smoke detector chirping, needs a battery')).toEqual([]);
    expect(flags('no hot water')).toEqual([]);
    expect(flags('water heater not working')).not.toContain('no-heat');
    expect(flags('')).toEqual([]);
  });

  it('names the phrase that revealed each hazard', () => {
    expect(detectSafetySignals(kb, 'Gas smell near the stove')).toEqual([{ flag: 'gas-leak', phrase: 'gas smell' }]);
  });
});
