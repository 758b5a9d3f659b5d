import { loadKnowledgeBase } from './knowledge-base';
import { likelihoods, matchProblems, queryTerms } from './symptom-matcher';

describe('matchProblems', () => {
  const kb = loadKnowledgeBase();
  const top = (text: string) => matchProblems(kb, text, { limit: 3 });
  const ids = (text: string) => top(text).map((m) => m.problem.id);

  it('maps a gas smell near the stove to an appliance gas emergency', () => {
    const [first] = top('Gas smell near the stove');
    expect(first.problem.id).toBe('gas-range-leak');
    expect(first.problem.trade).toBe('appliance');
    expect(first.problem.severity).toBe('emergency');
    expect(first.problem.safety_flags).toContain('gas-leak');
    expect(first.likelihood).toBeGreaterThan(0.8);
  });

  it('maps a running toilet to the flapper and the fill valve', () => {
    expect(ids('toilet keeps running').slice(0, 2).sort()).toEqual(['toilet-fill-valve-failure', 'toilet-flapper-worn']);
  });

  it.each(['toilet keeps running', 'ac not cooling and the thermostat is blank', 'please call me back'])(
    'reads %p alike whether its scores are remembered or read once',
    (text) => {
      const once = matchProblems(kb, `${text} (once)`, { limit: 8, once: true });
      expect(matchProblems(kb, `${text} (once)`, { limit: 8 })).toEqual(once);
      expect(matchProblems(kb, `${text} (once)`, { limit: 8, once: true })).toEqual(once);
    },
  );

  it('reads work-order shorthand', () => {
    expect(ids('wtr htr leakin')[0]).toBe('wh-tank-leak');
    expect(top('ac not cooling')[0].problem.trade).toBe('hvac-cooling');
    expect(ids('disp jammed')[0]).toBe('disposal-jammed');
    expect(ids('bthrm gfi wont reset')[0]).toBe('gfci-tripped');
    expect(ids('tstat blank')[0]).toBe('thermostat-malfunction');
  });

  it('reads misspellings from the vocabulary and by edit distance', () => {
    expect(ids('toliet keeps runing')).toContain('toilet-flapper-worn');
    expect(ids('furnance not working')[0]).toBe('furnace-ignitor-failure');
    expect(queryTerms(kb, 'the refrigarator is warm').known).toContain('refrigerator');
    expect(ids('brekaer keeps triping')[0]).toBe('breaker-tripping');
  });

  it('does not correct a real word into one that starts with another letter', () => {
    // "colder" is not "holder", "class" is not "glass": typos rarely change the first letter.
    expect(queryTerms(kb, 'please make the classroom colder').known).not.toContain('holder');
    expect(queryTerms(kb, 'during class').known).not.toContain('glass');
  });

  it('reads Spanish', () => {
    expect(ids('hay una fuga debajo del fregadero')[0]).toBe('sink-drain-leak');
    expect(ids('huele a gas en la estufa')[0]).toBe('gas-range-leak');
    expect(ids('hay cucarachas en la cocina')[0]).toBe('cockroach-infestation');
    expect(top('no hay agua caliente')[0].problem.trade).toBe('water-heater');
  });

  it('finds both problems of a text that describes two, the first named first', () => {
    const found = ids('toilet is clogged and the kitchen faucet is dripping');
    expect(found[0]).toBe('toilet-clog');
    expect(found).toContain('faucet-drip-cartridge');
    expect(ids('roaches in the kitchen and mouse droppings in the pantry').slice(0, 2).sort()).toEqual(['cockroach-infestation', 'mice']);
  });

  it('returns nothing for empty or meaningless text, without throwing', () => {
    expect(matchProblems(kb, '')).toEqual([]);
    expect(matchProblems(kb, '   ')).toEqual([]);
    expect(matchProblems(kb, 'asdf qwerty zxcv 12345 !!!')).toEqual([]);
    expect(matchProblems(kb, '\u0000\u{1F600}')).toEqual([]);
  });

  it('gives low likelihoods to vague text and high ones to clear text', () => {
    const vague = top('it is broken');
    expect(vague.every((m) => m.likelihood < 0.2)).toBe(true);
    const clear = top('smoke detector chirping every minute, battery is low');
    expect(clear[0].likelihood).toBeGreaterThan(0.8);
  });

  it('returns likelihoods in 0..1, sorted, summing to at most 1', () => {
    const all = matchProblems(kb, 'water leaking from the ceiling in the bathroom', { limit: 500 });
    expect(all.length).toBeGreaterThan(3);
    let sum = 0;
    all.forEach((m, i) => {
      expect(m.likelihood).toBeGreaterThanOrEqual(0);
      expect(m.likelihood).toBeLessThanOrEqual(1);
      if (i > 0) expect(m.likelihood).toBeLessThanOrEqual(all[i - 1].likelihood);
      sum += m.likelihood;
    });
    expect(sum).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('honors the limit', () => {
    expect(matchProblems(kb, 'leak', { limit: 2 })).toHaveLength(2);
    expect(matchProblems(kb, 'leak', { limit: 0 })).toEqual([]);
    expect(matchProblems(kb, 'leak').length).toBeLessThanOrEqual(5);
  });

  // Requests in the styles the service meets: a tenant's message, a student's, a campus work order, a code inspector's note.
  const requests = [
    'Hi, the kitchen sink is leaking under the cabinet and also the bathroom fan makes a loud noise',
    'dorm rm 204 - heater not working, its freezing. plus the window wont close',
    'SMITH HALL - RM 110 - AHU-3 FAN BELT SQUEALING, REPLACE BELT',
    'Code violation: missing smoke detector in 2nd floor hallway; GFCI outlet in kitchen does not trip',
    'toliet keeps runing and the disposal is jammed',
  ];

  it('returns the first problems of the full ranking, each with its share of the whole softmax', () => {
    for (const text of requests) {
      const all = matchProblems(kb, text, { limit: 1000 });
      expect(all.length).toBeGreaterThan(5);
      expect(all.map((m) => m.likelihood)).toEqual(
        likelihoods(
          all.map((m) => m.score),
          kb.calibration,
        ),
      );
      for (let i = 1; i < all.length; i++) {
        expect(all[i].score <= all[i - 1].score).toBe(true);
        if (all[i].score === all[i - 1].score) expect(all[i - 1].problem.id.localeCompare(all[i].problem.id)).toBeLessThan(0);
      }
      for (const limit of [1, 3, 5, 40]) expect(matchProblems(kb, text, { limit })).toEqual(all.slice(0, limit));
      const boosts = new Map(all.slice(0, 3).map((m, i) => [m.problem.id, i === 0 ? 0.5 : 2]));
      const boosted = matchProblems(kb, text, { limit: 1000, boosts });
      expect(boosted.map((m) => m.likelihood)).toEqual(
        likelihoods(
          boosted.map((m) => m.score),
          kb.calibration,
        ),
      );
      expect(matchProblems(kb, text, { limit: 3, boosts })).toEqual(boosted.slice(0, 3));
    }
  });

  it('scores a text the same however often it is read', () => {
    const again = (text: string) => JSON.stringify(matchProblems(kb, text, { limit: 1000 }));
    const first = requests.map(again);
    expect([...requests].reverse().map(again).reverse()).toEqual(first);
  });

  it('applies boosts from history multiplicatively', () => {
    const plain = ids('toilet keeps running');
    const boosted = matchProblems(kb, 'toilet keeps running', { limit: 3, boosts: new Map([['toilet-fill-valve-failure', 3]]) });
    expect(plain[0]).toBe('toilet-flapper-worn');
    expect(boosted[0].problem.id).toBe('toilet-fill-valve-failure');
    const suppressed = matchProblems(kb, 'toilet keeps running', { boosts: new Map([['toilet-flapper-worn', 0]]) });
    expect(suppressed.map((m) => m.problem.id)).not.toContain('toilet-flapper-worn');
  });
});
