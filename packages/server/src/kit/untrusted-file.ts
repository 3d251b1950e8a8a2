import { parentPort, type Worker } from 'node:worker_threads';
import { AppError } from './app-error.ts';
import { startThread } from './thread.ts';

/**
 * Untrusted files are read in a worker thread (DESIGN.md §10 "untrusted files"): a feed, a
 * catalogue or employee table, anything a user uploads or a feed URL serves. The worker has its
 * own heap with a limit (`resourceLimits`), so a file that would need more memory than allowed
 * ends its own read ('the file could not be read within the memory allowed'), never the process
 * that serves every dealer's sites. The readers bound every value while they read it as well
 * (kit/bounded-xml.ts, xlsx-rows.ts, the CSV readers): the limit is the second wall, for what no
 * bound foresaw (millions of small objects). It does not hold back one large string (V8 keeps it
 * apart from the heap it limits), which is why the values are bounded, and why no message the
 * worker sends carries more than `maxBatchChars` of text into the main thread.
 *
 * Every reader is a `FileReader` listed by name in src/file-readers.ts, the worker's entry; a
 * route that takes such a file says so with `untrustedUpload(...)` in its config. The
 * hostile-file suite (test/hostile-files.test.ts) walks both lists, so a new reader or upload is
 * tested by being declared.
 *
 * How a read goes (`readInWorker`): the main thread hands the file's bytes over in chunks as the
 * worker asks for them (transferred, a few ahead, so a feed streams from its URL without piling
 * up), and the worker sends the rows back in batches (one message of `batchRows` rows), the next
 * one when the caller has finished with the last (BATCHES_AHEAD). A batch is posted as it is
 * (structured clone): as JSON in a transferred buffer it cost the main thread two to three times
 * as much to take in (decoding and parsing 30 MB for a 50,000-car feed;
 * docs/decisions/untrusted-files.md, "Where are files parsed?"). Idle workers are kept a while for
 * the next read (starting one costs tens of milliseconds bundled, half a second through tsx); at
 * most `maxWorkers` read at once, later reads wait for one.
 *
 * Where the worker's code is: `npm run serve` bundles src/file-readers.ts beside the server
 * (scripts/serve.mjs defines DP_FILE_READERS_BUNDLE as its path); elsewhere (tests, `npm run
 * worker`, tsx) the worker loads the TypeScript sources through tsx's loader, which Node 20 does
 * not pass on to workers, so the worker registers it first.
 */
export type FileFormat = 'csv' | 'xlsx' | 'xml';

export interface FileReader<Options, Row> {
  /** The formats it reads (the hostile-file suite sends it hostile files of these). */
  formats: FileFormat[];
  /** The rows of a file; a refusal is an AppError with a message for the user. */
  read(source: AsyncIterable<Buffer>, options: Options): AsyncIterable<Row>;
}

/** The workers' bounds (a mutable object: tests lower them). */
export const FILE_WORKER_LIMITS = {
  /** A worker's heap for long-lived objects, MB: past it, the read ends with file_out_of_memory. */
  maxOldGenerationSizeMb: 64,
  /** A worker's heap for new objects, MB. */
  maxYoungGenerationSizeMb: 8,
  /** Workers reading at once in a process; more reads wait for one. */
  maxWorkers: 2,
  /** Rows per message from the worker. */
  batchRows: 500,
  /**
   * Characters of text (values and keys) per message from the worker; a single row past it ends the
   * read with file_out_of_memory. V8's heap limit does not hold back one large string (a worker of
   * 64 MB builds a string of 150 million characters and lives), so this keeps such a value, should a
   * reader ever miss its bound, out of the main thread's heap.
   */
  maxBatchChars: 8 * 1024 * 1024,
  /** How long an idle worker waits for the next read, ms. */
  idleMs: 30_000,
  /**
   * A worker that was handed more bytes than this in a read is ended after it, not kept idle: its
   * heap grew with the file (tens of MB for a 1 MB sheet of 20,000 rows) and V8 keeps that memory
   * until the worker ends, while a new worker starts in tens of ms, nothing beside such a read.
   */
  keepIdleUpToBytes: 256 * 1024,
};

