import { voteBrand } from './brand-vote';
import type { NameplateField, NameplateFieldName, NameplateFields, NameplateParserOptions, ParsedNameplate } from './nameplate-fields';
import {
  findGasType,
  findRefrigerant,
  identifierText,
  numberIn,
  parseBtu,
  parseCharge,
  parseDate,
  parseHz,
  parsePhase,
  parseVoltage,
  parseVoltsPhaseHz,
} from './nameplate-values';
import { identifierCandidates, type IdentifierCandidate } from './ocr-confusions';
import { findLabels, segmentAfter, splitPlateText, textBelow, type LabelHit, type LabelKind, type PlateLine } from './plate-text';

/** How much a value is trusted by where it was found. */
const TRUST = {
  /** Right after its label, on the same line. */
  afterLabel: 0.9,
  /** In the next column of the label's line. */
  nextCell: 0.8,
  /** Under its label (label row above value row, or a table header). */
  below: 0.75,
  /** Paired by order with a stack of labels printed before a stack of values. */
  stacked: 0.65,
  /** A unit written after the number ("60 HZ", "115 V"). */
  unitSuffix: 0.8,
  /** Found by its own shape, with no label (a refrigerant code, "V/PH/HZ" triple). */
  shape: 0.7,
} as const;

/** Confidence taken off a model that no grammar of its brand accepts, or that a grammar had to choose among look-alikes. */
const GRAMMAR_DOUBT = 0.1;

/** Score gap under which the two best spellings of an identifier count as a tie. */
const TIE = 0.2;

/** A value parser for one label kind: the field it fills and how to read the text after the label. */
interface LabelReader {
  field: NameplateFieldName;
  read: (text: string) => string | undefined;
  /** Values are single words (numbers), so only the word under the label counts. */
  token: boolean;
}

/** Keeps the most trusted reading of each field. */
class FieldCollector {
  readonly fields: NameplateFields = {};

  offer(name: NameplateFieldName, value: string | undefined, confidence: number, raw: string, alternatives?: string[]): void {
    if (value === undefined || value === '') return;
    const current = this.fields[name];
    if (current && current.confidence >= confidence) return;
    const field: NameplateField = { value, confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100, raw: raw.trim() };
    if (alternatives?.length) field.alternatives = alternatives;
    this.fields[name] = field;
  }
}

/**
 * Reads the fields of an equipment nameplate from OCR text: labeled values on the same line, in
 * the next column or under their label; units after numbers; refrigerant codes; known brands.
 * Model and serial numbers are repaired for OCR look-alikes (O/0, I/1, S/5, B/8, Z/2, G/6).
 * Never throws: text it cannot use gives empty fields.
 */
export function parseNameplateText(text: string, options: NameplateParserOptions): ParsedNameplate {
  const collector = new FieldCollector();
  try {
    collect(text ?? '', options, collector);
  } catch {
    // A parsing bug must not cost the caller the fields already found.
  }
  return { fields: collector.fields, raw_text: text ?? '' };
}

function collect(text: string, options: NameplateParserOptions, out: FieldCollector): void {
  const currentYear = options.currentYear ?? new Date().getFullYear();
  const brand = voteBrand(text, options.knownBrands, options.brandGroups);
  if (brand) out.offer('brand', brand.brand, brand.confidence, brand.raw);
  const lines = splitPlateText(text);
  const readers = labelReaders(currentYear);
  const identifiers: Array<{ hit: LabelHit; raw: string; trust: number }> = [];

  for (const line of lines) {
    const cellHits = line.cells.map((cell) => findLabels(cell));
    const lineHits = cellHits.flat();
    // A row of labels and no numbers is a header over a row of values (a table, or MODEL NO. / SERIAL NO.).
    const header = lineHits.length >= 2 && !line.cells.some((c) => /\d/.test(c.text));
    line.cells.forEach((cell, cellIndex) => {
      const hits = cellHits[cellIndex];
      for (const hit of hits) {
        const place: Placement = { hits, lines, column: header ? lineHits.indexOf(hit) : -1 };
        const trustScale = hit.exact ? 1 : 0.9;
        if (hit.kind === 'model' || hit.kind === 'serial') {
          const found = labeledValue(hit, place, identifierText, false);
          const raw = found && identifierText(found.value);
          if (found && raw) identifiers.push({ hit, raw, trust: found.trust * trustScale });
        } else if (hit.kind === 'v_ph_hz') {
          const found = labeledValue(hit, place, (s) => (parseVoltsPhaseHz(s) ? s : undefined), false);
          const triple = found && parseVoltsPhaseHz(found.value);
          if (found && triple) offerTriple(out, triple, found.trust * trustScale, found.value);
        } else if (hit.kind !== 'stop') {
          const reader = readers[hit.kind];
          const found = labeledValue(hit, place, reader.read, reader.token);
          if (found) out.offer(reader.field, reader.read(found.value), found.trust * trustScale, `${cell.text.slice(hit.start, hit.end)} ${found.value}`);
        }
      }
      scanUnlabeled(
        cell.text,
        hits.map((h) => h.kind),
        out,
      );
    });
  }
  const gas = findGasType(text);
  if (gas) out.offer('gas_type', gas.value, gas.stated ? TRUST.afterLabel : TRUST.shape, gas.raw);
  offerIdentifiers(identifiers, out, options);
}

