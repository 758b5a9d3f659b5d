import { DESERT_REQUESTS, desertApartmentsHistory } from '../fixtures/histories/desert-apartments-history';
import { importHistoryAsClient, PreviousFix, previousFixes, topThreeMisses } from '../support/history-fixes';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Previous fixes on a property manager's history of our own writing (swamp coolers and split air
 * conditioners, in-house shorthand, "Resolution:" fields, vendor invoice lines): each request is
 * shown, among its first three fixes, a fix naming what a technician would have done, as
 * `eval:fixes` measures relevance on the shared real history.
 */
describe('previous fixes on a desert apartment history (in-house shorthand, Resolution fields, invoices)', () => {
  let t: TestApp;
  let auth = '';
  const history = desertApartmentsHistory();
  const requestOf = (id: string) => history.find((h) => h.work_order_id === id)!.issue_description;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await importHistoryAsClient(t, 'desert-apartments', history);
  }, 120_000);
  afterAll(() => t.close());

  const enrich = (issue_description: string): Promise<PreviousFix[]> => previousFixes(t, auth, issue_description);

  // Relevance as eval:fixes measures it: a right fix among the first three. On main before the
  // shorthand notes were read (session 29) 16 of the 20 requests had one; the one left is a belt
  // replaced once on a squealing swamp cooler, shown below its pads, motor and float, which were done more often.
  it('shows a right fix among the first three for at least 19 of the 20 written requests', async () => {
    const misses = await topThreeMisses(enrich, DESERT_REQUESTS);
    // Listed when more than one misses, so a failure says which.
    expect(misses.length <= 1 ? [] : misses).toEqual([]);
  }, 60_000);

  it("shows an air conditioner that is not getting any cooler its repairs, not the swamp coolers'", async () => {
    const fixes = await enrich(DESERT_REQUESTS[0].issue_description);
    expect(fixes[0].fix).toMatch(/capacitor|refrigerant|contactor/i);
    const tickets = fixes.slice(0, 3).flatMap((f) => f.tickets_effected);
    expect(tickets.map(requestOf).join(' | ')).not.toMatch(/swamp|evap|cooler/i);
  });

  it('counts the shorthand, the Resolution field and the invoice line of one repair as one fix', async () => {
    const toilet = await enrich('the toilet keeps running after flushing');
    const flapper = toilet.find((f) => /flapper/i.test(f.fix))!;
    // "repl flapper" and "Resolution: Replaced flapper and chain".
    expect(flapper.tickets_effected).toEqual(expect.arrayContaining(['PB-7121', 'PB-7122']));
    const cooler = await enrich('swamp cooler is not blowing and the motor hums');
    const motor = cooler.find((f) => /motor/i.test(f.fix))!;
    // "Replaced cooler motor 1/2 HP" and "INV 3318 - replaced cooler motor - $260.00".
    expect(motor.tickets_effected).toEqual(expect.arrayContaining(['PB-7106', 'PB-7108']));
  });

  it('never shows an outcome that is no repair', async () => {
    const fixes = (await Promise.all(['ac not cooling', 'toilet running', 'swamp cooler not working', 'fridge not cooling'].map(enrich))).flat();
    // No problem found, a duplicate, a tenant not home, a repair declined.
    const shown = new Set(fixes.flatMap((f) => f.tickets_effected));
    for (const id of ['PB-7166', 'PB-7167', 'PB-7168', 'PB-7169']) expect(shown).not.toContain(id);
    expect(fixes.length).toBeGreaterThan(0);
  });
});
