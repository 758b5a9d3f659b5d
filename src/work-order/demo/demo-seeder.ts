import type { ImportResultDto } from '../dto/import-result.dto';
import type { HistoryImportService } from '../history/history-import.service';
import { ImportTally } from '../history/history-import.service';
import { DemoHistoryOptions, generateDemoHistory } from './demo-history.generator';

const SEED_BATCH = 2000;

/** Generates a demo portfolio history and imports it into a client's history, in batches. */
export async function seedDemoHistory(importer: HistoryImportService, clientId: string, options: DemoHistoryOptions): Promise<ImportResultDto> {
  const orders = generateDemoHistory(options);
  const tally = new ImportTally();
  for (let start = 0; start < orders.length; start += SEED_BATCH) {
    const rows = orders.slice(start, start + SEED_BATCH).map((value, i) => ({ index: start + i, value }));
    await importer.importBatch(clientId, rows, [], tally);
  }
  return tally.result;
}