/** Where a label sits: the labels of its cell, all lines, and its rank in a header row of labels (-1 otherwise). */
interface Placement {
  hits: LabelHit[];
  lines: PlateLine[];
  column: number;
}

/** The value of a label: after it in its cell, else in the next cell, else under it. */
function labeledValue(
  hit: LabelHit,
  { hits, lines, column }: Placement,
  read: (text: string) => string | undefined,
  token: boolean,
): { value: string; trust: number } | undefined {
  const usable = (value: string | undefined, trust: number) => (value !== undefined && read(value) !== undefined ? { value, trust } : undefined);
  const after = segmentAfter(hit, hits);
  if (after) return usable(after, TRUST.afterLabel);
  if (column >= 0) {
    // A row of labels over a row of values (a table header, or MODEL NO. / SERIAL NO. over their numbers).
    const below = token ? undefined : textBelow(hit, lines, false);
    return usable(below, TRUST.below) ?? usable(nthValueBelow(hit, lines, column, token), TRUST.below);
  }
  const line = lines[hit.cell.line];
  const next = line.cells[line.cells.indexOf(hit.cell) + 1];
  if (next && !startsWithLabel(next.text)) {
    const found = usable(next.text, TRUST.nextCell);
    if (found) return found;
  }
  const row = hit.cell.line;
  if (isLabelOnly(lines[row]) && (isLabelOnly(lines[row - 1]) || isLabelOnly(lines[row + 1]))) return usable(stackedValue(hit, lines), TRUST.stacked);
  const below = textBelow(hit, lines, token);
  return below === undefined || startsWithLabel(below) ? undefined : usable(below, TRUST.below);
}

/** A line holding nothing but one label. */
function isLabelOnly(line: PlateLine | undefined): boolean {
  if (!line || line.cells.length !== 1) return false;
  const hits = findLabels(line.cells[0]);
  return hits.length === 1 && hits[0].start === 0 && segmentAfter(hits[0], hits) === '';
}

/**
 * Sparse OCR output stacks a plate's labels, then its values ("MODEL NO." / "SERIAL NO." /
 * "24ACC636A003" / "1014E12345"): the n-th label of the stack goes with the n-th value after it.
 */
function stackedValue(hit: LabelHit, lines: PlateLine[]): string | undefined {
  let first = hit.cell.line;
  while (isLabelOnly(lines[first - 1])) first--;
  let last = hit.cell.line;
  while (isLabelOnly(lines[last + 1])) last++;
  return lines[last + 1 + hit.cell.line - first]?.cells[0]?.text;
}

function startsWithLabel(text: string): boolean {
  return findLabels({ text, upper: text.toUpperCase(), line: 0, start: 0, end: text.length }).some((h) => h.start === 0);
}

/**
 * The value under a label in a row of labels: in the first following line that has values (OCR
 * puts stray specks between rows), the value under the label's columns, else the `column`-th
 * one, as table rows leave trailing columns empty more often than middle ones.
 */
function nthValueBelow(hit: LabelHit, lines: PlateLine[], column: number, token: boolean): string | undefined {
  const from = hit.cell.start + hit.start;
  const to = hit.cell.start + hit.end;
  for (const line of lines.slice(hit.cell.line + 1, hit.cell.line + 7)) {
    if (!token) {
      if (line.cells.length > 0) return line.cells[column]?.text;
      continue;
    }
    const values = line.cells.flatMap((c) =>
      [...c.text.matchAll(/\S+/g)]
        .filter((m) => /^[\dOIl]+(?:[.,/]\d+)?$/.test(m[0]))
        .map((m) => ({ text: m[0], start: c.start + (m.index ?? 0), end: c.start + (m.index ?? 0) + m[0].length })),
    );
    if (values.length === 0) continue;
    const under = values.find((v) => Math.min(to, v.end) > Math.max(from, v.start));
    return under?.text ?? values[column]?.text;
  }
  return undefined;
}

