import { BoundedXml, XML_LIMITS } from '../../kit/bounded-xml.ts';
import { AppError } from '../../kit/app-error.ts';
import type { FileReader } from '../../kit/untrusted-file.ts';

/**
 * The reader of accessories in YML (Yandex Market's XML: `<offer id available><name><price>
 * <vendorCode><categoryId><picture>...<param name>`), run in the readers' worker
 * (src/file-readers.ts). Every value is bounded while read (kit/bounded-xml.ts: no DOCTYPE, no
 * entity expansion); at most `maxRows` offers, `maxPictures` pictures and `maxParams` params each.
 * CSV and XLSX files are read by the kit's spreadsheet reader.
 */
export interface AccessoryFeedRow {
  row: number;
  values: Record<string, string>;
  pictures: string[];
  params: Record<string, string>;
}

export const ACCESSORY_FEED_LIMITS = { maxRows: 20_000, maxCellLength: 10_000, maxPictures: 10, maxParams: 50 };
export type AccessoryFeedLimits = typeof ACCESSORY_FEED_LIMITS;

/** Offer children → the import's field names. */
const FIELDS: Record<string, string> = {
  name: 'name', model: 'name', price: 'price', oldprice: 'old_price', vendorcode: 'article_code', article: 'article_code',
  categoryid: 'category', category: 'category', description: 'description', dealer: 'dealer_name', vendor: 'brand',
};

/** The encoding an XML declaration names (UTF-8 when none), from the first bytes. */
function xmlEncoding(head: Buffer): string {
  const label = head.subarray(0, 200).toString('latin1').match(/<\?xml[^>]*encoding=["']([A-Za-z0-9_-]+)["']/)?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return 'utf-8';
  }
}

export async function* readAccessoryYml(source: AsyncIterable<Buffer>, limits: AccessoryFeedLimits = ACCESSORY_FEED_LIMITS): AsyncGenerator<AccessoryFeedRow> {
  const xml = new BoundedXml({ limits: { ...XML_LIMITS, maxText: limits.maxCellLength } });
  const parser = xml.parser;
  const ready: AccessoryFeedRow[] = [];
  let count = 0;
  let current: AccessoryFeedRow | null = null;
  let depth = 0;
  let tag = '';
  let param: string | null = null;
  let text = '';
  let failure: Error | null = null;
  parser.on('doctype', () => {
    failure = new AppError(400, 'import_xml_doctype', undefined, 'file');
  });
  parser.on('error', (error) => {
    failure ??= new AppError(400, 'import_file_failed', { reason: error.message.slice(0, 200) }, 'file');
  });
  parser.on('opentag', (node) => {
    const name = node.name.toLowerCase();
    if (!current) {
      if (name === 'offer') {
        const attrs = node.attributes as Record<string, string>;
        current = { row: count + 1, values: {}, pictures: [], params: {} };
        if (attrs.id) current.values.id = String(attrs.id).slice(0, 200);
        if (attrs.available !== undefined) current.values.available = String(attrs.available).slice(0, 20);
        depth = 0;
      }
      return;
    }
    depth++;
    if (depth === 1) {
      tag = name;
      text = '';
      param = name === 'param' ? String((node.attributes as Record<string, string>).name ?? '').trim().slice(0, 100) : null;
    }
  });
  const take = (value: string) => {
    if (!current || depth !== 1) return;
    text += value;
    if (text.length > limits.maxCellLength) throw new AppError(400, 'file_xml_text_too_long', { element: tag, line: parser.line, max: limits.maxCellLength }, 'file');
  };
  parser.on('text', take);
  parser.on('cdata', take);
  parser.on('closetag', (node) => {
    if (!current) return;
    if (depth === 0 && node.name.toLowerCase() === 'offer') {
      count++;
      ready.push(current);
      current = null;
      return;
    }
    if (depth === 1) {
      const value = text.trim();
      if (value) {
        if (tag === 'picture') {
          if (current.pictures.length < limits.maxPictures) current.pictures.push(value);
        } else if (tag === 'param' && param) {
          if (Object.keys(current.params).length < limits.maxParams) current.params[param] = value;
        } else {
          const field = FIELDS[tag];
          if (field && current.values[field] === undefined) current.values[field] = value;
        }
      }
    }
    depth--;
  });
  let decoder: TextDecoder | null = null;
  for await (const chunk of source) {
    decoder ??= new TextDecoder(xmlEncoding(chunk));
    xml.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
    if (count > limits.maxRows) throw new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
    yield* ready.splice(0);
  }
  if (decoder) xml.write(decoder.decode());
  xml.close();
  if (failure) throw failure;
  if (count > limits.maxRows) throw new AppError(400, 'import_too_many_rows', { max: limits.maxRows }, 'file');
  yield* ready.splice(0);
}

/** The YML reader as the worker runs it. */
export const accessoryYmlReader: FileReader<AccessoryFeedLimits, AccessoryFeedRow> = {
  formats: ['xml'],
  read: (source, limits) => readAccessoryYml(source, limits),
};
