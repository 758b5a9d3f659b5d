import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Round 29 (session 29, the lead): kinds found by reading whole answers. Every wording below was
 * written for this spec; each case was answered wrong before this round.
 */
describe('decks, porches and stairs (issue 21, round 29)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-05-12T14:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description })).diagnoses;

  // A rotted or broken deck, porch, stoop or stair is carpentry: the handyman, never a ceiling, a shelf or a fence.
  it.each([
    'Rear porch deck boards rotted and sagging. Imminent collapse.',
    'Two of the back deck boards are soft and one cracked when my son stepped on it',
    'front steps to the building are crumbling wood and the bottom step is loose',
    'Stairs to the basement are rotted. Danger of collapse.',
    'stair tread on the second step from the top is split and wobbles',
    'Balcony floor joists look rotten from underneath, boards bounce when you walk',
  ])('"%s" leads with a deck, porch or stair repair for the handyman', async (text) => {
    const [top] = await answer(text);
    expect(top.trade).toBe('general-handyman');
    expect(top.diagnosis).toMatch(/deck|porch|tread/i);
  });

  // Nearby readings that must not move.
  it.each([
    ['stair handrail came off the wall', /handrail|railing/i],
    ['backyard fence boards are rotted and two sections are leaning over', /fence|gate/i],
    ['ceiling in the living room is sagging and wet', /ceiling/i],
  ])('while "%s" keeps its own problem', async (text, name) => {
    const [top] = await answer(text);
    expect(top.diagnosis).toMatch(name);
  });

  // A homophone a voice transcript writes: "a whole in the wall" is a hole to patch, not plumbing.
  it.each(['theres a whole in the hallway wall can someone patch it', 'theres a whole in the closet wall where the door knob hit'])(
    '"%s" leads with the drywall patch',
    async (text) => {
      const [top] = await answer(text);
      expect(top.trade).toBe('drywall-paint');
    },
  );

  // A hole a door's knob or handle punched in the wall is the wall's repair, not the door's.
  it.each([
    'the door handle went through the bedroom wall, big hole now',
    'dent in the drywall behind the bathroom door from the knob hitting it',
    'HOLE IN WALL FROM DOOR KNOB - ADD DOOR STOP',
  ])('"%s" leads with the drywall patch', async (text) => {
    const [top] = await answer(text);
    expect(top.trade).toBe('drywall-paint');
  });

  it('while "the door knob is loose and the door will not latch" stays the door', async () => {
    const [top] = await answer('the door knob is loose and the door will not latch');
    expect(top.trade).toBe('doors-locks');
  });
});
