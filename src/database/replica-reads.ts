import { Logger } from '@nestjs/common';
import { BrokenCircuitError, circuitBreaker, CircuitBreakerPolicy, ConsecutiveBreaker, handleWhen } from 'cockatiel';
import type { DataSource, QueryRunner } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

/** Consecutive replica failures after which reads skip the replicas for a while. */
const REPLICA_FAILURES_BEFORE_SKIPPING = 3;
/** How long reads go straight to the primary once the replicas keep failing, in milliseconds. */
const REPLICA_RETRY_AFTER_MS = 10_000;

const logger = new Logger('ReadReplicas');

/** One breaker per data source: a replica that is down costs one failed connect, not one per read. */
const breakers = new WeakMap<DataSource, CircuitBreakerPolicy>();

function breakerFor(dataSource: DataSource): CircuitBreakerPolicy {
  let breaker = breakers.get(dataSource);
  if (!breaker) {
    breaker = circuitBreaker(handleWhen(isDatabaseUnavailable), {
      halfOpenAfter: REPLICA_RETRY_AFTER_MS,
      breaker: new ConsecutiveBreaker(REPLICA_FAILURES_BEFORE_SKIPPING),
    });
    breakers.set(dataSource, breaker);
  }
  return breaker;
}

/** True when the data source was configured with read replicas (TypeORM `replication`). */
export function hasReplicas(dataSource: DataSource): boolean {
  return 'replication' in dataSource.options && dataSource.options.replication !== undefined;
}

async function withRunner<T>(dataSource: DataSource, mode: 'master' | 'slave', work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner(mode);
  try {
    return await work(runner);
  } finally {
    await runner.release();
  }
}

/**
 * Runs a read that tolerates replication lag on a replica (TypeORM picks one at random), and on
 * the primary when there are none or the replica cannot be reached (stopped, refused, timed out).
 * After repeated replica failures the replicas are skipped for 10 s. `work` must only read, and
 * must run every query on the runner it is given (`dataSource.query(sql, params, runner)`,
 * `queryBuilder.setQueryRunner(runner)`).
 */
export async function readFromReplica<T>(dataSource: DataSource, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
  if (!hasReplicas(dataSource)) return withRunner(dataSource, 'master', work);
  try {
    return await breakerFor(dataSource).execute(() => withRunner(dataSource, 'slave', work));
  } catch (e) {
    if (!(e instanceof BrokenCircuitError) && !isDatabaseUnavailable(e)) throw e;
    if (!(e instanceof BrokenCircuitError)) logger.warn(`A read replica is unavailable (${(e as Error).message}); reading from the primary`);
    return withRunner(dataSource, 'master', work);
  }
}