function labelReaders(currentYear: number): Record<Exclude<LabelKind, 'model' | 'serial' | 'v_ph_hz' | 'stop'>, LabelReader> {
  const amps = (min: number, max: number) => (s: string) => numberIn(s, min, max);
  return {
    volts: { field: 'voltage', read: parseVoltage, token: true },
    phase: { field: 'phase', read: parsePhase, token: true },
    hz: { field: 'frequency_hz', read: parseHz, token: true },
    rla: { field: 'rla', read: amps(0.1, 300), token: true },
    lra: { field: 'lra', read: amps(1, 1500), token: true },
    mca: { field: 'mca', read: amps(0.5, 400), token: true },
    mocp: { field: 'mocp', read: amps(1, 600), token: true },
    refrigerant: { field: 'refrigerant', read: (s) => findRefrigerant(s)?.value, token: true },
    charge: { field: 'refrigerant_charge', read: parseCharge, token: false },
    input: { field: 'input_btuh', read: parseBtu, token: false },
    output: { field: 'output_btuh', read: parseBtu, token: false },
    capacity: { field: 'capacity_btuh', read: parseBtu, token: false },
    gallons: { field: 'tank_gallons', read: amps(1, 150), token: true },
    tons: { field: 'tons', read: amps(0.5, 30), token: true },
    date: { field: 'manufacture_date', read: (s) => parseDate(s, currentYear), token: false },
  };
}

function offerTriple(out: FieldCollector, triple: { voltage: string; phase: string; hz: string }, trust: number, raw: string): void {
  out.offer('voltage', triple.voltage, trust, raw);
  out.offer('phase', triple.phase, trust, raw);
  out.offer('frequency_hz', triple.hz, trust, raw);
}

/** Values recognizable by their units or shape, with no label before them. */
function scanUnlabeled(text: string, labelKinds: LabelKind[], out: FieldCollector): void {
  const upper = text.toUpperCase();
  const triple = parseVoltsPhaseHz(upper);
  if (triple) offerTriple(out, triple, TRUST.shape, text);
  let m: RegExpExecArray | null;
  if ((m = /(?<![\d./-])(\d{3}(?:\s*[/-]\s*\d{3})?)\s*(?:V|VAC|VOLTS?)(?![A-Z0-9])/.exec(upper)))
    out.offer('voltage', parseVoltage(m[1]), TRUST.unitSuffix, m[0]);
  if ((m = /(?<![\d./-])([13])[\s:.-]*(?:PH|PHASE)(?![A-Z])/.exec(upper))) out.offer('phase', m[1], TRUST.unitSuffix, m[0]);
  if ((m = /\b(SINGLE|THREE)[\s-]*PHASE/.exec(upper))) out.offer('phase', m[1] === 'SINGLE' ? '1' : '3', TRUST.unitSuffix, m[0]);
  if ((m = /(?<![\d./-])([56]0)[\s:.-]*(?:HZ|HERTZ|CYCLES?)(?![A-Z])/.exec(upper))) out.offer('frequency_hz', m[1], TRUST.unitSuffix, m[0]);
  const refrigerant = findRefrigerant(text);
  if (refrigerant) {
    out.offer('refrigerant', refrigerant.value, TRUST.shape + 0.1, text.slice(refrigerant.index, refrigerant.end));
    const rest = text.slice(refrigerant.end);
    out.offer('refrigerant_charge', parseCharge(rest), TRUST.shape, rest);
  }
  if ((m = /(?<![\d.])(\d{1,3}(?:\.\d)?)\s*(?:U\.?\s?S\.?\s*)?GAL(?:LONS?|S)?\.?(?![A-Z])/.exec(upper))) {
    out.offer('tank_gallons', numberIn(m[1], 1, 150), TRUST.unitSuffix, m[0]);
  }
  if ((m = /(?<![\d.])(\d{1,2}(?:\.\d{1,2})?)\s*-?\s*TONS?(?![A-Z])/.exec(upper))) out.offer('tons', numberIn(m[1], 0.5, 30), TRUST.shape, m[0]);
  if (!labelKinds.some((k) => k === 'input' || k === 'output' || k === 'capacity') && (m = /([\d,. ]{4,10})\s*BTU/.exec(upper))) {
    out.offer('capacity_btuh', parseBtu(m[1].trim()), 0.5, m[0]);
  }
}

