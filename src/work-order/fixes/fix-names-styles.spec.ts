import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { KnowledgeFixNormalizer } from './knowledge-fix-normalizer';

/**
 * What a coordinator reads as a previous fix when the history comes from another kind of system
 * (issue 20): a property-management vendor's invoice line, an apartment maintenance technician's
 * short note, a work order system's "Resolution:" field. Every note, firm, person, number, date and
 * amount here is invented for these tests.
 */
describe('fix names of notes written in other maintenance systems', () => {
  const kb = loadKnowledgeBase();
  const normalizer = new KnowledgeFixNormalizer(kb);
  const name = (note: string) => normalizer.normalize(note)?.label;

  /** Bookkeeping no fix name may carry: amounts, invoice and unit numbers, dates, phones, the invented people and firms. */
  const BOOKKEEPING =
    /\$|\d|invoice|inv\b|labor|parts|hrs?\b|tech\b|call\b|brightline|coolair|apex|doorworks|sunbelt|alvarez|okafor|moen|badger|tenant|resident/i;

  describe('read as the repair, without bookkeeping', () => {
    it.each([
      // A property-management vendor's invoice line.
      ['INV-20931 | Brightline Plumbing | Replaced wax ring and reset toilet | $185.00', /^Replaced wax ring$/],
      ['Invoice 4471 / CoolAir Services / replaced 45/5 MFD dual run capacitor on condenser / $265.40', /capacitor/i],
      ['Vendor invoice #88213: Replaced garbage disposal (Badger 5, 1/2 HP). Labor 1.0 hr $95, parts $129. Total $224.', /garbage disposal/i],
      ['PO 7712 Sunbelt Mechanical: recovered refrigerant, replaced compressor, evacuated and recharged with 6 lbs R-410A. $2,140.00', /compressor/i],
      ['Invoice 1193 | Apex Electric | Installed new 20A GFCI receptacle in kitchen | $140', /GFCI/],
      ['Invoice #6610 - DoorWorks - Adjusted closer arm and replaced latch on unit entry door. $160.00', /latch/i],
      ['Invoice 7834: Replaced blower motor on furnace, 1/3 hp, 115V. Parts and labor $415.', /blower motor/i],
      // An apartment maintenance technician's short note.
      ['swapped flapper, toilet ok now', /flapper/i],
      ['unclogged kitch sink w/ snake', /sink/i],
      ['changed filter 20x25x1', /filter/i],
      ['recaulked tub', /^Caulked tub$/],
      ['replaced burnt out bulbs in hallway', /^Replaced bulbs$/],
      ['fridge not cooling - cleaned condenser coils, ok now', /condenser coils?/i],
      ['snaked tub drain, lots of hair', /tub drain/i],
      ['replaced angle stop under bath sink', /^Replaced angle stop$/],
      ['replaced cabinet hinge', /^Replaced cabinet hinge$/],
      ['rehung closet door, adjusted track', /closet door/i],
      ['REPLACED FLAPPER AND CHAIN. TOILET NO LONGER RUNS.', /flapper/i],
      ['Thermocouple bad, replaced', /thermocouple/i],
      ['Relay bad - replaced', /^Replaced relay$/],
      // A work order system's "Resolution:" field.
      ['Resolution: Replaced faulty igniter on furnace. Tested OK.', /ignitor|igniter/i],
      ['Resolution: Cleared condensate line with nitrogen, unit draining.', /condensate/i],
      ['Resolution: Replaced shower cartridge (Moen 1222). Leak stopped.', /cartridge/i],
      ['Resolution: Replaced door lock cylinder and issued 2 keys.', /lock cylinder/i],
      ['Resolution: Work completed by Mark T. on 03/14/2024. Replaced thermostat.', /thermostat/i],
      ['Cause: Failed contactor. Remedy: Replaced contactor, unit cooling.', /contactor/i],
      ['Completed 4/2/24 10:15 AM by J. Alvarez (Tech #14): replaced bathroom exhaust fan motor.', /exhaust fan motor/i],
      ['Action taken: Replaced supply line to ice maker. Call 555-201-3344 if problem returns.', /supply line/i],
      ['Vendor note - 5/5/2023 - replaced condenser fan motor 1/4hp 1075rpm, capacitor 5mfd. Tech: D. Okafor', /condenser fan motor/i],
    ])('%p', (note, expected) => {
      const fix = name(note);
      expect(fix).toMatch(expected);
      expect(fix).not.toMatch(BOOKKEEPING);
    });
  });

  it.each([
    ['Resolution: Tenant not home, no access.'],
    ['Resolution: Duplicate of WO 55321'],
    ['Resolution: Resident canceled request.'],
    ['Resolution: Unit working upon arrival. No repair needed.'],
    ['Resolution: Parts on order, will return.'],
    ['Resolution: Vendor to quote replacement of roof top unit.'],
  ])('%p is no fix', (note) => {
    expect(name(note)).toBeUndefined();
  });

  it('leaves the state a part was found in out of its name: tripped, kinked', () => {
    expect(name('gfci tripped, reset. working')).toMatch(/^Reset(?: or replace)? GFCI(?: outlet)?$/);
    expect(name('Breaker tripped, reset')).toBe('Reset breaker');
    expect(name('GFCI was tripped - reset it')).toMatch(/GFCI/);
    expect(name('replaced kinked ice maker line')).toBe('Replaced ice maker line');
    expect(name('DW drain hose kinked - straightened, drains fine')).toBe('Repaired dishwasher drain hose');
  });

  it('reads a part found somewhere and then worked on as the part, not the place it was in', () => {
    expect(name('Found tripped breaker in panel, reset')).toBe('Reset breaker');
    expect(name('Resolution: Found tripped GFCI in bathroom, reset. No further issue.')).toMatch(/GFCI/);
    expect(name('Capacitor on condenser swollen, replaced')).toMatch(/^Replace(?:d)? (?:AC )?capacitor/);
    expect(name('Belt on supply fan worn, replaced')).toBe('Replaced belt on supply fan');
    // What was taken out, or the damage, is not the part: the part it was in still names the repair.
    expect(name('Found clog in kitchen drain line, cleared')).toMatch(/drain/i);
    expect(name('Found leak in supply line under sink, repaired')).toMatch(/supply line/i);
    expect(name('replaced motor; helped in moving old motor out')).toBe('Replaced motor');
  });

  it('names no part by the number of a rating: a 2-pole breaker, a 3-phase starter', () => {
    expect(name('Resolution: Replaced 2-pole 30A breaker for dryer circuit.')).toBe('Replaced breaker');
    expect(name('Replaced 3-phase motor starter')).toBe('Replaced motor starter');
    expect(name('Replaced 4-ft fluorescent tubes (2) in laundry')).toBe('Replaced fluorescent tubes');
    // A verb after the count starts the sentence.
    expect(name('Pump #4-changed oil and checked pressure')).toBe('Replaced oil');
  });

  it('reads a note whose export wrote its line breaks as "\\n"', () => {
    expect(name('Resolution:\\nReplaced tub spout diverter.\\nTested.')).toBe('Replaced tub spout diverter');
  });

  it('names no fix by the person who reported it: the tenant, the resident', () => {
    expect(name('Tenant reports fixed. Closed.')).toBeUndefined();
    expect(name('Resolution: resident says repaired by her landlord last month')).toBeUndefined();
  });

  it('reads "c/o" as a part changed out', () => {
    expect(name('c/o bad capacitor on condenser, unit cooling')).toMatch(/capacitor/i);
    expect(name('C/O contactor, cooling now')).toMatch(/contactor/i);
  });

  it('names no fix for a repair the customer declined or refused, and keeps the repair done beside one', () => {
    expect(name('Customer declined repair, quoted $850 for compressor.')).toBeUndefined();
    expect(name('Tenant refused repair, signed waiver')).toBeUndefined();
    expect(name('Replaced filter; customer declined compressor replacement')).toMatch(/filter/i);
  });

  it('ends the part where the note goes on to what it caused or how it went', () => {
    expect(name('Repaired thermostat wiring causing unit to short cycle')).toBe('Repaired thermostat wires');
    expect(name('Replaced capacitor getting hot')).toMatch(/^Replace(?:d)? (?:AC )?capacitor$/);
    expect(name('Repaired light switch must have been loose')).toMatch(/^Repaired light switch$/);
    expect(name('Cleaned flex duct better than before')).toBe('Cleaned flex duct');
    expect(name('Replaced bearing resulting in quiet operation')).toBe('Replaced bearing');
    // A repair the note says would not go, or had been done before, is none.
    expect(name("Flow switch showed no flow so the boiler wouldn't reset")).toBeUndefined();
    expect(name("Breaker didn't reset, replaced breaker")).toBe('Replaced breaker');
    expect(name('Outlet working on arrival, must have been repaired by the night crew')).toBeUndefined();
  });

  it('reads "cond" as the condensate before a pump, line, pan or drain, and as the condenser before a fan or coil', () => {
    expect(name('replaced cond pump, draining')).toMatch(/^Replace(?:d)? condensate pump$/);
    expect(name('cleared cond line with nitrogen')).toMatch(/condensate/i);
    expect(name('cleaned cond pans on AHU 3')).toMatch(/condensate drain pans?/i);
    expect(name('Cond fan motor seized - replaced')).toMatch(/^Replace(?:d)? condenser fan motor$/);
    expect(name('cleaned cond coil with foam cleaner')).toMatch(/condenser coil/i);
  });
  // An in-house technician's closing notes in a CMMS, clipped to the shop's own shorthand: these gave no fix at all.
  it('reads the shorthand verbs of in-house notes: repl, rplcd, chngd, adj', () => {
    expect(name('repl flapper')).toMatch(/flapper/i);
    expect(name('repl fill valve, adj float')).toMatch(/fill valve/i);
    expect(name('rplcd lower element 4500w')).toMatch(/element/i);
    expect(name('repl cooler belt, adj tension')).toBe('Replaced cooler belt');
    expect(name('chngd contactor on condenser, cooling')).toMatch(/contactor/i);
    expect(name('repl ballast & 2 tubes')).toBe('Replaced ballast');
    expect(name('repl p-trap & washers')).toMatch(/^Replaced P-trap/);
    expect(name('adj float valve on cooler, no more overflow')).toBe('Adjusted float valve on cooler');
    expect(name('repl 9v battery')).toMatch(/battery/i);
    // The replacement is the repair, not the cleaning done beside it.
    expect(name('repl thermal fuse, cleaned vent')).toMatch(/fuse/i);
  });
  it('reads a refrigerant charge as the repair before a valve tightened or a unit reset beside it', () => {
    expect(name('Found low charge, added 2 lbs R-410A, leak at service valve tightened')).toMatch(/refrigerant/i);
    expect(name('reset unit, charged 3 lbs R-22, cooling')).toMatch(/refrigerant/i);
    // The unit charged is the refrigerant's: the valve tightened before it is not what was charged.
    expect(name('leak search ok; tightened the schrader core then recharged system 2 lbs 4oz')).toMatch(/^Recharged refrigerant$/);
    // A stronger repair still wins.
    expect(name('replaced TXV, charged with 6 lbs R-410A')).toMatch(/TXV/i);
  });
});
