import { createHash } from 'node:crypto';
import { ERROR_LIMITS, type ErrorFrame } from '@dp/contracts';

/**
 * How events become issues (docs/decisions/platform-operations.md, "Error collection"): the
 * fingerprint is the error's type, its message normalised (numbers, ids and quoted values taken
 * out) and its top in-app frames (function and file, the build's hash taken out of the file name;
 * no line numbers, which move with every release).
 */

/** Frames of the fingerprint, from the top of the stack. */
const FINGERPRINT_FRAMES = 3;

/** The message with what varies between events of one error taken out. */
export function normaliseMessage(message: string): string {
  return message
    .slice(0, ERROR_LIMITS.message)
    .replace(/(["'`«])(?:(?!\1).){0,200}(\1|»)/g, '<?>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<n>')
    .replace(/\b[0-9a-f]*\d[0-9a-f]*\b/gi, (token) => (token.length >= 8 ? '<id>' : /^\d+$/.test(token) ? '<n>' : token))
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A stack line of Chromium (V8): `    at fn (url:line:col)` or `    at url:line:col`. */
const CHROMIUM = /^\s*at (?:(?:async )?(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
/** A stack line of Firefox (and Safari): `fn@url:line:col`, `@url:line:col`. */
const FIREFOX = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/**
 * Frames of a stack as the engine wrote it, top of the stack first; lines of neither format (the
 * message Chromium repeats on the first line) are skipped.
 */
export function parseStack(stack: string, pageUrl?: string | null): ErrorFrame[] {
  const frames: ErrorFrame[] = [];
  for (const line of stack.split('\n', 200)) {
    const match = CHROMIUM.exec(line) ?? FIREFOX.exec(line);
    if (!match) continue;
    const [, fn, file, lineNo, column] = match;
    frames.push(frameOf(fn || null, file!, Number(lineNo), Number(column), pageUrl));
    if (frames.length >= ERROR_LIMITS.frames) break;
  }
  return frames;
}

/** A frame, its function's name cleaned (`Object.`, `async `) and whether it is the app's own code. */
export function frameOf(fn: string | null, file: string, line: number | null, column: number | null, pageUrl?: string | null, inApp?: boolean): ErrorFrame {
  const name = fn ? fn.replace(/^(?:async |new )/, '').replace(/^Object\./, '').slice(0, 200) || null : null;
  return { function: name, file: file.slice(0, 500), line, column, in_app: inApp ?? isInApp(file, pageUrl) };
}

/** The app's own code: from the page's origin (or a server path), not a browser extension, not a library. */
export function isInApp(file: string, pageUrl?: string | null): boolean {
  if (/^(?:chrome|moz|safari(?:-web)?)-extension:|^webpack-internal:|\/node_modules\/|^<anonymous>$|^native$/.test(file)) return false;
  if (!/^[a-z]+:\/\//i.test(file)) return true;
  if (!pageUrl || !URL.canParse(pageUrl) || !URL.canParse(file)) return true;
  return new URL(file).origin === new URL(pageUrl).origin;
}

/** The file as the fingerprint sees it: the path without origin and query, a build hash (`index-B3xk9.js`, `site.1a2b3c.js`) taken out. */
export function stableFile(file: string): string {
  const path = URL.canParse(file) ? new URL(file).pathname : file.split(/[?#]/)[0]!;
  return path.replace(/([.-])[A-Za-z0-9_]{6,}(\.m?js)$/, (_all, sep: string, ext: string) => `${sep}<hash>${ext}`);
}

/** The place an issue is shown by: the top in-app frame's function and file. */
export function culpritOf(frames: ErrorFrame[]): string | null {
  const top = frames.find((frame) => frame.in_app) ?? frames[0];
  if (!top) return null;
  return `${top.function ?? '?'} (${stableFile(top.file)})`;
}

export function fingerprintOf(type: string, message: string, frames: ErrorFrame[]): string {
  const top = frames.filter((frame) => frame.in_app).slice(0, FINGERPRINT_FRAMES);
  const parts = [type, normaliseMessage(message), ...top.map((frame) => `${frame.function ?? '?'}@${stableFile(frame.file)}`)];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
}

/** The browser's name and major version from a User-Agent (what the issue counts). */
export function browserOf(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const known: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/YaBrowser\/(\d+)/, 'Yandex Browser'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.slice(0, 60);
}
