import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineAnswer } from './offline-answer';

/**
 * The failure kinds issue 13 reported on real work orders, in this project's own wording: the
 * trade to send and whether it is an emergency (a winter date, so no heat would count).
 */
describe('offline diagnosis on the reported failure kinds', () => {
  const answer = offlineAnswer(loadKnowledgeBase());
  const winter = new Date('2026-01-15T12:00:00Z');

  it.each([
    ['the overhead light in the office has burned out', 'electrical', false],
    ['bulb burnt out in hallway fixture', 'electrical', false],
    ['couch in the lounge could use a cleaning', 'cleaning-custodial', false],
    ['low branches over the sidewalk need trimming', 'grounds', false],
    ['strong gassy smell in the office suite after the weekend', undefined, true],
    ['major water leak from underneath the kitchen sink', 'plumbing', true],
    ['shower flooding into the hallway', 'plumbing', true],
    ['water standing in the light fixture in the bathroom ceiling', undefined, true],
    ['please paint the hallway walls, scuffed', 'drywall-paint', false],
  ])('%p → %p, emergency %p', (text, trade, emergency) => {
    const a = answer(text, winter);
    if (trade) expect(a.trades[0]).toBe(trade);
    expect(a.emergency).toBe(emergency);
  });

  it('never makes removing stickers an emergency, and names cleaning among the trades', () => {
    const a = answer('remove old stickers from the entrance doors', winter);
    expect(a.emergency).toBe(false);
    expect(a.trades).toContain('cleaning-custodial');
  });

  it('gives alternatives when more than one problem is plausible', () => {
    expect(answer('toilet keeps running', winter).trades.length).toBeGreaterThan(1);
    expect(answer('no heat, thermostat blank', winter).trades.length).toBeGreaterThan(1);
  });
});
