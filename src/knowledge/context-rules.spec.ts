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
    expect(reader.read('the faucet drips').tradeWeights.size).toBe(0);
  });

  it('drops the clauses that say a thing is absent, and nothing else', () => {
    expect(reader.withoutNegated('No leak under the sink, but the hinge is broken').trim()).toBe(', but the hinge is broken');
    expect(reader.withoutNegated('no heat in unit 4')).toBe('no heat in unit 4');
  });

  it('refuses unknown trades, repeated ids and phrases that cannot match, naming the entry', () => {
    expect(() => new ContextReader(withRule({ id: 'x', when: ['leak'], weights: { carpentry: 2 } }), kb)).toThrow(KnowledgeDataError);
    expect(() => new ContextReader(withRule({ id: 'pests-named', when: ['leak'], weights: { plumbing: 2 } }), kb)).toThrow(/used twice/);
    expect(() => new ContextReader(withRule({ id: 'y', when: ['... leak'], weights: { plumbing: 2 } }), kb)).toThrow(/y|\.\.\./);
    expect(() => new ContextReader(withRule({ id: 'z', when: ['leak'], weights: { plumbing: 50 } }), kb)).toThrow(KnowledgeDataError);
  });
});
