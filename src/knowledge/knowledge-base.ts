import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_ENTRY, KnowledgeDataError } from './data-validation';
import { CATCH_ALL_PROBLEM, type KnowledgeBase, type Problem, type Trade } from './knowledge.types';
import {
  readCalibration,
  readFixNotes,
  readLaborRates,
  readProblems,
  readSafetySignals,
  readTenantQuestions,
  readTrades,
  readVocabulary,
} from './knowledge.validation';

/** The JSON files next to this module; `nest build` copies them into dist with the code. */
export const DATA_DIR = path.join(__dirname, 'data');

/** The parsed, not yet validated, content of every data file, keyed by path relative to the data folder. */
export type KnowledgeFiles = ReadonlyMap<string, unknown>;

/** Reads every data file of a data folder (problems/*.json included). */
export function readKnowledgeFiles(dir: string = DATA_DIR): KnowledgeFiles {
  const files = new Map<string, unknown>();
  const read = (rel: string): void => {
    const text = fs.readFileSync(path.join(dir, rel), 'utf8');
    try {
      files.set(rel, JSON.parse(text));
    } catch (e) {
      throw new KnowledgeDataError(rel, '', `is not valid JSON: ${(e as Error).message}`);
    }
  };
  for (const rel of [
    'trades.json',
    'labor-rates.json',
    'vocabulary.json',
    'safety-signals.json',
    'calibration.json',
    'tenant-questions.json',
    'fix-notes.json',
  ])
    read(rel);
  for (const name of fs
    .readdirSync(path.join(dir, 'problems'))
    .filter((n) => n.endsWith('.json'))
    .sort())
    read(`problems/${name}`);
  return files;
}

function file(files: KnowledgeFiles, rel: string): unknown {
  if (!files.has(rel)) throw new KnowledgeDataError(rel, '', 'is missing', FILE_ENTRY);
  return files.get(rel);
}

/**
 * Validates parsed data files into a knowledge base: each against its JSON Schema, then the
 * cross-checks in code. Throws a KnowledgeDataError naming the file and JSON Pointer of the first
 * problem found, so a bad edit fails at start-up, not in a request.
 */
export function buildKnowledgeBase(files: KnowledgeFiles): KnowledgeBase {
  const trades = readTrades('trades.json', file(files, 'trades.json'));
  const tradeById = new Map(trades.map((t) => [t.id, t]));
  const rates = new Map(trades.map((t) => [t.id, t.labor_rate]));

  const { stateByCode, zipPrefixes, minimumBilledHours } = readLaborRates('labor-rates.json', file(files, 'labor-rates.json'));
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const rel of [...files.keys()].filter((k) => k.startsWith('problems/'))) {
    problems.push(...readProblems(rel, files.get(rel), path.basename(rel, '.json'), rates, seen, minimumBilledHours));
  }
  const problemById = new Map(problems.map((p) => [p.id, p]));
  if (problemById.get(CATCH_ALL_PROBLEM.id)?.trade !== CATCH_ALL_PROBLEM.trade) {
    const detail = `has no catch-all problem "${CATCH_ALL_PROBLEM.id}" (the offline diagnosis names it for work no specialty trade owns)`;
    throw new KnowledgeDataError(`problems/${CATCH_ALL_PROBLEM.trade}.json`, '/problems', detail);
  }
  for (const p of problems) {
    p.explained_by?.forEach((id, j) => {
      if (!problemById.has(id))
        throw new KnowledgeDataError(
          `problems/${p.trade}.json`,
          `/problems/${problems.filter((q) => q.trade === p.trade).indexOf(p)}/explained_by/${j}`,
          `unknown problem "${id}"`,
          p.id,
        );
    });
  }

  const versioned = ['trades.json', 'labor-rates.json', 'vocabulary.json', 'safety-signals.json', 'calibration.json', 'fix-notes.json'];
  const versions = versioned.map((f) => (file(files, f) as { version: string }).version);
  const digest = createHash('sha256')
    .update(JSON.stringify([...files.entries()]))
    .digest('hex')
    .slice(0, 10);

  return {
    version: `${versions.sort().at(-1)}+${digest}`,
    trades,
    problems,
    tradeById,
    problemById,
    stateByCode,
    zipPrefixes,
    minimumBilledHours,
    vocabulary: readVocabulary('vocabulary.json', file(files, 'vocabulary.json')),
    fixNotes: readFixNotes('fix-notes.json', file(files, 'fix-notes.json')),
    safetySignals: readSafetySignals('safety-signals.json', file(files, 'safety-signals.json')),
    calibration: readCalibration('calibration.json', file(files, 'calibration.json')),
    tenantQuestions: readTenantQuestions('tenant-questions.json', file(files, 'tenant-questions.json'), tradeById, problemById),
  };
}

/** Injection token of the knowledge base; a module registers it with a factory over `loadKnowledgeBase()`. */
export const KNOWLEDGE_BASE = Symbol('KNOWLEDGE_BASE');

// Reading and validating about twenty files costs tens of milliseconds, so every module instance shares one copy.
let cached: KnowledgeBase | undefined;

/** The knowledge base of the shipped data files, validated once and cached for the process. */
export function loadKnowledgeBase(): KnowledgeBase {
  cached ??= buildKnowledgeBase(readKnowledgeFiles());
  return cached;
}

/** Trade by id, or a RangeError naming the allowed ids. */
export function requireTrade(kb: KnowledgeBase, id: string): Trade {
  const trade = kb.tradeById.get(id);
  if (!trade) throw new RangeError(`Unknown trade "${id}"; known: ${[...kb.tradeById.keys()].join(', ')}`);
  return trade;
}
