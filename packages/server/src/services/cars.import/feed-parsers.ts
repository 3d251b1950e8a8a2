import type { ImportFormat } from '@dp/contracts';
import { BoundedXml, XML_LIMITS } from '../../kit/bounded-xml.ts';
import { AppError } from '../../kit/app-error.ts';
import { csvDelimiter } from '../../kit/spreadsheet-rows.ts';
import type { FileReader } from '../../kit/untrusted-file.ts';
import { xlsxSheetRows } from '../../kit/xlsx-rows.ts';
import { CsvRecords, type CsvRecord } from './csv-records.ts';

/**
 * Feed readers (spec 001 §3 "Import"): each turns a feed's bytes into rows of canonical field
 * names (IMPORT_FIELDS plus `color`, `right_steering_wheel`), streaming, one row at a time, so
 * memory does not grow with the feed. The import runs them in a worker thread (`feedReader`,
 * kit/untrusted-file.ts), where running out of memory ends the read, not the server.
 * Every value is bounded while it is read: a cell, text node, attribute or CSV field past
 * `maxCellLength` stops the file with a message naming it (cell B2, element and line). XML goes
 * through saxes (kit/bounded-xml.ts), which never expands entities; a DOCTYPE (where XXE and
 * "billion laughs" live) is refused outright. Bytes that are not valid in the feed's encoding
 * become U+FFFD, which the row check reports per row. A file's failure is an AppError whose
 * message the report gives in its reader's language.
 */
export interface FeedRow {
  /** The row's number: the car's position in an XML feed, the line in a CSV, the row in an XLSX. */
  row: number;
  values: Record<string, string>;
  /** How far into the file this row ends, for the progress estimate: bytes (text feeds, estimated from characters) or a share (XLSX). */
  consumed?: number;
  share?: number;
}

/** Bytes and characters decoded so far: a text position in characters becomes an estimate in bytes. */
interface DecodeCount {
  bytes: number;
  chars: number;
}
const bytesAt = (count: DecodeCount, chars: number) => (count.chars ? Math.round((count.bytes * chars) / count.chars) : 0);

/** A failure of the file, in words the report shows (a parser's own message). */
const fileFailed = (reason: string) => new AppError(400, 'import_file_failed', { reason: reason.slice(0, 200) }, 'file');

/**
 * Bounds of a feed. The import hands them to the reader with each file, so tests lower them here
 * (a mutable object) to reach them with small files.
 */
export const FEED_LIMITS = {
  maxRows: 100_000,
  maxXlsxBytes: 20 * 1024 * 1024,
  maxXlsxUnpackedBytes: 200 * 1024 * 1024,
  /** The longest value (cell, text node, attribute, CSV field), in characters. */
  maxCellLength: 10_000,
  /** A CSV record longer than this is refused (a file that is not CSV, or a quote never closed). */
  maxCsvRecord: 1024 * 1024,
};
export type FeedLimits = typeof FEED_LIMITS;

/** Auto.ru / Yandex (`<data><cars><car>`) tag → canonical field. */
const AUTORU_FIELDS: Record<string, string> = {
  mark_id: 'brand', folder_id: 'model', generation: 'generation', generation_id: 'generation', restyling: 'restyling',
  complectation_name: 'complectation', modification_id: 'engine', body_type: 'body', wheel: 'right_steering_wheel',
  color: 'color', availability: 'logistic_status', owners_number: 'owners', run: 'mileage', year: 'year', registry_year: 'registry_year',
  price: 'price', vin: 'vin', unique_id: 'external_id', description: 'description', credit_discount: 'credit_discount',
  insurance_discount: 'insurance_discount', tradein_discount: 'tradein_discount', credit_tradein_discount: 'credit_tradein_discount',
  pts: 'pts', doors_count: 'doors', transmission: 'transmission', drive: 'wheel_drive', gear_type: 'wheel_drive', section: 'is_new',
  marketing_complectation_code: 'marketing_complectation_code', color_code: 'body_color_code', body_color_code: 'body_color_code',
  interior_code: 'upholstery_code', upholstery_code: 'upholstery_code', dealer_code: 'dealer_code', poi_id: 'dealer_code',
};

/** Avito Autoload (`<Ads><Ad>`) tag → canonical field. */
const AVITO_FIELDS: Record<string, string> = {
  id: 'external_id', make: 'brand', model: 'model', generation: 'generation', modification: 'engine', complectation: 'complectation',
  year: 'year', price: 'price', vin: 'vin', kilometrage: 'mileage', owners: 'owners', condition: 'is_new', cartype: 'is_new',
  bodytype: 'body', transmission: 'transmission', drivetype: 'wheel_drive', wheeltype: 'right_steering_wheel', color: 'color',
  description: 'description', availability: 'logistic_status', doors: 'doors', pts: 'pts', marketingcomplectationcode: 'marketing_complectation_code',
  colorcode: 'body_color_code', interiorcode: 'upholstery_code', dealercode: 'dealer_code',
};

