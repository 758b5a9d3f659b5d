import * as fc from 'fast-check';
import { loadKnowledgeBase } from './knowledge-base';
import { countedItems, uncountedScope, estimatePrice, expectedHours, formatUsd, laborRateFor, parseUsd, PriceEstimate } from './pricing';
import { resolveState } from './region';

describe('formatUsd and parseUsd', () => {
  it('formats whole cents as dollars', () => {
    expect(formatUsd(16950)).toBe('$169.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(154000)).toBe('$1,540.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-300)).toBe('-$3.00');
    expect(() => formatUsd(1.5)).toThrow(RangeError);
  });

  it('parses dollar strings to cents', () => {
    expect(parseUsd('$169.50')).toBe(16950);
    expect(parseUsd('$1,540.00')).toBe(154000);
    expect(parseUsd('169.5')).toBe(16950);
    expect(parseUsd(' $12 ')).toBe(1200);
    expect(parseUsd('-$3.00')).toBe(-300);
    for (const bad of ['', 'abc', '$1,50.00', '$12.345', '12$']) expect(parseUsd(bad)).toBeUndefined();
  });

  it('round-trips any amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => parseUsd(formatUsd(cents)) === cents));
  });
});

describe('regions', () => {
  const kb = loadKnowledgeBase();

  it('accepts a state code, a state name or a ZIP code', () => {
    expect(resolveState(kb, 'ca')?.code).toBe('CA');
    expect(resolveState(kb, 'New York')?.code).toBe('NY');
    expect(resolveState(kb, 'district of columbia')?.code).toBe('DC');
    expect(resolveState(kb, '94107')?.code).toBe('CA');
    expect(resolveState(kb, '10001-1234')?.code).toBe('NY');
    expect(resolveState(kb, '73301')?.code).toBe('TX');
    expect(resolveState(kb, '60601')?.code).toBe('IL');
    expect(resolveState(kb, '99501')?.code).toBe('AK');
    expect(resolveState(kb, '00601')).toBeUndefined();
    expect(resolveState(kb, 'Atlantis')).toBeUndefined();
    expect(resolveState(kb, '')).toBeUndefined();
    expect(resolveState(kb, undefined)).toBeUndefined();
  });

  it('falls back to the national rate for an unknown region', () => {
    const national = laborRateFor(kb, 'plumbing');
    expect(national).toEqual({ rate: 110, state: null });
    expect(laborRateFor(kb, 'plumbing', 'Narnia')).toEqual(national);
    expect(laborRateFor(kb, 'plumbing', 'CA').rate).toBeGreaterThan(national.rate);
    expect(laborRateFor(kb, 'plumbing', 'MS').rate).toBeLessThan(national.rate);
  });
});

/** Every figure adds up to the cent, as strings and as numbers. */
function expectAddsUp(e: PriceEstimate): void {
  const cents = (s: string) => parseUsd(s) as number;
  expect(Number.isInteger(e.labor_rate)).toBe(true);
  expect((e.hours * 4) % 1).toBe(0);
  expect(cents(e.pricing.total_parts)).toBe(e.parts.reduce((sum, p) => sum + cents(p.price), 0));
  expect(cents(e.pricing.total_labor)).toBe(cents(e.pricing.labor_cost_per_hour) * e.hours);
  expect(cents(e.pricing.total)).toBe(cents(e.pricing.total_parts) + cents(e.pricing.total_labor));
  expect(cents(e.pricing.total)).toBe(Math.round(e.total * 100));
  expect(Math.round(e.parts_total * 100) + Math.round(e.labor_total * 100)).toBe(Math.round(e.total * 100));
  expect(e.pricing.time).toBe(`${e.hours} hour${e.hours === 1 ? '' : 's'}`);
}

