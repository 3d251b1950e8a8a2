import { AppError } from '../../kit/app-error.ts';
import { BoundedXml, XML_LIMITS } from '../../kit/bounded-xml.ts';

/**
 * The readers of a custom media source's answer (docs/decisions/widgets-content.md, "Custom
 * media"): JSON (an array of entries, or an object holding one under a usual key) or RSS/Atom
 * XML, each turned into entries of a link, a media address (a picture or a video), a description,
 * tags and a date. Both readers bound every value while they read: the XML one through the kit's
 * BoundedXml (no DOCTYPE, no entities), the JSON one by a scan of the text that refuses a string
 * past `maxText`, nesting past `maxDepth` or more than `maxValues` values before JSON.parse sees it.
 * The answer itself is bounded by the outgoing-call guard (`maxBytes`). Entries past `maxEntries`
 * are not read.
 */
export interface SourceEntry {
  url: string | null;
  media_url: string;
  kind: 'image' | 'video';
  description: string | null;
  tags: string[];
  date: Date | null;
}

export const SOURCE_LIMITS = { maxText: 20_000, maxDepth: 32, maxValues: 500_000, maxEntries: 2000, maxTags: 30, maxTagLength: 50, maxDescription: 5000, maxUrl: 2048 };

const VIDEO = /\.(mp4|webm)(?:[?#]|$)/i;
const isHttp = (value: unknown): value is string => typeof value === 'string' && value.length <= SOURCE_LIMITS.maxUrl && /^https?:\/\/[^\s]+$/i.test(value);
const cut = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, max) : null;
};
const dateOf = (value: unknown): Date | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value < 1e11 ? value * 1000 : value);
  if (typeof value !== 'string' || value.length > 100) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) || date.getFullYear() < 1970 || date.getFullYear() > 2200 ? null : date;
};
const tagsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const tags = list
    .map((tag) => (typeof tag === 'object' && tag !== null ? ((tag as Record<string, unknown>).name ?? (tag as Record<string, unknown>).term) : tag))
    .map((tag) => cut(tag, SOURCE_LIMITS.maxTagLength))
    .filter((tag): tag is string => !!tag);
  return [...new Set(tags)].slice(0, SOURCE_LIMITS.maxTags);
};

/** Which reader an answer needs: its content type, else its first character. */
export function answerFormat(contentType: string | undefined, body: Buffer): 'json' | 'xml' {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml') || type.includes('rss') || type.includes('atom')) return 'xml';
  const head = body.subarray(0, 200).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{') || head.startsWith('[')) return 'json';
  if (head.startsWith('<')) return 'xml';
  throw new AppError(400, 'custom_media_answer_format');
}

/**
 * Checks a JSON text against the bounds before it is parsed: the longest string, the deepest
 * nesting and the number of values (a value-by-value scan, strings and escapes included).
 */
export function checkJsonBounds(text: string, limits = SOURCE_LIMITS) {
  let depth = 0;
  let values = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 34) {
      // A string: to its closing quote, escapes skipped.
      const start = at;
      for (at++; at < text.length; at++) {
        const inner = text.charCodeAt(at);
        if (inner === 92) at++;
        else if (inner === 34) break;
        if (at - start > limits.maxText) throw new AppError(400, 'file_xml_text_too_long', { element: 'JSON', line: 1, max: limits.maxText });
      }
      values++;
    } else if (char === 123 || char === 91) {
      depth++;
      values++;
      if (depth > limits.maxDepth) throw new AppError(400, 'file_xml_too_deep', { element: 'JSON', line: 1, max: limits.maxDepth });
    } else if (char === 125 || char === 93) depth--;
    else if (char === 44) values++;
    if (values > limits.maxValues) throw new AppError(400, 'import_too_many_rows', { max: limits.maxValues });
  }
}

