import type { Command } from 'commander';
import type { OpenedDatabase } from '../database/open-database';
import { loadKnowledgeBase } from '../knowledge/knowledge-base';
import { createProblemClassifier } from '../work-order/fixes/fix-normalizer.factory';
import { classifyStoredTickets } from '../work-order/history/problem-backfill';

type WithDatabase = <T>(work: (db: OpenedDatabase) => Promise<T>) => Promise<T>;

/** `classify`: ties stored tickets without a problem to their knowledge-base problem (after an upgrade). */
export function registerClassifyCommand(program: Command, withDatabase: WithDatabase): void {
  program
    .command('classify')
    .description('Tie stored work orders that have no knowledge-base problem (written before problems were classified) to theirs; safe to run again')
    .action(() =>
      withDatabase(async (db) => {
        const started = Date.now();
        const result = await classifyStoredTickets(db.dataSource, createProblemClassifier(loadKnowledgeBase()));
        console.log(`Read ${result.read} work orders without a problem; ${result.classified} now have one (${((Date.now() - started) / 1000).toFixed(1)} s).`);
      }),
    );
}
