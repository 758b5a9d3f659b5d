import type { SimilarWorkOrder } from '../retrieval/similar-work-orders.service';
import { loadKnowledgeBase } from '../../knowledge/knowledge-base';
import { triageUrgency } from '../../knowledge/triage/urgency-triage';
import { asWritten, triageInsights } from './triaged-diagnosis';
import { deterministicInsights, fixNamesOtherTradesJob, InsightFacts } from './insights';
import type { PreviousFixDto } from '../dto/work-order-enrichment.dto';
import { similarWorkOrder } from '../../../test/support/similar-work-order';
import { noInsightFacts } from '../../../test/support/insight-facts';

/** Facts of a request with nothing known about it: no flags, no history, no dispatch, unless given. */
const noFacts = noInsightFacts;

// The questions go to whoever wrote the request: an occupant, a parent, an RA or a department's staff (review 15).
describe('deterministicInsights: what to ask before dispatching', () => {
  const facts = (vendorType: string): InsightFacts => noFacts({ dispatch: { vendorType, questions: ['Is the power out in one outlet or the whole unit?'] } });
  const question = (vendorType: string) => deterministicInsights(facts(vendorType)).find((i) => i.startsWith('Before sending'));

  it.each([
    ['Electrician', 'Before sending the electrician, ask the requester: Is the power out in one outlet or the whole unit?'],
    ['HVAC technician', 'Before sending the HVAC technician, ask the requester: Is the power out in one outlet or the whole unit?'],
    ['Appliance technician', 'Before sending the appliance technician, ask the requester: Is the power out in one outlet or the whole unit?'],
    ['Movers', 'Before sending the movers, ask the requester: Is the power out in one outlet or the whole unit?'],
  ])('names the %s as a sentence reads', (vendorType, expected) => {
    expect(question(vendorType)).toBe(expected);
  });

  it('asks nothing when the trade has no questions', () => {
    expect(question('Electrician')).toBeDefined();
    expect(deterministicInsights({ ...facts('Electrician'), dispatch: { vendorType: 'Electrician', questions: [] } }).some((i) => i.startsWith('Before'))).toBe(
      false,
    );
  });
});

describe('triageInsights', () => {
  it("labels each situation with its own urgency, not the request's highest", () => {
    const notes = triageInsights(triageUrgency('strong gas smell in the kitchen and the bathroom faucet is leaking', { coldSeason: false }));
    expect(notes[0]).toMatch(/^Emergency: Possible gas leak/);
    expect(notes.slice(1)).toEqual([expect.stringMatching(/^Urgent \(same or next day\): /)]);
  });

  it('quotes the request as written, and as read when the words stand apart by more than spaces and commas', () => {
    expect(asWritten('toilet wont flush', "The toilet won't flush")).toBe("toilet won't flush");
    expect(asWritten('leak on fourth floor', 'Leak on 4th floor by the elevator')).toBe('Leak on 4th floor');
    expect(asWritten('gas leak', 'strong "gas"\n leak')).toBe('gas leak');
    expect(asWritten('gas leak', 'nothing of it here')).toBe('gas leak');
  });
});

/** A previous fix as history ranks it, with the figures the "held better" insight compares. */
const fix = (name: string, frequency: number, percent: number, cost: number, vendor: string): PreviousFixDto => ({
  fix: name,
  frequency,
  percent_fix: percent,
  average_cost: cost,
  tickets_effected: [],
  vendor,
});

