import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Calibration, KnowledgeBase, Problem, StateRate, Trade, Vocabulary } from './knowledge.types';
import { EntryReader, FILE_ENTRY, KnowledgeDataError, readProblem, readSafetySignal, readState, readTrade, readZipRange } from './knowledge.validation';
import { foldText, rawWords, TextNormalizer } from './text-normalizer';

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
      throw new KnowledgeDataError(rel, FILE_ENTRY, '(json)', `is not valid JSON: ${(e as Error).message}`);
    }
  };
  for (const rel of ['trades.json', 'labor-rates.json', 'vocabulary.json', 'safety-signals.json', 'calibration.json', 'tenant-questions.json']) read(rel);
  for (const name of fs
    .readdirSync(path.join(dir, 'problems'))
    .filter((n) => n.endsWith('.json'))
    .sort())
    read(`problems/${name}`);
  return files;
}

function fileReader(files: KnowledgeFiles, rel: string): EntryReader {
  if (!files.has(rel)) throw new KnowledgeDataError(rel, FILE_ENTRY, '(file)', 'is missing');
  return EntryReader.of(files.get(rel), rel, FILE_ENTRY);
}

function uniqueById<T extends { id: string }>(items: T[], file: (item: T) => string, seen = new Map<string, T>()): Map<string, T> {
  for (const item of items) {
    if (seen.has(item.id)) throw new KnowledgeDataError(file(item), item.id, 'id', 'is used twice');
    seen.set(item.id, item);
  }
  return seen;
}

function readVocabulary(r: EntryReader): Vocabulary {
  const vocabulary: Vocabulary = {
    abbreviations: r.stringMap('abbreviations'),
    misspellings: r.stringMap('misspellings'),
    synonyms: r.stringMap('synonyms'),
    spanish: r.stringMap('spanish'),
    stop_words: r.strings('stop_words', 1),
  };
  // Two sections rewriting the same words differently would make the result depend on load order.
  const seen = new Map<string, { section: string; value: string }>();
  for (const section of ['abbreviations', 'misspellings', 'synonyms', 'spanish'] as const) {
    for (const [key, value] of Object.entries(vocabulary[section])) {
      const k = rawWords(foldText(key)).join(' ');
      const v = rawWords(foldText(value)).join(' ');
      if (k === '') r.fail(`${section}.${key}`, 'has no matchable word');
      const prior = seen.get(k);
      if (prior && prior.value !== v) r.fail(`${section}.${key}`, `conflicts with ${prior.section} ("${prior.value}")`);
      seen.set(k, { section, value: v });
    }
  }
  // Values are not rewritten again, so each must already be in canonical form ("not", not "no").
  const normalizer = new TextNormalizer(vocabulary);
  for (const section of ['abbreviations', 'misspellings', 'synonyms', 'spanish'] as const) {
    for (const [key, value] of Object.entries(vocabulary[section])) {
      const canonical = normalizer.words(value).join(' ');
      if (canonical !== rawWords(foldText(value)).join(' ')) r.fail(`${section}.${key}`, `value "${value}" is not canonical, write "${canonical}"`);
    }
  }
  return vocabulary;
}

function readCalibration(r: EntryReader): Calibration {
  return { temperature: r.number('temperature', 0.01, 100), other_score: r.number('other_score', 0, 1000) };
}

/**
 * Validates parsed data files into a knowledge base. Throws a KnowledgeDataError naming the file,
 * entry and field of the first problem found, so a bad edit fails at start-up, not in a request.
 */
export function buildKnowledgeBase(files: KnowledgeFiles): KnowledgeBase {
  const tradeById = uniqueById(fileReader(files, 'trades.json').objects('trades', readTrade, 1), () => 'trades.json');
  const rates = new Map([...tradeById.values()].map((t) => [t.id, t.labor_rate]));

  const problems: Problem[] = [];
  const problemById = new Map<string, Problem>();
  for (const rel of [...files.keys()].filter((k) => k.startsWith('problems/'))) {
    const file = fileReader(files, rel);
    const fileTrade = path.basename(rel, '.json');
    if (!tradeById.has(fileTrade)) file.fail('trade', `file name "${fileTrade}" is not a trade id`);
    const read = file.objects('problems', (r) => readProblem(r, fileTrade, rates), 1);
    uniqueById(read, () => rel, problemById);
    problems.push(...read);
  }

  const ratesFile = fileReader(files, 'labor-rates.json');
  const stateByCode = new Map<string, StateRate>();
  for (const s of ratesFile.objects('states', readState, 1)) {
    if (stateByCode.has(s.code)) ratesFile.fail(`states.${s.code}`, 'is listed twice');
    stateByCode.set(s.code, s);
  }
  const zipPrefixes = ratesFile.objects('zip_prefixes', readZipRange, 1).sort((a, b) => a.from.localeCompare(b.from));
  zipPrefixes.forEach((z, i) => {
    if (!stateByCode.has(z.state)) ratesFile.fail(`zip_prefixes[${z.from}]`, `unknown state "${z.state}"`);
    if (i > 0 && z.from <= zipPrefixes[i - 1].to) ratesFile.fail(`zip_prefixes[${z.from}]`, `overlaps ${zipPrefixes[i - 1].from}-${zipPrefixes[i - 1].to}`);
  });

  const safetyFile = fileReader(files, 'safety-signals.json');
  const versions = ['trades.json', 'labor-rates.json', 'vocabulary.json', 'safety-signals.json', 'calibration.json'].map((f) =>
    fileReader(files, f).string('version'),
  );
  const digest = createHash('sha256')
    .update(JSON.stringify([...files.entries()]))
    .digest('hex')
    .slice(0, 10);

  return {
    version: `${versions.sort().at(-1)}+${digest}`,
    trades: [...tradeById.values()],
    problems,
    tradeById,
    problemById,
    stateByCode,
    zipPrefixes,
    vocabulary: readVocabulary(fileReader(files, 'vocabulary.json')),
    safetySignals: safetyFile.objects('signals', readSafetySignal, 1),
    calibration: readCalibration(fileReader(files, 'calibration.json')),
    tenantQuestions: readTenantQuestions(fileReader(files, 'tenant-questions.json'), tradeById),
  };
}

/** Questions to ask the occupant per trade: every key a known trade, one to three non-empty questions each. */
function readTenantQuestions(file: EntryReader, trades: ReadonlyMap<string, Trade>): Map<string, readonly string[]> {
  const byTrade = file.object('questions');
  const out = new Map<string, readonly string[]>();
  for (const trade of byTrade.keys()) {
    if (!trades.has(trade)) byTrade.fail(trade, 'is not a trade id');
    const questions = byTrade.strings(trade, 1);
    if (questions.length > 3 || !questions.every((q) => q.trim().endsWith('?'))) byTrade.fail(trade, 'must be one to three questions, each ending with "?"');
    out.set(trade, questions);
  }
  return out;
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
