import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Review of whole answers (issue 21, trade18): requests written for this review in the styles of
 * tenants, housing-code notices and office managers; each test is a wrong reading a coordinator
 * would notice in the first diagnosis.
 */
describe('whole answers a coordinator reads (issue 21, trade18)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-06-15T12:00:00Z'));
  const first = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses[0];

  it.each([
    ['Fire-rated door assembly required at the boiler room.', 'fire-life-safety', /fire door/i],
    ['Provide a rated self-closing door at the furnace room per code', 'fire-life-safety', /fire door/i],
    ['Repair damaged and missing floor tiles in the laundry room; tripping hazard.', 'flooring', undefined],
    ['two loose tiles by the tub are a trip hazard', 'flooring', undefined],
    ['It is freezing in the billing area, the other zones are fine', 'hvac-heating', undefined],
    ['our cubicles by the windows are freezing cold all morning', 'hvac-heating', undefined],
    ['No smoke/CO alarms in the apartment. Owner shall install.', 'fire-life-safety', /missing or disabled smoke/i],
    ['there is no smoke-detector in the upstairs hallway', 'fire-life-safety', /missing or disabled smoke/i],
  ])('"%s" is sent to %s first', async (text, trade, diagnosis) => {
    const top = await first(text);
    expect(top.trade).toBe(trade);
    if (diagnosis) expect(top.diagnosis).toMatch(diagnosis);
  });

  it.each(['Repair damaged and missing floor tiles in the laundry room; tripping hazard.', 'the hallway carpet is bunched up, a real trip hazard'])(
    'a tripping hazard in "%s" names no breaker',
    async (issue_description) => {
      const { diagnoses } = await enrich({ issue_description, urgency: 'Medium' });
      expect(diagnoses.map((d) => d.diagnosis).join(' | ')).not.toMatch(/breaker/i);
    },
  );

  it.each(['rats in the boiler room, saw droppings by the door', 'the floor tile is cracked, no breaker tripping'])(
    'while "%s" keeps its own reading',
    async (text) => {
      const top = await first(text);
      expect(top.trade).toBe(text.startsWith('rats') ? 'pest-control' : 'flooring');
    },
  );
});
