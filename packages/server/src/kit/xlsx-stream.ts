import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { DATE_TIME_FORMAT, excelSerial, xlsxCellKind, type SheetValue } from './sheet-cells.ts';
import { columnName } from './xlsx-rows.ts';

/**
 * A one-sheet XLSX written as it goes (exports of a million rows; docs/decisions/requests.md, "How
 * are requests listed, exported and erased?"; docs/performance.md, "bench:requests"): the ZIP is
 * made here, the sheet's XML deflated as a stream (its sizes and CRC in a data descriptor after
 * it), so memory holds one batch of rows, never the workbook. Cells keep their type as
 * kit/sheet-cells.ts decides: text as inline strings exactly as given (no shared strings table to
 * keep; a string cell is never a formula, so nothing is prefixed), numbers, booleans, and date-times
 * as Excel dates with the styles part's date format. `addRows` waits while the reader is behind
 * (backpressure). No ZIP64: a sheet up to 4 GB unpacked (a million rows are ~0.8 GB).
 *
 * The sheet's XML goes straight into chunk Buffers, the markup byte by byte and each text with
 * Buffer#write, with no string per row: a batch's XML as one string is a rope of thousands of
 * pieces whose flattening and encoding (Cyrillic text makes it two-byte) cost more than all the
 * rest of the writer, and a string per row is enough garbage to push the rows being read into the
 * old generation (docs/performance.md, "bench:requests").
 */
export type XlsxCell = SheetValue;

export interface XlsxOptions {
  /** Aborted when the reader went away: waits for room end at once. */
  signal?: AbortSignal;
  /** Widths of the first columns, in characters (a date-time needs ~17 to show, not ####). */
  widths?: readonly number[];
}

/** The bytes of sheet XML handed to the deflate at a time. */
const CHUNK = 256 * 1024;
const enc = (text: string) => Buffer.from(text, 'utf8');
// Characters XML 1.0 does not allow (a control character in a visitor's text would break the file).
const INVALID_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const NEEDS_ESCAPE = /[&<>\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
// Most cells need nothing: one test, and the replacements only for those that do.
const escapeXml = (text: string) => (NEEDS_ESCAPE.test(text) ? text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text);

/** `xml:space="preserve"` only where it matters, leading or trailing white space (as openpyxl does): 19 bytes less a text cell. */
const edgeSpace = (text: string) => text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;

/** The cell format (index into cellXfs) of date-time cells, and the markup opening such a cell's value. */
const DATE_STYLE = 1;
const DATE_VALUE = `" s="${DATE_STYLE}"><v>`;
/** Two cell formats: the default, and date-times (DATE_TIME_FORMAT, a custom number format). */
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATE_TIME_FORMAT}"/></numFmts>` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** The sheet's column widths (`<cols>`), empty when none are given. */
const colsXml = (widths: readonly number[]) => (widths.length ? `<cols>${widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>` : '');

const FIXED_PARTS = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  ['_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'],
  [
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName).replace(/"/g, '&quot;').slice(0, 31)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  ['xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>'],
  ['xl/styles.xml', STYLES],
];

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  descriptor: boolean;
}

// DOS time and date of 1980-01-01 00:00 (the files' dates are not worth a clock).
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function localHeader(entry: Entry): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.descriptor ? 0x0808 : 0x0800, 6); // UTF-8 names; bit 3: sizes follow the data
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(entry.descriptor ? 0 : entry.crc, 14);
  header.writeUInt32LE(entry.descriptor ? 0 : entry.compressed, 18);
  header.writeUInt32LE(entry.descriptor ? 0 : entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Entry): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.descriptor ? 0x0808 : 0x0800, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

export interface XlsxStream {
  /** The file's bytes, to send. */
  stream: PassThrough;
  /** Adds rows to the sheet; resolves when the reader has room for more (or has gone away). */
  addRows(rows: readonly XlsxCell[][]): Promise<void>;
  /**
   * Adds one row now (a reading loop adds each row as it arrives, so that rows are garbage at once,
   * not a batch that outlives young-generation GCs); `ready` before the next batch.
   */
  addRow(cells: readonly XlsxCell[]): void;
  /** Resolves when the reader has room for more (or has gone away). */
  ready(): Promise<void>;
  /** Ends the sheet and the file. */
  end(): Promise<void>;
}

