import type { Command } from 'commander';
import { ClientEntity } from '../auth/client.entity';
import type { OpenedDatabase } from '../database/open-database';
import { seedDemoHistory } from '../work-order/demo/demo-seeder';
import { createImporter } from './import.command';

type WithDatabase = <T>(work: (db: OpenedDatabase) => Promise<T>) => Promise<T>;

/** `seed --client <name> --count <n>`: loads a generated, realistic portfolio history. */
export function registerSeedCommand(program: Command, withDatabase: WithDatabase): void {
  program
    .command('seed')
    .description('Load a generated, realistic portfolio history into a client (created if needed); deterministic for a given --seed')
    .requiredOption('--client <name>', 'client (tenant) name')
    .option('--count <n>', 'number of work orders', '5000')
    .option('--seed <n>', 'random seed', '42')
    .action((opts: { client: string; count: string; seed: string }) =>
      withDatabase(async (db) => {
        const count = Number(opts.count);
        if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
        const clients = db.dataSource.getRepository(ClientEntity);
        await clients.createQueryBuilder().insert().values({ name: opts.client }).orIgnore().execute();
        const client = await clients.findOneByOrFail({ name: opts.client });
        const started = Date.now();
        const result = await seedDemoHistory(createImporter(db.dataSource), client.id, { count, seed: Number(opts.seed) });
        console.log(`Seeded ${count} work orders into "${opts.client}" in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        console.log(
          JSON.stringify({
            received: result.received,
            inserted: result.inserted,
            updated: result.updated,
            unchanged: result.unchanged,
            rejected: result.rejected,
          }),
        );
      }),
    );
}
