import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInflateRaw } from 'node:zlib';
import { BoundedXml, XML_LIMITS } from './bounded-xml.ts';
import { AppError } from './app-error.ts';

/**
 * The rows of an XLSX workbook's first sheet, read as its part inflates (feeds and the file
 * imports, kit/spreadsheet-rows.ts). exceljs' `load` kept every cell as objects (1.1 GB of RSS
 * for 50,000 rows of a 5 MB file) and its streaming reader broke characters cut at its chunks'
 * ends (docs/decisions/import.md, "Where does a feed come from, and in which format?"), so saxes
 * parses the parts here, decoding UTF-8 across chunk ends.
 * The file itself is held so that the ZIP's unpacked size is checked before anything inflates it.
 * The first sheet is the lowest `xl/worksheets/sheetN.xml` (what Excel and the export libraries
 * write for the first sheet). Cells are texts as stored: shared and inline strings (rich text
 * runs joined), numbers as written, booleans true/false, a formula's stored result (never
 * evaluated), errors as ''; dates as their serial number (styles are not read).
 *
 * Every value is bounded while it is read (kit/bounded-xml.ts): a cell whose text, shared string or
 * formula passes `maxCellLength` stops the file with 'cell B2 is longer than 10,000 characters'.
 * A shared string past the bound is kept as "too long" (its text dropped as it comes), so the
 * error names the first cell that uses it; one no cell uses is harmless.
 *
 * Shared strings (a cell of type `s` is an index into them) are held out of the heap when long:
 * a 50,000-row feed's distinct descriptions were 70 MB of strings, and the heap thrashed under
 * a 160 MB limit. Short ones (brands, models, colours: repeated) stay in memory; longer ones are
 * written to a temporary file, read back at their offset when a cell refers to them.
 */
export interface XlsxRow {
  /** The row's number in the sheet, from 1. */
  number: number;
  cells: string[];
  /** The rows the sheet declares (`<dimension ref="A1:Y50001">`), for the progress; null when it does not say. */
  total: number | null;
}

export interface XlsxReadOptions {
  /** The most the workbook's parts may unpack to, in bytes (a "zip bomb" is refused). */
  maxUnpackedBytes: number;
  /** Cells kept per row (the rest are skipped). */
  maxColumns: number;
  /** The longest cell text, in characters: a longer one (inline, shared, formula) refuses the file. */
  maxCellLength: number;
  /** Numbers as JavaScript writes them (Excel's 1.6000000000000001 → 1.6, as exceljs gave), not as stored. */
  shortestNumbers?: boolean;
}

/** Where shared strings are kept (a mutable object: tests lower them to reach them with small files). */
export const XLSX_STRING_LIMITS = {
  /** A string of at most this many characters stays in memory; a longer one goes to the file. */
  maxMemoryLength: 64,
  /** The characters kept in memory in all; past that, every string goes to the file. */
  maxMemoryChars: 8 * 1024 * 1024,
  /** The bytes buffered before a write to the file. */
  writeBuffer: 64 * 1024,
};

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const unreadable = () => new AppError(400, 'import_file_unreadable', undefined, 'file');
/** A cell past the bound, by its reference (`B2`): the column from 0, the row from 1. */
const cellTooLong = (column: number, row: number, max: number) => new AppError(400, 'file_cell_too_long', { cell: `${columnName(column)}${row}`, max }, 'file');

/** A column's letters (0 → A, 27 → AB). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
/** The XML bounds of a workbook's parts: a text as long as a cell may be. */
const partLimits = (maxCellLength: number) => ({ ...XML_LIMITS, maxText: maxCellLength });

const tooLargeUnpacked = (maxBytes: number) => new AppError(400, 'import_file_too_large_unpacked', { size: Math.round(maxBytes / 1024 / 1024) }, 'file');

/** Whether the bytes start as a ZIP archive (an XLSX is one). */
export const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === ZIP_LOCAL;

/** A part of a ZIP archive: its name, how it is stored (0 stored, 8 deflated) and its bytes as stored. */
export interface ZipEntry {
  name: string;
  method: number;
  body: Buffer;
}