describe('estimatePrice', () => {
  const kb = loadKnowledgeBase();
  const regions = [undefined, 'CA', 'ny', 'Texas', 'Mississippi', 'District of Columbia', '94107', '10001', '33101', '99501', 'nowhere'];

  it('prices the flapper replacement at the national rate, billing the one-hour minimum visit for a 45-minute job', () => {
    const e = estimatePrice(kb, kb.problemById.get('toilet-flapper-worn')!);
    expect(e).toEqual({
      state: null,
      labor_rate: 110,
      hours: 1,
      parts_total: 12,
      labor_total: 110,
      total: 122,
      parts: [{ name: 'Toilet flapper, universal 2-inch or 3-inch', price: '$12.00', amount: 12 }],
      pricing: { labor_cost_per_hour: '$110.00', time: '1 hour', total_parts: '$12.00', total_labor: '$110.00', total: '$122.00' },
    });
  });

  // Read in answers to written requests (review 13): "fire alarm pull station cover is missing" was
  // estimated with a $60 cover AND a $110 horn/strobe, because the steps replace "the cover or the
  // device". A repair done with one part or another is priced as one part whose range spans both,
  // never as their sum.
  it.each([
    ['fire-alarm-device-damaged', 'Pull station protective cover', 'Horn/strobe device'],
    ['co-detector-service', 'Carbon monoxide alarm', 'Alarm battery'],
    ['sprinkler-escutcheon-missing', 'Escutcheon or cover plate', 'Sprinkler head guard'],
    ['site-light-out', 'Photocell', 'LED wall pack'],
    ['doorbell-not-working', 'Doorbell button', 'Doorbell transformer'],
  ])('prices %s with one of its alternative parts, not both', (id, first, second) => {
    const problem = kb.problemById.get(id)!;
    const e = estimatePrice(kb, problem);
    expect(e.parts).toHaveLength(1);
    expect(e.parts[0].name.toLowerCase()).toContain(first.toLowerCase());
    expect(e.parts[0].name.toLowerCase()).toContain(second.toLowerCase());
    expect(e.parts_total).toBeLessThanOrEqual(Math.max(...problem.parts.map((p) => p.price_high)));
  });

  // Read in answers to written requests (review 12): "garbage disposal hums but doesn't spin" was
  // estimated at $42.00 (half an hour, no parts) and "I'm locked out" at $73.50, below what any
  // vendor visit is invoiced; the tenant's history of such jobs averaged about $115.
  it.each(['disposal-jammed', 'tenant-lockout', 'smoke-detector-chirping', 'toilet-seat-broken'])(
    'bills at least one hour of labor for the short job %s',
    (id) => {
      const problem = kb.problemById.get(id)!;
      expect(expectedHours(problem)).toBeLessThan(1);
      for (const region of [undefined, 'TX', 'NY']) {
        const e = estimatePrice(kb, problem, region);
        expect(e.pricing.time).toBe('1 hour');
        expect(e.labor_total).toBe(e.labor_rate);
      }
    },
  );

  it('bills a longer job its own expected hours', () => {
    const problem = kb.problemById.get('wh-tank-leak')!;
    expect(estimatePrice(kb, problem).hours).toBe(expectedHours(problem));
  });

  it('prices a problem without parts', () => {
    const e = estimatePrice(kb, kb.problemById.get('disposal-jammed')!, 'TX');
    expect(e.parts).toEqual([]);
    expect(e.pricing.total_parts).toBe('$0.00');
    expect(e.state).toBe('TX');
  });

  it('adds up for every problem in every region', () => {
    for (const problem of kb.problems) for (const region of regions) expectAddsUp(estimatePrice(kb, problem, region));
  });

  it('adds up for any problem, region and part prices (property)', () => {
    const states = [...kb.stateByCode.values()];
    const region = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...states.map((s) => s.code), ...states.map((s) => s.name)),
      fc.integer({ min: 0, max: 99999 }).map((z) => String(z).padStart(5, '0')),
      fc.string(),
    );
    const cents = fc.integer({ min: 0, max: 500_000 });
    const part = fc.tuple(cents, cents).map(([a, b]) => ({ name: 'part', price_low: Math.min(a, b) / 100, price_high: Math.max(a, b) / 100 }));
    const hours = fc.tuple(fc.integer({ min: 1, max: 160 }), fc.integer({ min: 0, max: 160 })).map(([a, b]) => ({ low: a / 4, high: (a + b) / 4 }));
    fc.assert(
      fc.property(fc.constantFrom(...kb.problems), region, fc.array(part, { maxLength: 6 }), hours, (problem, r, parts, labor_hours) => {
        expectAddsUp(estimatePrice(kb, problem, r));
        expectAddsUp(estimatePrice(kb, { ...problem, parts, labor_hours }, r));
      }),
      { numRuns: 500 },
    );
  });
});

