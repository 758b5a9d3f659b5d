import request from 'supertest';
import type { TestApp } from './test-app';

/** One entry of `top_5_previous_fixes` as the e2e specs read it. */
export interface PreviousFix {
  fix: string;
  frequency: number;
  tickets_effected: string[];
}

/** A request of a history spec and the pattern a right fix among its first three matches. */
export interface LabelledRequest {
  issue_description: string;
  rightFix: RegExp;
}

/** Imports a history as a new client of the app (every row accepted) and returns its bearer header. */
export async function importHistoryAsClient(t: TestApp, prefix: string, history: object[]): Promise<string> {
  const { token } = await t.newClientToken(prefix);
  const auth = `Bearer ${token}`;
  const res = await request(t.http).post('/work-order/import').set('Authorization', auth).send(history);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ received: history.length, rejected: 0 });
  return auth;
}

/** The previous fixes the service shows one client for a description. */
export async function previousFixes(t: TestApp, auth: string, issue_description: string): Promise<PreviousFix[]> {
  const res = await request(t.http).post('/work-order/enrich').set('Authorization', auth).send({ issue_description });
  expect(res.status).toBe(200);
  return res.body.top_5_previous_fixes as PreviousFix[];
}

/** Requests with no right fix among their first three, each with the three shown (relevance as `eval:fixes` measures it). */
export async function topThreeMisses(enrich: (issue: string) => Promise<PreviousFix[]>, requests: LabelledRequest[]): Promise<string[]> {
  const misses: string[] = [];
  for (const { issue_description, rightFix } of requests) {
    const top3 = (await enrich(issue_description))
      .slice(0, 3)
      .map((f) => f.fix)
      .join(' | ');
    if (!rightFix.test(top3)) misses.push(`${issue_description} -> ${top3}`);
  }
  return misses;
}
