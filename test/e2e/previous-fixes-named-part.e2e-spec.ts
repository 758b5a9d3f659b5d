import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

interface Fix {
  fix: string;
  frequency: number;
  tickets_effected: string[];
}

/**
 * A campus history written for this test. Noise complaints about air handlers fill the newest
 * tickets of that problem (more than retrieval reads before it stops looking), fixed by tightening
 * panels and replacing bearings; the belts were replaced on tickets filed as rooms too warm, which
 * share no word with a noise complaint.
 */
const NOISES = ['rattling', 'banging', 'grinding', 'humming', 'knocking', 'clanking'];
const NOISE_FIXES = ['tightened loose access panel screws', 'replaced worn fan bearings', 'secured loose duct hanger'];

function noiseTickets(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    work_order_id: `${prefix}-N${i + 1}`,
    issue_description: `Air handler AHU-${(i % 7) + 1} making a loud ${NOISES[i % NOISES.length]} noise in mechanical room ${100 + i}`,
    closing_description: NOISE_FIXES[i % NOISE_FIXES.length],
    work_order_status: 'Completed',
    ticket_open_date: 1_700_000_000 + i * 86_400,
  }));
}

function beltTickets(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    work_order_id: `${prefix}-B${i + 1}`,
    issue_description: `Classroom ${200 + i} is too warm, no air coming from the vents`,
    closing_description: 'replaced broken belt on air handler',
    work_order_status: 'Completed',
    // Older than every noise ticket.
    ticket_open_date: 1_600_000_000 + i * 86_400,
  }));
}

describe('previous fixes of the part a request names, filed under another problem', () => {
  let t: TestApp;
  const auth: Record<'campus' | 'other' | 'small', string> = { campus: '', other: '', small: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const histories = {
      campus: [...noiseTickets('CAM', 60), ...beltTickets('CAM', 4)],
      // Another client with the same tickets, more belts among them.
      other: [...noiseTickets('OTH', 60), ...beltTickets('OTH', 9)],
      // A client with one belt replacement of its own.
      small: [...noiseTickets('SML', 60), ...beltTickets('SML', 1)],
    };
    for (const name of ['campus', 'other', 'small'] as const) {
      const { token } = await t.newClientToken(name);
      auth[name] = `Bearer ${token}`;
      const res = await request(t.http).post('/work-order/import').set('Authorization', auth[name]).send(histories[name]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ rejected: 0 });
    }
  }, 120_000);
  afterAll(() => t.close());

  const fixesFor = async (who: keyof typeof auth, text: string): Promise<Fix[]> => {
    const res = await request(t.http).post('/work-order/enrich').set('Authorization', auth[who]).send({ issue_description: text });
    expect(res.status).toBe(200);
    return res.body.top_5_previous_fixes as Fix[];
  };
  const belt = (fixes: Fix[]) => fixes.find((f) => /belt/i.test(f.fix));

  it('shows the belts replaced on rooms too warm for a squealing belt, counted from this client only', async () => {
    const fixes = await fixesFor('campus', 'Belt squealing on AHU-2, loud noise in the mechanical room');
    expect(belt(fixes)).toMatchObject({ frequency: 4 });
    expect(belt(fixes)!.tickets_effected.sort()).toEqual(['CAM-B1', 'CAM-B2', 'CAM-B3', 'CAM-B4']);
  });

  it("never shows another client's identical tickets: a client with one belt replacement sees that one", async () => {
    const fixes = await fixesFor('small', 'Belt squealing on AHU-2, loud noise in the mechanical room');
    expect(belt(fixes)).toMatchObject({ frequency: 1, tickets_effected: ['SML-B1'] });
    for (const fix of fixes) for (const id of fix.tickets_effected) expect(id).toMatch(/^SML-/);
  });

  it('shows no belt to a noise complaint that names no part', async () => {
    const fixes = await fixesFor('campus', 'AHU-2 making a loud noise in the mechanical room');
    expect(fixes.length).toBeGreaterThan(0);
    expect(belt(fixes)).toBeUndefined();
  });
});
