/**
 * Work order texts for the benchmarks: real ones from ../shared/data/real-work-orders when that
 * folder is present (measuring material: read at run time, never copied into the repository),
 * otherwise a generated set. Every benchmark prints which one it used.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { generateDemoHistory } from '../../src/work-order/demo/demo-history.generator';

const REAL_DIR = path.resolve(__dirname, '../../../shared/data/real-work-orders');

export interface BenchText {
  /** The request as typed. */
  description: string;
  /** What the technicians wrote, when the source has it (the ASU history). */
  note?: string;
}

export interface BenchTexts {
  source: string;
  texts: BenchText[];
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Distinct corrective requests of both real sources (preventive checklists left out), or undefined when absent. */
function realTexts(): BenchTexts | undefined {
  const clemsonFile = path.join(REAL_DIR, 'clemson-open-2024.csv');
  const asuFile = path.join(REAL_DIR, 'asu-facilities-2015-2017.csv');
  if (!fs.existsSync(clemsonFile) || !fs.existsSync(asuFile)) return undefined;
  const seen = new Set<string>();
  const texts: BenchText[] = [];
  const add = (description: string, note?: string) => {
    const text = collapse(description);
    if (text.length < 8 || seen.has(text.toLowerCase())) return;
    seen.add(text.toLowerCase());
    texts.push({ description: text, note: note ? collapse(note) : undefined });
  };
  const clemson: Record<string, string>[] = parse(fs.readFileSync(clemsonFile), { columns: true, skip_empty_lines: true });
  for (const row of clemson) if (row.category !== 'PREVENTIVE') add(row.description);
  const asu: Record<string, string>[] = parse(fs.readFileSync(asuFile), { columns: true, skip_empty_lines: true });
  for (const row of asu) add(row.action_requested, row.task_comments || undefined);
  return { source: `real: ${texts.length} distinct requests of ../shared/data/real-work-orders (Clemson corrective and service, ASU)`, texts };
}

/** Generated requests: the demo generator's phrasings, each made distinct by its own details. */
function generatedTexts(count: number): BenchTexts {
  const rows = generateDemoHistory({ count, seed: 4242, idPrefix: 'GEN' });
  const texts = rows.map((row, i) => ({
    description: `${row.issue_description}${i % 3 === 0 ? `, noticed in room ${100 + (i % 400)}` : ''}${i % 5 === 0 ? ' again this week' : ''}`,
    note: row.resolution ?? undefined,
  }));
  return { source: `generated: ${texts.length} requests of the demo generator (../shared/data absent)`, texts };
}

/** Real texts when available, else `fallbackCount` generated ones. */
export function benchTexts(fallbackCount = 2000): BenchTexts {
  return realTexts() ?? generatedTexts(fallbackCount);
}

/** `count` texts from `pool`, cycled in a fixed shuffled order (a seeded LCG, so runs compare). */
export function pick<T>(pool: T[], count: number, seed = 7): T[] {
  const order = pool.map((_, i) => i);
  let state = seed;
  for (let i = order.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return Array.from({ length: count }, (_, i) => pool[order[i % order.length]]);
}

/**
 * Rows of real requests as `bench:import --real` writes them: `count` rows cycling the texts, each
 * made distinct after the first round by its own unit, with its technicians' note as closing text
 * when it has one.
 */
export function* realImportRows(count: number): Generator<Record<string, unknown>> {
  const { texts } = benchTexts();
  for (let n = 0; n < count; n++) {
    const t = texts[n % texts.length];
    const round = Math.floor(n / texts.length);
    const closed = t.note !== undefined;
    yield {
      work_order_id: `REAL-${n}`,
      issue_description: round === 0 ? t.description : `${t.description} (unit ${round}-${n % 997})`,
      property_id: 1000 + (n % 40),
      unit_id: (1000 + (n % 40)) * 1000 + (n % 50),
      work_order_status: closed ? 'Completed' : 'Open',
      closing_description: t.note ?? null,
      ticket_open_date: Math.floor(Date.UTC(2024, 0, 1) / 1000) + (n % 700) * 86_400,
    };
  }
}
