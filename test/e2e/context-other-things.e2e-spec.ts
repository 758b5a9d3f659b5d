import request from 'supertest';
import { daysAgo } from '../support/history-fixture';
import { importHistoryAsClient } from '../support/history-fixes';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A townhouse portfolio's small history (our own words), where a request shares a word or two with
 * tickets about another thing: a slow drain beside an ice maker's slow dispenser, a sink trap beside a
 * leaking refrigerator, a stove burner beside a range hood, a running toilet beside one leaking at its
 * base, a bedroom ceiling light beside a parking-lot light, a sliding patio door beside a garage door
 * opener. Each request also has one ticket about its own thing, which must stay.
 */
const ticket = (id: string, issue_description: string, resolution: string, actual_cost: number, age: number) => ({
  work_order_id: id,
  issue_description,
  work_order_status: 'Completed',
  resolution,
  actual_cost,
  ticket_open_date: daysAgo(age),
  ticket_close_date: daysAgo(age - 2),
});

const HISTORY = [
  // Filed as a dishwasher that does not drain (appliance, like an ice maker); names no machine.
  ticket('TH-1', "The drain is slow and water won't go down", 'Snaked the drain line', 140, 90),
  ticket('TH-2', 'Tub drain slow, water stands after a shower', 'Pulled hair out of the tub drain', 95, 80),
  // A misspelled Spanish sink leak, filed as a refrigerator's leak by its words.
  ticket('TH-3', 'Hay fuga de agua debajo del fregadreo', 'Replaced the P-trap', 120, 70),
  ticket('TH-4', 'Range burner will not light', 'Replaced the spark igniter', 150, 60),
  ticket('TH-5', 'Sliding patio door is hard to open', 'Replaced the door rollers and cleaned the track', 180, 50),
  ticket('TH-6', 'Kitchen light keeps flickering', 'Tightened a loose wire in the light box', 130, 40),
  ticket('TH-7', 'Toilet runs all the time after flushing', 'Replaced the flapper', 45, 30),
  ticket('TH-14', 'Leak at the base of the kitchen faucet', 'Replaced the faucet cartridge', 75, 20),
  ticket('TH-8', 'Ice maker stopped making ice', 'Replaced the ice maker water inlet valve', 210, 100),
  ticket('TH-9', 'Fridge is leaking water onto the kitchen floor', 'Cleared the defrost drain', 110, 110),
  ticket('TH-10', 'Garage door opener does not respond to the remote', 'Replaced the opener logic board', 260, 120),
  ticket('TH-11', 'Pole light in the parking lot is out', 'Replaced the lamp in the pole light', 240, 130),
  ticket('TH-12', 'Toilet rocks and leaks water at the base', 'Reset the toilet on a new wax ring', 170, 140),
  ticket('TH-13', 'Range hood fan does not turn on', 'Replaced the hood fan motor', 190, 150),
];

describe('context lists only past tickets about the thing the request is about', () => {
  let t: TestApp;
  let auth = '';

  beforeAll(async () => {
    t = await createTestApp();
    auth = await importHistoryAsClient(t, 'townhouse-context', HISTORY);
  }, 120_000);
  afterAll(() => t.close());

  const context = async (issue_description: string): Promise<{ ids: string[]; average_cost?: number }> => {
    const res = await request(t.http).post('/work-order/enrich').set('Authorization', auth).send({ issue_description });
    expect(res.status).toBe(200);
    const { relevant_work_orders, average_cost } = res.body.context as { relevant_work_orders: { work_order_id: string }[]; average_cost?: number };
    return { ids: relevant_work_orders.map((w) => w.work_order_id).sort(), average_cost };
  };

  it.each([
    ['Ice maker not making ice and the water dispenser is slow', ['TH-8'], 210],
    ['Refrigerator leaking water', ['TH-9'], 110],
    ['Range hood light is out and the microwave sparks', ['TH-13'], 190],
    ['Toilet leaking at the base', ['TH-12'], 170],
    ['Parking lot light keeps flickering', ['TH-11'], 240],
    ['Garage door opener', ['TH-10'], 260],
  ])('"%s" lists %j and averages their cost only', async (issue, expected, cost) => {
    const { ids, average_cost } = await context(issue);
    expect(ids).toEqual(expected);
    expect(average_cost).toBe(cost);
  });

  it('keeps the tickets of the same thing written another way', async () => {
    expect((await context('Bathtub is draining very slowly')).ids).toContain('TH-2');
    expect((await context('Toilet keeps running')).ids).toContain('TH-7');
    expect((await context('Light in the kitchen is flickering')).ids).toContain('TH-6');
    expect((await context('Kitchen faucet leaking at the base')).ids).toContain('TH-14');
    expect((await context('Refrigerator is leaking onto the floor')).ids).toContain('TH-9');
  });
});