/** The route config of an upload whose file a reader reads (now or in a job): the hostile-file suite finds the route by it. */
export interface UntrustedUpload {
  reader: string;
  formats: FileFormat[];
}
export const untrustedUpload = (reader: string, formats: FileFormat[]): { untrustedUpload: UntrustedUpload } => ({ untrustedUpload: { reader, formats } });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a file that a reader of src/file-readers.ts reads (kit/untrusted-file.ts). */
    untrustedUpload?: UntrustedUpload;
  }
}

/** Chunks of input the worker asks for ahead of its reader. */
const CHUNKS_AHEAD = 2;
/**
 * Batches of rows the worker may send that the caller has not finished with. One: the next batch
 * waits, parsed, in the worker's heap, and crosses when the caller asks for it. Rows sent ahead
 * waited in the main thread's heap while the caller worked (a car import's apply waits on the
 * database), outlived its young generation, and made the old one grow: a full collection of the
 * whole heap about every five batches.
 */
const BATCHES_AHEAD = 1;
/** The most bytes of a file in memory handed over in one message (a stream's chunks go as they come). */
const MAX_CHUNK = 1024 * 1024;

type ToWorker = { job: number } & ({ type: 'read'; reader: string; options: unknown; batchRows: number; maxBatchChars: number } | { type: 'chunk'; data: Uint8Array } | { type: 'end' } | { type: 'taken' });
type FromWorker = { job: number } & ({ type: 'pull' } | { type: 'rows'; rows: unknown[] } | { type: 'done' } | { type: 'failed'; error: SentError });
/** An error as it crosses to the main thread: an AppError's parts, or a message. */
interface SentError {
  status?: number;
  key?: string;
  params?: Record<string, string | number>;
  pointer?: string;
  message: string;
  /** A system call's failure (a full disk): the server's, not the file's. */
  syscall?: string;
}

// ——— the main thread ———

/** Set by scripts/serve.mjs (esbuild's define): the bundled worker entry. */
declare const DP_FILE_READERS_BUNDLE: string | undefined;
const SOURCE_ENTRY = new URL('../file-readers.ts', import.meta.url);

function startWorker(): Worker {
  const options = {
    workerData: { fileReaders: true },
    resourceLimits: { maxOldGenerationSizeMb: FILE_WORKER_LIMITS.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: FILE_WORKER_LIMITS.maxYoungGenerationSizeMb },
  };
  const worker = startThread(typeof DP_FILE_READERS_BUNDLE === 'string' ? DP_FILE_READERS_BUNDLE : undefined, SOURCE_ENTRY, options);
  // An idle worker that fails is only dropped (a read's own listeners say what a failure means to it).
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const at = idle.findIndex((entry) => entry.worker === worker);
    if (at >= 0) clearTimeout(idle.splice(at, 1)[0]!.timer);
  });
  return worker;
}

interface Lease {
  worker: Worker;
  /** Not to be used again: it failed, or a read was left half-way. */
  broken: boolean;
  /** Bytes of input handed to the worker in this read. */
  bytes: number;
}
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
const waiting: (() => void)[] = [];
let reading = 0;

async function lease(): Promise<Lease> {
  while (reading >= FILE_WORKER_LIMITS.maxWorkers) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  const kept = idle.pop();
  if (kept) clearTimeout(kept.timer);
  const worker = kept?.worker ?? startWorker();
  worker.ref();
  return { worker, broken: false, bytes: 0 };
}

/** A worker back from a read: kept idle a while (one at most, after a small read), or ended. */
function release({ worker, broken, bytes }: Lease) {
  reading--;
  waiting.shift()?.();
  if (broken || idle.length > 0 || bytes > FILE_WORKER_LIMITS.keepIdleUpToBytes) return void worker.terminate();
  worker.unref();
  const timer = setTimeout(() => void worker.terminate(), FILE_WORKER_LIMITS.idleMs);
  timer.unref();
  idle.push({ worker, timer });
}