export function xlsxStream(sheetName: string, { signal, widths = [] }: XlsxOptions = {}): XlsxStream {
  const stream = new PassThrough();
  const entries: Entry[] = [];
  let offset = 0;
  const put = (data: Buffer) => {
    offset += data.length;
    return stream.write(data);
  };
  for (const [name, text] of FIXED_PARTS(sheetName)) {
    const data = enc(text);
    const packed = deflateRawSync(data);
    const entry: Entry = { name: enc(name), crc: crc32(data), compressed: packed.length, size: data.length, offset, descriptor: false };
    entries.push(entry);
    put(localHeader(entry));
    put(packed);
  }
  const sheet: Entry = { name: enc('xl/worksheets/sheet1.xml'), crc: 0, compressed: 0, size: 0, offset, descriptor: true };
  entries.push(sheet);
  put(localHeader(sheet));
  // Level 1: the sheet's XML repeats itself, fast deflate keeps most of the gain for a fraction of the CPU.
  const deflate = createDeflateRaw({ level: 1, chunkSize: 64 * 1024 });
  deflate.on('data', (packed: Buffer) => {
    sheet.compressed += packed.length;
    put(packed);
  });
  deflate.on('error', (error) => stream.destroy(error));
  const columns = Array.from({ length: 64 }, (_, i) => columnName(i));
  let rowNumber = 0;
  // The sheet's XML goes to the deflate in chunks of CHUNK bytes, each filled row by row. A chunk
  // the deflate has read is used again: new ones would each outlive a young-generation GC (the
  // deflate holds them meanwhile) and wait, promoted, for a full one, their memory with them.
  const spare: Buffer[] = [];
  let buf: Buffer = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  const send = (data: Buffer, read?: () => void) => {
    sheet.crc = crc32(data, sheet.crc);
    sheet.size += data.length;
    if (sheet.size > 0xffffffff) throw new Error('the sheet is larger than 4 GB');
    deflate.write(data, read);
  };
  const flush = () => {
    if (!used) return;
    const full = buf;
    send(full.subarray(0, used), () => spare.push(full));
    buf = spare.pop() ?? Buffer.allocUnsafe(CHUNK);
    used = 0;
  };
  /** ASCII markup (no escaping). */
  const ascii = (text: string) => {
    const length = text.length;
    if (used + length > CHUNK) flush();
    const bytes = buf;
    const at = used;
    for (let i = 0; i < length; i++) bytes[at + i] = text.charCodeAt(i);
    used = at + length;
  };
  /** A whole number >= 0 in decimal. */
  const digits = (value: number) => {
    if (used + 16 > CHUNK) flush();
    let length = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length++;
    const bytes = buf;
    let at = used + length;
    used = at;
    let rest = value;
    do {
      bytes[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  };
  /** Escaped text as UTF-8 (a UTF-16 unit is at most 3 bytes of it). */
  const text = (value: string) => {
    if (used + value.length * 3 > CHUNK) {
      flush();
      if (value.length * 3 > CHUNK) return send(Buffer.from(value, 'utf8'));
    }
    used += buf.write(value, used);
  };
  /** A finite number as its shortest decimal. */
  const decimal = (value: number) => {
    if (Number.isSafeInteger(value) && value >= 0) digits(value);
    else ascii(String(value));
  };
  const row = (number: number, cells: readonly XlsxCell[]) => {
    ascii('<row r="');
    digits(number);
    ascii('">');
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i];
      const kind = xlsxCellKind(value);
      if (kind === 'empty') continue;
      ascii('<c r="');
      ascii(columns[i] ?? columnName(i));
      digits(number);
      if (kind === 'number') {
        ascii('"><v>');
        decimal(value as number);
        ascii('</v></c>');
      } else if (kind === 'date') {
        ascii(DATE_VALUE);
        decimal(excelSerial(value as Date));
        ascii('</v></c>');
      } else if (kind === 'boolean') {
        ascii(value ? '" t="b"><v>1</v></c>' : '" t="b"><v>0</v></c>');
      } else {
        const string = escapeXml(String(value));
        ascii(edgeSpace(string) ? '" t="inlineStr"><is><t xml:space="preserve">' : '" t="inlineStr"><is><t>');
        text(string);
        ascii('</t></is></c>');
      }
    }
    ascii('</row>');
  };
  const drained = async () => {
    flush();
    if (signal?.aborted) return;
    // A reader gone away ends the wait (once's signal rejects it and removes its listener).
    const waits: Promise<unknown>[] = [];
    if (deflate.writableNeedDrain) waits.push(once(deflate, 'drain', signal ? { signal } : {}));
    if (stream.writableNeedDrain) waits.push(once(stream, 'drain', signal ? { signal } : {}));
    await Promise.all(waits).catch(() => undefined);
  };
  ascii('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' + colsXml(widths) + '<sheetData>');
  return {
    stream,
    async addRows(rows) {
      for (const cells of rows) row(++rowNumber, cells);
      await drained();
    },
    addRow(cells) {
      row(++rowNumber, cells);
    },
    ready: drained,
    async end() {
      ascii('</sheetData></worksheet>');
      await drained();
      const finished = once(deflate, 'end');
      deflate.end();
      await finished;
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(sheet.crc, 4);
      descriptor.writeUInt32LE(sheet.compressed, 8);
      descriptor.writeUInt32LE(sheet.size, 12);
      put(descriptor);
      const directoryAt = offset;
      const directory = Buffer.concat(entries.map(centralHeader));
      put(directory);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(directoryAt, 16);
      stream.end(end);
    },
  };
}

/** A whole sheet as the file's bytes in memory, for a small one (a mail's attachment, a file in a ZIP). */
export async function xlsxFile(sheetName: string, rows: Iterable<readonly XlsxCell[]>, options: Omit<XlsxOptions, 'signal'> = {}): Promise<Buffer> {
  const workbook = xlsxStream(sheetName, options);
  const chunks: Buffer[] = [];
  workbook.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(workbook.stream, 'end');
  for (const cells of rows) workbook.addRow(cells);
  await workbook.end();
  await ended;
  return Buffer.concat(chunks);
}
