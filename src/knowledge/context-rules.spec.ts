import * as fs from 'node:fs';
import { CONTEXT_RULES_FILE, ContextReader } from './context-rules';
import { KnowledgeDataError } from './data-validation';
import { loadKnowledgeBase } from './knowledge-base';

describe('context rules', () => {
  const kb = loadKnowledgeBase();
  const shipped = JSON.parse(fs.readFileSync(CONTEXT_RULES_FILE, 'utf8')) as { rules: Record<string, unknown>[] };
  const reader = new ContextReader(shipped, kb);
  const withRule = (rule: Record<string, unknown>) => ({ ...shipped, rules: [...shipped.rules, rule] });

  it('counts a rule where its phrase appears, not where it is negated or cancelled', () => {
    expect(reader.read('mouse droppings behind the stove').rules).toContain('pests-named');
    expect(reader.read('please lower my loft bed').rules).toContain('bed-as-furniture');
    expect(reader.read('please lower my bed, I think there are bed bugs in it').rules).not.toContain('bed-as-furniture');
    expect(reader.read('there is water dripping from the unit above').rules).toContain('leak-from-above');
    expect(reader.read('the roof above us leaks when it rains').rules).not.toContain('leak-from-above');
    expect(reader.read('please move this desk to room 12').rules).toEqual(expect.arrayContaining(['moving-things']));
    expect(reader.read('please move this desk to room 12').rules).not.toContain('furniture-repair');
  });

  it('combines the weights of the rules that count, per trade', () => {
    const { tradeWeights } = reader.read('mouse droppings under the sink');
    expect(tradeWeights.get('pest-control')).toBeGreaterThan(1);
    // No rule counts for a plain faucet drip: only anchors of trades it never names weigh in, all downwards.
    const plain = reader.read('the faucet drips');
    expect(plain.rules.filter((r) => !/^no-.+-named$/.test(r) && r !== 'plumbing-fixture-nothing-electrical')).toEqual([]);
    for (const w of plain.tradeWeights.values()) expect(w).toBeLessThan(1);
    expect(plain.tradeWeights.has('plumbing')).toBe(false);
  });

  it('weights down a trade whose subject the request never names', () => {
    // "Light" and "floor" are elevator words too, but a hallway light is not an elevator job.
    expect(reader.read('2nd floor hallway lights out').tradeWeights.get('elevator')).toBeLessThan(1);
    expect(reader.read('the light in the elevator cab is out').tradeWeights.has('elevator')).toBe(false);
    // "Hot" in a building is no water-heater job; hot water is.
    expect(reader.read('very hot in the building').tradeWeights.get('water-heater')).toBeLessThan(1);
    expect(reader.read('no hot water in the shower').tradeWeights.has('water-heater')).toBe(false);
    // Pest control is for a pest the request names.
    expect(reader.read('need outlets along the wall').tradeWeights.get('pest-control')).toBeLessThan(1);
    expect(reader.read('mice in the walls').rules).not.toContain('no-pest-control-named');
  });

  it('refuses an anchor on an unknown trade or a trade anchored twice', () => {
    const anchors = (shipped as unknown as { anchors: Record<string, unknown>[] }).anchors;
    expect(() => new ContextReader({ ...shipped, anchors: [...anchors, { trade: 'carpentry', named_by: ['wood'], weight: 0.5 }] }, kb)).toThrow(
      KnowledgeDataError,
    );
    expect(() => new ContextReader({ ...shipped, anchors: [...anchors, { trade: 'elevator', named_by: ['lift'], weight: 0.5 }] }, kb)).toThrow(
      /anchored twice/,
    );
  });

  it('drops the clauses that say a thing is absent, and nothing else', () => {
    expect(reader.withoutNegated('No leak under the sink, but the hinge is broken').trim()).toBe(', but the hinge is broken');
    expect(reader.withoutNegated('no heat in unit 4')).toBe('no heat in unit 4');
    // A device named after a negatable thing is the device: "no smoke detector" says it is missing.
    expect(reader.withoutNegated('no smoke detector in the bedroom')).toBe('no smoke detector in the bedroom');
    expect(reader.withoutNegated('no smoke in the hall, the detector chirps').trim()).toBe(', the detector chirps');
  });

  it('reads contracted and hedged negations ("doesn\'t appear to be an active leak"), not words that end in "nt"', () => {
    expect(reader.withoutNegated("Puddle in the hall to clean up, doesn't appear to be an active leak").trim()).toBe('puddle in the hall to clean up,');
    expect(reader.withoutNegated('I didnt see any mice, but there are droppings')).not.toContain('mice');
    expect(reader.withoutNegated('the front leak is back')).toBe('the front leak is back');
    expect(reader.withoutNegated("the faucet won't stop leaking")).toBe("the faucet won't stop leaking");
  });

  it('drops what still works around a "but" that names its own subject, never a complaint', () => {
    expect(reader.withoutNegated('My key card works but the door handle is loose and spins')).toBe('the door handle is loose and spins');
    expect(reader.withoutNegated('The stove burners work fine, but the oven will not heat')).toBe('the oven will not heat');
    expect(reader.withoutNegated('The heat is not working but the AC works')).toBe('the heat is not working');
    // A negation, a pronoun or no subject of its own after "but" keeps the clause: it is the complaint.
    expect(reader.withoutNegated('The dishwasher works but it leaks underneath')).toBe('the dishwasher works but it leaks underneath');
    expect(reader.withoutNegated('The faucet works but drips all night')).toBe('the faucet works but drips all night');
    expect(reader.withoutNegated('The light works only sometimes but the fan never does')).toBe('the light works only sometimes but the fan never does');
  });

  it('reads a request without the places it names, unless water traces to one of them', () => {
    expect(reader.withoutPlaces('The light over the kitchen sink does not turn on').replace(/\s+/g, ' ')).toBe('the light does not turn on');
    expect(reader.withoutPlaces('outlet next to the fridge is dead').replace(/\s+/g, ' ')).toBe('outlet is dead');
    expect(reader.withoutPlaces('mirror over the sink is loose').replace(/\s+/g, ' ')).toBe('mirror is loose');
    // Water is traced to its source by the place it names; "all over" names no place.
    expect(reader.withoutPlaces('the carpet is soaked near the water fountain')).toBe('the carpet is soaked near the water fountain');
    expect(reader.withoutPlaces('glass all over the floor from a broken bottle')).toBe('glass all over the floor from a broken bottle');
    expect(reader.withoutPlaces('no heat in unit 4')).toBe('no heat in unit 4');
  });

  it('refuses unknown trades, repeated ids and phrases that cannot match, naming the entry', () => {
    expect(() => new ContextReader(withRule({ id: 'x', when: ['leak'], weights: { carpentry: 2 } }), kb)).toThrow(KnowledgeDataError);
    expect(() => new ContextReader(withRule({ id: 'pests-named', when: ['leak'], weights: { plumbing: 2 } }), kb)).toThrow(/used twice/);
    expect(() => new ContextReader(withRule({ id: 'y', when: ['... leak'], weights: { plumbing: 2 } }), kb)).toThrow(/y|\.\.\./);
    expect(() => new ContextReader(withRule({ id: 'z', when: ['leak'], weights: { plumbing: 50 } }), kb)).toThrow(KnowledgeDataError);
  });
});
