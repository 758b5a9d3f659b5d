import { FixMatch } from './fix-relevance';
import { countParts, partLikelihood, rankPreviousFixes } from './previous-fixes';
import type { PartCounts } from './previous-fixes';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { similarWorkOrder } from '../../../test/support/similar-work-order';

/**
 * The order of previous fixes for a request that names a kind of equipment: what the client's
 * tickets about that kind needed counts against what its whole trade repairs most. Requests, notes
 * and counts are written for these tests.
 */
function fixed(id: string, fixKey: string, issueDescription: string): SimilarWorkOrder {
  return similarWorkOrder(id, {
    issueDescription,
    resolution: fixKey,
    openedAt: new Date(0),
    closedAt: new Date(86_400_000),
    assignedVendors: 'Polar Refrigeration Co',
    fixKey,
    fixLabel: fixKey.replace(/^text:/, ''),
    similarity: 0.5,
  });
}

/** Each fix key's part is its last word ("text:Replaced scroll compressor" works on the compressor). */
const objectOf = (fixKey: string) => [fixKey.split(' ').at(-1)!.toLowerCase()];
const counts = (entries: [string, number][], total: number): PartCounts => ({ counts: new Map(entries), total });

describe('previous fixes for a request that names a kind of equipment', () => {
  // Incoming: "The reach-in freezer behind the deli reads 20 degrees and keeps climbing."
  const retrieved = [
    fixed('a', 'text:Replaced return air filter', 'Deli area warm, freezer and AC both running'),
    fixed('b', 'text:Replaced scroll compressor', 'Reach-in freezer at the deli not holding temperature'),
  ];
  // The client's cooling trade: mostly quarterly filter changes on air handlers.
  const trade = counts(
    [
      ['filter', 35],
      ['compressor', 5],
      ['motor', 20],
    ],
    100,
  );
  // The client's tickets that name a freezer: mostly compressors.
  const freezers = counts(
    [
      ['compressor', 9],
      ['motor', 2],
    ],
    12,
  );

  function order(equipment: PartCounts | null): string[] {
    const likelihood = partLikelihood(
      countParts(
        retrieved,
        (t) => t.fixKey!,
        objectOf,
        (t) => t.similarity,
      ),
      trade,
      equipment,
    );
    return rankPreviousFixes(
      retrieved,
      new Set(),
      () => FixMatch.SameProblemOrPart,
      () => 0,
      { objectOf, likelihood },
    ).map((f) => f.fix);
  }

  it("puts the repair the client's tickets about that kind needed most before the trade's most frequent repair", () => {
    expect(order(freezers)).toEqual(['Replaced scroll compressor', 'Replaced return air filter']);
  });

  it('keeps the trade order when the request names no kind of equipment', () => {
    expect(order(null)).toEqual(['Replaced return air filter', 'Replaced scroll compressor']);
  });
});
