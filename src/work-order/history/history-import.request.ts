import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '../../common/app-error';
import type { ImportResultDto } from '../dto/import-result.dto';
import { HistoryImportService, ImportTally, IncomingRow, UnparsableRow } from './history-import.service';
import { ndjsonRows } from './ndjson';

/** Rows validated and upserted per statement. */
export const IMPORT_BATCH_SIZE = 1000;
/**
 * Work orders one request may hold. Real rows take 300-1,000 bytes, so the default body limit
 * (50 MB) holds about this many; a body of tiny rows ("{}" on every line) reached millions of
 * rows and gigabytes of memory for nothing (5 million rejected rows: +1.1 GB, 240 s). Larger
 * histories go in several requests, or through the command-line import, which streams its file.
 */
export const IMPORT_MAX_ROWS = 250_000;

function tooManyRows(): AppError {
  return new AppError(
    ErrorCode.PayloadTooLarge,
    `An import request holds at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} work orders; split the file into several requests, or use the command-line import`,
    [{ field: 'body', message: `more than ${IMPORT_MAX_ROWS} work orders` }],
  );
}

/** Imports the body of POST /work-order/import: a JSON array, or NDJSON text. */
@Injectable()
export class HistoryImportRequestHandler {
  constructor(private readonly importer: HistoryImportService) {}

  async handle(clientId: string, body: unknown): Promise<ImportResultDto> {
    let rows: IncomingRow[] = [];
    const unparsable: UnparsableRow[] = [];
    if (typeof body === 'string') {
      for await (const parsed of ndjsonRows(body)) {
        if (rows.length + unparsable.length === IMPORT_MAX_ROWS) throw tooManyRows();
        if (parsed.ok) rows.push(parsed.row);
        else unparsable.push(parsed.row);
        // The body is one chunk, read without I/O: give other requests a turn now and then.
        if ((rows.length + unparsable.length) % IMPORT_BATCH_SIZE === 0) await nextTurnOfEventLoop();
      }
    } else if (Array.isArray(body)) {
      if (body.length > IMPORT_MAX_ROWS) throw tooManyRows();
      rows = body.map((value, index) => ({ index, value }));
    } else {
      throw new AppError(ErrorCode.ValidationFailed, 'The import body must be a JSON array of work orders, or NDJSON (one work order per line)', [
        { field: 'body', message: 'expected an array' },
      ]);
    }
    if (rows.length + unparsable.length === 0) {
      throw new AppError(ErrorCode.ValidationFailed, 'The import body holds no work orders', [{ field: 'body', message: 'empty' }]);
    }
    const tally = new ImportTally();
    for (let start = 0; start < Math.max(rows.length, 1); start += IMPORT_BATCH_SIZE) {
      await this.importer.importBatch(clientId, rows.slice(start, start + IMPORT_BATCH_SIZE), start === 0 ? unparsable : [], tally);
      // A batch whose rows were all rejected writes nothing, so nothing above waited for I/O:
      // without this turn, a body of a million bad rows held the event loop for its whole run
      // (53 s), and every other request of every client waited for it.
      await nextTurnOfEventLoop();
    }
    await this.importer.finishImport();
    tally.result.rejected_rows.sort((a, b) => a.index - b.index);
    return tally.result;
  }
}