describe('deterministicInsights: which previous fix held better', () => {
  const vendorTypes: Record<string, string[]> = {
    'Northside Plumbing': ['Plumber'],
    'ApplianceFix Pros': ['Appliance technician'],
    'Campus HVAC Shop': ['HVAC technician'],
  };
  const facts = (leadVendorType: string, previousFixes: PreviousFixDto[]): InsightFacts =>
    noFacts({ previousFixes, leadVendorType, vendorTypesOf: (v) => vendorTypes[v] ?? [] });
  const held = (f: InsightFacts) => deterministicInsights(f).filter((i) => i.startsWith('In your history "'));

  it('compares costs only when both are known, never as $0.00', () => {
    const { average_cost: _unknown, ...noCost } = fix('Replace faucet', 12, 100, 0, 'Northside Plumbing');
    const notes = held(facts('Plumber', [fix('Replace faucet cartridge', 40, 80, 150, 'Northside Plumbing'), noCost]));
    expect(notes).toEqual([
      'In your history "Replace faucet" held better than "Replace faucet cartridge": 100% of 12 similar work orders stayed fixed against 80% (most often by Northside Plumbing).',
    ]);
  });

  it('names a same-trade fix that stayed fixed clearly more often than the usual one', () => {
    const notes = held(
      facts('Plumber', [fix('Replace faucet cartridge', 40, 80, 150, 'Northside Plumbing'), fix('Replace faucet', 12, 100, 260, 'Northside Plumbing')]),
    );
    expect(notes).toEqual([
      'In your history "Replace faucet" held better than "Replace faucet cartridge": 100% of 12 similar work orders stayed fixed against 80% (average $260.00 against $150.00, most often by Northside Plumbing).',
    ]);
  });

  it.each([
    [
      'the usual fix holds best already (dorm sink drip)',
      [fix('Replace faucet cartridge', 88, 91, 156, 'Northside Plumbing'), fix('Replace aerator', 11, 85, 90, 'Northside Plumbing')],
    ],
    [
      '100% of 4 work orders is luck, not evidence (tenant app: tub clog)',
      [fix('Cleared hair clog', 52, 88, 154, 'Northside Plumbing'), fix('Cleared drain line', 4, 100, 406, 'Northside Plumbing')],
    ],
    [
      'a 1-point lead is noise (facilities ticket: running toilet)',
      [fix('Replace toilet flapper', 98, 90, 98, 'Northside Plumbing'), fix('Replace fill valve', 100, 91, 150, 'Northside Plumbing')],
    ],
    [
      'a replacement always holds, it is not a better repair (pilot out)',
      [fix('Replace thermocouple', 62, 90, 195, 'Northside Plumbing'), fix('Replace water heater', 8, 100, 1855, 'Northside Plumbing')],
    ],
  ])('says nothing when %s', (_why, fixes) => {
    expect(held(facts('Plumber', fixes))).toEqual([]);
  });

  it("warns about a fix that did not hold only when this dispatch's trade would repeat it (tenant app: toilet overflowing)", () => {
    const fixes = [fix('Cleared toilet clog', 40, 88, 150, 'Northside Plumbing'), fix('Cleared clogged gutter', 6, 66.7, 196, 'Summit Roof & Gutter')];
    const warned = (lead: string) =>
      deterministicInsights({ ...facts(lead, fixes), vendorTypesOf: (v) => (v.includes('Roof') ? ['Roofer'] : (vendorTypes[v] ?? [])) }).filter((i) =>
        i.includes('held on only'),
      );
    expect(warned('Plumber')).toEqual([]);
    expect(warned('Roofer')).toHaveLength(1);
  });

  // Read in answers to written requests (review 12): "window AC unit in dorm room not turning on"
  // warned that "Recharged refrigerant" held on only 66.7% of 3 similar tickets, one callback.
  it.each([
    [3, 66.7, false],
    [4, 75, false],
    [4, 50, true],
    [9, 66.7, true],
  ])('warns about a fix that held on %i tickets at %d% only when it failed at least twice', (frequency, percent, warns) => {
    const fixes = [fix('Replace AC capacitor', 40, 90, 200, 'Campus HVAC Shop'), fix('Recharged refrigerant', frequency, percent, 350, 'Campus HVAC Shop')];
    const warned = deterministicInsights(facts('HVAC technician', fixes)).filter((i) => i.includes('held on only'));
    expect(warned).toEqual(
      warns
        ? [
            `"Recharged refrigerant" held on only ${percent}% of ${frequency} similar tickets; ask the technician to check the underlying cause before repeating it.`,
          ]
        : [],
    );
  });

  // Read in whole answers (review 16): mice droppings in a pantry were answered '"Sealed gaps" held on
  // only 68.2% of 22 similar tickets' and, two lines later, '"Sealed entry points" held better than
  // "Sealed gaps": 85% ... against 68.2%': the same figure said twice.
  it('says once that the usual fix did not hold, in the line that names the fix that held better', () => {
    const fixes = [fix('Sealed gaps', 22, 68.2, 204, 'Northside Plumbing'), fix('Sealed entry points', 20, 85, 225, 'Northside Plumbing')];
    const notes = deterministicInsights(facts('Plumber', fixes)).filter((i) => i.includes('"Sealed gaps"'));
    expect(notes).toEqual([expect.stringMatching(/^In your history "Sealed entry points" held better than "Sealed gaps": 85% of 20 .* against 68.2%/)]);
  });

  it("never points at another trade's fix (a sewer clog is not fixed by the appliance shop's drain pump)", () => {
    const fixes = [fix('Clear main sewer line', 38, 80, 480, 'Northside Plumbing'), fix('Replaced drain pump', 10, 100, 280, 'ApplianceFix Pros')];
    expect(held(facts('Plumber', fixes))).toEqual([]);
    // Nor, for the appliance shop, is the plumber's sewer line the fix its drain pump is measured against.
    expect(held(facts('Appliance technician', fixes))).toEqual([]);
    const pumps = [fixes[0], fix('Cleaned drain pump filter', 30, 70, 150, 'ApplianceFix Pros'), fixes[1]];
    expect(held(facts('Appliance technician', pumps))).toEqual([
      'In your history "Replaced drain pump" held better than "Cleaned drain pump filter": 100% of 10 similar work orders stayed fixed against 70% (average $280.00 against $150.00, most often by ApplianceFix Pros).',
    ]);
  });
});

