import { describe, expect, it } from 'vitest';
import { deepXml, hugeCsvField, hugeXmlAttribute, hugeXmlText, repeated } from '../../test/hostile-files.ts';
import { readFeed, type FeedRow } from './feed-parsers.ts';

/** The rows a CSV gives, fed in chunks of `chunk` bytes (a header split across chunks included). */
async function csvRows(text: string, chunk = 7): Promise<FeedRow[]> {
  const bytes = Buffer.from(text);
  async function* source() {
    for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
  }
  const rows: FeedRow[] = [];
  for await (const row of readFeed('csv', source())) rows.push(row);
  return rows;
}

describe('CSV feeds', () => {
  const description = 'Зимний пакет, подогрев руля, камера; гарантия 7 лет';

  it('takes the delimiter its header uses, so a comma or a tab inside a semicolon-separated cell stays in the cell', async () => {
    const rows = await csvRows(`vin;brand;description;images\nXWB00000000000001;Kia;Зимний пакет, подогрев\truля;https://a.test/1.jpg,https://a.test/2.jpg\n`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toMatchObject({ vin: 'XWB00000000000001', brand: 'Kia', description: 'Зимний пакет, подогрев\truля', images: 'https://a.test/1.jpg,https://a.test/2.jpg' });
  });

  it('reads comma- and tab-separated feeds, quoted cells with the delimiter inside included', async () => {
    for (const delimiter of [',', '\t']) {
      const quoted = `"${description}"`;
      const rows = await csvRows([['vin', 'brand', 'description'].join(delimiter), ['XWB00000000000002', 'Kia', quoted].join(delimiter)].join('\n') + '\n', 5);
      expect(rows.map((row) => row.values), JSON.stringify(delimiter)).toEqual([{ vin: 'XWB00000000000002', brand: 'Kia', description }]);
    }
  });

  it('reads quoted cells with quotes, delimiters and line breaks inside, CRLF and CR line ends and empty lines, wherever the chunks end', async () => {
    const text = 'vin;description;price\r\n\r\nXWB01;"Пакет ""Зима""; камера\r\nвторая строка";100\r\nXWB02;Кожа "Nappa";200\rXWB03;"люк"и рейлинги;300\n\nXWB04;"";\n';
    for (const chunk of [1, 2, 3, 5, 8, 64]) {
      const rows = await csvRows(text, chunk);
      expect(rows.map((row) => [row.row, row.values]), `chunks of ${chunk}`).toEqual([
        [3, { vin: 'XWB01', description: 'Пакет "Зима"; камера\r\nвторая строка', price: '100' }],
        [5, { vin: 'XWB02', description: 'Кожа "Nappa"', price: '200' }],
        [6, { vin: 'XWB03', description: 'люки рейлинги', price: '300' }],
        [8, { vin: 'XWB04' }],
      ]);
    }
  });

  it('reads a UTF-8 feed as UTF-8 when its first chunk ends inside a Cyrillic character (not as Windows-1251)', async () => {
    const text = 'vin;description\nXWB01;Зимний пакет\n';
    const cut = Buffer.from(text).indexOf(Buffer.from('Зимний')) + 5; // inside «м»; four bytes less would end inside «З»
    const rows = await csvRows(text, cut);
    expect(rows.map((row) => row.values.description)).toEqual(['Зимний пакет']);
  });

  it('refuses a field past the bound, or a quote never closed, as the file\'s failure naming the cell, not as rows', async () => {
    const unclosed = 'vin;description\nXWB01;"' + 'x'.repeat(1024 * 1024 + 10) + '\n';
    await expect(csvRows(unclosed, 64 * 1024)).rejects.toMatchObject({ key: 'file_cell_too_long', params: { cell: 'B2', max: 10_000 } });
    const long = `vin;brand;description\nXWB01;Kia;${'x'.repeat(10_000)}\nXWB02;Kia;"${'y'.repeat(10_001)}"\n`;
    await expect(csvRows(long, 4096)).rejects.toMatchObject({ key: 'file_cell_too_long', params: { cell: 'C3', max: 10_000 } });
  });

  it('refuses a record past its bound whose fields are each within theirs', async () => {
    const row = Array.from({ length: 120 }, () => 'z'.repeat(9000)).join(';');
    await expect(csvRows(`vin;description\nXWB01;x\n${row}\n`, 64 * 1024)).rejects.toMatchObject({ key: 'file_csv_record_too_long', params: { line: 3, max: 1024 * 1024 } });
  });

  it('stops a field of 150 million characters at the bound, without reading the rest', async () => {
    let read = 0;
    async function* source() {
      for (const chunk of hugeCsvField(150_000_000)) {
        read += chunk.length;
        yield chunk;
      }
    }
    await expect((async () => {
      for await (const row of readFeed('csv', source())) expect(row).toBeUndefined();
    })()).rejects.toMatchObject({ key: 'file_cell_too_long', params: { cell: 'B2' } });
    expect(read).toBeLessThan(3 * 1024 * 1024);
  });

  it('tells the progress how far into the file each row ends', async () => {
    const text = 'vin;brand\nXWB01;Kia\nXWB02;Киа\n';
    const rows = await csvRows(text, 4);
    expect(rows.map((row) => row.consumed)).toEqual([Buffer.byteLength('vin;brand\nXWB01;Kia\n'), Buffer.byteLength(text)]);
  });

  it('reads a feed of a header only, and one without a final newline', async () => {
    expect(await csvRows('vin;brand')).toEqual([]);
    const rows = await csvRows('vin;brand\nXWB00000000000003;Kia');
    expect(rows.map((row) => row.values)).toEqual([{ vin: 'XWB00000000000003', brand: 'Kia' }]);
  });
});

describe('XLSX feeds', () => {
  async function xlsxRows(build: (book: import('exceljs').Workbook) => void): Promise<FeedRow[]> {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    build(book);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const rows: FeedRow[] = [];
    for await (const row of readFeed('xlsx', (async function* () {
      yield bytes;
    })(), { price: 'Цена' })) rows.push(row);
    return rows;
  }

  it('reads the first sheet row by row: texts, numbers, rich text, the mapping, empty rows skipped, the share of the sheet read', async () => {
    const rows = await xlsxRows((book) => {
      const sheet = book.addWorksheet('Склад');
      sheet.addRow(['vin', 'brand', 'model', 'Цена', 'description']);
      sheet.addRow(['XWB00000000000011', 'Kia', 'Rio', 1_650_000, { richText: [{ text: 'Зимний ' }, { text: 'пакет', font: { bold: true } }] }]);
      sheet.addRow([]);
      sheet.addRow(['XWB00000000000012', 'Kia', 'Sportage', '2 900 000', 'Полный привод']);
      book.addWorksheet('Другое').addRow(['vin', 'brand']).commit?.();
      book.getWorksheet('Другое')!.addRow(['XWB00000000000099', 'Lada']);
    });
    expect(rows.map((row) => row.values)).toEqual([
      { vin: 'XWB00000000000011', brand: 'Kia', model: 'Rio', price: '1650000', 'цена': '1650000', description: 'Зимний пакет' },
      { vin: 'XWB00000000000012', brand: 'Kia', model: 'Sportage', price: '2 900 000', 'цена': '2 900 000', description: 'Полный привод' },
    ]);
    expect(rows.map((row) => row.row)).toEqual([2, 4]);
    // The sheet declares 4 rows: the bar moves with the rows read.
    expect(rows.map((row) => row.share)).toEqual([0.5, 1]);
  });

  it('keeps every Cyrillic character of a large sheet whole, wherever the inflated chunks end', async () => {
    const text = (n: number) => `Кіа Ріо «Комфорт» № ${n}: зимний пакет, подогрев руля — ₽ ${n * 1000}`;
    const rows = await xlsxRows((book) => {
      const sheet = book.addWorksheet('Склад');
      sheet.addRow(['vin', 'description']);
      for (let n = 0; n < 3000; n++) sheet.addRow([`XWB${String(n).padStart(14, '0')}`, text(n)]);
    });
    expect(rows).toHaveLength(3000);
    expect(rows.filter((row, n) => row.values.description !== text(n))).toEqual([]);
  });
});

describe('XML feeds', () => {
  /** The rows of an XML feed given as chunks. */
  async function xmlRows(chunks: Iterable<Buffer>): Promise<FeedRow[]> {
    const rows: FeedRow[] = [];
    for await (const row of readFeed('autoru_xml', (async function* () {
      yield* chunks;
    })())) rows.push(row);
    return rows;
  }
  const refusal = (chunks: Iterable<Buffer>) => xmlRows(chunks).then(() => null, (error: { key?: string; params?: unknown }) => ({ key: error.key, params: error.params }));

  it('reads a field up to the bound and refuses one past it, naming the element and line, the text in one node or in several', async () => {
    const [row] = await xmlRows(hugeXmlText(10_000));
    expect(row!.values.description).toHaveLength(10_000);
    expect(await refusal(hugeXmlText(10_001))).toEqual({ key: 'file_xml_text_too_long', params: { element: 'description', line: 1, max: 10_000 } });
    // Text and CDATA each within the bound, past it together; on the feed's third line.
    const pieces = `<?xml version="1.0"?>\n<data><cars>\n<car><mark_id>Kia</mark_id><description>${'a'.repeat(6000)}<![CDATA[${'b'.repeat(6000)}]]></description></car></cars></data>`;
    expect(await refusal([Buffer.from(pieces)])).toEqual({ key: 'file_xml_text_too_long', params: { element: 'description', line: 3, max: 10_000 } });
  });

  it('refuses a huge text node, a huge attribute and deep nesting as they are read, naming where', async () => {
    expect(await refusal(hugeXmlText(150_000_000))).toEqual({ key: 'file_xml_text_too_long', params: { element: 'description', line: 1, max: 10_000 } });
    expect(await refusal(hugeXmlAttribute(150_000_000))).toEqual({ key: 'file_xml_attribute_too_long', params: { attribute: 'note', element: 'car', line: 1, max: 10_000 } });
    expect(await refusal(deepXml(1_000_000))).toEqual({ key: 'file_xml_too_deep', params: { element: 'a', line: 1, max: 100 } });
    expect(await refusal(repeated('<?xml version="1.0"?><data><cars><car><', 'n', 150_000_000, '>x</n></car></cars></data>'))).toEqual({ key: 'file_xml_name_too_long', params: { line: 1, max: 200 } });
    const attributes = `<?xml version="1.0"?><data><cars><car ${Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ')}><mark_id>Kia</mark_id></car></cars></data>`;
    expect(await refusal([Buffer.from(attributes)])).toEqual({ key: 'file_xml_too_many_attributes', params: { element: 'car', line: 1, max: 200 } });
  });
});
