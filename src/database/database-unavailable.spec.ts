import { QueryFailedError } from 'typeorm';
import { httpAnswerFor } from '../common/error-http';
import { DatabaseUnavailableError, isDatabaseUnavailable, recognizeDatabaseUnavailable } from './database-unavailable';

/** An error as node-postgres raises it: a message plus PostgreSQL's fields. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

function socketError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code} /tmp/pg/.s.PGSQL.5432`), { code, syscall, errno: -2 });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['server stopping (fast shutdown)', pgError('57P01', 'terminating connection due to administrator command')],
    ['server crashed', pgError('57P02', 'terminating connection due to crash of another server process')],
    ['server shutting down or starting up', pgError('57P03', 'the database system is shutting down')],
    ['connection failure', pgError('08006', 'connection failure')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['refused TCP connection', socketError('ECONNREFUSED', 'connect')],
    ['missing Unix socket', socketError('ENOENT', 'connect')],
    ['reset connection', socketError('ECONNRESET', 'read')],
    ['server gone mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['driver query timeout', new Error('Query read timeout')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('recognizes %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks inside TypeORM query errors', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')))).toBe(true);
  });

  it.each([
    ['a syntax error', new QueryFailedError('SELEC 1', [], pgError('42601', 'syntax error at or near "SELEC"'))],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['bad credentials (configuration, not an outage)', pgError('28P01', 'password authentication failed for user "admin"')],
    ['a missing file', socketError('ENOENT', 'open')],
    ['a plain error mentioning connections', new Error('connection to 10.0.0.5 refused')],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('recognizeDatabaseUnavailable', () => {
  it.each([
    ['a stopped server', pgError('57P01', 'terminating connection due to administrator command')],
    ['a missing socket', socketError('ENOENT', 'connect')],
    ['a dropped connection', new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'))],
  ])('makes %s a 503 with Retry-After, without internals', (_name, error) => {
    const recognized = recognizeDatabaseUnavailable(error);
    expect(recognized).toBeInstanceOf(DatabaseUnavailableError);
    const answer = httpAnswerFor(recognized!);
    expect(answer).toEqual({
      status: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable; retry in a few seconds',
      headers: { 'Retry-After': '5' },
    });
    expect(JSON.stringify(answer)).not.toMatch(/PGSQL|terminat|SELECT/);
  });

  it('leaves other errors alone', () => {
    expect(recognizeDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBeUndefined();
    expect(recognizeDatabaseUnavailable(new Error('boom'))).toBeUndefined();
  });
});
