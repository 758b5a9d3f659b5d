import { offlineEnrichment } from '../../../test/support/offline-enrichment';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';

/**
 * Trades a coordinator would dispatch on campus requests nobody tuned on (issue 21, trade22): kinds
 * found in unlabelled university requests and in requests written for this round in the styles of a
 * university's work orders and of student housing. Each group is a kind of request.
 */
describe('campus and student-housing kinds dispatched to the right trade (issue 21, trade22)', () => {
  const kb = loadKnowledgeBase();
  const enrich = offlineEnrichment(kb, new Date('2026-01-20T12:00:00Z'));
  const answer = async (issue_description: string) => (await enrich({ issue_description, urgency: 'Medium' })).diagnoses;
  const trades = async (text: string) => (await answer(text)).map((d) => d.trade);
  const names = async (text: string) => (await answer(text)).map((d) => d.diagnosis);

  // Torn, burned or scratched furniture is a furniture repair, not a carpet: the carpet needs naming.
  it.each([
    'the loveseat in our lounge has a long tear in the fabric',
    'RM 214 - ARMCHAIR CUSHION RIPPED OPEN',
    'scorch mark across the top of my desk',
    'the little table in our suite has scratches and a gouge on top',
  ])('"%s" is furniture first, no carpet', async (text) => {
    const answers = await answer(text);
    expect(['general-handyman', 'moving-furniture']).toContain(answers[0].trade);
    expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/carpet/i);
  });

  it.each(['cigarette burn in the bedroom carpet', 'the hallway carpet is torn at the seam by the stairs'])('while "%s" stays the carpet', async (text) => {
    expect((await names(text))[0]).toMatch(/carpet/i);
  });

  // Dirt on a ceiling or wall is cleaning, not an outdoor condenser coil.
  it.each(['CEILING ABOVE THE BUNK IS COVERED IN DUST AND DIRT', 'there is dirt and grime all over our bathroom ceiling'])(
    '"%s" is cleaning first, with no condenser coil',
    async (text) => {
      const answers = await answer(text);
      expect(answers[0].trade).toBe('cleaning-custodial');
      expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/condenser/i);
    },
  );

  it('while a condenser caked with dirt stays the condenser coil', async () => {
    expect((await names('the outside AC condenser coil is caked with dirt and the unit runs hot'))[0]).toBe('Dirty AC condenser coil');
  });

  // Water standing on the site, or an area or storm drain, is grounds or drains work, not a roof drain.
  it.each([
    'SOUTH LAWN - SITE DRAINAGE ISSUE, WATER PONDS AT THE BOTTOM OF THE RAMP AFTER STORMS',
    'AREA DRAIN OUTSIDE THE BOILER ROOM DOOR IS HOLDING WATER',
    'STORMWATER BMP BASIN BEHIND LOT 3 NEEDS CLEANING OUT',
  ])('"%s" is grounds or drains first, with no roof drain nor AC condensate', async (text) => {
    const answers = await answer(text);
    expect(['grounds', 'drains-sewer']).toContain(answers[0].trade);
    expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/roof drain|condensate/i);
  });

  it('while water ponding around a clogged roof drain stays the roof', async () => {
    expect((await trades('water ponding on the flat roof, the roof drain is clogged'))[0]).toBe('roofing-gutters');
  });

  // A pothole or broken asphalt in a drive, lot or road is paving work for the grounds crew.
  it.each([
    'big pothole at the entrance to lot 5',
    'ROADWAY BY THE LOADING DOCK IS BREAKING UP, NEEDS PATCHING',
    'asphalt in the visitor lot is cracked and sinking',
  ])('"%s" is grounds paving first', async (text) => {
    const [top] = await answer(text);
    expect(top.trade).toBe('grounds');
    expect(top.diagnosis).toMatch(/pothole|paving/i);
  });

  // A valve actuator on a heating or cooling coil belongs to the HVAC controls, not the water heater.
  it.each(['the hot water valve actuator on the reheat coil in room 112 has failed'])('"%s" is HVAC first, with no water heater', async (text) => {
    const answers = await answer(text);
    expect(['hvac-heating', 'hvac-cooling']).toContain(answers[0].trade);
    expect(answers.map((d) => d.trade)).not.toContain('water-heater');
  });

  // A crosswalk signal and a public-address system are electrical.
  it.each(['the walk signal at the crosswalk by the library never changes', 'PA SYSTEM IN THE AUDITORIUM IS DEAD'])(
    '"%s" is electrical first',
    async (text) => {
      expect((await trades(text))[0]).toBe('electrical');
    },
  );

  // A flagpole's rope or pulley is a handyman's, not a pole light.
  it.each(['FLAGPOLE HALYARD SNAPPED AT THE ADMIN BUILDING', 'flag pole rope is frayed and broke'])('"%s" is handyman first', async (text) => {
    expect((await trades(text))[0]).toBe('general-handyman');
  });

  // A fryer's pilot is the kitchen equipment; a fireplace's pilot stays the fireplace.
  it('a fryer pilot that keeps going out is kitchen equipment', async () => {
    const [top] = await answer('FRYER 2 PILOT WILL NOT STAY LIT');
    expect(top.trade).toBe('appliance');
  });

  it('while a gas fireplace pilot stays the fireplace', async () => {
    expect((await names('gas fireplace pilot will not stay lit'))[0]).toMatch(/fireplace/i);
  });

  // A site light that was hit is electrical work, whatever shape it has.
  it.each(['LIGHT POST BY THE BUS STOP KNOCKED OVER'])('"%s" is electrical first', async (text) => {
    expect((await trades(text))[0]).toBe('electrical');
  });

  it('a lighted bollard that was knocked over offers the electrician', async () => {
    expect(await trades('LIGHTED BOLLARD BY THE FRONT WALK KNOCKED OVER')).toContain('electrical');
  });

  // A window's latch is the window, not a patio door.
  it('a broken window latch is the window first', async () => {
    const [top] = await answer("window lock in 3B is broken, it won't latch shut");
    expect(top.trade).toBe('windows-glass');
  });

  it('while a sliding patio door that will not lock stays the door', async () => {
    expect((await trades("the sliding patio door won't lock anymore"))[0]).toBe('doors-locks');
  });
  // A sewage lift station is a drain and sewer pump, not a fire alarm nor an elevator.
  it('a lift station in alarm is the sewage pump first', async () => {
    const [top] = await answer('the lift station alarm keeps going off behind the barn');
    expect(top.trade).toBe('drains-sewer');
  });

  // Rain that comes in through a wall is the building envelope, not a home without water.
  it('water intrusion at a wall joint is an envelope leak first', async () => {
    const answers = await answer('WATER INTRUSION AT THE CONTROL JOINT BY THE GYM LOBBY');
    expect(['roofing-gutters', 'windows-glass']).toContain(answers[0].trade);
    expect(answers.map((d) => d.diagnosis)).not.toContain('No water to the unit');
  });

  // The privacy screen between urinals is a restroom accessory, not the urinal itself.
  it('a loose urinal screen is the handyman first', async () => {
    expect((await trades('the divider screen next to the urinal is wobbly'))[0]).toBe('general-handyman');
  });

  // A fume hood's sash is the hood, not a window.
  it('a fume hood sash that slides down is the fume hood first, with no window', async () => {
    const answers = await answer('sash on the fume hood in lab 3 slides down by itself');
    expect(answers[0].trade).toBe('hvac-cooling');
    expect(answers.map((d) => d.trade)).not.toContain('windows-glass');
  });

  // A parking gate arm is access control, not a drain.
  it('a parking gate arm that will not rise is access control first', async () => {
    const answers = await answer('GATE ARM AT THE VISITOR LOT ENTRANCE WILL NOT GO UP');
    expect(answers[0].trade).toBe('doors-locks');
    expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/drain/i);
  });
  // A light fixture coming loose from a wall or ceiling is the electrician's, not a sign to rehang.
  it.each(['the wall light in the hallway came loose from its mount', 'the light on the wall of the stairwell is hanging loose'])(
    '"%s" is electrical first',
    async (text) => {
      expect((await trades(text))[0]).toBe('electrical');
    },
  );

  // A glass-door cooler that runs warm is refrigeration; a glass door only breaks when the request says so.
  it('a warm glass-door merchandiser is refrigeration first, with no shattered door', async () => {
    const answers = await answer('GLASS DOOR DRINK MERCHANDISER AT THE SNACK BAR RUNNING WARM');
    expect(answers[0].trade).toBe('appliance');
    expect(answers.map((d) => d.diagnosis).join(' | ')).not.toMatch(/shattered/i);
  });

  it('while a sliding glass door with a crack stays the shattered door', async () => {
    expect((await names('the sliding glass door to the balcony cracked right across'))[0]).toMatch(/sliding glass door/i);
  });
  // Adhesive left on walls after posters is cleaning; "left" names no breaker panel.
  it('poster adhesive left on the walls is cleaning first', async () => {
    expect((await trades('ROOM READINESS - POSTER ADHESIVE LEFT ON WALLS'))[0]).toBe('cleaning-custodial');
  });

  // A stained or torn mattress is furniture to swap, not a carpet nor a ceiling stain.
  it.each(['the mattress in 3A has a big stain and a rip', 'ROOM CHECK - MATTRESS HAS STAINS'])('"%s" is furniture first', async (text) => {
    const answers = await answer(text);
    expect(['moving-furniture', 'general-handyman', 'cleaning-custodial']).toContain(answers[0].trade);
    expect(answers.map((d) => d.diagnosis)).not.toContain('Water stain on the ceiling (leak already fixed)');
  });

  it('while a brown ring on the ceiling stays a ceiling water stain', async () => {
    expect((await names('there is a brown ring on the ceiling from the old leak'))[0]).toBe('Water stain on the ceiling (leak already fixed)');
  });
});
