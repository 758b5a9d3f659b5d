import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { completedTicketWithFix } from '../../../test/support/similar-work-order';
import { FixMatch, FixRelevance } from './fix-relevance';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

const kb = loadKnowledgeBase();
const relevance = new FixRelevance(kb);
const normalizer = new KnowledgeFixNormalizer(kb);

function past(issue: string, note: string, problemId: string, problemTrade: string): SimilarWorkOrder {
  return completedTicketWithFix(normalizer, issue, note, { problemId, problemTrade });
}

/** A battery or a bulb is the device's it sat in: the word the two share says nothing more. Written for these tests. */
describe("another device's battery or bulb", () => {
  const smokeAlarm = past('smoke alarm chirps every minute', 'Replaced smoke detector battery', 'smoke-detector-chirping', 'electrical');
  const thermostat = past('thermostat display went dark', 'replaced batteries in thermostat', 'thermostat-malfunction', 'hvac-heating');

  it('is not shown for a thermostat whose batteries the requester names', () => {
    const query = relevance.query(
      'Thermostat screen is blank, the batteries may be dead',
      [{ problemId: 'thermostat-malfunction', trade: 'hvac-heating' }],
      [smokeAlarm, thermostat],
    );
    expect(relevance.match(smokeAlarm, query)).toBe(FixMatch.None);
    expect(relevance.match(thermostat, query)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });

  it('is shown for the device it was done on', () => {
    const query = relevance.query(
      'Smoke detector in the hall needs a new battery',
      [{ problemId: 'smoke-detector-chirping', trade: 'electrical' }],
      [smokeAlarm, thermostat],
    );
    expect(relevance.match(smokeAlarm, query)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
    expect(relevance.match(thermostat, query)).toBe(FixMatch.None);
  });
});

describe('a device battery for a request that names no battery', () => {
  it('is judged as before: a beeping in the hallway still gets the smoke alarm battery', () => {
    const smokeAlarm = past('smoke alarm chirps every minute', 'Replaced smoke detector battery', 'smoke-detector-chirping', 'electrical');
    const query = relevance.query(
      'Something in the hallway chirps every minute',
      [{ problemId: 'smoke-detector-chirping', trade: 'electrical' }],
      [smokeAlarm],
    );
    expect(relevance.match(smokeAlarm, query)).toBeGreaterThanOrEqual(FixMatch.SameProblemOrPart);
  });
});
