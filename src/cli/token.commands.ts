import type { Command } from 'commander';
import { ApiTokenEntity } from '../auth/api-token.entity';
import { ApiTokenService } from '../auth/api-token.service';
import { ClientEntity } from '../auth/client.entity';
import type { OpenedDatabase } from '../database/open-database';

type WithDatabase = <T>(work: (db: OpenedDatabase) => Promise<T>) => Promise<T>;

function tokenService(db: OpenedDatabase): ApiTokenService {
  return new ApiTokenService(db.dataSource.getRepository(ApiTokenEntity), db.dataSource.getRepository(ClientEntity));
}

const iso = (d: Date | null) => (d ? d.toISOString() : '-');

/** `token create|list|revoke`. */
export function registerTokenCommands(program: Command, withDatabase: WithDatabase): void {
  const token = program.command('token').description('Manage API tokens');

  token
    .command('create')
    .description('Create a token for a client (the client is created if needed); prints the token as the last line')
    .requiredOption('--client <name>', 'client (tenant) name')
    .option('--label <text>', 'free-text label shown in listings')
    .action((opts: { client: string; label?: string }) =>
      withDatabase(async (db) => {
        const { token: secret, summary } = await tokenService(db).createToken(opts.client, opts.label);
        console.log(`Created token ${summary.id} (prefix ${summary.prefix}) for client "${summary.client}". Store it now; it is not shown again.`);
        console.log(secret);
      }),
    );

  token
    .command('list')
    .description('List tokens (prefix only, never the secret)')
    .action(() =>
      withDatabase(async (db) => {
        const rows = await tokenService(db).listTokens();
        if (rows.length === 0) {
          console.log('No tokens.');
          return;
        }
        console.log(['id', 'prefix', 'client', 'status', 'created', 'last used', 'label'].join('\t'));
        for (const r of rows) {
          console.log(
            [r.id, r.prefix, r.client, r.revokedAt ? `revoked ${iso(r.revokedAt)}` : 'active', iso(r.createdAt), iso(r.lastUsedAt), r.label ?? ''].join('\t'),
          );
        }
      }),
    );

  token
    .command('revoke')
    .description('Revoke a token by id or prefix')
    .argument('<id-or-prefix>', 'token id (uuid) or its prefix, e.g. woi_AbCd1234')
    .action((key: string) =>
      withDatabase(async (db) => {
        const summary = await tokenService(db).revoke(key);
        console.log(`Revoked token ${summary.id} (prefix ${summary.prefix}) of client "${summary.client}".`);
      }),
    );
}