/** The parts of a plain (not ZIP64) archive of at most `maxEntries`, read from its central directory. */
export function zipEntries(data: Buffer, maxEntries = 500): ZipEntry[] {
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || count > maxEntries) throw unreadable();
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) throw unreadable();
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    const name = data.subarray(at + 46, at + 46 + data.readUInt16LE(at + 28)).toString('utf8');
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== ZIP_LOCAL) throw unreadable();
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    entries.push({ name, method, body: data.subarray(start, start + compressed) });
  }
  return entries;
}

/**
 * The bytes a deflated part inflates to, counted as it inflates with nothing kept (a whole sheet
 * inflated at once was 45 MB of memory for a 5 MB workbook); past `limit`, it stops there.
 */
async function inflatedSize(body: Buffer, limit: number): Promise<number> {
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(body);
  let size = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) break;
    }
  } catch {
    throw unreadable();
  }
  return size;
}

/**
 * Checks a ZIP archive before anything reads it: a plain (not ZIP64) archive of at most
 * `maxEntries` stored or deflated parts that really inflate to at most `maxBytes` in all.
 */
export async function assertZipBounded(data: Buffer, maxBytes: number, maxEntries = 500) {
  let budget = maxBytes;
  for (const { method, body } of zipEntries(data, maxEntries)) {
    if (method === 0) budget -= body.length;
    else if (method === 8) budget -= await inflatedSize(body, budget);
    else throw unreadable();
    if (budget < 0) throw tooLargeUnpacked(maxBytes);
  }
}

/**
 * A copy of a text that holds on to nothing else. saxes gives texts that are slices of the part's
 * decoded chunk, and V8 keeps a whole chunk alive for a slice of it: the VINs kept in memory held
 * the whole shared strings' text (70 MB) in the heap.
 */
const detached = (text: string) => JSON.parse(JSON.stringify(text)) as string;

/** Writes all of `length` bytes of `buffer` at the file's current end. */
function writeAll(fd: number, buffer: Buffer, length: number) {
  for (let done = 0; done < length; ) done += fs.writeSync(fd, buffer, done, length - done);
}

/**
 * A workbook's shared strings by index: short ones in memory, long ones (and all once the memory
 * bound is reached) in a temporary file, as UTF-8, written through a buffer. The file is unlinked
 * as soon as it is open (Linux keeps it readable), so a process killed mid-read leaves nothing;
 * `close` frees it.
 */
class SharedStrings {
  /** Each string by its index: its text, (a number) its place among the file's strings, or false: too long to keep. */
  private entries: (string | number | false)[] = [];
  /** Where each of the file's strings starts, in bytes; after `finish`, one more: the file's end. */
  private starts: number[] = [];
  private memoryChars = 0;
  private fd: number | null = null;
  private fileBytes = 0;
  private pending = Buffer.alloc(0);
  private pendingBytes = 0;
  private scratch = Buffer.alloc(0);

  add(text: string) {
    if (text.length <= XLSX_STRING_LIMITS.maxMemoryLength && this.memoryChars + text.length <= XLSX_STRING_LIMITS.maxMemoryChars) {
      this.memoryChars += text.length;
      this.entries.push(detached(text));
      return;
    }
    this.entries.push(this.starts.length);
    this.starts.push(this.fileBytes);
    this.write(text);
  }

  /** A string past the bound: its index answers null. */
  addTooLong() {
    this.entries.push(false);
  }

  /** All strings added: the rest of the buffer goes to the file. */
  finish() {
    this.flush();
    this.pending = Buffer.alloc(0);
    this.starts.push(this.fileBytes);
  }

  /** Whether the string at the index was too long to keep. */
  isTooLong(index: number): boolean {
    return this.entries[index] === false;
  }

