import { CtcDecoder } from './ctc-decoder';

/** Probabilities for one line: at each step, `picks[t]` gets `p` and the rest share what is left. */
function tensor(classes: number, picks: Array<Record<number, number>>): Float32Array {
  const data = new Float32Array(picks.length * classes);
  picks.forEach((pick, t) => {
    const rest = (1 - Object.values(pick).reduce((a, b) => a + b, 0)) / (classes - Object.keys(pick).length);
    for (let k = 0; k < classes; k++) data[t * classes + k] = pick[k] ?? rest;
  });
  return data;
}

describe('CtcDecoder', () => {
  // Classes: 0 blank, 1 "A", 2 "B", 3 "7", 4 an ideograph, 5 space (appended).
  const decoder = new CtcDecoder('A\nB\n7\n\u5B57\n');

  it('has blank, the dictionary and a space as classes', () => {
    expect(decoder.classes).toBe(6);
  });

  it('collapses repeats, keeps a repeat split by a blank, and reports each character step and the mean probability', () => {
    const line = decoder.decode(tensor(6, [{ 1: 0.9 }, { 1: 0.8 }, { 0: 0.9 }, { 1: 0.7 }, { 3: 0.6 }, { 0: 0.9 }]), 0, 6);
    expect(line.text).toBe('AA7');
    expect(line.steps).toEqual([0, 3, 4]);
    expect(line.confidence).toBeCloseTo((0.9 + 0.7 + 0.6) / 3, 5);
  });

  it('never chooses a character a nameplate cannot carry, even when the model prefers it', () => {
    const line = decoder.decode(tensor(6, [{ 4: 0.6, 3: 0.3 }]), 0, 1);
    expect(line.text).toBe('7');
  });

  it('trims leading and trailing spaces and leaves their probabilities out', () => {
    const line = decoder.decode(tensor(6, [{ 5: 0.9 }, { 2: 0.5 }, { 5: 0.9 }, { 1: 0.7 }, { 5: 0.95 }]), 0, 5);
    expect(line.text).toBe('B A');
    expect(line.confidence).toBeCloseTo((0.5 + 0.9 + 0.7) / 3, 5);
  });

  it('decodes the n-th line of a batch', () => {
    const batch = new Float32Array([...tensor(6, [{ 1: 0.9 }, { 0: 0.9 }]), ...tensor(6, [{ 2: 0.9 }, { 0: 0.9 }])]);
    expect(decoder.decode(batch, 1, 2).text).toBe('B');
  });
});
