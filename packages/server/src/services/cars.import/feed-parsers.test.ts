import { describe, expect, it } from 'vitest';
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

  it('reads a feed of a header only, and one without a final newline', async () => {
    expect(await csvRows('vin;brand')).toEqual([]);
    const rows = await csvRows('vin;brand\nXWB00000000000003;Kia');
    expect(rows.map((row) => row.values)).toEqual([{ vin: 'XWB00000000000003', brand: 'Kia' }]);
  });
});
