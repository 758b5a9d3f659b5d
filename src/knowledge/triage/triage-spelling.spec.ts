import { stem } from '../stemmer';
import { TriageSpelling } from './triage-spelling';
import { triageUrgency } from './urgency-triage';

describe('TriageSpelling: typing slips in the words around a report', () => {
  const spelling = new TriageSpelling(
    new Set(['the', 'that', 'from', 'of']),
    new Set(['water', 'apartment', 'door', 'odor', 'storm', 'form', 'leak', 'ceiling']),
    stem,
  );

  it('reads two swapped letters as the stop word or long rule word they stand for', () => {
    expect(spelling.respell('teh door taht wtaer')).toBe('the door that water');
  });

  it('reads a doubled letter of a rule word', () => {
    expect(spelling.respell('appartment watter')).toBe('apartment water');
  });

  it('leaves known words, their forms, short words and words with an apostrophe alone', () => {
    expect(spelling.respell("form odors won't fo leka")).toBe("form odors won't fo leka");
  });

  it('leaves a slip that could stand for two known words alone', () => {
    expect(new TriageSpelling(new Set(['one', 'neo']), new Set(), stem).respell('noe')).toBe('noe');
  });
});

describe('triageUrgency reads requests with typing slips at the level of the same request typed right (written for these tests)', () => {
  it.each([
    ['water is dripping out of teh smoke detector in our hallway', 'water is dripping out of the smoke detector in our hallway'],
    ['somebody is trapped in teh elevator between floors', 'somebody is trapped in the elevator between floors'],
    ['our appartment door does not lock, teh deadbolt is broken', 'our apartment door does not lock, the deadbolt is broken'],
    ['Water is running out of teh wall behind teh dishwasher', 'Water is running out of the wall behind the dishwasher'],
  ])('"%s" is an emergency like "%s"', (slipped, typed) => {
    expect(triageUrgency(typed).level).toBe('emergency');
    expect(triageUrgency(slipped).level).toBe('emergency');
  });
});
