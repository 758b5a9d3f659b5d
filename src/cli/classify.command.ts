import type { Command } from 'commander';
import type { OpenedDatabase } from '../database/open-database';
import { loadKnowledgeBase } from '../knowledge/knowledge-base';
import { createFixNormalizer, createProblemClassifier } from '../work-order/fixes/fix-normalizer.factory';
import { classifyStoredTickets } from '../work-order/history/problem-backfill';
import { rederiveStoredTickets } from '../work-order/history/ticket-rederive';

type WithDatabase = <T>(work: (db: OpenedDatabase) => Promise<T>) => Promise<T>;

/** `classify`: ties stored tickets to their knowledge-base problem after an upgrade; with --all, re-derives every ticket's fix and problem. */
export function registerClassifyCommand(program: Command, withDatabase: WithDatabase): void {
  program
    .command('classify')
    .description('Tie stored work orders that have no knowledge-base problem (written before problems were classified) to theirs; safe to run again')
    .option(
      '--all',
      'Re-derive the fix key and problem of every stored work order with this release’s fix normalizer and knowledge base, rewriting only those that change (run after an upgrade that improves them)',
    )
    .action((options: { all?: boolean }) =>
      withDatabase(async (db) => {
        const started = Date.now();
        const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
        const kb = loadKnowledgeBase();
        if (options.all) {
          const result = await rederiveStoredTickets(db.dataSource, createFixNormalizer(kb), createProblemClassifier(kb));
          console.log(`Read ${result.read} work orders; ${result.changed} rewritten with a different fix, problem or content hash (${seconds()} s).`);
          return;
        }
        const result = await classifyStoredTickets(db.dataSource, createProblemClassifier(kb));
        console.log(`Read ${result.read} work orders without a problem; ${result.classified} now have one (${seconds()} s).`);
      }),
    );
}
