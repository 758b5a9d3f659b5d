import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { similarWorkOrder } from '../../../test/support/similar-work-order';
import { FixMatch, FixRelevance } from './fix-relevance';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';
import { rankPreviousFixes } from './previous-fixes';

/**
 * One repair is counted once however a technician wrote it (issue 20): the previous fixes a
 * coordinator reads come from closing notes read by the normalizer and grouped as the service
 * groups them. Notes written for these tests.
 */
describe('previous fixes: one repair, however it is written', () => {
  const kb = loadKnowledgeBase();
  const relevance = new FixRelevance(kb);
  const request = 'the air handler on the roof squeals when it starts';

  /** The previous fixes shown for closed tickets whose closing notes are `notes`, as the service ranks them. */
  function shownFor(notes: string[]) {
    const normalizer = new KnowledgeFixNormalizer(kb);
    const tickets = notes.map((note, i) => {
      const fix = normalizer.normalize(note, request);
      return similarWorkOrder(`wo-${i}`, { closingDescription: note, fixKey: fix?.key ?? null, fixLabel: fix?.label ?? null });
    });
    return rankPreviousFixes(
      tickets,
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      {
        objectOf: (key) => [relevance.partStem(key)].filter((s): s is string => s !== undefined),
        likelihood: new Map([['belt', 0.5]]),
        textFormOf: (key) => relevance.textFormOf(key),
        countedForm: (key) => relevance.countedForm(key),
        countedName: (label, key) => relevance.countedName(label, key),
        leavesOutWords: (key) => relevance.leavesOutWords(key),
      },
    );
  }

  it('counts three wordings of one belt replacement as one fix done three times', () => {
    const fixes = shownFor(['Swapped the spare belt on AHU 2', 'installed a fresh belt, fan running quiet now', 'put on the proper belt for the blower']);
    expect(fixes.map((f) => f.frequency)).toEqual([3]);
  });

  it('names a group of several wordings without the words that do not say which part', () => {
    const fixes = shownFor(['Swapped the spare belt on AHU 2', 'installed a fresh belt, fan running quiet now', 'put on the proper belt for the blower']);
    expect(fixes.map((f) => f.fix)).toEqual(['Replaced belt']);
    // A note written alone keeps its own words.
    expect(shownFor(['Swapped the spare belt on AHU 2']).map((f) => f.fix)).toEqual(['Replaced spare belt on AHU']);
  });

  it('counts a part written with its size or rating with the bare part, and names it without the rating', () => {
    const fixes = shownFor(['replaced the 32 watt ballast in the hall fixture', 'Replaced ballast', 'new 1/2 inch ball valve installed at the coil']);
    expect(fixes.map((f) => [f.fix, f.frequency])).toEqual(
      expect.arrayContaining([
        ['Replaced ballast', 2],
        ['Replaced ball valve', 1],
      ]),
    );
    expect(fixes).toHaveLength(2);
  });

  it('counts a drip pan, a condensate pan and a drain pan cleaned as one repair of the drain pan', () => {
    const fixes = shownFor(['scrubbed out the drip pan under the coil', 'cleaned condensate pan, unit draining', 'Cleaned the drain pan']);
    expect(fixes).toHaveLength(1);
    expect(fixes[0].frequency).toBe(3);
    expect(fixes[0].fix).toMatch(/drain pan/);
  });

  it('never counts a part of another name with a fix that says which part, for a word it left out', () => {
    // "txv" is no word the catalogue names a part with: the head alone is left, which is no shower head.
    const fixes = shownFor(['tech replaced the txv head, superheat ok', 'replaced shower head, no more drip', 'swapped the leaking shower head']);
    expect(fixes.map((f) => f.frequency).sort()).toEqual([1, 2]);
  });
});
