import { afterEach, describe, expect, it } from 'vitest';
import { FEED_LIMITS, type FeedReadOptions, type FeedRow } from './feed-parsers.ts';
import { hugeSharedStringsXlsx, repeated } from '../../test/hostile-files.ts';
import { FILE_WORKER_LIMITS, idleFileWorkers, readInWorker, stopFileWorkers } from '../../kit/untrusted-file.ts';

/**
 * The readers' worker (kit/untrusted-file.ts): rows come back in batches, in order; a reader's
 * refusal crosses as the AppError it threw; a file that needs more than the worker's heap ends
 * its own read with file_out_of_memory, and this process goes on reading the next file; a read
 * left half-way or a source that fails ends cleanly.
 */
const DEFAULTS = { ...FILE_WORKER_LIMITS };
afterEach(async () => {
  Object.assign(FILE_WORKER_LIMITS, DEFAULTS);
  await stopFileWorkers();
});

const csv = (rows: number) => Buffer.from(['vin;price', ...Array.from({ length: rows }, (_, n) => `XWEAB${String(n).padStart(12, '0')};${n}`)].join('\n'));
const feed: FeedReadOptions = { format: 'csv', mapping: {}, limits: FEED_LIMITS };

async function batchesOf(source: Buffer | AsyncIterable<Buffer>, options: unknown = feed, reader = 'cars.import.feed') {
  const batches: FeedRow[][] = [];
  for await (const batch of readInWorker<FeedRow>(reader, source, options)) batches.push(batch);
  return batches;
}
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { key?: string; params?: unknown }) => ({ key: error.key, params: error.params }));

describe('readInWorker', () => {
  it('gives the rows a reader read in the worker, in order, in batches of at most batchRows', async () => {
    const batches = await batchesOf(csv(1200));
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((batch) => batch.length <= FILE_WORKER_LIMITS.batchRows)).toBe(true);
    const rows = batches.flat();
    expect(rows.map((row) => row.values.vin)).toEqual(Array.from({ length: 1200 }, (_, n) => `XWEAB${String(n).padStart(12, '0')}`));
    expect(rows[0]).toMatchObject({ row: 2, values: { vin: 'XWEAB000000000000', price: '0' } });
  });

  it('hands a streamed file over as the worker asks for it: a file of 150 MB the reader refuses early is not read to its end', async () => {
    let read = 0;
    async function* source() {
      for (const chunk of repeated('vin;description\nXWEAB000000000001;', 'A', 150_000_000, '\n')) {
        read += chunk.length;
        yield chunk;
      }
    }
    expect(await refusal(batchesOf(source()))).toEqual({ key: 'file_cell_too_long', params: { cell: 'B2', max: 10_000 } });
    expect(read).toBeLessThan(10 * 1024 * 1024);
  });

  it('keeps the worker of a small read for the next one, and ends the worker of a large read with the memory it grew', async () => {
    FILE_WORKER_LIMITS.keepIdleUpToBytes = 10_000;
    expect((await batchesOf(csv(10))).flat()).toHaveLength(10);
    expect(idleFileWorkers()).toBe(1);
    const large = csv(1200);
    expect(large.length).toBeGreaterThan(10_000);
    expect((await batchesOf(large)).flat()).toHaveLength(1200);
    expect(idleFileWorkers()).toBe(0);
  });

  it("throws the reader's refusal as its AppError, and the same worker reads the next file", async () => {
    expect(await refusal(batchesOf(csv(3), { ...feed, limits: { ...FEED_LIMITS, maxRows: 2 } }))).toEqual({ key: 'import_too_many_rows', params: { max: 2 } });
    expect((await batchesOf(csv(3))).flat()).toHaveLength(3);
  });

  it('ends a read that needs more than the worker heap with file_out_of_memory; this process reads the next file', async () => {
    FILE_WORKER_LIMITS.maxOldGenerationSizeMb = 16;
    // Four million shared strings: their index alone needs 32 MB (each is empty, so no bound of a value helps).
    const workbook = await hugeSharedStringsXlsx(4_000_000);
    expect(workbook.length).toBeLessThan(1024 * 1024);
    expect(await refusal(batchesOf(workbook, { maxRows: 10, maxUnpackedBytes: 100 * 1024 * 1024 }, 'spreadsheet'))).toEqual({ key: 'file_out_of_memory', params: undefined });
    expect((await batchesOf(csv(3))).flat()).toHaveLength(3);
  });

  it('ends with file_out_of_memory a read whose row carries more text than a message may, never handing it to this thread', async () => {
    FILE_WORKER_LIMITS.maxBatchChars = 3000;
    const wide = Buffer.from(`vin;description\nXWEAB000000000001;short\nXWEAB000000000002;${'x'.repeat(4000)}\n`);
    const rows: FeedRow[] = [];
    const read = (async () => {
      for await (const batch of readInWorker<FeedRow>('cars.import.feed', wide, feed)) rows.push(...batch);
    })();
    expect(await refusal(read)).toEqual({ key: 'file_out_of_memory', params: undefined });
    expect(rows.every((row) => row.values.description === 'short')).toBe(true);
    // Rows within the bound pass, split into messages of at most that much text.
    const many = Buffer.from(['vin;description', ...Array.from({ length: 20 }, (_, n) => `XWEAB00000000000${n % 10};${'y'.repeat(1000)}`)].join('\n'));
    const batches = await batchesOf(many);
    expect(batches.flat()).toHaveLength(20);
    expect(batches.length).toBeGreaterThanOrEqual(7);
  });

  it('ends a read the caller leaves half-way, and throws the error of a source that fails', async () => {
    for await (const batch of readInWorker<FeedRow>('cars.import.feed', csv(5000), feed)) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    async function* failing() {
      yield Buffer.from('vin;price\nXWEAB000000000001;1\n');
      throw new Error('the connection was reset');
    }
    await expect(batchesOf(failing())).rejects.toThrow('the connection was reset');
    expect((await batchesOf(csv(3))).flat()).toHaveLength(3);
  });
});