/**
 * Picks each identifier's spelling among its OCR look-alike readings, asking the decoders about
 * serials. A field printed more than once (bilingual columns, a motor-data table repeating the
 * unit's model and serial) is a vote: the spelling with the most trust summed over its readings
 * wins, and each reading that agrees raises its confidence.
 */
function offerIdentifiers(found: Array<{ hit: LabelHit; raw: string; trust: number }>, out: FieldCollector, options: NameplateParserOptions): void {
  const brand = out.fields.brand?.value ?? null;
  const votes = new Map<
    string,
    { field: NameplateFieldName; value: string; confidence: number; support: number; count: number; raw: string; others: string[] }
  >();
  for (const { hit, raw, trust } of found) {
    const field = hit.kind === 'model' ? 'model_number' : 'serial_number';
    const reading = readIdentifier(field, raw, brand, options);
    if (!reading) continue;
    const { best, others } = reading;
    const confidence = reading.confidence(trust);
    const key = `${field} ${best.value}`;
    const vote = votes.get(key);
    if (vote) {
      vote.support += confidence;
      vote.count++;
      vote.confidence = Math.max(vote.confidence, confidence);
    } else {
      const label = hit.cell.text.slice(hit.start, hit.end);
      votes.set(key, { field, value: best.value, confidence, support: confidence, count: 1, raw: `${label} ${raw}`, others: others.map((c) => c.value) });
    }
  }
  const ranked = [...votes.values()].sort((a, b) => b.support - a.support);
  for (const field of ['model_number', 'serial_number'] as const) {
    const [winner, ...rest] = ranked.filter((v) => v.field === field);
    if (!winner) continue;
    const agreement = Math.min(0.1, 0.05 * (winner.count - 1));
    const disagreement = rest.length > 0 ? 0.1 : 0;
    const alternatives = [...new Set([...rest.map((v) => v.value), ...winner.others])].filter((v) => v !== winner.value).slice(0, 4);
    out.offer(field, winner.value, Math.min(0.99, winner.confidence + agreement - disagreement), winner.raw, alternatives);
  }
}

/** A reading of one identifier: the chosen spelling, the others, and how much the checks trust it (a factor of the placement's trust). */
export interface IdentifierReading {
  /** The spelling chosen. */
  best: IdentifierCandidate;
  /** Other spellings, best first. */
  others: IdentifierCandidate[];
  /** Its confidence given the trust its placement earns: less per changed character, more when a decoder accepts it, less when a check refuses it or had to choose it. */
  confidence: (trust: number) => number;
}

/**
 * Picks the spelling of an identifier among its OCR look-alike readings. Serials go by what the
 * brand's serial decoders accept; models by the brand's model grammars, and a lone letter between
 * digits is kept as read, as models have many. A spelling chosen by a grammar over the one the
 * characters alone favour, or one no grammar of the brand accepts, is trusted less.
 */
export function readIdentifier(
  field: 'model_number' | 'serial_number',
  raw: string,
  brand: string | null,
  options: NameplateParserOptions,
): IdentifierReading | undefined {
  if (field === 'serial_number') {
    const judge = options.isPlausibleSerial;
    const accept = judge ? (value: string) => safely(() => judge(brand, value)) : undefined;
    const [best, ...others] = identifierCandidates(raw, accept, 5, true);
    if (!best) return undefined;
    // Two spellings the checks rank alike (U or Q read as O, both accepted) are a guess between them.
    const tie = others.length > 0 && best.score - others[0].score < TIE ? GRAMMAR_DOUBT : 0;
    const base = (trust: number) => trust - 0.05 * best.changes - tie;
    if (!accept) return { best, others, confidence: base };
    const accepted = accept(best.value);
    return { best, others, confidence: (trust) => (accepted ? Math.min(0.99, base(trust) + 0.05) : base(trust) * 0.7) };
  }
  const grammar = options.fitsModelGrammar;
  const fits = grammar ? (value: string) => safely(() => grammar(brand, value) === true) : undefined;
  const [best, ...others] = identifierCandidates(raw, fits, 5, false);
  if (!best) return undefined;
  const tie = others.length > 0 && best.score - others[0].score < TIE ? GRAMMAR_DOUBT : 0;
  const base = (trust: number) => trust - 0.05 * best.changes - tie;
  if (!fits || safely(() => grammar!(brand, best.value) === undefined)) return { best, others, confidence: base };
  const chosen = !fits(best.value) || identifierCandidates(raw, undefined, 1, false)[0].value !== best.value;
  return { best, others, confidence: (trust) => base(trust) - (chosen ? GRAMMAR_DOUBT : 0) };
}

function safely(judge: () => boolean): boolean {
  try {
    return judge();
  } catch {
    return false;
  }
}