/** The encoding an XML declaration names (UTF-8 when none), from the first bytes. */
function xmlEncoding(head: Buffer): string {
  const declared = head.subarray(0, 200).toString('latin1').match(/<\?xml[^>]*encoding=["']([A-Za-z0-9_-]+)["']/);
  const label = declared?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return 'utf-8';
  }
}

/** The encoding of a CSV: UTF-8 when its first bytes are valid UTF-8 (or carry the BOM), else Windows-1251. */
function csvEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  // A character cut at the chunk's end is not a reason to call it 1251: decoded as a stream, its
  // start waits for the rest instead of failing (cutting a few bytes off did not: the cut could fall
  // inside a character just as well).
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1251';
  }
}

/** Decodes a byte stream chunk by chunk in the encoding chosen from its first chunk. */
async function* decoded(source: AsyncIterable<Buffer>, pick: (head: Buffer) => string, count: DecodeCount = { bytes: 0, chars: 0 }): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of source) {
    decoder ??= new TextDecoder(pick(chunk));
    const text = decoder.decode(chunk, { stream: true });
    count.bytes += chunk.length;
    count.chars += text.length;
    if (text) yield text;
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest) yield rest;
  }
}

/** Rows of an XML feed whose cars are `<rowTag>` elements; their child elements are the fields. */
async function* xmlRows(source: AsyncIterable<Buffer>, rowTag: string, fields: Record<string, string>, limits: FeedLimits): AsyncGenerator<FeedRow> {
  const xml = new BoundedXml({ limits: { ...XML_LIMITS, maxText: limits.maxCellLength } });
  const parser = xml.parser;
  const counted: DecodeCount = { bytes: 0, chars: 0 };
  const ready: FeedRow[] = [];
  let count = 0;
  let current: Record<string, string> | null = null;
  let depth = 0;
  let field: string | null = null;
  let fieldTag = '';
  let text = '';
  let failure: Error | null = null;
  parser.on('doctype', () => {
    failure = new AppError(400, 'import_xml_doctype', undefined, 'file');
  });
  parser.on('error', (error) => {
    failure ??= fileFailed(error.message);
  });
  // A feed repeats a few dozen tag names a million times: each is lowered once (the first thousand
  // names kept: a hostile feed of endless distinct names does not grow the map).
  const lowered = new Map<string, string>();
  const lower = (name: string) => {
    let low = lowered.get(name);
    if (low === undefined) {
      low = name.toLowerCase();
      if (lowered.size < 1000) lowered.set(name, low);
    }
    return low;
  };
  parser.on('opentag', (tag) => {
    const name = lower(tag.name);
    if (!current) {
      if (name === rowTag) {
        current = {};
        depth = 0;
      }
      return;
    }
    depth++;
    if (depth === 1) {
      field = fields[name] ?? null;
      fieldTag = tag.name;
      text = '';
    }
    // Avito gives image and other nested values as attributes; they are not fields here.
  });
  // A field's texts and CDATA sections, each within the bound, may still add up past it.
  const take = (value: string) => {
    if (!current || depth !== 1 || !field) return;
    text += value;
    if (text.length > limits.maxCellLength) throw new AppError(400, 'file_xml_text_too_long', { element: fieldTag, line: parser.line, max: limits.maxCellLength }, 'file');
  };
  parser.on('text', take);
  parser.on('cdata', take);
  parser.on('closetag', (tag) => {
    if (!current) return;
    if (depth === 0 && lower(tag.name) === rowTag) {
      ready.push({ row: ++count, values: current, consumed: bytesAt(counted, parser.position) });
      current = null;
      return;
    }
    if (depth === 1 && field) {
      const value = text.trim();
      if (value !== '' && current[field] === undefined) current[field] = value;
      field = null;
    }
    depth--;
  });
  for await (const chunk of decoded(source, xmlEncoding, counted)) {
    xml.write(chunk);
    if (failure) throw failure;
    if (count > limits.maxRows) throw new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
    yield* ready.splice(0);
  }
  xml.close();
  if (failure) throw failure;
  yield* ready.splice(0);
}

const headerKey = (text: string) => text.trim().replace(/^\uFEFF/, '').toLowerCase();

/** Which column feeds each field: the profile's mapping (field → header), else the header that is the field's name. */
function columnIndexes(header: string[], mapping: Record<string, string>): [string, number][] {
  const positions = new Map(header.map((name, index) => [headerKey(name), index]));
  const columns = new Map(positions);
  for (const [fieldName, column] of Object.entries(mapping)) {
    const index = positions.get(headerKey(column));
    if (index !== undefined) columns.set(fieldName, index);
  }
  return [...columns];
}

