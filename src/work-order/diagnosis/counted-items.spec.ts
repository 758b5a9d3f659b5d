import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { parseUsd } from '../../knowledge/pricing';
import { complaintText } from '../../knowledge/work-order-text';
import { diagnoseOffline } from './knowledge-diagnosis';

/**
 * Read in answers to written requests (review 14): a request that counts the items of its job
 * ("replace 6 blinds") was priced as one of them. A coordinator approves the estimate beside the
 * request, so it prices what the request counts, in every style a request comes in.
 */
describe('the estimate of a request that counts its items', () => {
  const kb = loadKnowledgeBase();
  const top = (text: string) => diagnoseOffline(kb, { text: complaintText(text), region: 'OH', safetyFlags: [], history: new Map() })[0];
  const cents = (s: string) => parseUsd(s) ?? NaN;

  it.each([
    ['landlord move-out note', 'Move out inspection: blinds broken in all windows, replace 6 blinds', 'blinds-broken', 6],
    ['university facilities', 'Replace 4 cracked window panes in the north stairwell', 'broken-window-pane', 4],
    ['city housing code', 'Provide 3 approved smoke detectors in the bedrooms, detectors missing. Sec 27-2045', 'smoke-detector-missing', 3],
    ['student housing', 'two window screens ripped in our dorm room, bugs getting in', 'window-screen-torn', 2],
  ])('prices each item a %s counts', (_style, text, problemId, count) => {
    const d = top(text);
    const problem = kb.problemById.get(problemId)!;
    expect(d.diagnosis).toBe(problem.name);
    const onePart = problem.parts.reduce((sum, p) => sum + Math.round(((p.price_low + p.price_high) / 2) * 100), 0);
    expect(cents(d.pricing.total_parts)).toBe(onePart * count);
    expect(d.parts[0]).toContain(`× ${count}`);
    expect(cents(d.pricing.total)).toBe(cents(d.pricing.total_parts) + cents(d.pricing.total_labor));
  });

  it('prices one item when the request counts none (tenant: one broken blind)', () => {
    const d = top('the blinds in my bedroom are broken, the cord snapped');
    expect(d.parts[0]).not.toContain('×');
  });
});