// Read in answers to written requests (review 14): "Move out inspection: blinds broken in all
// windows, replace 6 blinds" was priced as one blind ($103.50), and "two cracked panes" as one pane.
describe('estimatePrice for the number of items a request counts', () => {
  const kb = loadKnowledgeBase();
  const problem = (id: string) => kb.problemById.get(id)!;

  it.each([
    ['blinds-broken', 'Move out inspection: blinds broken in all windows, replace 6 blinds', 6],
    ['broken-window-pane', 'two cracked window panes in the kitchen, tenant taped them', 2],
    ['room-paint-request', 'please paint both bedrooms before the new student moves in', 2],
    ['drywall-hole', 'Turnover: 3 holes in drywall behind doors, patch and paint', 3],
    ['room-paint-request', 'Patch and paint entire unit, 2 bedroom, nail holes and scuffs throughout', 1],
    ['blinds-broken', 'blind in the bedroom is broken, 2 slats missing', 1],
    ['drywall-hole', 'hole in the wall of unit 12, about 2 feet wide', 1],
    ['blinds-broken', 'two of the blinds in our suite are broken and wont go up', 2],
    ['light-fixture-failure', 'Stairway: 2 light fixtures out on 3rd floor landing', 2],
    ['blinds-broken', 'Apt 12 blinds broken in living room', 1],
    ['blinds-broken', '3 bedroom apartment blinds broken in the living room', 1],
    ['broken-window-pane', 'two story building windows cracked by hail', 1],
    ['broken-window-pane', 'Room 3 windows cracked after the storm', 1],
  ])('reads %s × the count in "%s"', (id, text, count) => {
    expect(countedItems(problem(id), text)).toBe(count);
  });

  it('prices every part once per item and the labor of the added items at less than the first, adding up to the cent', () => {
    const one = estimatePrice(kb, problem('blinds-broken'), 'CO');
    const six = estimatePrice(kb, problem('blinds-broken'), 'CO', 6);
    expect(six.parts_total).toBeCloseTo(6 * one.parts_total, 2);
    expect(six.hours).toBeGreaterThan(one.hours);
    expect(six.hours).toBeLessThan(6 * one.hours);
    expect(Math.round((six.parts_total + six.labor_total) * 100)).toBe(Math.round(six.total * 100));
    expect(six.parts[0].name).toMatch(/× 6|x 6/);
  });

  it('prices one item for a problem that is not priced per item', () => {
    const unit = estimatePrice(kb, problem('unit-repaint'), 'CO');
    expect(estimatePrice(kb, problem('unit-repaint'), 'CO', countedItems(problem('unit-repaint'), 'repaint 3 units on the second floor'))).toEqual(unit);
  });
});

// Read in answers to campus requests (review 15): "6 fixtures out in the back rows" of a lecture
// hall was priced as one tube ($10), three dark lot poles as one head, four locker-room shower heads
// as one, and a CMMS line's "blinds broken (x3)" as one blind.
describe('estimatePrice for the items a campus request counts', () => {
  const kb = loadKnowledgeBase();
  const problem = (id: string) => kb.problemById.get(id)!;

  it.each([
    ['relamp', 'Relamp room 140, 8 tubes out over the back rows', 8],
    ['relamp', 'five fixtures dark in the gym hallway, please relamp', 5],
    ['site-light-out', 'Lot B - 3 poles dark at night', 3],
    ['site-light-out', 'two wall packs out behind the library loading dock', 2],
    ['low-pressure-aerator', '4 shower heads in the pool locker room barely spray', 4],
    ['low-pressure-aerator', 'Locker room shower heads weak spray - 3 of them', 3],
    ['blinds-broken', 'RM 210 - window blinds broken (x3), replace', 3],
    ['blinds-broken', 'replace blinds x2 in office 14', 2],
    ['blinds-broken', 'blinds in room 14 are 36 x 48, one is broken', 1],
    ['low-pressure-aerator', 'shower head in room 4 has weak spray', 1],
  ])('reads %s × the count in "%s"', (id, text, count) => {
    expect(countedItems(problem(id), text)).toBe(count);
  });

  it('prices three dark poles above one and below three separate visits', () => {
    const one = estimatePrice(kb, problem('site-light-out'), 'SC');
    const three = estimatePrice(kb, problem('site-light-out'), 'SC', 3);
    expect(three.total).toBeGreaterThan(one.total);
    expect(three.total).toBeLessThan(3 * one.total);
    expect(Math.round((three.parts_total + three.labor_total) * 100)).toBe(Math.round(three.total * 100));
  });
});

