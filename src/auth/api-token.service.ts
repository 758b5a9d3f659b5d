import { LRUCache } from 'lru-cache';
import { IsNull, Repository } from 'typeorm';
import { AppError, ErrorCode } from '../common/app-error';
import { ApiTokenEntity } from './api-token.entity';
import { ClientEntity } from './client.entity';
import { generateToken, hashesEqual, hashToken, isWellFormedToken, tokenPrefix } from './token-format';

/** The client a request acts for, resolved from its token (or by the host application). */
export interface AuthenticatedClient {
  clientId: string;
  clientName: string;
  /** The bearer token used; absent when a host application resolved the client. */
  tokenId?: string;
}

/** A token as listings show it: never the secret, only its prefix. */
export interface TokenSummary {
  id: string;
  prefix: string;
  client: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Writing last_used_at on every request would make each read a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;
const CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,119}$/;
/** How long and how many host-resolved clients are remembered (lru-cache: least recently used out first). */
const HOST_CLIENT_CACHE_MS = 5 * 60_000;
const HOST_CLIENT_CACHE_SIZE = 10_000;
/** Identifiers a host application gives its clients: anything printable that fits the column. */
const HOST_CLIENT_ID = /^[^\p{Cc}]{1,120}$/u;

/** The tokens sharing a presented token's prefix, with their client's name (a token without its client matches none). */
const TOKEN_BY_PREFIX_SQL = `
  SELECT t.id, t.client_id, t.token_hash, t.revoked_at, t.last_used_at, c.name AS client_name
  FROM api_tokens t JOIN clients c ON c.id = t.client_id
  WHERE t.prefix = $1`;

interface TokenCandidate {
  id: string;
  client_id: string;
  token_hash: string;
  revoked_at: Date | null;
  last_used_at: Date | null;
  client_name: string;
}

/** Clients and their API tokens. Built by the modules on their data source (see persistenceFor). */
export class ApiTokenService {
  /** Host identifiers already resolved to client rows, so host-authenticated requests cost no lookup. */
  private readonly hostClients = new LRUCache<string, AuthenticatedClient>({ max: HOST_CLIENT_CACHE_SIZE, ttl: HOST_CLIENT_CACHE_MS });

  constructor(
    private readonly tokens: Repository<ApiTokenEntity>,
    private readonly clients: Repository<ClientEntity>,
  ) {}

  /**
   * The client row for an identifier a host application resolved, created on first sight.
   * Returns undefined when the identifier cannot be a client name (empty, too long, control characters).
   */
  async ensureClient(hostClientId: string): Promise<AuthenticatedClient | undefined> {
    if (!HOST_CLIENT_ID.test(hostClientId)) return undefined;
    const cached = this.hostClients.get(hostClientId);
    if (cached) return cached;
    await this.clients.createQueryBuilder().insert().values({ name: hostClientId }).orIgnore().execute();
    const row = await this.clients.findOneByOrFail({ name: hostClientId });
    const client = { clientId: row.id, clientName: row.name };
    this.hostClients.set(hostClientId, client);
    return client;
  }

  /** Creates the client when it does not exist yet and issues a new token for it. */
  async createToken(clientName: string, label?: string): Promise<{ token: string; summary: TokenSummary }> {
    const name = clientName.trim();
    if (!CLIENT_NAME.test(name)) {
      throw new AppError(ErrorCode.ValidationFailed, 'Client names are 1-120 letters, digits, spaces, dots, dashes or underscores', [
        { field: 'client', message: `invalid client name "${clientName}"` },
      ]);
    }
    await this.clients.createQueryBuilder().insert().values({ name }).orIgnore().execute();
    const client = await this.clients.findOneByOrFail({ name });
    const token = generateToken();
    const saved = await this.tokens.save(
      this.tokens.create({
        clientId: client.id,
        prefix: tokenPrefix(token),
        tokenHash: hashToken(token),
        label: label ?? null,
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    return { token, summary: toSummary(saved, client.name) };
  }

  async clientByName(name: string): Promise<ClientEntity> {
    return this.clients.findOneByOrFail({ name });
  }

  async listTokens(): Promise<TokenSummary[]> {
    const rows = await this.tokens.find({ relations: { client: true }, order: { createdAt: 'ASC' } });
    return rows.map((row) => toSummary(row, row.client?.name ?? '?'));
  }

  async countActiveTokens(): Promise<number> {
    return this.tokens.countBy({ revokedAt: IsNull() });
  }

  /** Revokes by id or by prefix; a prefix matching several tokens is refused. */
  async revoke(idOrPrefix: string): Promise<TokenSummary> {
    const key = idOrPrefix.trim();
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
    const matches = await this.tokens.find({ where: isUuid ? { id: key } : { prefix: tokenPrefix(key) }, relations: { client: true } });
    if (matches.length === 0) throw new AppError(ErrorCode.NotFound, `No token with id or prefix "${key}"`);
    if (matches.length > 1) throw new AppError(ErrorCode.ValidationFailed, `Prefix "${key}" matches ${matches.length} tokens; revoke by id`);
    const token = matches[0];
    if (!token.revokedAt) {
      token.revokedAt = new Date();
      await this.tokens.update({ id: token.id }, { revokedAt: token.revokedAt });
    }
    return toSummary(token, token.client?.name ?? '?');
  }

  /** Resolves a presented token to its client, or undefined when it is unknown, malformed or revoked. */
  async authenticate(presented: string): Promise<AuthenticatedClient | undefined> {
    if (!isWellFormedToken(presented)) return undefined;
    const presentedHash = hashToken(presented);
    // One fixed statement: this runs on every request, and building the same join through the
    // repository cost about 0.5 ms of CPU more each time (0.83 against 0.35 ms a call, 2,000 calls).
    const candidates: TokenCandidate[] = await this.tokens.query(TOKEN_BY_PREFIX_SQL, [tokenPrefix(presented)]);
    const match = candidates.find((row) => hashesEqual(row.token_hash, presentedHash));
    if (!match || match.revoked_at) return undefined;
    if (!match.last_used_at || Date.now() - match.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.tokens.update({ id: match.id }, { lastUsedAt: new Date() });
    }
    return { clientId: match.client_id, clientName: match.client_name, tokenId: match.id };
  }
}

function toSummary(row: ApiTokenEntity, client: string): TokenSummary {
  return { id: row.id, prefix: row.prefix, client, label: row.label, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}
