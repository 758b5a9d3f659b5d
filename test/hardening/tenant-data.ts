import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ApiTokenEntity } from '../../src/auth/api-token.entity';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { ClientEntity } from '../../src/auth/client.entity';
import { daysAgo } from '../support/history-fixture';

/** A lowercase word no dictionary, stemmer or other tenant shares: `zq` + 8 random letters. */
export function markerWord(random: () => number = Math.random): string {
  return `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('')}`;
}

/** What makes one tenant's history recognisable in any answer. */
export interface TenantHistory {
  /** Lowercase marker word in its descriptions, resolutions and vendors. */
  marker: string;
  /** Prefix of its work_order_ids. */
  idPrefix: string;
  /** Its vendors (each carries the marker). */
  vendors: string[];
  /** Every cost it recorded; tenants get disjoint ranges so averages cannot be confused. */
  costs: number[];
  rows: Record<string, unknown>[];
}

/** Problems every tenant has had, so the same incoming text matches each tenant's history. */
export const SHARED_PROBLEMS = [
  { issue: 'Toilet keeps running', fix: 'Replaced flapper' },
  { issue: 'Kitchen sink leaking under cabinet', fix: 'Replaced P-trap washer' },
  { issue: 'No heat in apartment, furnace not igniting', fix: 'Replaced flame sensor' },
  { issue: 'Garbage disposal jammed and humming', fix: 'Freed jammed disposal' },
  { issue: 'Bathroom sink drain clogged', fix: 'Snaked drain line' },
] as const;

/**
 * A randomized closed-ticket history for one tenant: every problem in SHARED_PROBLEMS a few
 * times, each row carrying the tenant's marker in its description, resolution and vendor, and a
 * cost in the tenant's own band (`band` × 10,000 + 100..900).
 */
export function tenantHistory(band: number, random: () => number, marker = markerWord(random)): TenantHistory {
  const idPrefix = `${marker.toUpperCase()}-WO`;
  const vendors = [`${cap(marker)} Plumbing`, `${cap(marker)} Mechanical`];
  const rows: Record<string, unknown>[] = [];
  const costs: number[] = [];
  let n = 0;
  for (const problem of SHARED_PROBLEMS) {
    const times = 2 + Math.floor(random() * 3);
    for (let i = 0; i < times; i++) {
      const opened = 20 + Math.floor(random() * 600);
      const cost = band * 10_000 + 100 + Math.floor(random() * 800);
      costs.push(cost);
      rows.push({
        work_order_id: `${idPrefix}-${++n}`,
        issue_description: `${problem.issue} ${marker}`,
        unit_id: 100 + Math.floor(random() * 40),
        property_id: band * 100 + Math.floor(random() * 3),
        work_order_status: 'Closed',
        ticket_open_date: daysAgo(opened),
        ticket_close_date: daysAgo(opened - 1),
        resolution: `${problem.fix} ${marker}`,
        actual_cost: cost,
        assigned_vendors: vendors[Math.floor(random() * vendors.length)],
      });
    }
  }
  return { marker, idPrefix, vendors, costs, rows };
}

function cap(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}

/** Every string a tenant's data could show up as in an answer. */
export function fingerprints(h: TenantHistory): string[] {
  return [h.marker, h.idPrefix, ...h.vendors];
}

/** Issues tokens straight in the database, for tests that run the service as a separate process. */
export async function createTokenInDb(dataSource: DataSource, clientPrefix: string): Promise<{ token: string; client: string }> {
  const tokens = new ApiTokenService(dataSource.getRepository(ApiTokenEntity), dataSource.getRepository(ClientEntity));
  const client = `${clientPrefix}-${randomBytes(4).toString('hex')}`;
  const { token } = await tokens.createToken(client);
  return { token, client };
}
