import { loadKnowledgeBase } from './knowledge-base';
import { stem } from './stemmer';
import { normalizerFor } from './symptom-index';
import { foldText, rawWords } from './text-normalizer';

describe('stem', () => {
  it('joins the forms of a word', () => {
    for (const group of [
      ['leak', 'leaks', 'leaking', 'leaked'],
      ['clog', 'clogged', 'clogging'],
      ['drip', 'drips', 'dripping'],
      ['valve', 'valves'],
      ['battery', 'batteries'],
    ]) {
      expect(new Set(group.map(stem)).size).toBe(1);
    }
  });

  it('keeps short words and words that differ', () => {
    expect(stem('tub')).toBe('tub');
    expect(stem('tubes')).not.toBe(stem('tub'));
    expect(stem('heater')).not.toBe(stem('heat'));
  });
});

describe('text normalization', () => {
  const normalizer = normalizerFor(loadKnowledgeBase());

  it('folds accents and case', () => {
    expect(foldText('BAÑO Calefacción')).toBe('bano calefaccion');
  });

  it('drops punctuation and words holding digits, keeps slashes for the vocabulary', () => {
    expect(rawWords("won't work in 4B, a/c (unit #12)")).toEqual(['wont', 'work', 'in', 'a/c', 'unit']);
    expect(rawWords('the a.c. is off')).toEqual(['the', 'ac', 'is', 'off']);
  });

  it('splits any text into the same words as deleting apostrophes and cutting at every other character than a-z, 0-9 and "/"', () => {
    // The plain statement of the rule, against the one-pass reader, over generated strings of the characters that matter
    // (no full stops or temperatures: dotted letters and readings are the tests around this one).
    const byRule = (text: string) =>
      text
        .replace(/'/g, '')
        .replace(/[^a-z0-9/]+/g, ' ')
        .split(' ')
        .filter((w) => w.length > 0 && !/[0-9]/.test(w));
    const alphabet = "ab z09/' -,\t\u00e9\u2019C";
    let state = 3;
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let k = (n * 7) % 13; k > 0; k--) {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        text += alphabet[state % alphabet.length];
      }
      expect(rawWords(text)).toEqual(byRule(text));
    }
  });

  it('folds plain text and text with accents or typographic apostrophes alike', () => {
    expect(foldText("Tenant's AC Won`t Turn On")).toBe("tenant's ac won't turn on");
    expect(foldText('Tenant\u2019s Calefacci\u00f3n')).toBe("tenant's calefaccion");
  });

  it('reads a warm temperature written with its unit glued on as degrees, and leaves unit numbers and cold readings alone', () => {
    expect(rawWords('bas shows zone 4 at 84f')).toEqual(['bas', 'shows', 'zone', 'at', 'degrees']);
    expect(rawWords('room is 80° today, set to 72 f')).toEqual(['room', 'is', 'degrees', 'today', 'set', 'to', 'degrees']);
    expect(rawWords('measured 61f at night')).toEqual(['measured', 'at', 'night']);
    expect(rawWords('unit 2f toilet, apt 12f, oven at 350f')).toEqual(['unit', 'toilet', 'apt', 'oven', 'at']);
  });

  it('reads a reading by what it measures: a cold room is no room too hot, the water a clause names is lukewarm or scalding', () => {
    expect(rawWords('its 50 degrees in our room')).toEqual(['its', 'in', 'our', 'room']);
    expect(rawWords('cold room at 7 degrees celsius')).toEqual(['cold', 'room', 'at']);
    expect(rawWords('room is 84 degrees')).toEqual(['room', 'is', 'degrees']);
    expect(rawWords('shower water only 95 degrees')).toEqual(['shower', 'water', 'only', 'lukewarm']);
    expect(rawWords('hot water 140f at the tap')).toEqual(['hot', 'water', 'scalding', 'at', 'the', 'tap']);
    // A drinking fountain's water is meant to be cold: its reading is no water heater's.
    expect(rawWords('drinking fountain water is 80 degrees')).toEqual(['drinking', 'fountain', 'water', 'is']);
  });

  it('expands shorthand, misspellings, synonyms and Spanish, longest key first', () => {
    expect(normalizer.words('wtr htr lkg')).toEqual(['waterheater', 'leaking']);
    expect(normalizer.words('a/c dosent work')).toEqual(['air', 'conditioner', 'not', 'work']);
    expect(normalizer.words('no hay agua caliente')).toEqual(['not', 'hot', 'water']);
    expect(normalizer.words('toliet in bthrm')).toEqual(['toilet', 'in', 'bathroom']);
    expect(normalizer.words('olor a gas en la estufa')).toEqual(['gas', 'smell', 'en', 'la', 'stove']);
  });

  it('removes stop words but never negations', () => {
    expect(normalizer.stems('there is no heat in the unit')).toEqual(['not', 'heat']);
  });

  it('marks an afterthought told after "also" or "plus" opening a sentence, not the "also" inside a clause', () => {
    const marks = (text: string): boolean[] => normalizer.clauseReadings(text).map((c) => c.afterthought);
    expect(marks('The toilet runs. Also the closet door sticks.')).toEqual([false, true]);
    expect(marks('no heat in 204 and also the blinds are broken')).toEqual([false, true]);
    expect(marks('Shower drips, plus the mirror is loose')).toEqual([false, true]);
    expect(marks('the sink also leaks under the cabinet')).toEqual([false, false]);
    // "also" before a request of its own, wherever it stands.
    expect(marks('the faucet drips also can someone look at the closet door')).toEqual([false, true]);
  });

  it('marks a later subject and predicate with "also" between them as an afterthought, not a pronoun\'s', () => {
    const marks = (text: string): boolean[] => normalizer.clauseReadings(text).map((c) => c.afterthought);
    expect(marks('no heat in the apartment, the bathroom fan is also broken')).toEqual([false, true, true]);
    expect(marks('NO HEAT IN SUITE 204, WINDOW BLIND IS ALSO BROKEN')).toEqual([false, true, true]);
    expect(marks('the water heater is loud, it also leaks')).toEqual([false, false, false]);
    expect(marks('the toilet runs, also the sink leaks')).toEqual([false, true]);
  });

  it('marks every clause of a later sentence the writer says is not urgent', () => {
    const marks = (text: string): boolean[] => normalizer.clauseReadings(text).map((c) => c.afterthought);
    expect(marks('Water on the floor by the washer. The dryer is also loud but not urgent.')).toEqual([false, true, true, true]);
    expect(marks('Water on the floor by the washer. No rush on the dryer noise.')).toEqual([false, true]);
    // The first sentence is the complaint, whatever the writer says of its urgency.
    expect(marks('Dryer is loud, not urgent.')).toEqual([false, false]);
  });

  it('cuts clauses at punctuation and joining words', () => {
    const clauses = normalizer.clauses('Toilet clogged, and also the sink drips. Thanks!');
    expect(clauses.map((c) => c.filter((t) => !t.stop).map((t) => t.stem))).toEqual([['toilet', 'clog'], ['sink', 'drip'], []]);
  });
});
