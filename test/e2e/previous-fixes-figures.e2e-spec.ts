import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * An apartment operator's history, written for this test in the styles its vendors and in-house
 * technicians use (capitals, invoice lines, misspellings, passive notes). A coordinator reads each
 * previous fix's figures as facts about the tickets it lists: they must add up.
 */
const DAY = 86_400;
const T0 = 1_700_000_000;

interface PastTicket {
  id: string;
  request: string;
  note: string;
  cost: number;
  vendor: string;
  unit: number;
  /** Days after T0 the ticket was opened; closed a day later. */
  day: number;
}

const HISTORY: PastTicket[] = [
  { id: 'T-1', request: 'Room too hot, thermostat reads 84', note: 'Replaced t-stat, tested cooling OK', cost: 145, vendor: 'CoolAir HVAC', unit: 214, day: 0 },
  { id: 'T-2', request: 'thermostat blank no AC', note: 'REPLACED THERMOSTAT. SYSTEM COOLING.', cost: 160, vendor: 'CoolAir HVAC', unit: 118, day: 10 },
  { id: 'T-3', request: 'AC not cooling apt 3B', note: 'thermostat replaced, unit cooling', cost: 150, vendor: 'Metro Maintenance', unit: 32, day: 20 },
  { id: 'T-4', request: 'AC not cooling, room warm', note: 'Replaced thermostst and tested', cost: 140, vendor: 'CoolAir HVAC', unit: 305, day: 30 },
  // The same unit four days after T-4 closed: T-4's thermostat did not hold.
  {
    id: 'T-5',
    request: 'AC not cooling again, thermostat blank',
    note: 'new thermostat installed',
    cost: 155,
    vendor: 'Frosty Mechanical',
    unit: 305,
    day: 35,
  },
  // A refrigerator's thermostat: the catalogue reads the note as the AC's "Replace thermostat".
  { id: 'T-6', request: 'fridge not cooling, freezer fine', note: 'replaced defrost thermostat', cost: 130, vendor: 'Appliance Pros', unit: 151, day: 40 },
  {
    id: 'T-7',
    request: 'garbage disposal humming not spinning',
    note: 'unjammed disposal with allen key, pressed reset',
    cost: 50,
    vendor: 'Metro Maintenance',
    unit: 36,
    day: 50,
  },
  { id: 'T-8', request: 'disposal jammed', note: 'Reset disposal', cost: 40, vendor: 'Metro Maintenance', unit: 37, day: 60 },
  {
    id: 'T-9',
    request: 'front door lock sticking, key hard to turn',
    note: 'Lubricated lock cylinder',
    cost: 30,
    vendor: 'Metro Maintenance',
    unit: 160,
    day: 70,
  },
  {
    id: 'T-10',
    request: 'key will not turn in front door lock',
    note: 'Invoice 5521 / Key Lock & Safe / replaced lock cylinder / $120.00',
    cost: 120,
    vendor: 'Key Lock & Safe',
    unit: 161,
    day: 80,
  },
];

type Fix = { fix: string; frequency: number; percent_fix: number; average_cost?: number; vendor: string; tickets_effected: string[] };

describe('previous fixes whose figures add up (apartment history)', () => {
  let t: TestApp;
  let token: string;
  const enrich = async (issue_description: string): Promise<Fix[]> => {
    const res = await request(t.http).post('/work-order/enrich').set('Authorization', `Bearer ${token}`).send({ issue_description });
    expect(res.status).toBe(200);
    return res.body.top_5_previous_fixes as Fix[];
  };
  const byId = new Map(HISTORY.map((h) => [h.id, h]));

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await t.newClientToken('figures'));
    const rows = HISTORY.map((h) => ({
      work_order_id: h.id,
      issue_description: h.request,
      closing_description: h.note,
      work_order_status: 'Completed',
      actual_cost: h.cost,
      assigned_vendors: h.vendor,
      property_id: 7,
      unit_id: h.unit,
      ticket_open_date: T0 + h.day * DAY,
      ticket_close_date: T0 + (h.day + 1) * DAY,
    }));
    const imported = await request(t.http).post('/work-order/import').set('Authorization', `Bearer ${token}`).send(rows);
    expect(imported.status).toBe(200);
    expect(imported.body.rejected).toBe(0);
  });
  afterAll(() => t.close());

  /** Every fix's frequency, average cost and vendor, recomputed from the tickets it lists. */
  const expectFiguresOfItsTickets = (fixes: Fix[]) => {
    for (const fix of fixes) {
      const tickets = fix.tickets_effected.map((id) => byId.get(id)!);
      expect(new Set(fix.tickets_effected).size).toBe(fix.frequency);
      expect(fix.average_cost).toBeCloseTo(tickets.reduce((sum, h) => sum + h.cost, 0) / tickets.length, 2);
      const count = (vendor: string) => tickets.filter((h) => h.vendor === vendor).length;
      expect(Math.max(...tickets.map((h) => count(h.vendor)))).toBe(count(fix.vendor));
    }
  };

  it("counts one thermostat replacement group on the AC's tickets only, with the callback in its held rate", async () => {
    const fixes = await enrich("AC not cooling in my apartment, thermostat set to 72 but it's 84 inside");
    expectFiguresOfItsTickets(fixes);
    const thermostat = fixes.filter((f) => /thermost/i.test(f.fix) && /replace/i.test(f.fix));
    // One group for the four spellings (t-stat, capitals, passive, a misspelling), never the refrigerator's.
    expect(thermostat).toHaveLength(1);
    expect([...thermostat[0].tickets_effected].sort()).toEqual(['T-1', 'T-2', 'T-3', 'T-4', 'T-5']);
    expect(thermostat[0].frequency).toBe(5);
    expect(thermostat[0].percent_fix).toBe(80);
    expect(thermostat[0].vendor).toBe('CoolAir HVAC');
  });

  it('names a freed disposal by the unjamming, never by the tool it was freed with', async () => {
    const fixes = await enrich('garbage disposal hums but does not spin');
    expectFiguresOfItsTickets(fixes);
    expect(fixes.map((f) => f.fix).join(' | ')).not.toMatch(/allen|key/i);
    const unjam = fixes.find((f) => /unjam/i.test(f.fix));
    expect(unjam).toMatchObject({ frequency: 2, average_cost: 45 });
  });

  it('keeps a lubricated lock apart from a replaced cylinder, so the replacement does not look like a $30 job', async () => {
    const fixes = await enrich('front door lock is sticking and the key is hard to turn');
    expectFiguresOfItsTickets(fixes);
    const replaced = fixes.find((f) => /replace/i.test(f.fix) && /cylinder/i.test(f.fix));
    expect(replaced).toMatchObject({ frequency: 1, average_cost: 120, tickets_effected: ['T-10'] });
    expect(fixes.find((f) => f.tickets_effected.includes('T-9'))?.fix).toMatch(/lubricat/i);
  });
});
