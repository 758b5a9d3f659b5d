import { IDENTIFIER_LABELS } from './identifier-labels';

/** A run of text on a line, set apart from its neighbours by two or more spaces (a column). */
export interface Cell {
  /** The text as OCR produced it (non-ASCII replaced by spaces). */
  text: string;
  /** Upper-case copy, same length, for matching. */
  upper: string;
  /** Index of its line. */
  line: number;
  /** First column (character offset in the line). */
  start: number;
  /** Column after the last character. */
  end: number;
}

/** A line of plate text split into cells. */
export interface PlateLine {
  /** Index of the line. */
  index: number;
  /** The cells, left to right. */
  cells: Cell[];
}

/** The kinds of label the parser looks for; `stop` labels only end the value of the label before them. */
export type LabelKind =
  | 'model'
  | 'serial'
  | 'volts'
  | 'phase'
  | 'hz'
  | 'v_ph_hz'
  | 'rla'
  | 'lra'
  | 'mca'
  | 'mocp'
  | 'refrigerant'
  | 'charge'
  | 'input'
  | 'output'
  | 'capacity'
  | 'gallons'
  | 'tons'
  | 'date'
  | 'stop';

/** A label found in a cell. */
export interface LabelHit {
  /** What the label announces. */
  kind: LabelKind;
  /** The cell holding it. */
  cell: Cell;
  /** Offset of the label in the cell. */
  start: number;
  /** Offset after the label in the cell. */
  end: number;
  /** Whether the label was spelled right (not an OCR-garbled reading). */
  exact: boolean;
}

