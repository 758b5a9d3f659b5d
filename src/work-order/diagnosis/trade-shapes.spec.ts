import { isKeptApart, TRIAGE_SHAPES } from '../../../test/support/triage-shapes';
import { scoreTradeShapes, TradeShapeScore, writtenDispatchRows } from '../../../test/support/trade-shapes';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { offlineAnswer } from './offline-answer';

/**
 * Issue 21, metamorphic robustness of the dispatch (`npm run eval:trade-shapes`): the same request
 * in another shape goes to the same trade. Floors are a little under the figures measured when this
 * spec was written. The two "routine item" rewrites add a second complaint: told first, it may rightly
 * lead, so the request's own trade is held among the first three only; told after with "also", it
 * is an afterthought and the request's own trade still goes first.
 */
describe('dispatch of a request rewritten in another shape (issue 21)', () => {
  const answer = offlineAnswer(loadKnowledgeBase());
  const summer = new Date('2026-06-15T12:00:00Z');
  const read = (text: string) => answer(text, summer);
  const trades = (text: string): string[] => read(text).trades;
  const addsAComplaint = new Set(['routine-item-first', 'routine-item-after']);

  describe.each([
    ['two thirds used to find errors', false],
    ['the third kept apart', true],
  ])('%s', (_name, apart) => {
    let scores: TradeShapeScore[];
    beforeAll(() => {
      scores = scoreTradeShapes(
        writtenDispatchRows().filter((r) => isKeptApart(r.text) === apart),
        read,
        TRIAGE_SHAPES,
      );
    });
    const sum = (list: TradeShapeScore[], key: 'applied' | 'keptFirst' | 'keptTop3' | 'confidentErrors'): number => list.reduce((n, s) => n + s[key], 0);

    it('keeps an accepted trade first on 98.5% of the rewrites that keep the request as it is, and among the first three on 99.5%', () => {
      const kept = scores.filter((s) => !addsAComplaint.has(s.shape));
      expect(sum(kept, 'applied')).toBeGreaterThan(5000);
      expect(sum(kept, 'keptFirst') / sum(kept, 'applied')).toBeGreaterThanOrEqual(0.985);
      expect(sum(kept, 'keptTop3') / sum(kept, 'applied')).toBeGreaterThanOrEqual(0.995);
    });

    it('keeps an accepted trade first on 95% of each such rewrite', () => {
      for (const s of scores.filter((x) => !addsAComplaint.has(x.shape) && x.applied >= 50))
        expect({ shape: s.shape, kept: s.keptFirst / s.applied >= 0.95 }).toEqual({ shape: s.shape, kept: true });
    });

    it('makes a confident error (wrong at 0.9 or more) of at most 0.2% of those rewrites', () => {
      const kept = scores.filter((s) => !addsAComplaint.has(s.shape));
      expect(sum(kept, 'confidentErrors') / sum(kept, 'applied')).toBeLessThanOrEqual(0.002);
    });

    it("keeps the request's own trade among the first three on 90% when a routine item is told before it", () => {
      const before = scores.find((s) => s.shape === 'routine-item-first')!;
      expect(before.keptTop3 / before.applied).toBeGreaterThanOrEqual(0.9);
    });

    it('keeps an accepted trade first on 95% when a routine item is told after it with "also", and among the first three on 99%', () => {
      const after = scores.find((s) => s.shape === 'routine-item-after')!;
      expect(after.keptFirst / after.applied).toBeGreaterThanOrEqual(0.95);
      expect(after.keptTop3 / after.applied).toBeGreaterThanOrEqual(0.99);
    });
  });

  // A written request and its rewrite that went elsewhere before the rewrite's shape was read right.
  it.each([
    ['window crackd', 'Bldg 12, 3rd floor: window crackd', ['windows-glass']],
    ['glass panel in the entry door is cracked', 'Bldg 12, 3rd floor: glass panel in the entry door is cracked', ['windows-glass']],
    ['soffit is hanging down and birds are getting in', 'It looks like soffit is hanging down and birds are getting in', ['roofing-gutters']],
    [
      'the washing machine shakes so hard it moves across the floor',
      'It looks like the washing machine shakes so hard it moves across the floor',
      ['appliance'],
    ],
    ["there's a crack in the wall above my desk", "there's a crack in teh wall above my desk", ['drywall-paint']],
    ['mirror over the sink is loose', 'mirror over teh sink is loose', ['general-handyman']],
    ['switch next to the fridge doesnt do anything', 'switch next to teh fridge doesnt do anything', ['electrical']],
    ['no bugs, just a slow drip from the pipe under the sink', 'no bugs just a slow drip from the pipe under the sink', ['plumbing']],
    ['the heater smells like burning dust', 'The heater. It smells like burning dust', ['hvac-heating']],
    ['the dryer smells like burning lint', 'The dryer. It smells like burning lint', ['appliance']],
    ['our radiator is leaking water on the floor', 'Our radiator. It is leaking water on the floor', ['hvac-heating']],
    ['the ac is dripping water through the ceiling light', 'The ac. It is dripping water through the ceiling light', ['hvac-cooling']],
    ['window wont close all the way', 'window wont close all the way. Also the closet door sticks.', ['windows-glass']],
    ['BALLAST HUMMING RM 125', 'BALLAST HUMMING RM 125. Also the closet door sticks.', ['electrical']],
    ['ARTS BLDG - RM 130 - SINK TRAP CLOGGED WITH CLAY', 'ARTS BLDG - RM 130 - SINK TRAP CLOGGED WITH CLAY. Also the closet door sticks.', ['drains-sewer']],
    ['BIRDS IN BUILDING ATRIUM', 'BIRDS IN BUILDING ATRIUM. Also the closet door sticks.', ['pest-control']],
  ])('"%s" and "%s" both go first to one of %p', (text, rewritten, accepted) => {
    expect(accepted).toContain(trades(text)[0]);
    expect(accepted).toContain(trades(rewritten)[0]);
  });

  // Our own requests in the label shape, in each style: tenants, student housing, university, housing code.
  it.each([
    ['Apt 3C, 2nd floor: the bedroom outlet stopped working', ['electrical']],
    ['Smith Hall, 4th floor: shower wont drain', ['drains-sewer', 'plumbing']],
    ['Bldg 40, 1st floor: ceiling light flickering in corridor', ['electrical']],
    ['Building 7, third floor: window sash cord broken, window will not stay open', ['windows-glass']],
    ['Dorm B, ground floor: roaches in the kitchen', ['pest-control']],
    ['It looks like teh garbage disposal is jammed', ['appliance', 'plumbing']],
    ['our kitchen faucet drips all night. Also the bathroom door squeaks', ['plumbing']],
    ['RA here: hallway smoke detector chirping on 3. Also a ceiling tile is stained', ['fire-life-safety']],
    ['BLDG 22 RM 110 - NO AIRFLOW FROM VAV. ALSO CEILING TILE MISSING', ['hvac-cooling', 'hvac-heating']],
    ['MEP BLDG RM 14 - BALLAST BUZZING IN TROFFER. ALSO WHITEBOARD LOOSE ON WALL', ['electrical']],
    ['Tenant reports no hot water. Also the screen door is torn.', ['water-heater', 'plumbing']],
    ['mice droppings under the sink and also the cabinet door is loose', ['pest-control']],
    ['not leaking anymore just the bathroom faucet handle is loose', ['plumbing']],
    ['the light above teh stove wont turn on', ['electrical', 'appliance']],
    ['The water heater in the closet. It is making a popping noise', ['water-heater']],
    ['Dishwasher in 3B. It smells like something is burning when it runs', ['appliance']],
    ['RM 118 EXHAUST FAN. IT IS SQUEALING LOUDLY', ['hvac-cooling', 'hvac-heating', 'electrical']],
  ])('"%s" goes first to one of %p', (text, accepted) => {
    expect(accepted).toContain(trades(text)[0]);
  });
});
