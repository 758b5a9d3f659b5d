/**
 * Previous fixes on a real history (issue 20): the shared ASU facilities file imported as one
 * client's history, then the client's other requests enriched (request text only, as a new
 * request arrives), and the fixes shown compared with what the technicians actually wrote.
 *
 *   npm run eval:fixes                 tune and kept-apart figures
 *   npm run eval:fixes -- --tune-only  tune figures only
 *   npm run eval:fixes -- --show 40    also prints 40 tune requests with their fixes (to the terminal only)
 *   npm run eval:fixes -- --show 40 --misses   only tune requests where no top-3 fix names a part of the note
 *   npm run eval:fixes -- --tune-only --classes  also counts the tune misses by why they missed (MISS_CLASSES)
 *
 * Split (deterministic, by a hash of work_order): 20% is kept apart and only ever measured; its
 * texts are never printed. Of the rest, 20% are the tune requests, enriched against the other 80%
 * (the tune history). The kept-apart requests are enriched against the whole non-kept part.
 *
 * Trade with the history (issue 21): the enriched requests that carry an ASU label
 * (src/knowledge/eval/asu-work-orders.labels.json) also have the trades of their top_3_diagnosis
 * scored as eval:dispatch scores them (trade@1, trade@3), beside the same enrich for a client
 * without history and eval:dispatch's own offline answer, so the history's effect shows. Only
 * aggregates are printed, for both halves. The labels' own tune/holdout split (by another hash)
 * cuts across these halves, so each trade block mixes label-tune and label-holdout requests: it
 * measures, it is not for tuning the trade (eval:dispatch --misses is).
 *
 * The texts are measuring data that may not ship: they are read from ../shared beside the
 * repository, and the script exits 0 with a message when they are absent. Uses DATABASE_URL when
 * set (a throwaway database), otherwise a throwaway embedded one.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { ApiTokenService } from '../src/auth/api-token.service';
import { loadAppConfig } from '../src/config/app-config';
import type { DatabaseTarget } from '../src/database/data-source-options';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { ASU_SOURCE, evaluateReal, loadSourceCases, RealAnswer, RealCase } from '../src/knowledge/eval/real-work-orders';
import { loadKnowledgeBase } from '../src/knowledge/knowledge-base';
import { normalizerFor } from '../src/knowledge/symptom-index';
import { historyChangedInsight } from '../src/work-order/diagnosis/history-trades';
import { FixRelevance } from '../src/work-order/fixes/fix-relevance';
import { createProblemClassifier } from '../src/work-order/fixes/fix-normalizer.factory';
import { offlineAnswer } from '../src/work-order/diagnosis/offline-answer';
import type { WorkOrderEnrichmentDto } from '../src/work-order/dto/work-order-enrichment.dto';
import { ImportTally } from '../src/work-order/history/history-import.service';
import { HistoryImportRequestHandler } from '../src/work-order/history/history-import.request';
import { WorkOrderService } from '../src/work-order/work-order.service';

const FILE = path.resolve(__dirname, '../../shared/data/real-work-orders/asu-facilities-2015-2017.csv');
const args = process.argv.slice(2);
const showIndex = args.indexOf('--show');
const SHOW = showIndex >= 0 ? Number(args[showIndex + 1] ?? 20) : 0;
const TUNE_ONLY = args.includes('--tune-only');
const MISSES_ONLY = args.includes('--misses');
const CLASSES = args.includes('--classes');

interface Row {
  id: string;
  request: string;
  note: string;
}

type Split = 'holdout' | 'tune-query' | 'tune-history';

/** Deterministic split by the id's hash: never depends on file order. */
function splitOf(id: string): Split {
  const h = createHash('sha256').update(id).digest();
  if (h[0] % 5 === 0) return 'holdout';
  return h[1] % 5 === 0 ? 'tune-query' : 'tune-history';
}

/**
 * Parts and actions the measurement looks for, each with the spellings technicians use. This is
 * the yardstick, kept apart from the product's vocabulary on purpose.
 */
