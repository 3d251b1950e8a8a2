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
  | { type: 'quote'; children: RichInline[] };

/** A link target that cannot run anything: a page address, http(s), mailto or tel. */
export const SAFE_HREF = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s/$.?#][^\s]*|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9()\- ]{3,30})$/i;
/** Anything that looks like an HTML tag, comment or declaration. */
const HTML_TAG = /<\s*(\/?\s*[A-Za-z]|[!?])/;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Why a rich text is refused: 'rich_text_html' or 'rich_text_link' (with the href), or null. */
export function richTextProblem(value: string): { key: 'rich_text_html' } | { key: 'rich_text_link'; href: string } | null {
  if (HTML_TAG.test(value)) return { key: 'rich_text_html' };
  for (const match of value.matchAll(LINK)) {
    if (!SAFE_HREF.test(match[2]!)) return { key: 'rich_text_link', href: match[2]!.slice(0, 100) };
  }
  return null;
}

/** A rich text field of `max` characters (line breaks allowed), checked against the subset. */
export const richText = (max = 20_000) =>
  safeString({ lines: true })
    .trim()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = richTextProblem(value);
      if (!problem) return;
      ctx.addIssue({ code: 'custom', message: problem.key === 'rich_text_link' ? encodeMessage('rich_text_link', { href: problem.href }) : encodeMessage('rich_text_html') });
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

type LineKind = 'blank' | 'heading' | 'bullet' | 'number' | 'quote' | 'text';
const LINE_KINDS: [Exclude<LineKind, 'text'>, RegExp][] = [
  ['blank', /^\s*$/],
  ['heading', /^#{1,3}\s+/],
  ['bullet', /^\s*[-*]\s+/],
  ['number', /^\s*\d+[.)]\s+/],
  ['quote', /^\s*>\s?/],
];
const kindOf = (line: string): LineKind => LINE_KINDS.find(([, pattern]) => pattern.test(line))?.[0] ?? 'text';
const strip = (kind: LineKind, line: string) => line.replace(LINE_KINDS.find(([k]) => k === kind)?.[1] ?? /^/, '');

function blockOf(kind: LineKind, lines: string[]): RichBlock {
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
export function parseRichText(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let kind: LineKind = 'blank';
  let lines: string[] = [];
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const next = kindOf(line);
    if (next !== kind || next === 'heading') {
      if (lines.length) blocks.push(blockOf(kind, lines));
      lines = [];
    }
    kind = next;
    if (next !== 'blank') lines.push(line);
  }
  if (lines.length) blocks.push(blockOf(kind, lines));
  return blocks;
}