/** A row's values by field: `columns` are columnIndexes' entries, taken once per file. */
function rowValues(cells: string[], columns: [string, number][]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, index] of columns) {
    const value = (cells[index] ?? '').trim();
    if (value !== '') values[name] = value;
  }
  return values;
}

/** Rows of a CSV feed (`,`, `;` or tab; UTF-8 or Windows-1251), the first line naming the columns. */
async function* csvRows(source: AsyncIterable<Buffer>, mapping: Record<string, string>, limits: FeedLimits): AsyncGenerator<FeedRow> {
  const counted: DecodeCount = { bytes: 0, chars: 0 };
  let reader: CsvRecords | null = null;
  let head = '';
  let columns: [string, number][] | null = null;
  let count = 0;
  const rows = (records: CsvRecord[]) => {
    const ready: FeedRow[] = [];
    for (const record of records) {
      if (!columns) {
        columns = columnIndexes(record.cells, mapping);
        continue;
      }
      if (++count > limits.maxRows) throw new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
      ready.push({ row: record.line, values: rowValues(record.cells, columns), consumed: bytesAt(counted, record.end) });
    }
    return ready;
  };
  const records = (delimiter: string) => new CsvRecords(delimiter, { maxRecordChars: limits.maxCsvRecord, maxFieldChars: limits.maxCellLength });
  for await (const text of decoded(source, csvEncoding, counted)) {
    if (reader) {
      yield* rows(reader.push(text));
      continue;
    }
    // The text up to the header's end tells the delimiter (a header longer than a record is not a header).
    head += text;
    if (/[\r\n]/.test(head) || head.length > limits.maxCsvRecord) {
      reader = records(csvDelimiter(head));
      yield* rows(reader.push(head));
    }
  }
  if (!reader) {
    reader = records(csvDelimiter(head));
    yield* rows(reader.push(head));
  }
  yield* rows(reader.end());
}

/**
 * Rows of an XLSX feed's first sheet, read as it inflates by the kit (kit/xlsx-rows.ts: its long
 * shared strings in a temporary file, not the heap). The file itself is held (at most
 * maxXlsxBytes) so that the ZIP's unpacked size is checked before anything inflates it. Cells are
 * texts as stored: numbers as written, booleans true/false, dates as their serial number (a
 * feed's fields are numbers and texts).
 */
async function* xlsxRows(source: AsyncIterable<Buffer>, mapping: Record<string, string>, limits: FeedLimits): AsyncGenerator<FeedRow> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > limits.maxXlsxBytes) throw new AppError(400, 'import_feed_xlsx_too_large', { size: Math.max(1, Math.round(limits.maxXlsxBytes / 1024 / 1024)) }, 'file');
    chunks.push(chunk);
  }
  let columns: [string, number][] | null = null;
  let count = 0;
  try {
    for await (const row of xlsxSheetRows(Buffer.concat(chunks), { maxUnpackedBytes: limits.maxXlsxUnpackedBytes, maxColumns: 100, maxCellLength: limits.maxCellLength })) {
      const cells = row.cells.map((value) => value.trim());
      if (!cells.some(Boolean)) continue;
      if (!columns) {
        columns = columnIndexes(cells, mapping);
        continue;
      }
      if (++count > limits.maxRows) throw new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
      yield { row: row.number, values: rowValues(cells, columns), share: row.total ? Math.min(1, row.number / row.total) : undefined };
    }
  } catch (error) {
    if (error instanceof AppError || (error as NodeJS.ErrnoException | null)?.syscall) throw error;
    throw new AppError(400, 'import_file_unreadable', undefined, 'file');
  }
}

/** The rows of a feed in the given format, read here (the import reads them in a worker: `feedReader`). */
export function readFeed(format: ImportFormat, source: AsyncIterable<Buffer>, mapping: Record<string, string> = {}, limits: FeedLimits = FEED_LIMITS): AsyncGenerator<FeedRow> {
  switch (format) {
    case 'autoru_xml':
      return xmlRows(source, 'car', AUTORU_FIELDS, limits);
    case 'avito_xml':
      return xmlRows(source, 'ad', AVITO_FIELDS, limits);
    case 'csv':
      return csvRows(source, mapping, limits);
    case 'xlsx':
      return xlsxRows(source, mapping, limits);
  }
}

/** What the import tells the feed reader with each file. */
export interface FeedReadOptions {
  format: ImportFormat;
  mapping: Record<string, string>;
  limits: FeedLimits;
}

/** The feed reader as the worker runs it (src/file-readers.ts registers it). */
export const feedReader: FileReader<FeedReadOptions, FeedRow> = {
  formats: ['xml', 'csv', 'xlsx'],
  read: (source, options) => readFeed(options.format, source, options.mapping, options.limits),
};