const PARTS: Record<string, RegExp> = {
  thermostat: /\b(thermostats?|t-?stats?)\b/i,
  belt: /\bbelts?\b/i,
  bearing: /\bbearings?\b/i,
  capacitor: /\b(capacitors?|caps?)\b/i,
  condensate: /\b(condensate|condensation|drain line|drain pan)\b/i,
  filter: /\bfilters?\b/i,
  motor: /\bmotors?\b/i,
  compressor: /\bcompressors?\b/i,
  contactor: /\bcontactors?\b/i,
  valve: /\bvalves?\b/i,
  actuator: /\bactuators?\b/i,
  damper: /\bdampers?\b/i,
  fan: /\bfans?\b/i,
  pump: /\bpumps?\b/i,
  coil: /\bcoils?\b/i,
  breaker: /\bbreakers?\b/i,
  fuse: /\bfuses?\b/i,
  ballast: /\bballasts?\b/i,
  lamp: /\b(lamps?|bulbs?|tubes?)\b/i,
  switch: /\bswitch(es)?\b/i,
  outlet: /\b(outlets?|receptacles?|plugs?)\b/i,
  closer: /\bclosers?\b/i,
  hinge: /\bhinges?\b/i,
  lock: /\b(locks?|lockset|cylinder|core)\b/i,
  latch: /\blatch(es)?\b/i,
  sensor: /\bsensors?\b/i,
  relay: /\brelays?\b/i,
  board: /\b(control board|circuit board|boards?)\b/i,
  transformer: /\btransformers?\b/i,
  refrigerant: /\b(refrigerant|freon|r-?22|r-?410a?|charged?)\b/i,
  flush: /\b(flush valve|flushometer|diaphragm)\b/i,
  faucet: /\b(faucets?|aerator|cartridge)\b/i,
  drain: /\b(drains?|snaked?|clog(ged)?|unclog(ged)?)\b/i,
  vfd: /\b(vfd|drive)\b/i,
  tile: /\b(ceiling tiles?|tiles?)\b/i,
  glass: /\b(glass|window pane)\b/i,
  ice: /\bice machine\b/i,
  strainer: /\bstrainers?\b/i,
  gasket: /\bgaskets?\b/i,
  hose: /\bhoses?\b/i,
  pulley: /\b(pulleys?|sheaves?)\b/i,
  wire: /\b(wires?|wiring)\b/i,
};