describe('deterministicInsights: hazard advice the triage already gave', () => {
  const base = noFacts({ now: new Date('2026-01-15T12:00:00Z') });

  it.each([
    ['student housing: "gas smell by the stove in 2B"', 'gas-leak', 'gas-leak', /gas leak/i],
    ['tenant app: "pipe burst under the sink, water everywhere"', 'flooding', 'flooding', /water leak/i],
    ['facilities: "sewage coming up the floor drain"', 'sewage', 'sewage-backup', /sewage/i],
  ] as const)('does not repeat it (%s)', (_request, flag, category, topic) => {
    const once = deterministicInsights({ ...base, safetyFlags: [flag] });
    expect(once.filter((i) => topic.test(i))).toHaveLength(1);
    const afterTriage = deterministicInsights({ ...base, safetyFlags: [flag], triageCategories: new Set([category]) });
    expect(afterTriage.filter((i) => topic.test(i))).toEqual([]);
  });

  it.each([
    ['facilities: "Fire alarm panel showing trouble light"', 'fire', 'life-safety-device'],
    ['property manager: "Fire extinguisher in hallway is expired"', 'fire', 'life-safety-device'],
    ['tenant app: "fridge stopped, smells like burning plastic"', 'fire', 'burning-smell'],
  ] as const)('does not send for the fire department when the triage read no fire (%s)', (_request, flag, category) => {
    const notes = deterministicInsights({ ...base, safetyFlags: [flag], triageCategories: new Set([category]) });
    expect(notes.filter((i) => /fire department/i.test(i))).toEqual([]);
  });

  // The triage's own line already says when to send ("Emergency: No heat ..."): a second line saying
  // "dispatch today" under an emergency reads as a contradiction.
  it('still says it is the heating season when the triage named the no-heat call, without a second dispatch time', () => {
    const notes = deterministicInsights({ ...base, safetyFlags: ['no-heat'], triageCategories: new Set(['no-heat']) });
    expect(notes).toEqual(['It is the heating season: offer space heaters if the repair will take time.']);
  });
});

// Read in a student-housing answer (review 15): "the front left burner doesnt heat up" read as no
// heat, and the answer for an appliance technician's burner repair said "offer space heaters".
describe('deterministicInsights: space heaters only beside a heating repair', () => {
  const winter = noFacts({ now: new Date('2026-12-10T12:00:00Z'), safetyFlags: ['no-heat'], triageCategories: new Set(['no-heat']) });
  const heaters = (leadTrade: string) => deterministicInsights({ ...winter, leadTrade }).filter((i) => /space heaters/.test(i));

  it('offers space heaters when the heating is what is being repaired', () => {
    expect(heaters('hvac-heating')).toHaveLength(1);
  });

  it.each(['appliance', 'electrical', 'plumbing'])('does not offer them when the dispatch goes to %s', (trade) => {
    expect(heaters(trade)).toEqual([]);
  });
});

describe('deterministicInsights: what to ask before dispatching, for requests that are not leaks or lockouts', () => {
  const kb = loadKnowledgeBase();
  const ask = (trade: string, vendorType: string) =>
    deterministicInsights(noFacts({ dispatch: { vendorType, questions: (kb.tenantQuestions.byTrade.get(trade) ?? []).map((q) => q.ask) } })).find((i) =>
      i.startsWith('Before sending'),
    ) ?? '';

  // "Shower has very low water pressure", "toilet keeps running all nite", "Room 214: sink loose from the wall"
  it('asks a plumbing request which fixture it is, without presuming water is coming out', () => {
    const q = ask('plumbing', 'Plumber');
    expect(q).toMatch(/which fixture/i);
    expect(q).not.toMatch(/where exactly is the water coming from/i);
  });

  // "Garage door opener not working", "Entry door closer slams door shut in lobby", "Mailbox lock broken, key spins"
  it('asks a door or lock request which door it is, without presuming a key and latch', () => {
    const q = ask('doors-locks', 'Locksmith');
    expect(q).toMatch(/which door or lock/i);
    expect(q).not.toMatch(/does the key turn/i);
  });
});

