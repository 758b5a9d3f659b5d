import 'reflect-metadata';
import * as fs from 'node:fs';
import { Command } from 'commander';
import { AppError } from '../common/app-error';
import { loadAppConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { openDatabase, OpenedDatabase } from '../database/open-database';
import { ENTITIES } from '../schema';
import { registerClassifyCommand } from './classify.command';
import { registerImportCommand } from './import.command';
import { registerSeedCommand } from './seed.command';
import { registerTokenCommands } from './token.commands';

async function withDatabase<T>(work: (db: OpenedDatabase) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadAppConfig(), ENTITIES);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

function buildProgram(): Command {
  const program = new Command('cli').description('Work order intelligence command line').showHelpAfterError();
  registerTokenCommands(program, withDatabase);
  registerImportCommand(program, withDatabase);
  registerSeedCommand(program, withDatabase);
  registerClassifyCommand(program, withDatabase);
  program
    .command('migration')
    .description('Database migrations')
    .command('run')
    .description('Apply pending migrations')
    .action(() =>
      withDatabase(async (db) => {
        // openDatabase already applied them; report the state.
        const applied = await db.dataSource.query('SELECT name FROM migrations ORDER BY id');
        console.log(`Migrations up to date on ${db.description}: ${applied.length} applied.`);
      }),
    );
  return program;
}

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  await buildProgram().parseAsync(process.argv);
}

/** sysexits' EX_TEMPFAIL: the database went away; a scheduler may simply try again later. */
const EXIT_DATABASE_UNAVAILABLE = 75;

main().catch((e: unknown) => {
  const message = e instanceof AppError || e instanceof Error ? e.message : String(e);
  if (isDatabaseUnavailable(e)) {
    console.error(
      `Error: the database is unavailable (${message}). Batches written before it went away are kept; run the command again once it is back (imports are idempotent).`,
    );
    process.exit(EXIT_DATABASE_UNAVAILABLE);
  }
  console.error(`Error: ${message}`);
  process.exit(1);
});