// Read in answers to written requests (review 14): "Replace cracked and broken glass in window panes
// throughout the apartment" and "Remove mold ... in all rooms" were priced as one pane and one area
// without a word: the request covers all of them but does not say how many.
describe('uncountedScope: a request that covers every item without counting them', () => {
  const kb = loadKnowledgeBase();
  const scope = (id: string, text: string) => uncountedScope(kb.problemById.get(id)!, text);

  it.each([
    ['broken-window-pane', 'Replace cracked and broken glass in window panes throughout the apartment', 'throughout'],
    ['mold-on-walls', 'Remove mold and repair water damage to walls and ceiling in all rooms', 'all rooms'],
    ['blinds-broken', 'blinds broken in every window of the unit', 'every window'],
    ['room-paint-request', 'paint the entire apartment before move in', 'entire apartment'],
  ])('reads %s in "%s"', (id, text, phrase) => {
    expect(scope(id, text)?.phrase).toBe(phrase);
  });

  it('names the item the estimate prices one of', () => {
    expect(scope('broken-window-pane', 'glass broken in windows throughout')?.item).toBe('pane');
    expect(scope('smoke-detector-missing', 'smoke detectors missing in every room')?.item).toBe('smoke detector');
  });

  it.each([
    ['blinds-broken', 'Move out inspection: blinds broken in all windows, replace 6 blinds'],
    ['broken-window-pane', 'kitchen window cracked'],
    ['unit-repaint', 'repaint the entire unit at turnover'],
    ['peeling-paint', 'Owner failed to maintain the bathroom ceiling free of peeling paint, repair plaster and paint throughout bathroom'],
    ['mold-on-walls', 'mold throughout the kitchen ceiling'],
  ])('says nothing for %s in "%s" (counted, one item, or priced for the whole unit)', (id, text) => {
    expect(scope(id, text)).toBeNull();
  });
});

// Read in whole answers to housing-code notices and office buildings (review 16): screens "on all
// openable windows", "several fluorescent light fixtures" and a roach treatment "in all units of the
// building" were priced as one screen, one fixture and one unit, without a word.
describe('uncountedScope: a word between the scope and the item, a number left unsaid, a building of units', () => {
  const kb = loadKnowledgeBase();
  const scope = (id: string, text: string) => uncountedScope(kb.problemById.get(id)!, text);

  it.each([
    ['window-screen-torn', 'Repair or replace the missing and damaged window screens on all openable windows.', 'all openable windows'],
    ['light-fixture-failure', 'Several fluorescent light fixtures in the open office area on floor 5 are flickering.', 'several fluorescent light fixtures'],
    ['relamp', 'multiple bulbs out in the hallway', 'multiple bulbs'],
    ['cockroach-infestation', 'Owner shall eliminate cockroach infestation in all units of the building.', 'all units'],
    ['cockroach-infestation', 'roaches throughout the building, every floor', 'throughout the building'],
    ['bed-bugs', 'Owner failed to eliminate bed bug infestation in unit 2B and adjoining units 2A and 2C.', 'adjoining units'],
  ])('reads %s in "%s"', (id, text, phrase) => {
    expect(scope(id, text)?.phrase).toBe(phrase);
  });

  it('names a unit as the item a treatment of one unit is priced for', () => {
    expect(scope('cockroach-infestation', 'roaches in all units')?.item).toBe('unit');
  });

  it.each([
    ['cockroach-infestation', 'roaches throughout my apartment'],
    ['cockroach-infestation', 'roaches in every room of my unit'],
    ['light-fixture-failure', 'my kitchen light stopped working'],
    ['window-screen-torn', 'all day the screen door bangs, the screen is torn'],
  ])('says nothing for %s in "%s" (one unit, one item)', (id, text) => {
    expect(scope(id, text)).toBeNull();
  });

  it('prices a treatment per unit the request counts', () => {
    const problem = kb.problemById.get('cockroach-infestation')!;
    expect(countedItems(problem, 'roaches reported in 3 apartments on the second floor')).toBe(3);
    expect(countedItems(problem, 'roaches in unit 3')).toBe(1);
    expect(countedItems(problem, 'a 12 unit building with roaches')).toBe(1);
  });
});