describe('deterministicInsights: vendors with callbacks', () => {
  const ticket = (i: number, vendor: string): SimilarWorkOrder =>
    similarWorkOrder(`id-${vendor}-${i}`, {
      workOrderId: `WO-${vendor}-${i}`,
      issueDescription: 'furnace blowing cold air',
      resolution: 'replaced ignitor',
      statusNorm: 'completed',
      openedAt: new Date('2026-05-01T00:00:00Z'),
      closedAt: new Date('2026-05-02T00:00:00Z'),
      actualCost: 200,
      assignedVendors: vendor,
      fixKey: 'kb:furnace-ignitor-failed',
      fixLabel: 'Replace furnace ignitor',
      similarity: 0.8,
    });
  const notes = (vendor: string, fixes: number, callbacks: number) => {
    const similar = Array.from({ length: fixes }, (_, i) => ticket(i, vendor));
    return deterministicInsights(noFacts({ similar, calledBack: new Set(similar.slice(0, callbacks).map((t) => t.id)) })).filter((i) =>
      i.startsWith('Vendor '),
    );
  };

  it('does not advise another vendor over a single callback (1 of 3)', () => {
    expect(notes('Northside Heating', 3, 1)).toEqual([]);
  });

  it('advises another vendor when callbacks repeat (3 of 8)', () => {
    expect(notes('Northside Heating', 8, 3)).toEqual([
      'Vendor Northside Heating was called back on 3 of 8 similar repairs; consider another vendor for this job.',
    ]);
  });

  // Review 15: a university's own shops and an in-house crew are not vendors a coordinator can swap.
  it.each(['In-house maintenance', 'HVAC Shop', 'Facilities Carpentry Crew'])('asks to review the repair with %s, not to replace it', (crew) => {
    const [note] = notes(crew, 8, 3);
    expect(note).toMatch(/called back on 3 of 8/);
    expect(note).not.toMatch(/another vendor/);
    expect(note).toMatch(/review/i);
  });
});

// Read in answers to an apartment operator's own history (review 10): "5 similar work orders on
// this unit (BW-1, BW-2, BW-3, BW-4)" named four of the five.
describe('deterministicInsights: a recurring problem on the unit', () => {
  const onUnit = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      similarWorkOrder(`toilet keeps running ${i}`, { workOrderId: `WO-${i + 1}`, unitKey: 'u:403', openedAt: new Date(Date.UTC(2026, 5, 10 - i * 20)) }),
    );
  const recurring = (n: number) => deterministicInsights(noFacts({ unitKey: 'u:403', similar: onUnit(n) })).find((i) => i.startsWith('Recurring problem'));

  it('names every work order it counts, or says how many more there are', () => {
    expect(recurring(3)).toMatch(/^Recurring problem: 3 similar work orders on this unit in the last 180 days \(WO-1, WO-2, WO-3\)/);
    expect(recurring(6)).toMatch(/\(WO-1, WO-2, WO-3, WO-4 and 2 more\)/);
  });
});

