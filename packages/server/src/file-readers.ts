import { isMainThread, workerData } from 'node:worker_threads';
import { spreadsheetReader } from './kit/spreadsheet-rows.ts';
import { serveFileReaders, type FileReader } from './kit/untrusted-file.ts';
import { feedReader } from './services/cars.import/feed-parsers.ts';
import { accessoryYmlReader } from './services/accessories.showroom/accessory-feed.ts';

/**
 * Every reader of untrusted files, by name, and the entry of the worker thread that runs them
 * (kit/untrusted-file.ts): `readInWorker('spreadsheet', …)` starts this file in a worker, which
 * then serves the reads it is asked for. A new reader is added here (the hostile-file suite
 * walks this list). Only the readers are imported: a worker loads no more than it reads with.
 */
export const FILE_READERS = {
  /** The two-step file imports' tables (CSV or XLSX): catalogue, VIN data, employees, redirects. */
  spreadsheet: spreadsheetReader,
  /** The car import's feeds (XML, CSV, XLSX). */
  'cars.import.feed': feedReader,
  /** The accessories import's YML (XML) files. */
  'accessories.yml': accessoryYmlReader,
} satisfies Record<string, FileReader<never, unknown>>;

export type FileReaderName = keyof typeof FILE_READERS;

if (!isMainThread && (workerData as { fileReaders?: boolean } | null)?.fileReaders) serveFileReaders(FILE_READERS);