/** How many workers wait idle for the next read. */
export const idleFileWorkers = (): number => idle.length;

/** Ends the idle workers now (a closing app; tests that change the workers' limits). */
export async function stopFileWorkers() {
  await Promise.all(idle.splice(0).map(({ worker, timer }) => (clearTimeout(timer), worker.terminate())));
}

/** The error a worker sent, as the main thread throws it. */
function received(error: SentError): Error {
  if (error.key && error.status) return new AppError(error.status, error.key as never, error.params, error.pointer);
  if (error.syscall) return Object.assign(new Error(error.message), { syscall: error.syscall });
  process.emitWarning(`a file reader failed: ${error.message}`, 'FileReaderWarning');
  return new AppError(400, 'file_reader_stopped', undefined, 'file');
}

/** A worker that stopped: out of its memory, or for another reason (said as a warning). */
function stopped(error: Error | null): AppError {
  if ((error as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new AppError(400, 'file_out_of_memory', undefined, 'file');
  process.emitWarning(`a file reader's worker stopped: ${error?.message ?? 'it exited'}`, 'FileReaderWarning');
  return new AppError(400, 'file_reader_stopped', undefined, 'file');
}

/** A copy of a chunk in an ArrayBuffer of its own, to transfer (a stream's chunks may share theirs). */
const own = (chunk: Uint8Array) => new Uint8Array(chunk);

async function* slices(data: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += MAX_CHUNK) yield data.subarray(at, at + MAX_CHUNK);
}

let jobs = 0;

/**
 * The rows `reader` (a name of src/file-readers.ts) reads from `source`, in batches, the reading
 * done in a worker. Throws what the reader threw (its AppError), `file_out_of_memory` when the
 * worker ran out of its heap, `file_reader_stopped` when it stopped otherwise, or the source's
 * own error (a feed's network failure). Leaving the loop early ends the read.
 */
export async function* readInWorker<Row>(reader: string, source: AsyncIterable<Buffer> | Buffer, options: unknown): AsyncGenerator<Row[]> {
  const input = (Buffer.isBuffer(source) ? slices(source) : source)[Symbol.asyncIterator]();
  const taken = await lease();
  const { worker } = taken;
  const job = ++jobs;
  const post = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const batches: Row[][] = [];
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  // The chunks the worker asked for, handed over one at a time as the source gives them.
  let asked = 0;
  let pumping = false;
  let inputEnded = false;
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (asked > 0 && !inputEnded && !finished && !failure) {
        const next = await input.next();
        asked--;
        if (next.done) {
          inputEnded = true;
          post({ job, type: 'end' });
        } else if (!finished && !failure) {
          const data = own(next.value);
          taken.bytes += data.byteLength;
          post({ job, type: 'chunk', data }, [data.buffer as ArrayBuffer]);
        }
      }
    } catch (error) {
      failure ??= error as Error;
      taken.broken = true;
      notify();
    } finally {
      pumping = false;
    }
  };
  const onMessage = (message: FromWorker) => {
    if (message.job !== job) return;
    if (message.type === 'pull') {
      asked++;
      void pump();
    } else if (message.type === 'rows') batches.push(message.rows as Row[]);
    else if (message.type === 'done') finished = true;
    else failure ??= received(message.error);
    notify();
  };
  const onError = (error: Error) => {
    taken.broken = true;
    failure ??= stopped(error);
    notify();
  };
  const onExit = () => {
    taken.broken = true;
    failure ??= stopped(null);
    notify();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  let ended = false;
  try {
    post({ job, type: 'read', reader, options, batchRows: FILE_WORKER_LIMITS.batchRows, maxBatchChars: FILE_WORKER_LIMITS.maxBatchChars });
    for (;;) {
      const batch = batches.shift();
      if (batch) {
        yield batch;
        post({ job, type: 'taken' });
        continue;
      }
      if (failure) throw failure;
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    ended = true;
  } finally {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    // A read the worker did not end (the caller left early) may still be going on there.
    if (!ended && !failure) taken.broken = true;
    if (!inputEnded) await input.return?.().catch(() => undefined);
    release(taken);
  }
}

// ——— the worker ———

/** The worker's loop: reads each file the main thread asks for with the named reader. */
export function serveFileReaders(readers: Record<string, FileReader<never, unknown>>) {
  const port = parentPort!;
  let current: WorkerRead | null = null;
  port.on('message', (message: ToWorker) => {
    if (message.type === 'read') {
      current = new WorkerRead(message.job, { rows: message.batchRows, chars: message.maxBatchChars }, (sent, transfer) => port.postMessage(sent, transfer));
      void current.run(readers[message.reader], message.options);
    } else if (current?.job === message.job) current.receive(message);
  });
}

class WorkerRead {
  private chunks: Buffer[] = [];
  private asked = 0;
  private inputEnded = false;
  private batch: unknown[] = [];
  private batchChars = 0;
  private ahead = 0;
  private wake: (() => void) | null = null;

  constructor(
    readonly job: number,
    private readonly most: { rows: number; chars: number },
    private readonly send: (message: FromWorker, transfer?: ArrayBuffer[]) => void,
  ) {}

  receive(message: ToWorker) {
    if (message.type === 'chunk') {
      this.asked--;
      this.chunks.push(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
    } else if (message.type === 'end') this.inputEnded = true;
    else if (message.type === 'taken') this.ahead--;
    this.wake?.();
    this.wake = null;
  }

  async run(reader: FileReader<never, unknown> | undefined, options: unknown) {
    try {
      if (!reader) throw new Error('no such file reader');
      for await (const row of reader.read(this.input(), options as never)) {
        const chars = textSize(row);
        if (chars > this.most.chars) throw new AppError(400, 'file_out_of_memory', undefined, 'file');
        if (this.batchChars + chars > this.most.chars) await this.flush();
        this.batch.push(row);
        this.batchChars += chars;
        if (this.batch.length >= this.most.rows) await this.flush();
      }
      await this.flush();
      this.send({ job: this.job, type: 'done' });
    } catch (error) {
      this.send({ job: this.job, type: 'failed', error: sent(error) });
    }
  }

  /** The file's bytes as the main thread hands them over, asked for a few chunks ahead. */
  private async *input(): AsyncGenerator<Buffer> {
    for (;;) {
      while (!this.inputEnded && this.chunks.length + this.asked < CHUNKS_AHEAD) {
        this.asked++;
        this.send({ job: this.job, type: 'pull' });
      }
      const chunk = this.chunks.shift();
      if (chunk) {
        yield chunk;
        continue;
      }
      if (this.inputEnded) return;
      // Waiting for bytes: the rows read so far go now, if the main thread has room for them.
      if (this.ahead < BATCHES_AHEAD) this.sendBatch();
      await this.changed();
    }
  }

  private changed() {
    return new Promise<void>((resolve) => (this.wake = resolve));
  }

  private async flush() {
    while (this.batch.length && this.ahead >= BATCHES_AHEAD) await this.changed();
    this.sendBatch();
  }

  private sendBatch() {
    if (!this.batch.length) return;
    this.ahead++;
    this.send({ job: this.job, type: 'rows', rows: this.batch });
    this.batch = [];
    this.batchChars = 0;
  }
}

/** The characters of a row's text: its strings and keys (a number or other value counts 8). */
function textSize(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null || depth > 8) return 8;
  let size = 0;
  if (Array.isArray(value)) for (const item of value) size += textSize(item, depth + 1);
  else for (const key in value) size += key.length + textSize((value as Record<string, unknown>)[key], depth + 1);
  return size;
}

/** An error as it crosses to the main thread. */
function sent(error: unknown): SentError {
  if (error instanceof AppError) return { status: error.status, key: error.key, params: error.params, pointer: error.pointer, message: error.key };
  const failure = error as NodeJS.ErrnoException | null;
  return { message: String(failure?.message ?? error), ...(failure?.syscall ? { syscall: failure.syscall } : {}) };
}