describe('deterministicInsights: dollar amounts read as the estimate does', () => {
  // A coordinator compares "$2504.42" in an insight with "$1,550.00" in the estimate beside it:
  // every amount is written the one way, with thousands separated.
  it('separates thousands in the cost range of similar work orders and in the estimate check', () => {
    const similar = [180, 1250.5, 2504.42].map((cost, i) => similarWorkOrder(`wh-${i}`, { actualCost: cost }));
    const notes = deterministicInsights(noFacts({ similar, estimatedCost: 4200, averageCost: 1311.64 }));
    expect(notes).toContain('3 similar past work orders cost $180.00 to $2,504.42 (median $1,250.50).');
    expect(notes).toContain('Your estimated cost of $4,200.00 is 220% above the $1,311.64 average of similar past work orders; review it before approving.');
  });

  // "this estimate is within that range" beside a diagnosis priced at $124.00 read as the service's
  // estimate; it is the work order's own estimated_cost ($150), and it is said once.
  it("names the work order's estimated cost as the client's, and compares it once", () => {
    const similar = [75, 123, 232.22].map((cost, i) => similarWorkOrder(`sink-${i}`, { actualCost: cost }));
    expect(deterministicInsights(noFacts({ similar, estimatedCost: 150, averageCost: 143.41 }))).toEqual([
      '3 similar past work orders cost $75.00 to $232.22 (median $123.00): your estimated cost of $150.00 is within that range.',
    ]);
    const notes = deterministicInsights(noFacts({ similar, estimatedCost: 900, averageCost: 143.41 }));
    expect(notes.filter((n) => n.includes('$900.00'))).toEqual([
      'Your estimated cost of $900.00 is 528% above the $143.41 average of similar past work orders; review it before approving.',
    ]);
  });

  it('separates thousands in the costs of two previous fixes compared', () => {
    const fix = (name: string, frequency: number, percent: number, cost: number): PreviousFixDto => ({
      fix: name,
      frequency,
      percent_fix: percent,
      average_cost: cost,
      tickets_effected: [],
      vendor: 'Northside Plumbing',
    });
    const notes = deterministicInsights(noFacts({ previousFixes: [fix('Repair boiler', 20, 70, 1200), fix('Replace boiler control', 12, 100, 1850.5)] }));
    expect(notes.find((n) => n.startsWith('In your history'))).toContain('(average $1,850.50 against $1,200.00, most often by Northside Plumbing)');
  });
});

// Read in answers to written requests (review 14): a city notice "failed to provide heat and hot
// water" compared "Replace thermostat" with the water heater shop's "Replaced heating element", and
// a move-out note naming missing smoke detectors and burned-out bulbs compared "Replace smoke
// detector" with "Replaced bulbs": two different jobs, not two ways of doing one.
describe('deterministicInsights: a better-held fix is compared with a fix of the same job', () => {
  const kb = loadKnowledgeBase();
  const fixNamesOtherJob = (name: string, vendorType: string) => fixNamesOtherTradesJob(kb, name, vendorType);
  const vendorTypes: Record<string, string[]> = { 'HotWater Now': ['Water heater technician'], 'Comfort Air HVAC': ['HVAC technician'] };
  const held = (leadVendorType: string, previousFixes: PreviousFixDto[]) =>
    deterministicInsights(noFacts({ previousFixes, leadVendorType, vendorTypesOf: (v) => vendorTypes[v] ?? [], fixNamesOtherJob })).filter((i) =>
      i.startsWith('In your history "'),
    );

  it("does not measure the heating fixes against the water heater shop's fix listed first (no heat and no hot water)", () => {
    const fixes = [
      fix('Replaced heating element', 28, 89, 271, 'HotWater Now'),
      fix('Replace furnace ignitor', 23, 95.7, 240, 'Budget Air'),
      fix('Replace thermostat', 25, 100, 196, 'Comfort Air HVAC'),
    ];
    expect(held('HVAC technician', fixes)).toEqual([]);
  });

  it('does not compare a smoke detector with light bulbs (move-out note naming both)', () => {
    const fixes = [fix('Replaced bulbs', 33, 81.8, 43, 'Volt Electric Co'), fix('Replace smoke detector', 5, 100, 79, 'In-house maintenance')];
    expect(held('Electrician', fixes)).toEqual([]);
  });

  it("reads an in-house crew's igniter as the furnace's for a heating dispatch, not as an oven's", () => {
    const fixes = [
      fix('Clean furnace flame sensor', 30, 70, 120, 'In-house maintenance'),
      fix('Replaced hot surface igniter', 13, 100, 220, 'In-house maintenance'),
    ];
    expect(held('HVAC technician', fixes)).toHaveLength(1);
  });

  it('still compares two ways of fixing one job (AC not cooling)', () => {
    const fixes = [fix('Recharged refrigerant', 30, 70, 395, 'Comfort Air HVAC'), fix('Replace AC capacitor', 36, 91.7, 199, 'Comfort Air HVAC')];
    expect(held('HVAC technician', fixes)).toHaveLength(1);
  });
});

describe('deterministicInsights: an estimate for one item of a request that covers them all', () => {
  it('says the estimate is for one item and asks to count them before approving', () => {
    const notes = deterministicInsights(noFacts({ uncountedScope: { item: 'pane', items: 'panes', phrase: 'throughout' } }));
    expect(notes).toContain('The estimate is for one pane, but the request says "throughout": count the panes before approving it.');
  });

  it('says nothing of the kind for a request about one item', () => {
    expect(deterministicInsights(noFacts()).some((i) => i.startsWith('The estimate is for one'))).toBe(false);
  });
});
