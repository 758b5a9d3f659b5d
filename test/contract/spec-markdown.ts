import type { SpecEndpoint, SpecField, SpecQueryParameter, SpecRequest } from './specification';

/**
 * Reads the tables of the specification's markdown into the shapes of specification.ts, so the
 * drift test can compare them with one toEqual. Anything it cannot recognise is thrown with the
 * offending text: a reworded specification must be looked at, not silently skipped.
 */

interface Table {
  /** The closest heading above the table, without its #s. */
  heading: string;
  /** The closest paragraph line above the table (e.g. "Diagnosis object:"), or ''. */
  label: string;
  rows: Record<string, string>[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

export function readTables(markdown: string): Table[] {
  const lines = markdown.split(/\r?\n/);
  const tables: Table[] = [];
  let heading = '';
  let label = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^#+\s/.test(line)) {
      heading = line.replace(/^#+\s*/, '').trim();
      label = '';
    } else if (line.startsWith('|') && /^\|[\s|:-]+\|$/.test(lines[i + 1]?.trim() ?? '')) {
      const header = cells(line);
      const rows: Record<string, string>[] = [];
      for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(Object.fromEntries(cells(lines[i]).map((c, k) => [header[k], c])));
      i--;
      tables.push({ heading, label, rows });
    } else if (line.trim()) {
      label = line.trim();
    }
  }
  return tables;
}

function table(tables: Table[], heading: RegExp, label?: string): Table {
  const found = tables.filter((t) => heading.test(t.heading) && (label === undefined || t.label === label));
  if (found.length !== 1)
    throw new Error(`Expected one table under a heading matching ${heading}${label ? ` labelled "${label}"` : ''}, found ${found.length}`);
  return found[0];
}

function column(row: Record<string, string>, name: string): string {
  const value = row[name];
  if (value === undefined) throw new Error(`Table row ${JSON.stringify(row)} has no "${name}" column`);
  return value;
}

function required(value: string): boolean {
  if (value !== 'Yes' && value !== 'No') throw new Error(`Required column holds "${value}", expected Yes or No`);
  return value === 'Yes';
}

const fields = (t: Table, withRequired: boolean): SpecField[] =>
  t.rows.map((row) => ({
    name: column(row, 'Field'),
    type: column(row, 'Type') as SpecField['type'],
    ...(withRequired ? { required: required(column(row, 'Required')) } : {}),
    meaning: column(row, 'Meaning'),
  }));

export interface SpecTables {
  workOrderInput: SpecField[];
  diagnosisResult: SpecField[];
  previousFix: SpecField[];
  diagnosis: SpecField[];
  pricing: SpecField[];
  context: SpecField[];
  endpoints: SpecEndpoint[];
}

export function parseSpecification(markdown: string): SpecTables {
  const tables = readTables(markdown);
  const pricing = /Pricing object \(all fields are strings\): ([^.]+)\./.exec(markdown);
  if (!pricing) throw new Error('The sentence "Pricing object (all fields are strings): ..." is missing');
  return {
    workOrderInput: fields(table(tables, /^Work order input\b/), true),
    diagnosisResult: fields(table(tables, /^Diagnosis result\b/, 'Top-level fields:'), false),
    previousFix: fields(table(tables, /^Diagnosis result\b/, 'Previous-fix object:'), false),
    diagnosis: fields(table(tables, /^Diagnosis result\b/, 'Diagnosis object:'), false),
    pricing: pricing[1].split(',').map((name) => ({ name: name.trim(), type: 'string' as const, meaning: '' })),
    context: fields(table(tables, /^Diagnosis result\b/, 'Context object:'), false),
    endpoints: tables.filter((t) => /^\d+\.\s/.test(t.heading) && t.rows[0]?.Item !== undefined).map((t) => endpoint(t, tables)),
  };
}

function endpoint(t: Table, tables: Table[]): SpecEndpoint {
  const items = Object.fromEntries(t.rows.map((row) => [column(row, 'Item'), column(row, 'Shape')]));
  const methodAndPath = /^(POST|GET|PUT|PATCH|DELETE) (\/\S*)$/.exec(items['Method and path'] ?? '');
  if (!methodAndPath) throw new Error(`"${t.heading}": unreadable method and path "${items['Method and path']}"`);
  const success = /^HTTP (\d{3}) with .*\b(diagnosis result|asset profile)\b/.exec(items.Success ?? '');
  if (!success || success[1] !== '200') throw new Error(`"${t.heading}": unreadable success "${items.Success}"`);
  return {
    title: t.heading.replace(/^\d+\.\s*/, ''),
    method: methodAndPath[1].toLowerCase() as 'post',
    path: methodAndPath[2],
    request: request(t, items, tables),
    successStatus: 200,
    success: success[2] as SpecEndpoint['success'],
  };
}

function request(t: Table, items: Record<string, string>, tables: Table[]): SpecRequest {
  const contentType = /\b(application\/json|multipart\/form-data)\b/.exec(items['Content type of request'] ?? '')?.[1];
  if (contentType === 'application/json') {
    if (!/^Work order input object\b/.test(items['Request body'] ?? '')) throw new Error(`"${t.heading}": unreadable request body "${items['Request body']}"`);
    return { kind: 'json', contentType, body: 'work order input' };
  }
  if (contentType === 'multipart/form-data') {
    const field = /^(\w+) \((required|optional)\): (binary)\b/.exec(items['Form field'] ?? '');
    if (!field) throw new Error(`"${t.heading}": unreadable form field "${items['Form field']}"`);
    return { kind: 'multipart', contentType, fields: [{ name: field[1], required: field[2] === 'required', format: 'binary' }] };
  }
  if (/^Query-string parameters, no request body$/.test(items.Input ?? '')) {
    const query = table(tables, new RegExp(`^${t.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), 'Query parameters:');
    const parameters: SpecQueryParameter[] = query.rows.map((row) => ({
      name: column(row, 'Name'),
      type: column(row, 'Type') as 'string',
      required: required(column(row, 'Required')),
      description: column(row, 'Description'),
    }));
    return { kind: 'query', contentType: null, parameters };
  }
  throw new Error(`"${t.heading}": cannot tell how the request is made from ${JSON.stringify(items)}`);
}
