import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiTokenEntity } from '../../src/auth/api-token.entity';
import { ApiTokenService } from '../../src/auth/api-token.service';
import { ClientEntity } from '../../src/auth/client.entity';
import { openTestDataSource } from '../support/test-database';

describe('ApiTokenService on PostgreSQL', () => {
  let ds: DataSource;
  let tokens: ApiTokenService;
  const name = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    ds = await openTestDataSource();
    tokens = new ApiTokenService(ds.getRepository(ApiTokenEntity), ds.getRepository(ClientEntity));
  });
  afterAll(() => ds.destroy());

  it('keeps one client row per host identifier and refuses identifiers that cannot be names', async () => {
    const hostId = `tenant:${randomUUID()} (Élan Properties)`;
    const first = await tokens.ensureClient(hostId);
    const fresh = new ApiTokenService(ds.getRepository(ApiTokenEntity), ds.getRepository(ClientEntity));
    const again = await fresh.ensureClient(hostId);
    expect(first).toEqual({ clientId: expect.any(String), clientName: hostId });
    expect(again).toEqual(first);
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM clients WHERE name = $1', [hostId]);
    expect(n).toBe(1);
    for (const bad of ['', 'x'.repeat(121), 'line\nbreak', 'nul\u0000']) expect(await tokens.ensureClient(bad)).toBeUndefined();
  });

  it('stores only a hash and a prefix, never the token', async () => {
    const { token, summary } = await tokens.createToken(name('acme'));
    const [row] = await ds.query('SELECT * FROM api_tokens WHERE id = $1', [summary.id]);
    expect(row.prefix).toBe(token.slice(0, 12));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(12));
  });

  it('creates the client once and resolves each token to its own client', async () => {
    const acme = name('acme');
    const other = name('other');
    const a1 = await tokens.createToken(acme);
    const a2 = await tokens.createToken(acme);
    const o1 = await tokens.createToken(other);
    const [{ count }] = await ds.query('SELECT count(*)::int AS count FROM clients WHERE name = $1', [acme]);
    expect(count).toBe(1);
    const r1 = await tokens.authenticate(a1.token);
    const r2 = await tokens.authenticate(a2.token);
    const r3 = await tokens.authenticate(o1.token);
    expect(r1?.clientName).toBe(acme);
    expect(r2?.clientId).toBe(r1?.clientId);
    expect(r3?.clientName).toBe(other);
    expect(r3?.clientId).not.toBe(r1?.clientId);
  });

  it('records when a token was last used', async () => {
    const { token, summary } = await tokens.createToken(name('used'));
    const before = await ds.query('SELECT last_used_at FROM api_tokens WHERE id = $1', [summary.id]);
    expect(before[0].last_used_at).toBeNull();
    await tokens.authenticate(token);
    const after = await ds.query('SELECT last_used_at FROM api_tokens WHERE id = $1', [summary.id]);
    expect(Date.now() - new Date(after[0].last_used_at).getTime()).toBeLessThan(60_000);
  });

  it('refuses an unknown token with a known prefix', async () => {
    const { token } = await tokens.createToken(name('prefix'));
    const forged = token.slice(0, 12) + 'A'.repeat(token.length - 12);
    expect(await tokens.authenticate(forged)).toBeUndefined();
  });

  it('revokes by prefix and by id; a revoked token no longer authenticates', async () => {
    const byPrefix = await tokens.createToken(name('rev'));
    const byId = await tokens.createToken(name('rev'));
    await tokens.revoke(byPrefix.token.slice(0, 12));
    await tokens.revoke(byId.summary.id);
    expect(await tokens.authenticate(byPrefix.token)).toBeUndefined();
    expect(await tokens.authenticate(byId.token)).toBeUndefined();
    const listed = (await tokens.listTokens()).filter((t) => [byPrefix.summary.id, byId.summary.id].includes(t.id));
    expect(listed.map((t) => t.revokedAt !== null)).toEqual([true, true]);
  });

  it('refuses to revoke what does not exist, and bad client names', async () => {
    await expect(tokens.revoke('woi_nothing0')).rejects.toThrow(/No token/);
    await expect(tokens.createToken('  ')).rejects.toThrow(/Client names/);
    await expect(tokens.createToken("x'; DROP TABLE clients; --")).rejects.toThrow(/Client names/);
  });

  it('has the pg_trgm extension and the applied migrations', async () => {
    const [{ s }] = await ds.query(`SELECT similarity('flapper', 'flaper') AS s`);
    expect(Number(s)).toBeGreaterThan(0.4);
    const applied = await ds.query('SELECT name FROM migrations');
    expect(applied.map((m: { name: string }) => m.name)).toContain('Foundation1763800000000');
  });
});