/** Cleans OCR text into non-blank lines and cells: odd dashes and quotes to ASCII, table rules removed. */
export function splitPlateText(text: string): PlateLine[] {
  // Blank lines separate OCR blocks; dropping them keeps a value "below" its label adjacent.
  return text
    .split(/\r?\n/)
    .filter((raw) => raw.trim() !== '')
    .map((raw, index) => {
      const line = raw
        // Accents folded, not dropped: MODÈLE must still read as a label.
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/\t/g, '   ')
        .replace(/[\u2010-\u2015\u2212]/g, '-')
        .replace(/[\u2018\u2019\u201c\u201d`]/g, "'")
        .replace(/[^\x20-\x7e]/g, ' ')
        // A lone bar is a table rule or a screw, never text; bars inside words may be a misread 1 or I.
        .replace(/(^|\s)[|[\]{}_~]+(?=\s|$)/g, (m) => ' '.repeat(m.length));
      const cells: Cell[] = [];
      for (const match of line.matchAll(/\S+(?: \S+)*/g)) {
        const start = match.index ?? 0;
        cells.push({ text: match[0], upper: match[0].toUpperCase(), line: index, start, end: start + match[0].length });
      }
      return { index, cells };
    });
}

const FUZZY: Record<string, string> = {
  O: '[O0Q]',
  I: '[I1L|!]',
  L: '[L1I|]',
  S: '[S5$]',
  B: '[B8]',
  Z: '[Z2]',
  G: '[G6]',
  E: '[EF]',
  T: '[T7]',
};

interface LabelPattern {
  /** Matches the spellings and their OCR look-alikes. */
  tolerant: RegExp;
  /** Matches exactly one of the spellings, with nothing around it. */
  exact: RegExp;
}

/**
 * Compiles label spellings into tolerant and strict regular expressions. In a spelling, letters
 * also match their OCR look-alikes (tolerant only), a space matches spaces or dots, `.` is an
 * optional dot, `?` after a word makes it optional.
 */
function label(...spellings: string[]): LabelPattern {
  const compile = (fuzzy: boolean): string => {
    const alternatives = [...spellings]
      .sort((a, b) => b.length - a.length)
      .map((spelling) =>
        spelling
          .split(' ')
          .map((word, index) => {
            const optional = word.endsWith('?');
            const chars = [...(optional ? word.slice(0, -1) : word)];
            // OCR splits short words ("N 0." for "NO."): tolerate a space inside them.
            const inner = fuzzy && chars.filter((c) => /[A-Z]/.test(c)).length === 2 ? '\\s?' : '';
            const body = chars.map((c) => (c === '.' ? '\\.?' : (fuzzy && FUZZY[c]) || c.replace(/[/#()-]/, '\\$&'))).join(inner);
            const gap = index === 0 ? '' : '[\\s.]*';
            return optional ? `(?:${gap}${body})?` : `${gap}${body}`;
          })
          .join(''),
      );
    return alternatives.join('|');
  };
  return { tolerant: new RegExp(`(?<![A-Z0-9])(?:${compile(true)})(?![A-Z])`, 'g'), exact: new RegExp(`^(?:${compile(false)})$`) };
}

/** Label spellings by kind, in the order their hits win when two overlap. */
const LABELS: Array<[LabelKind, LabelPattern]> = [
  ['v_ph_hz', label('VOLTS-PH-HZ', 'V-PH-HZ', 'V/PH/HZ', 'VOLTS/PH/HZ', 'V-HZ-PH', 'VOLTS/HZ/PH', 'V/HZ/PH')],
  ['model', label(...IDENTIFIER_LABELS.model)],
  ['serial', label(...IDENTIFIER_LABELS.serial)],
  ['mca', label('MIN. CIRCUIT AMPACITY', 'MINIMUM CIRCUIT AMPACITY', 'MIN. CIRCUIT AMPS', 'MIN. CKT. AMPS', 'MIN. CKT. AMPACITY', 'MCA', 'MIN. AMPACITY')],
  [
    'mocp',
    label(
      'MAX. FUSE/BREAKER',
      'MAX. FUSE OR BREAKER',
      'MAX. FUSE OR HACR BREAKER',
      'MAX. FUSE OR HACR CIRCUIT BREAKER',
      'MAX. FUSE SIZE',
      'MAX. FUSE',
      'MAXIMUM FUSE',
      'MAX. BREAKER',
      'MAX. CKT. BKR',
      'MAX. OVERCURRENT PROTECTION',
      'MAX. OVERCURRENT PROTECTIVE DEVICE',
      'MAX. OVERCURRENT',
      'MAXIMUM OVERCURRENT PROTECTION',
      'MOCP',
      'MOP',
    ),
  ],
  ['rla', label('RLA', 'R.L.A.', 'RATED LOAD AMPS')],
  ['lra', label('LRA', 'L.R.A.', 'LOCKED ROTOR AMPS')],
  ['volts', label('VOLTS', 'VOLTAGE', 'VOLT', 'VAC')],
  ['phase', label('PH.', 'PHASE')],
  ['hz', label('HZ', 'HERTZ', 'CYCLES')],
  ['charge', label('FACTORY CHARGE', 'REFRIGERANT CHARGE', 'CHARGE', 'FACTORY CHG.')],
  ['refrigerant', label('REFRIGERANT TYPE?', 'REFRIG.')],
  ['input', label('INPUT BTU/H', 'INPUT BTU/HR', 'INPUT BTUH', 'INPUT RATING', 'INPUT (BTU/H)', 'INPUT')],
  ['output', label('OUTPUT BTU/H', 'OUTPUT BTU/HR', 'OUTPUT BTUH', 'OUTPUT CAPACITY', 'HEATING CAPACITY', 'OUTPUT', 'BONNET CAPACITY')],
  ['capacity', label('COOLING CAPACITY', 'NOMINAL CAPACITY', 'CAPACITY BTU/H', 'CAPACITY')],
  ['gallons', label('CAP. GAL.', 'TANK CAPACITY', 'GALLONS', 'CAP. (GAL)', 'U.S. GALLONS')],
  ['tons', label('NOMINAL TONS', 'TONNAGE', 'TONS')],
  [
    'date',
    label(
      'MFG. DATE',
      'MFG DATE',
      'DATE OF MFG.',
      'DATE OF MANUFACTURE',
      'MANUFACTURE DATE',
      'MANUFACTURED',
      'MFD.',
      'DATE MFG.',
      'MFG.',
      'MFR. DATE',
      'DATE CODE',
    ),
  ],
  [
    'stop',
    label(
      'QTY',
      'FLA',
      'HP',
      'PSIG',
      'MADE IN',
      'DESIGN PRESSURE',
      'MAX. AMPS',
      'WARNING',
      'CAUTION',
      'MANIFOLD',
      'RECOVERY',
      'OUTDOOR',
      'INDOOR',
      'FAN MOTOR',
      'COMPRESSOR',
      'MAX. WORKING',
    ),
  ],
];

/** All labels in a cell, left to right; where two overlap the longer wins, then the kind listed first. */
export function findLabels(cell: Cell): LabelHit[] {
  const hits: Array<LabelHit & { rank: number }> = [];
  LABELS.forEach(([kind, pattern], rank) => {
    for (const m of cell.upper.matchAll(pattern.tolerant)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      const spelled = cell.text.slice(start, end);
      const exact = spelled === spelled.toUpperCase() && pattern.exact.test(spelled);
      if (end > start) hits.push({ kind, cell, start, end, exact, rank });
    }
  });
  hits.sort((a, b) => b.end - b.start - (a.end - a.start) || a.rank - b.rank);
  const kept: LabelHit[] = [];
  for (const { rank: _rank, ...hit } of hits) if (!kept.some((k) => hit.start < k.end && k.start < hit.end)) kept.push(hit);
  return kept.sort((a, b) => a.start - b.start);
}

/** Text that follows a label in its cell, up to the next label. */
export function segmentAfter(hit: LabelHit, hits: LabelHit[]): string {
  const next = hits.find((h) => h.start >= hit.end);
  return hit.cell.text
    .slice(hit.end, next ? next.start : undefined)
    .replace(/^[\s:.#=)-]+/, '')
    .trim();
}

/**
 * Text under a label: the cell (or, for `token`, the word) of the next two lines that overlaps
 * the label's columns most. Plates often print labels above their values, and tables put a header
 * row over a value row.
 */
export function textBelow(hit: LabelHit, lines: PlateLine[], token: boolean): string | undefined {
  const from = hit.cell.start + hit.start;
  const to = hit.cell.start + hit.end;
  for (const line of lines.slice(hit.cell.line + 1, hit.cell.line + 3)) {
    const pieces = token
      ? line.cells.flatMap((c) =>
          [...c.text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: c.start + (m.index ?? 0), end: c.start + (m.index ?? 0) + m[0].length })),
        )
      : line.cells;
    let best: { text: string; overlap: number } | undefined;
    for (const piece of pieces) {
      const overlap = Math.min(to, piece.end) - Math.max(from, piece.start);
      if (overlap > 0 && (!best || overlap > best.overlap)) best = { text: piece.text, overlap };
    }
    if (best) return best.text;
  }
  return undefined;
}
