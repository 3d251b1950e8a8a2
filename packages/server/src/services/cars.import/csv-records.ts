import { AppError } from '../../kit/app-error.ts';
import { columnName } from '../../kit/xlsx-rows.ts';

/**
 * Records of a CSV text that arrives in chunks, for the feed import (feed-parsers.ts). csv-parse
 * took a quarter of the import's busy time on a 50,000-row feed: it turns every field into a Buffer
 * and back (docs/decisions/import.md, "Where does a feed come from, and in which format?"). This
 * reader scans the text itself: one delimiter (the header's), fields in double quotes with `""` for
 * a quote, line ends LF, CRLF or CR, empty lines skipped, rows of any length. It is lenient where
 * csv-parse was told to be (relax_quotes): a quote inside an unquoted field is an ordinary
 * character, and what follows a closing quote up to the delimiter is kept.
 *
 * Bounded while it reads: a field past `maxFieldChars` stops the file with 'cell B7 is longer than
 * 10,000 characters' (the column's letter and the line the record starts on, as a spreadsheet shows
 * the file), as soon as the field's text reaches that length, whether it has ended or not; a record
 * past `maxRecordChars` (a quote never closed) stops it too.
 */
export interface CsvRecord {
  cells: string[];
  /** The line the record starts on (1: the header's). */
  line: number;
  /** Characters of the whole text up to the record's end (the progress estimate). */
  end: number;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

export interface CsvBounds {
  /** The longest record, in characters (a file that is not CSV, or a quote never closed). */
  maxRecordChars: number;
  /** The longest field, in characters. */
  maxFieldChars: number;
}

interface Parsed {
  cells: string[];
  next: number;
  lines: number;
}

export class CsvRecords {
  /** The text not made into records yet (at most the start of one record). */
  private rest = '';
  /** Characters before `rest`, and the line it starts on. */
  private offset = 0;
  private line = 1;
  private readonly delimiter: number;

  constructor(delimiter: string, private readonly bounds: CsvBounds) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  private recordTooLong() {
    return new AppError(400, 'file_csv_record_too_long', { line: this.line, max: this.bounds.maxRecordChars }, 'file');
  }

  /** Refuses a field (whole or its start so far) past the bound: `index` is its place in the record. */
  private checkField(length: number, index: number) {
    if (length > this.bounds.maxFieldChars) throw new AppError(400, 'file_cell_too_long', { cell: `${columnName(index)}${this.line}`, max: this.bounds.maxFieldChars }, 'file');
  }

  /** The records this chunk completes; an unfinished last one waits for the next chunk. */
  push(chunk: string): CsvRecord[] {
    this.rest += chunk;
    return this.take(false);
  }

  /** The last record, once the text has ended. */
  end(): CsvRecord[] {
    return this.take(true);
  }

  private take(final: boolean): CsvRecord[] {
    const text = this.rest;
    const records: CsvRecord[] = [];
    let at = 0;
    while (at < text.length) {
      const parsed = this.record(text, at, final);
      if (!parsed) {
        if (text.length - at > this.bounds.maxRecordChars) throw this.recordTooLong();
        break;
      }
      if (parsed.next - at > this.bounds.maxRecordChars) throw this.recordTooLong();
      const empty = parsed.cells.length === 1 && parsed.next - at <= 2 && parsed.cells[0] === '';
      if (!empty) records.push({ cells: parsed.cells, line: this.line, end: this.offset + parsed.next });
      this.line += parsed.lines;
      at = parsed.next;
    }
    this.rest = text.slice(at);
    this.offset += at;
    return records;
  }

  /** The record starting at `start`; null when the text ends inside it and more may come. */
  private record(text: string, start: number, final: boolean): Parsed | null {
    const cells: string[] = [];
    const length = text.length;
    let at = start;
    let lines = 0;
    for (;;) {
      let cell: string;
      if (text.charCodeAt(at) === QUOTE) {
        const quoted = this.quoted(text, at + 1, final, cells.length);
        if (!quoted) return null;
        cell = quoted.value;
        lines += quoted.lines;
        at = quoted.next;
      } else {
        let end = at;
        for (let code = text.charCodeAt(end); end < length && code !== this.delimiter && code !== LF && code !== CR; code = text.charCodeAt(++end));
        cell = text.slice(at, end);
        at = end;
      }
      this.checkField(cell.length, cells.length);
      cells.push(cell);
      if (at >= length) return final ? { cells, next: at, lines } : null;
      const code = text.charCodeAt(at);
      if (code === this.delimiter) {
        at++;
        if (at >= length && !final) return null;
        continue;
      }
      // A line end: CR LF, LF or CR (a CR at the chunk's end may be followed by its LF).
      if (code === CR) {
        if (at + 1 >= length && !final) return null;
        at += text.charCodeAt(at + 1) === LF ? 2 : 1;
      } else at++;
      return { cells, next: at, lines: lines + 1 };
    }
  }

  /** A quoted field's value from after its opening quote, then what follows the closing quote up to the delimiter or line end. */
  private quoted(text: string, from: number, final: boolean, index: number): { value: string; next: number; lines: number } | null {
    const length = text.length;
    let value = '';
    let at = from;
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote < 0) {
        // The field goes on to the text's end: all of that is its value.
        this.checkField(value.length + length - at, index);
        if (!final) return null;
        value += text.slice(at);
        at = length;
        break;
      }
      value += text.slice(at, quote);
      // The text ends at a quote: a `""` may be cut in two.
      if (quote + 1 >= length && !final) return null;
      if (text.charCodeAt(quote + 1) === QUOTE) {
        value += '"';
        at = quote + 2;
        continue;
      }
      at = quote + 1;
      break;
    }
    let end = at;
    for (let code = text.charCodeAt(end); end < length && code !== this.delimiter && code !== LF && code !== CR; code = text.charCodeAt(++end));
    if (end > at) value += text.slice(at, end);
    return { value, next: end, lines: lineBreaks(value) };
  }
}

/** The line breaks inside a value (CR LF counted once). */
function lineBreaks(value: string): number {
  if (value.indexOf('\n') < 0 && value.indexOf('\r') < 0) return 0;
  let count = 0;
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    if (code === LF || (code === CR && value.charCodeAt(at + 1) !== LF)) count++;
  }
  return count;
}
