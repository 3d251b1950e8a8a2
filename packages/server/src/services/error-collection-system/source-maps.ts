import fs from 'node:fs/promises';
import path from 'node:path';
import type { ErrorFrame } from '@dp/contracts';

/**
 * The admin's stack traces mapped to the original source through the web build's source maps
 * (vite `sourcemap: 'hidden'`: `<asset>.js.map` beside each script, never served). A frame of
 * `/assets/<name>.js` is looked up in that map; a frame that cannot be mapped stays as it came.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) DIGIT[BASE64.charCodeAt(i)] = i;

/** A parsed map: its sources and names, the mappings text, and where each generated line starts with the running fields then. */
interface LoadedMap {
  sources: string[];
  names: string[];
  mappings: string;
  /** Per generated line: offset in `mappings`, then source, source line, source column, name as they stand at its start. */
  lines: Int32Array;
}

/** Decodes the VLQ fields of one segment starting at `at`; answers the offset after it. */
function decodeSegment(text: string, at: number, out: number[]): number {
  out.length = 0;
  let value = 0;
  let shift = 0;
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c === 44 /* , */ || c === 59 /* ; */) break;
    const digit = c < 128 ? DIGIT[c]! : -1;
    if (digit < 0) throw new Error('bad source map');
    at++;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return at;
}

function indexLines(mappings: string): Int32Array {
  const starts: number[] = [];
  const state = [0, 0, 0, 0];
  const fields: number[] = [];
  let at = 0;
  starts.push(0, ...state);
  while (at < mappings.length) {
    const c = mappings.charCodeAt(at);
    if (c === 59) {
      at++;
      starts.push(at, ...state);
      continue;
    }
    if (c === 44) {
      at++;
      continue;
    }
    at = decodeSegment(mappings, at, fields);
    for (let i = 1; i < fields.length && i <= 4; i++) state[i - 1]! += fields[i]!;
  }
  return Int32Array.from(starts);
}

/** The original place of a generated position (line 1-based, column 1-based as stack traces give them). */
export function lookup(map: LoadedMap, line: number, column: number): { source: string; line: number; column: number; name: string | null } | null {
  const row = line - 1;
  if (row < 0 || row * 5 >= map.lines.length) return null;
  let at = map.lines[row * 5]!;
  const state = [map.lines[row * 5 + 1]!, map.lines[row * 5 + 2]!, map.lines[row * 5 + 3]!, map.lines[row * 5 + 4]!];
  const fields: number[] = [];
  let generated = 0;
  let best: { source: number; line: number; column: number; name: number | null } | null = null;
  while (at < map.mappings.length && map.mappings.charCodeAt(at) !== 59) {
    if (map.mappings.charCodeAt(at) === 44) {
      at++;
      continue;
    }
    at = decodeSegment(map.mappings, at, fields);
    generated += fields[0] ?? 0;
    for (let i = 1; i < fields.length && i <= 4; i++) state[i - 1]! += fields[i]!;
    if (generated > column - 1) break;
    if (fields.length >= 4) best = { source: state[0]!, line: state[1]!, column: state[2]!, name: fields.length >= 5 ? state[3]! : null };
  }
  if (!best) return null;
  return { source: map.sources[best.source] ?? '?', line: best.line + 1, column: best.column + 1, name: best.name === null ? null : (map.names[best.name] ?? null) };
}

export function parseSourceMap(json: string): LoadedMap {
  const raw = JSON.parse(json) as { sources?: unknown; names?: unknown; mappings?: unknown };
  if (typeof raw.mappings !== 'string' || !Array.isArray(raw.sources)) throw new Error('not a source map');
  const sources = raw.sources.map((source) => String(source).replace(/^(?:\.\.\/)+/, ''));
  return { sources, names: Array.isArray(raw.names) ? raw.names.map(String) : [], mappings: raw.mappings, lines: indexLines(raw.mappings) };
}

/** The built scripts' maps, read when first needed; a few kept (a map of the main chunk is megabytes). */
export class SourceMaps {
  private readonly cache = new Map<string, Promise<LoadedMap | null>>();

  constructor(private readonly webDist: string | null) {}

  private load(name: string): Promise<LoadedMap | null> {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const file = path.join(this.webDist!, 'assets', `${name}.map`);
    const loading = fs.readFile(file, 'utf8').then(parseSourceMap, () => null);
    this.cache.set(name, loading);
    if (this.cache.size > 4) this.cache.delete(this.cache.keys().next().value!);
    return loading;
  }

  /** The frames with those of the admin's built scripts mapped to their source. */
  async map(frames: ErrorFrame[]): Promise<ErrorFrame[]> {
    if (!this.webDist) return frames;
    return Promise.all(
      frames.map(async (frame) => {
        const pathname = URL.canParse(frame.file) ? new URL(frame.file).pathname : frame.file;
        const name = /^\/assets\/([A-Za-z0-9_.-]+\.m?js)$/.exec(pathname)?.[1];
        if (!name || frame.line === null || frame.column === null) return frame;
        const map = await this.load(name).catch(() => null);
        const found = map ? lookup(map, frame.line, frame.column) : null;
        if (!found) return frame;
        return { ...frame, file: found.source, line: found.line, column: found.column, function: found.name ?? frame.function, in_app: !found.source.includes('node_modules/'), mapped: true };
      }),
    );
  }
}