const first = (record: Record<string, unknown>, keys: string[]): unknown => {
  for (const key of keys) {
    const value = record[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
};
/** A media address from a value that is an address or an object holding one. */
const mediaOf = (value: unknown): string | null => {
  if (isHttp(value)) return value;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 10)) {
      const found = mediaOf(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    const found = first(value as Record<string, unknown>, ['url', 'src', 'href', 'link']);
    return isHttp(found) ? found : null;
  }
  return null;
};

/** A JSON entry as a source entry, or null when it names no media. */
function jsonEntry(record: Record<string, unknown>): SourceEntry | null {
  const video = mediaOf(first(record, ['video', 'video_url', 'videoUrl']));
  const image = mediaOf(first(record, ['media_url', 'mediaUrl', 'image', 'image_url', 'imageUrl', 'picture', 'photo', 'thumbnail', 'thumbnail_url', 'src', 'media', 'images']));
  const media = video ?? image;
  if (!media) return null;
  const link = first(record, ['url', 'link', 'permalink', 'href']);
  return {
    url: isHttp(link) && link !== media ? link : null,
    media_url: media,
    kind: video || VIDEO.test(media) || String(first(record, ['media_type', 'type']) ?? '').toLowerCase() === 'video' ? 'video' : 'image',
    description: cut(first(record, ['description', 'caption', 'text', 'title', 'summary']), SOURCE_LIMITS.maxDescription),
    tags: tagsOf(first(record, ['tags', 'categories', 'hashtags'])),
    date: dateOf(first(record, ['date', 'published_at', 'published', 'created_at', 'timestamp', 'pubDate', 'updated_at'])),
  };
}

/** The entries of a JSON answer: an array, or an object with one under items, data, entries, posts, results or media. */
export function readJson(body: Buffer): SourceEntry[] {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  checkJsonBounds(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'custom_media_answer_format');
  }
  let list: unknown = parsed;
  for (let depth = 0; depth < 2 && list && typeof list === 'object' && !Array.isArray(list); depth++) {
    list = first(list as Record<string, unknown>, ['items', 'data', 'entries', 'posts', 'results', 'media', 'feed']);
  }
  if (!Array.isArray(list)) throw new AppError(400, 'custom_media_answer_format');
  const entries: SourceEntry[] = [];
  for (const item of list.slice(0, SOURCE_LIMITS.maxEntries)) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const entry = jsonEntry(item as Record<string, unknown>);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** The entries of an RSS 2.0 (`item`) or Atom (`entry`) answer. */
export function readFeed(body: Buffer): SourceEntry[] {
  const xml = new BoundedXml({ limits: { ...XML_LIMITS, maxText: SOURCE_LIMITS.maxText } });
  const parser = xml.parser;
  const entries: SourceEntry[] = [];
  let failure: Error | null = null;
  let current: { link: string | null; media: string | null; mediaKind: 'image' | 'video' | null; texts: Record<string, string>; tags: string[] } | null = null;
  let text = '';
  let seen = 0;
  parser.on('doctype', () => {
    failure = new AppError(400, 'import_xml_doctype');
  });
  parser.on('error', (error) => {
    failure ??= new AppError(400, 'custom_media_source_failed', { reason: error.message.slice(0, 200) });
  });
  parser.on('opentag', (node) => {
    const name = node.name.toLowerCase();
    const attrs = node.attributes as Record<string, string>;
    text = '';
    if (name === 'item' || name === 'entry') {
      current = seen++ < SOURCE_LIMITS.maxEntries ? { link: null, media: null, mediaKind: null, texts: {}, tags: [] } : null;
      return;
    }
    if (!current) return;
    if (name === 'link' && attrs.href && isHttp(attrs.href)) {
      const rel = (attrs.rel ?? 'alternate').toLowerCase();
      if (rel === 'enclosure' && !current.media) setMedia(current, attrs.href, attrs.type);
      else if (rel === 'alternate') current.link ??= attrs.href;
    }
    if ((name === 'enclosure' || name === 'media:content') && isHttp(attrs.url) && (!current.media || current.mediaKind === 'image')) {
      const kind = (attrs.type ?? attrs.medium ?? '').toLowerCase();
      if (kind.startsWith('video') || kind.startsWith('image') || !kind) setMedia(current, attrs.url, attrs.type ?? attrs.medium);
    }
    if (name === 'media:thumbnail' && isHttp(attrs.url) && !current.media) setMedia(current, attrs.url, 'image');
    if (name === 'category' && attrs.term) current.tags.push(attrs.term);
  });
  const setMedia = (entry: NonNullable<typeof current>, url: string, type: string | undefined) => {
    entry.media = url;
    entry.mediaKind = (type ?? '').toLowerCase().startsWith('video') || VIDEO.test(url) ? 'video' : 'image';
  };
  const take = (chunk: string) => {
    if (text.length < SOURCE_LIMITS.maxText) text += chunk.slice(0, SOURCE_LIMITS.maxText - text.length);
  };
  parser.on('text', take);
  parser.on('cdata', take);
  parser.on('closetag', (node) => {
    const name = node.name.toLowerCase();
    const entry = current as typeof current;
    if (!entry) return;
    if (name === 'item' || name === 'entry') {
      // A description's first picture stands for an entry without an enclosure.
      const inline = /<img[^>]+src=["'](https?:\/\/[^"'\s]+)["']/i.exec(entry.texts.description ?? entry.texts.content ?? entry.texts['content:encoded'] ?? '')?.[1];
      const media = entry.media ?? (inline && isHttp(inline) ? inline : null);
      if (media) {
        entries.push({
          url: entry.link,
          media_url: media,
          kind: entry.media ? (entry.mediaKind ?? 'image') : 'image',
          description: cut(entry.texts.description ?? entry.texts.summary ?? entry.texts['media:description'] ?? entry.texts.title ?? entry.texts.content, SOURCE_LIMITS.maxDescription),
          tags: tagsOf(entry.tags),
          date: dateOf(entry.texts.pubdate ?? entry.texts.published ?? entry.texts.updated ?? entry.texts['dc:date']),
        });
      }
      current = null;
      return;
    }
    const value = text.trim();
    text = '';
    if (!value) return;
    if (name === 'link' && !entry.link && isHttp(value)) entry.link = value;
    else if (name === 'category') entry.tags.push(value);
    else if (!(name in entry.texts)) entry.texts[name] = value;
  });
  const source = body.toString('utf8');
  try {
    xml.write(source);
    if (!failure) xml.close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) throw failure;
  return entries;
}

/** The entries of an answer, by its format. */
export function readAnswer(contentType: string | undefined, body: Buffer): SourceEntry[] {
  return answerFormat(contentType, body) === 'json' ? readJson(body) : readFeed(body);
}