  /** The string at the index ('' when there is none); null when it was too long to keep. */
  get(index: number): string | null {
    const entry = this.entries[index];
    if (entry === false) return null;
    if (typeof entry !== 'number') return entry ?? '';
    const start = this.starts[entry]!;
    const length = this.starts[entry + 1]! - start;
    if (this.scratch.length < length) this.scratch = Buffer.allocUnsafe(Math.max(length, 2 * this.scratch.length));
    for (let done = 0; done < length; ) {
      const read = fs.readSync(this.fd!, this.scratch, done, length - done, start + done);
      if (!read) throw new Error('The shared strings file ended early');
      done += read;
    }
    return this.scratch.toString('utf8', 0, length);
  }

  close() {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private write(text: string) {
    const bytes = Buffer.byteLength(text);
    if (this.pendingBytes + bytes > this.pending.length) this.flush();
    this.fileBytes += bytes;
    if (bytes > XLSX_STRING_LIMITS.writeBuffer) return writeAll(this.file(), Buffer.from(text), bytes);
    if (!this.pending.length) this.pending = Buffer.allocUnsafe(XLSX_STRING_LIMITS.writeBuffer);
    this.pendingBytes += this.pending.write(text, this.pendingBytes);
  }

  private flush() {
    if (this.pendingBytes) writeAll(this.file(), this.pending, this.pendingBytes);
    this.pendingBytes = 0;
  }

  /** The file, created on the first long string (a small workbook makes none). */
  private file(): number {
    if (this.fd === null) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-strings-'));
      const name = path.join(dir, 'strings');
      try {
        this.fd = fs.openSync(name, 'w+', 0o600);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    return this.fd;
  }
}

/** An XLSX part's text as it inflates, decoded as UTF-8 across the chunks' ends. */
async function* entryText(entry: ZipEntry): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) return void (yield decoder.decode(entry.body));
  const inflate = createInflateRaw();
  inflate.end(entry.body);
  for await (const chunk of inflate as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * A SAX parser for an XLSX part: no DOCTYPE (nothing to expand), every value bounded (a text as
 * long as a cell may be), tag names without their prefix. `onLongText` as BoundedXml's.
 */
function partParser(maxCellLength: number, onLongText?: () => boolean) {
  const xml = new BoundedXml({ limits: partLimits(maxCellLength), position: false, onLongText });
  xml.parser.on('doctype', () => {
    throw unreadable();
  });
  return xml;
}
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads the workbook's shared strings into `strings`: rich text runs joined, phonetic runs left
 * out; one past `maxCellLength` is kept as too long, its text dropped while it is read.
 */
async function readSharedStrings(entry: ZipEntry | undefined, strings: SharedStrings, maxCellLength: number) {
  if (entry) {
    let current: string | null = null;
    let tooLong = false;
    let inText = false;
    let phonetic = 0;
    // A text node past the bound inside a string marks it; elsewhere it stops the file.
    const xml = partParser(maxCellLength, () => current !== null && (tooLong = true));
    const parser = xml.parser;
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') {
        current = '';
        tooLong = false;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = current !== null && !phonetic;
    });
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') {
        if (tooLong) strings.addTooLong();
        else strings.add(current ?? '');
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    });
    parser.on('text', (text) => {
      if (!inText || tooLong || current === null) return;
      current += text;
      // Runs that are each within the bound may still add up past it.
      if (current.length > maxCellLength) {
        tooLong = true;
        current = '';
      }
    });
    for await (const text of entryText(entry)) xml.write(text);
    xml.close();
  }
  strings.finish();
}

/** Excel's last column (XFD), from 0: a reference past it is taken as it. */
const LAST_COLUMN = 16_383;

/** The column of a cell reference (`AB12` → 27), from 0; at most LAST_COLUMN. */
function columnOf(ref: string): number {
  let column = 0;
  for (const char of ref) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > LAST_COLUMN + 1) return LAST_COLUMN;
  }
  return column - 1;
}

/** A cell's text by its type: shared string, boolean, error, number (as written or as JavaScript writes it), else as stored. */
function cellText(type: string, value: string, strings: SharedStrings, options: XlsxReadOptions): string {
  if (type === 's') return value ? (strings.get(Number(value)) ?? '') : '';
  if (type === 'b') return value === '1' ? 'true' : 'false';
  if (type === 'e') return '';
  if (type === 'n' && options.shortestNumbers && value) {
    const number = Number(value);
    return Number.isFinite(number) ? String(number) : value;
  }
  return value;
}