/** Notes that say the job was not a repair (the yardstick's own list). */
const NON_FIX =
  /\b(duplicate|dup(e)? of|cancel+(ed|led)?|no problem|no issue|nothing wrong|not a problem|working (properly |fine |ok |correctly )?(on|upon) arrival|already (been )?(done|completed|fixed|repaired|taken care)|job (was )?complete[d]? already|referr?ed to|not our (shop|area)|could not (find|locate)|unable to (find|locate)|did ?n[o']?t (smell|find|see|notice)|no action|wrong shop|per customer|customer called)\b/i;

/** Bookkeeping a coordinator should never see as "the fix". */
const RESIDUE: [string, RegExp][] = [
  ['date', /\b(19|20)\d\d-\d\d-\d\d\b|\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/],
  ['code', /\b\d{4,}\b/],
  ['log dash', /\s-\s/],
  ['hours', /\b(\d+(\.\d+)?\s*(hrs?|hours?)|overtime|o\/t)\b/i],
  ['called', /\bcalled\b/i],
];

const partsOf = (text: string): string[] =>
  Object.entries(PARTS)
    .filter(([, re]) => re.test(text))
    .map(([part]) => part);

function readRows(): Row[] {
  const records = parse(fs.readFileSync(FILE), { columns: true, bom: true, relax_column_count: true }) as Record<string, string>[];
  return records.map((r) => ({ id: r.work_order, request: (r.action_requested ?? '').trim(), note: (r.task_comments ?? '').trim() }));
}

/**
 * Staff names, found by structure only: the name slot of the CMMS log prefix
 * ("<date> - <code> - <Name Name>-"). A name word counts when it is not a word requesters use.
 */
function staffNameWords(rows: Row[]): Set<string> {
  const requestWords = new Set(rows.flatMap((r) => r.request.toLowerCase().split(/[^a-z]+/)));
  const names = new Set<string>();
  const prefix = /\d{4}-\d\d-\d\d\s*-\s*\w+\s*-\s*([A-Z][A-Za-z'.]*(?:\s+[A-Z][A-Za-z'.]*){0,3})\s*-/g;
  for (const r of rows) {
    for (const m of r.note.matchAll(prefix)) {
      for (const word of m[1].split(/\s+/)) {
        const w = word.replace(/[^A-Za-z']/g, '').toLowerCase();
        if (w.length >= 3 && !requestWords.has(w)) names.add(w);
      }
    }
  }
  return names;
}

function toWorkOrder(r: Row, withNote: boolean): Record<string, unknown> {
  const order: Record<string, unknown> = { work_order_id: r.id, issue_description: r.request || '(no request text)' };
  if (withNote && r.note) {
    order.closing_description = r.note;
    order.work_order_status = 'Completed';
  }
  return order;
}

interface Figures {
  requests: number;
  relevant: number;
  fixesShown: number;
  residue: number;
  names: number;
  nonFixes: number;
  emptyDespiteHistory: number;
  topFrequencyAbove1: number;
  withAnyFix: number;
  groups: number;
  historyFixes: number;
  importRejected: number;
  importWarnings: number;
}

/**
 * Why a tune request missed (--classes), tested in this order. Its kind of request: the finished
 * history tickets whose request names a kind of equipment this one names (fix-notes.json), else
 * those filed under its most plausible problem, else those of its diagnosed trades. Parts are the
 * yardstick's, read on the tickets' fix names.
 * - shown 4th or 5th: a fix naming a part of the note is shown, below the top 3;
 * - no such fix: no ticket of its kind has a fix naming a part of the note;
 * - request names the part: the request's own text names a part of the note;
 * - among its kind's 3 most frequent parts: the order by its kind's counts would show it;
 * - request says too little: a part of the note is fixed on its kind, but rarer than 3 others
 *   ("AC not working" fixed by a capacitor: any part could be right).
 */
const MISS_CLASSES = [
  'shown 4th or 5th',
  'no such fix',
  'request names the part',
  "among its kind's 3 most frequent parts",
  'request says too little',
] as const;
type MissClass = (typeof MISS_CLASSES)[number];

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

const kb = loadKnowledgeBase();
const RELEVANCE = new FixRelevance(kb);
const machinesOf = (text: string) => RELEVANCE.equipmentOf(new Set(normalizerFor(kb).stems(text)));
const CLASSIFIER = createProblemClassifier(kb);
/** ASU labelled cases by work_order (the trades a coordinator would accept), read as eval:dispatch reads them. */
const LABELLED = new Map((loadSourceCases(kb, ASU_SOURCE).cases ?? []).map((c) => [c.id, c]));
/** eval:dispatch's engine: the offline answer to the bare text, without any history. */
const DISPATCH_ANSWER = offlineAnswer(kb);
/** The history-changed-trade insight's opening words, taken from the insight itself. */
const HISTORY_CHANGED = historyChangedInsight(kb, [], '', '').split(':')[0];

/** An enrich answer reduced to what the labels judge, as eval:dispatch reduces the offline one. */
function realAnswer(body: WorkOrderEnrichmentDto): RealAnswer {
  const diagnoses = body.top_3_diagnosis;
  return {
    trades: diagnoses.map((d) => d.trade),
    likelihoods: diagnoses.map((d) => d.likelihood),
    emergency: diagnoses.some((d) => d.severity === 'emergency'),
  };
}

/** One labelled enriched request: its label and the answers compared. */
interface LabelledAnswer {
  label: RealCase;
  withHistory: RealAnswer;
  withoutHistory: RealAnswer;
  historyChanged: boolean;
}

/**
 * trade@1 and trade@3 of precomputed answers, scored by eval:dispatch's evaluateReal. It hands the
 * answer function a case's text; the answers are already made, so each case carries its id there.
 */
function tradeScore(labelled: LabelledAnswer[], pick: (a: LabelledAnswer) => RealAnswer): { at1: number; at3: number } {
  const byId = new Map(labelled.map((a) => [a.label.id, pick(a)]));
  const cases = labelled.map((a) => ({ ...a.label, text: a.label.id }));
  const r = evaluateReal(cases, (id) => byId.get(id) as RealAnswer, 'all');
  return { at1: Math.round(r.tradeAt1 * r.cases), at3: Math.round(r.tradeAt3 * r.cases) };
}

function printTrades(title: string, labelled: LabelledAnswer[], enriched: number, changedAll: number): void {
  const n = labelled.length;
  const line = (what: string, s: { at1: number; at3: number }) =>
    console.log(`    ${what.padEnd(53)}trade@1 ${s.at1}/${n} = ${pct(s.at1, n)}   trade@3 ${s.at3}/${n} = ${pct(s.at3, n)}`);
  console.log(`  ${title}`);
  line(
    'with the history imported',
    tradeScore(labelled, (a) => a.withHistory),
  );
  line(
    'same enrich, client without history',
    tradeScore(labelled, (a) => a.withoutHistory),
  );
  const dispatch = evaluateReal(
    labelled.map((a) => a.label),
    DISPATCH_ANSWER,
    'all',
  );
  line('eval:dispatch engine (offline, no history)', { at1: Math.round(dispatch.tradeAt1 * n), at3: Math.round(dispatch.tradeAt3 * n) });
  const accepted = (a: RealAnswer, l: RealCase) => a.trades[0] !== undefined && l.trades.includes(a.trades[0]);
  const changed = labelled.filter((a) => a.historyChanged);
  const moved = (before: boolean, after: boolean) =>
    changed.filter((a) => accepted(a.withoutHistory, a.label) === before && accepted(a.withHistory, a.label) === after).length;
  console.log(
    `    answers saying the history changed the trade           ${changedAll} of ${enriched} enriched; ${changed.length} of ${n} labelled (wrong -> right ${moved(false, true)}, right -> wrong ${moved(true, false)}, right -> right ${moved(true, true)}, wrong -> wrong ${moved(false, false)})`,
  );
}

async function measure(
  name: string,
  history: Row[],
  queries: Row[],
  deps: { ds: DataSource; tokens: ApiTokenService; importer: HistoryImportRequestHandler; service: WorkOrderService },
  names: Set<string>,
  show: number,
): Promise<Figures> {
  const { token, summary } = await deps.tokens.createToken(`eval-fixes-${name}-${Date.now()}`);
  void token;
  const client = await deps.tokens.clientByName(summary.client);
  const imported = await deps.importer.handle(
    client.id,
    history.map((r) => toWorkOrder(r, true)),
  );
  const tally = imported as ImportTally['result'] & { warnings?: unknown[] };
  const [{ groups, fixes }] = await deps.ds.query(
    'SELECT count(DISTINCT fix_key)::int AS groups, count(fix_key)::int AS fixes FROM work_orders WHERE client_id = $1',
    [client.id],
  );
  // Parts the history's notes name: relevant history exists for a request when one of its note's parts is among them.
  const historyParts = new Set(history.filter((r) => r.note && !NON_FIX.test(r.note)).flatMap((r) => partsOf(r.note)));
  const eligible = queries.filter((q) => q.note && !NON_FIX.test(q.note) && partsOf(q.note).length > 0);
  const f: Figures = {
    requests: eligible.length,
    relevant: 0,
    fixesShown: 0,
    residue: 0,
    names: 0,
    nonFixes: 0,
    emptyDespiteHistory: 0,
    topFrequencyAbove1: 0,
    withAnyFix: 0,
    groups,
    historyFixes: fixes,
    importRejected: tally.rejected,
    importWarnings: tally.warnings?.length ?? 0,
  };
  const residueKinds = new Map<string, number>();
  let shown = 0;
  // The history's finished fixes with the problem and trade each ticket was filed under and the equipment its request names, for --classes.
  const classes = CLASSES && name === 'tune';
  const pastFixes = classes
    ? (
        (await deps.ds.query(
          "SELECT fix_label AS label, problem_id AS problem, problem_trade AS trade, issue_description AS request FROM work_orders WHERE client_id = $1 AND fix_key IS NOT NULL AND status_norm IN ('completed', 'closed')",
          [client.id],
        )) as { label: string; problem: string | null; trade: string | null; request: string }[]
      ).map((h) => ({ parts: partsOf(h.label), problem: h.problem, trade: h.trade, machines: machinesOf(h.request) }))
    : [];
  const missClasses = new Map<MissClass, number>();
  // A client with nothing imported: the same enrich without history, for the labelled requests' trade.
  const { summary: bare } = await deps.tokens.createToken(`eval-fixes-${name}-no-history-${Date.now()}`);
  const bareClient = await deps.tokens.clientByName(bare.client);
  const labelled: LabelledAnswer[] = [];
  let historyChanged = 0;
  for (const q of eligible) {
    const { body } = (await deps.service.enrich({ clientId: client.id, clientName: summary.client }, toWorkOrder(q, false) as never)) as {
      body: WorkOrderEnrichmentDto;
    };
    const changed = body.manual_insights.some((i) => i.startsWith(HISTORY_CHANGED));
    if (changed) historyChanged++;
    const label = LABELLED.get(q.id);
    if (label) {
      const { body: without } = (await deps.service.enrich({ clientId: bareClient.id, clientName: bare.client }, toWorkOrder(q, false) as never)) as {
        body: WorkOrderEnrichmentDto;
      };
      labelled.push({ label, withHistory: realAnswer(body), withoutHistory: realAnswer(without), historyChanged: changed });
    }
    const fixes = body.top_5_previous_fixes;
    const wanted = partsOf(q.note);
    const top3 = fixes.slice(0, 3);
    const hit = top3.some((fix) => partsOf(fix.fix).some((p) => wanted.includes(p)));
    if (hit) f.relevant++;
    if (fixes.length > 0) f.withAnyFix++;
    if (fixes.length === 0 && wanted.some((p) => historyParts.has(p))) f.emptyDespiteHistory++;
    if (fixes[0] && fixes[0].frequency > 1) f.topFrequencyAbove1++;
    f.fixesShown += fixes.length;
    const written = [...fixes.map((x) => x.fix), ...body.manual_insights];
    for (const fix of fixes) {
      const kinds = RESIDUE.filter(([, re]) => re.test(fix.fix)).map(([k]) => k);
      if (kinds.length > 0) f.residue++;
      for (const k of kinds) residueKinds.set(k, (residueKinds.get(k) ?? 0) + 1);
      if (NON_FIX.test(fix.fix)) f.nonFixes++;
    }
    for (const text of written)
      if (
        text
          .toLowerCase()
          .split(/[^a-z']+/)
          .some((w) => names.has(w))
      )
        f.names++;
    if (classes && !hit) {
      const trades = new Set(body.top_3_diagnosis.map((d) => d.trade));
      const machines = machinesOf(q.request);
      const top = CLASSIFIER.candidates(q.request)[0]?.problemId;
      const kindOf =
        [
          pastFixes.filter((h) => h.machines.some((m) => machines.includes(m))),
          pastFixes.filter((h) => top !== undefined && h.problem === top),
          pastFixes.filter((h) => h.trade !== null && trades.has(h.trade)),
        ].find((k) => k.length > 0) ?? [];
      const counts = new Map<string, number>();
      for (const h of kindOf) for (const p of h.parts) counts.set(p, (counts.get(p) ?? 0) + 1);
      const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
      const names = (text: string) => partsOf(text).some((p) => wanted.includes(p));
      const kind: MissClass = fixes.slice(3).some((fix) => names(fix.fix))
        ? 'shown 4th or 5th'
        : !wanted.some((p) => counts.has(p))
          ? 'no such fix'
          : names(q.request)
            ? 'request names the part'
            : ranked.slice(0, 3).some((p) => wanted.includes(p))
              ? "among its kind's 3 most frequent parts"
              : 'request says too little';
      missClasses.set(kind, (missClasses.get(kind) ?? 0) + 1);
      if (show > 0 && shown < show && MISSES_ONLY) console.log(`\n   class: ${kind}; its kind's parts: ${ranked.slice(0, 5).join(', ')}`);
    }
    if (show > 0 && shown < show && (!MISSES_ONLY || !hit)) {
      shown++;
      console.log(`\n[${hit ? 'hit ' : 'MISS'}] ${q.request}\n   note: ${q.note.slice(0, 300)}\n   parts: ${wanted.join(', ')}`);
      for (const fix of fixes) console.log(`   - ${fix.fix}  (freq ${fix.frequency}, ${fix.percent_fix}%)`);
    }
  }
  console.log(
    `\n${name}: ${history.length} history rows imported (${tally.rejected} refused, ${f.importWarnings} warnings), ${eligible.length} requests enriched`,
  );
  console.log(`  relevance (a top-3 fix names a part of the actual note)  ${f.relevant}/${f.requests} = ${pct(f.relevant, f.requests)}`);
  console.log(
    `  fixes shown                                              ${f.fixesShown} (${(f.fixesShown / Math.max(1, f.requests)).toFixed(2)} per request)`,
  );
  console.log(
    `  with log residue                                         ${f.residue} (${[...residueKinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'})`,
  );
  console.log(`  fixes or insights with a staff name                      ${f.names}`);
  console.log(`  non-fixes shown                                          ${f.nonFixes}`);
  console.log(`  no fix although the history has one for the part         ${f.emptyDespiteHistory}`);
  console.log(`  requests with at least one fix                           ${f.withAnyFix}`);
  console.log(
    `  top fix with frequency > 1                               ${f.topFrequencyAbove1}/${f.withAnyFix} = ${pct(f.topFrequencyAbove1, f.withAnyFix)}`,
  );
  console.log(`  distinct fix groups in the history                       ${f.groups} for ${f.historyFixes} fixes`);
  if (classes) console.log(`  misses by class: ${MISS_CLASSES.map((k) => `${k} ${missClasses.get(k) ?? 0}`).join(', ')}`);
  printTrades(
    `trade on the ASU-labelled requests enriched above (scored as eval:dispatch): ${labelled.length} of ${eligible.length} carry a label`,
    labelled,
    eligible.length,
    historyChanged,
  );
  // The relevance figures leave out requests whose note names no part; the trade does not need the
  // note, so every labelled request of the half is measured too (a larger sample of the same kind).
  const enrichedIds = new Set(eligible.map((q) => q.id));
  const rest = queries.filter((q) => !enrichedIds.has(q.id) && LABELLED.has(q.id));
  const everyLabelled = [...labelled];
  let restChanged = 0;
  for (const q of rest) {
    const { body } = (await deps.service.enrich({ clientId: client.id, clientName: summary.client }, toWorkOrder(q, false) as never)) as {
      body: WorkOrderEnrichmentDto;
    };
    const { body: without } = (await deps.service.enrich({ clientId: bareClient.id, clientName: bare.client }, toWorkOrder(q, false) as never)) as {
      body: WorkOrderEnrichmentDto;
    };
    const changed = body.manual_insights.some((i) => i.startsWith(HISTORY_CHANGED));
    if (changed) restChanged++;
    everyLabelled.push({ label: LABELLED.get(q.id) as RealCase, withHistory: realAnswer(body), withoutHistory: realAnswer(without), historyChanged: changed });
  }
  printTrades(
    `trade on every ASU-labelled request of the half (${everyLabelled.length}; ${rest.length} more whose note names no part)`,
    everyLabelled,
    labelled.length + rest.length,
    labelled.filter((a) => a.historyChanged).length + restChanged,
  );
  return f;
}

async function main(): Promise<void> {
  if (!fs.existsSync(FILE)) {
    console.log(`eval:fixes: ${FILE} is absent (the shared real histories sit beside the repository); nothing to measure.`);
    return;
  }
  const rows = readRows();
  const names = staffNameWords(rows);
  const bySplit = (s: Split) => rows.filter((r) => splitOf(r.id) === s);
  const config = loadAppConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', LLM_PROVIDER: 'offline' });
  let database: DatabaseTarget;
  let stopEmbedded = async () => undefined as void;
  if (config.database.url) {
    database = { url: config.database.url };
  } else {
    const embedded = await startEmbeddedPostgres(fs.mkdtempSync(path.join(os.tmpdir(), 'woi-eval-fixes-')), 'service');
    database = { socket: embedded.connection };
    stopEmbedded = () => embedded.stop();
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, database }), { bodyParser: false, logger: false });
  await app.init();
  const deps = {
    ds: app.get(DataSource),
    tokens: app.get(ApiTokenService),
    importer: app.get(HistoryImportRequestHandler),
    service: app.get(WorkOrderService),
  };
  try {
    console.log(`${rows.length} rows; ${names.size} staff name words found by the log-prefix structure (never printed)`);
    await measure('tune', bySplit('tune-history'), bySplit('tune-query'), deps, names, SHOW);
    if (!TUNE_ONLY) await measure('kept-apart', [...bySplit('tune-history'), ...bySplit('tune-query')], bySplit('holdout'), deps, names, 0);
  } finally {
    await app.close();
    await stopEmbedded();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
