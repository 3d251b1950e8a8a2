import { safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Rich text of floors without HTML: a small Markdown-like subset that the editor types
 * and the public renderer turns into markup, escaping everything else. Nothing a browser could run
 * is ever stored: tags are refused, links are limited to safe schemes.
 *
 * The subset, block by block (blocks are separated by an empty line):
 * - `# `, `## `, `### ` at the start of a block: a heading of level 1 to 3;
 * - lines starting with `- ` or `* `: a bulleted list; `1. `, `2. `: a numbered list;
 * - lines starting with `> `: a quote;
 * - anything else: a paragraph; a single line break inside it is kept as a line break.
 * Inside a block: `**bold**`, `*italic*` or `_italic_`, `[text](href)` with href a page address
 * (`/…`), `http(s)://…`, `mailto:…` or `tel:…`.
 * Where a text takes images (platform news, `{ images: true }`), a line `![alt](src)` alone is an
 * image, `src` a media library file (`/files/…`) or an https address; elsewhere it stays text.
 */
export interface RichInline {
  text: string;
  bold?: boolean;
  italic?: boolean;
  href?: string;
}

export type RichBlock =
  | { type: 'paragraph'; children: RichInline[] }
  | { type: 'heading'; level: 1 | 2 | 3; children: RichInline[] }
  | { type: 'list'; ordered: boolean; items: RichInline[][] }
  | { type: 'quote'; children: RichInline[] }
  | { type: 'image'; src: string; alt: string };

/** Options of a rich text: whether image lines are images (platform news) or text (floors). */
export interface RichTextOptions {
  images?: boolean;
}

/** A line holding an image alone: `![alt](src)`. */
const IMAGE_LINE = /^\s*!\[([^\]\n]*)\]\(([^)\s]+)\)\s*$/;
/** An image address that loads nothing but an image file: the media library's (`/files/…`) or https. */
export const SAFE_IMAGE_SRC = /^(\/files\/[A-Za-z0-9._-]+|https:\/\/[^\s/$.?#][^\s]*)$/i;

/** A link target that cannot run anything: a page address, http(s), mailto or tel. */
export const SAFE_HREF = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9()\- ]{3,30})$/i;
/** Anything that looks like an HTML tag, comment or declaration. */
const HTML_TAG = /<\s*(\/?\s*[A-Za-z]|[!?])/;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Why a rich text is refused: 'rich_text_html', 'rich_text_link' (with the href) or 'rich_text_image' (with the src), or null. */
export function richTextProblem(value: string, options: RichTextOptions = {}): { key: 'rich_text_html' } | { key: 'rich_text_link' | 'rich_text_image'; href: string } | null {
  if (HTML_TAG.test(value)) return { key: 'rich_text_html' };
  if (options.images) {
    for (const line of value.split(/\r\n?|\n/)) {
      const image = IMAGE_LINE.exec(line);
      if (image && !SAFE_IMAGE_SRC.test(image[2]!)) return { key: 'rich_text_image', href: image[2]!.slice(0, 100) };
    }
  }
  for (const match of value.matchAll(LINK)) {
    if (!SAFE_HREF.test(match[2]!)) return { key: 'rich_text_link', href: match[2]!.slice(0, 100) };
  }
  return null;
}

/** A rich text field of `max` characters (line breaks allowed), checked against the subset. */
export const richText = (max = 20_000, options: RichTextOptions = {}) =>
  safeString({ lines: true })
    .trim()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = richTextProblem(value, options);
      if (!problem) return;
      ctx.addIssue({ code: 'custom', message: problem.key === 'rich_text_html' ? encodeMessage('rich_text_html') : encodeMessage(problem.key, { href: problem.href }) });
    });

/** Bold, italic and links of one block; text between them as it is (the renderer escapes it). */
export function parseInline(source: string): RichInline[] {
  const result: RichInline[] = [];
  const pattern = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|_([^_\n]+)_/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) result.push({ text: source.slice(last, match.index) });
    const [, linkText, href, bold, star, underscore] = match;
    if (linkText !== undefined) result.push(SAFE_HREF.test(href!) ? { text: linkText, href } : { text: linkText });
    else if (bold !== undefined) result.push({ text: bold, bold: true });
    else result.push({ text: (star ?? underscore)!, italic: true });
    last = match.index + match[0].length;
  }
  if (last < source.length) result.push({ text: source.slice(last) });
  return result;
}

type LineKind = 'blank' | 'heading' | 'image' | 'bullet' | 'number' | 'quote' | 'text';
const LINE_KINDS: [Exclude<LineKind, 'text' | 'image'>, RegExp][] = [
  ['blank', /^\s*$/],
  ['heading', /^#{1,3}\s+/],
  ['bullet', /^\s*[-*]\s+/],
  ['number', /^\s*\d+[.)]\s+/],
  ['quote', /^\s*>\s?/],
];
const kindOf = (line: string, options: RichTextOptions): LineKind => (options.images && IMAGE_LINE.test(line) ? 'image' : (LINE_KINDS.find(([, pattern]) => pattern.test(line))?.[0] ?? 'text'));
const strip = (kind: LineKind, line: string) => line.replace(LINE_KINDS.find(([k]) => k === kind)?.[1] ?? /^/, '');

function blockOf(kind: LineKind, lines: string[]): RichBlock {
  if (kind === 'image') {
    const [, alt, src] = IMAGE_LINE.exec(lines[0]!)!;
    // An address that is not an image file's is shown as its text, never loaded.
    return SAFE_IMAGE_SRC.test(src!) ? { type: 'image', src: src!, alt: alt!.trim() } : { type: 'paragraph', children: [{ text: alt!.trim() || src! }] };
  }
  if (kind === 'heading') return { type: 'heading', level: /^#+/.exec(lines[0]!)![0].length as 1 | 2 | 3, children: parseInline(strip(kind, lines[0]!)) };
  if (kind === 'bullet' || kind === 'number') return { type: 'list', ordered: kind === 'number', items: lines.map((line) => parseInline(strip(kind, line))) };
  if (kind === 'quote') return { type: 'quote', children: parseInline(lines.map((line) => strip(kind, line)).join('\n')) };
  return { type: 'paragraph', children: parseInline(lines.map((line) => line.trim()).join('\n')) };
}

/**
 * The blocks of a rich text (see the subset above), line by line as editors type it: a heading is
 * its one line, and a list, quote or paragraph ends where a line of another kind or an empty line
 * starts (so a heading or a sentence directly followed by a list gives both). Unsafe links become
 * plain text.
 */
export function parseRichText(source: string, options: RichTextOptions = {}): RichBlock[] {
  const blocks: RichBlock[] = [];
  let kind: LineKind = 'blank';
  let lines: string[] = [];
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const next = kindOf(line, options);
    if (next !== kind || next === 'heading' || next === 'image') {
      if (lines.length) blocks.push(blockOf(kind, lines));
      lines = [];
    }
    kind = next;
    if (next !== 'blank') lines.push(line);
  }
  if (lines.length) blocks.push(blockOf(kind, lines));
  return blocks;
}