/** The rows of a sheet, parsed as its part inflates. */
async function* sheetRows(entry: ZipEntry, strings: SharedStrings, options: XlsxReadOptions): AsyncGenerator<XlsxRow> {
  const max = options.maxCellLength;
  let row: XlsxRow | null = null;
  let cell: { column: number; type: string; value: string } | null = null;
  // A text past the bound inside a cell (its value, inline string or formula) is that cell's.
  const xml = partParser(max, () => {
    if (row && cell) throw cellTooLong(cell.column, row.number, max);
    return false;
  });
  const parser = xml.parser;
  const ready: XlsxRow[] = [];
  let total: number | null = null;
  let lastNumber = 0;
  let inValue = false;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attribute = (key: string) => (tag.attributes[key] as string | undefined) ?? '';
    if (name === 'dimension') {
      const last = /:[A-Z]+(\d+)$/.exec(attribute('ref'))?.[1];
      total = last ? Number(last) : null;
    } else if (name === 'row') {
      // A row without its number (`r` is optional) follows the one before.
      const number = Number(attribute('r'));
      lastNumber = Number.isSafeInteger(number) && number > 0 ? number : lastNumber + 1;
      row = { number: lastNumber, cells: [], total };
    } else if (name === 'c' && row) cell = { column: attribute('r') ? columnOf(attribute('r')) : row.cells.length, type: attribute('t') || 'n', value: '' };
    else if ((name === 'v' || name === 't') && cell) inValue = true;
  });
  parser.on('text', (text) => {
    if (!inValue || !cell) return;
    cell.value += text;
    // Rich text runs that are each within the bound may still add up past it.
    if (cell.value.length > max) throw cellTooLong(cell.column, row!.number, max);
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'v' || name === 't') inValue = false;
    else if (name === 'c' && row && cell) {
      // Every cell is within the bound, kept or not: a shared string too long to keep refuses the file too.
      if (cell.type === 's' && strings.isTooLong(Number(cell.value))) throw cellTooLong(cell.column, row.number, max);
      if (cell.column >= 0 && cell.column < options.maxColumns) row.cells[cell.column] = cellText(cell.type, cell.value, strings, options);
      cell = null;
    } else if (name === 'row' && row) {
      row.cells = Array.from(row.cells, (value) => value ?? '');
      ready.push(row);
      row = null;
    }
  });
  for await (const text of entryText(entry)) {
    xml.write(text);
    yield* ready.splice(0);
  }
  xml.close();
  yield* ready.splice(0);
}

/**
 * The rows of the workbook's first sheet, one at a time (empty ones too: the caller skips them).
 * Refusals are the kit's AppErrors: a damaged archive or part, or no sheet, `import_file_unreadable`;
 * a zip bomb, `import_file_too_large_unpacked`. The shared strings' file is freed when the read
 * ends, fails or is abandoned.
 */
export async function* xlsxSheetRows(data: Buffer, options: XlsxReadOptions): AsyncGenerator<XlsxRow> {
  await assertZipBounded(data, options.maxUnpackedBytes);
  const entries = zipEntries(data);
  const sheetNumber = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? Infinity);
  const sheet = entries.filter((entry) => Number.isFinite(sheetNumber(entry.name))).sort((a, b) => sheetNumber(a.name) - sheetNumber(b.name))[0];
  if (!sheet) throw unreadable();
  const strings = new SharedStrings();
  try {
    await readSharedStrings(entries.find((entry) => entry.name === 'xl/sharedStrings.xml'), strings, options.maxCellLength);
    yield* sheetRows(sheet, strings, options);
  } catch (error) {
    // The temporary file's failures (a full disk) are the server's, not the workbook's.
    if (error instanceof AppError || (error as NodeJS.ErrnoException | null)?.syscall) throw error;
    throw unreadable();
  } finally {
    strings.close();
  }
}
