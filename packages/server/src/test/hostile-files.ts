import { once } from 'node:events';
import { createDeflateRaw, crc32 } from 'node:zlib';
import type { FileFormat } from '../kit/untrusted-file.ts';

/**
 * Hostile files for the readers' tests and the hostile-file suite: one value far past every
 * bound (an XLSX cell as an inline or a shared string, an XML text node or attribute, a CSV
 * field) or XML nested deeper than any feed. Read without bounds, each would need as much memory
 * as its value is long; the files themselves stay small and quick to make: an XLSX is a few
 * hundred kilobytes however long its cell (the repeated text deflates a thousandfold, made as it
 * deflates), and the text files repeat one chunk (`repeated`), so a server can stream them.
 */
export type HostileKind = 'xlsx inline string' | 'xlsx shared string' | 'xml text node' | 'xml attribute' | 'xml nesting' | 'csv field';

/** The formats each kind is written in. */
export const HOSTILE_FORMAT: Record<HostileKind, FileFormat> = {
  'xlsx inline string': 'xlsx',
  'xlsx shared string': 'xlsx',
  'xml text node': 'xml',
  'xml attribute': 'xml',
  'xml nesting': 'xml',
  'csv field': 'csv',
};

/** A text of a head, `count` times `unit`, and a tail, as chunks of about a megabyte (never the whole text at once). */
export function* repeated(head: string, unit: string, count: number, tail: string): Generator<Buffer> {
  yield Buffer.from(head);
  if (count > 0) yield* repeats(unit, count);
  yield Buffer.from(tail);
}

function* repeats(unit: string, count: number): Generator<Buffer> {
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / unit.length));
  const chunk = Buffer.from(unit.repeat(perChunk));
  let left = count;
  for (; left >= perChunk; left -= perChunk) yield chunk;
  if (left > 0) yield Buffer.from(unit.repeat(left));
}

/** A ZIP of deflated parts, each given as chunks (deflated as they come: a huge part is never whole in memory). */
export async function zip(parts: [string, Iterable<Buffer>][]): Promise<Buffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, chunks] of parts) {
    const deflate = createDeflateRaw({ level: 6 });
    const packed: Buffer[] = [];
    deflate.on('data', (data: Buffer) => packed.push(data));
    let crc = 0;
    let size = 0;
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    const ended = once(deflate, 'end');
    deflate.end();
    await ended;
    const body = Buffer.concat(packed);
    const nameBytes = Buffer.from(name);
    // The local header and the directory's entry share their fields from `version needed` on
    // (the entry has `version made by` before them): version, UTF-8 names, deflate, CRC, sizes, name.
    const fields = (record: Buffer, signature: number, at: number) => {
      record.writeUInt32LE(signature, 0);
      record.writeUInt16LE(20, at);
      record.writeUInt16LE(0x0800, at + 2);
      record.writeUInt16LE(8, at + 4);
      record.writeUInt32LE(crc, at + 10);
      record.writeUInt32LE(body.length, at + 14);
      record.writeUInt32LE(size, at + 18);
      record.writeUInt16LE(nameBytes.length, at + 22);
      return record;
    };
    const header = fields(Buffer.alloc(30), 0x04034b50, 4);
    const entry = fields(Buffer.alloc(46), 0x02014b50, 6);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt32LE(offset, 42);
    central.push(Buffer.concat([entry, nameBytes]));
    out.push(header, nameBytes, body);
    offset += header.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** The header row and the start of row 2, whose B2 is the long cell. */
const FIRST_ROWS = `<row r="1">${inline('A1', 'vin')}${inline('B1', 'description')}</row><row r="2">${inline('A2', 'XWEAB000000000001')}`;

/**
 * A workbook whose cell B2 is `length` characters (`A`): an inline string, or a shared string
 * (the table's third) that B2 uses.
 */
export function hugeCellXlsx(where: 'inline' | 'shared', length: number): Promise<Buffer> {
  const sheet =
    where === 'inline'
      ? repeated(`${SHEET_HEAD}${FIRST_ROWS}<c r="B2" t="inlineStr"><is><t>`, 'A', length, `</t></is></c></row>${SHEET_TAIL}`)
      : repeated(`${SHEET_HEAD}${FIRST_ROWS}<c r="B2" t="s"><v>2</v></c></row>${SHEET_TAIL}`, '', 0, '');
  const parts: [string, Iterable<Buffer>][] = [
    ['[Content_Types].xml', [Buffer.from(`${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`)]],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  if (where === 'shared') parts.push(['xl/sharedStrings.xml', repeated(`${XML_HEAD}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>vin</t></si><si><t>description</t></si><si><t>`, 'A', length, '</t></si></sst>')]);
  return zip(parts);
}

/** A workbook whose shared strings table holds `count` empty strings (its first sheet: one cell using the first). */
export function hugeSharedStringsXlsx(count: number): Promise<Buffer> {
  return zip([
    ['xl/worksheets/sheet1.xml', [Buffer.from(`${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`)]],
    ['xl/sharedStrings.xml', repeated(`${XML_HEAD}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`, '<si/>', count, '</sst>')],
  ]);
}

/** An Auto.ru feed of one car: its description `length` characters long. */
export const hugeXmlText = (length: number) => repeated(`${XML_HEAD}<data><cars><car><mark_id>Kia</mark_id><vin>XWEAB000000000001</vin><description>`, 'A', length, '</description></car></cars></data>');

/** An Auto.ru feed whose car has an attribute `length` characters long. */
export const hugeXmlAttribute = (length: number) => repeated(`${XML_HEAD}<data><cars><car note="`, 'A', length, '"><mark_id>Kia</mark_id></car></cars></data>');

/** An Auto.ru feed whose car's description holds `depth` nested elements. */
export const deepXml = (depth: number) => [...repeated(`${XML_HEAD}<data><cars><car><description>`, '<a>', depth, '')].concat([...repeated('', '</a>', depth, '</description></car></cars></data>')]);

/** A CSV whose second row's B cell is `length` characters long. */
export const hugeCsvField = (length: number) => repeated('vin;description\nXWEAB000000000001;', 'A', length, '\n');

/** The file of a kind whose value is `length` long (the nesting: `length` elements deep), as chunks. */
export async function hostileFile(kind: HostileKind, length: number): Promise<Buffer[]> {
  switch (kind) {
    case 'xlsx inline string':
      return [await hugeCellXlsx('inline', length)];
    case 'xlsx shared string':
      return [await hugeCellXlsx('shared', length)];
    case 'xml text node':
      return [...hugeXmlText(length)];
    case 'xml attribute':
      return [...hugeXmlAttribute(length)];
    case 'xml nesting':
      return deepXml(length);
    case 'csv field':
      return [...hugeCsvField(length)];
  }
}
