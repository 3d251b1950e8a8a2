import { VIDEO_HOSTS } from '@dp/contracts';
import { html, jsonForScript, raw, safeSrc, type Html } from './html.ts';

/**
 * Pictures, videos, buttons and icons of public sites, shared by floors and stages. Every address
 * is checked again here (safeSrc, safeHref), whatever was stored.
 */

/** Icons as inline SVG paths (24×24, stroked): the floors' and stages' icon choices. */
const ICON_PATHS: Record<string, string> = {
  arrow: 'M5 12h14M13 6l6 6-6 6',
  'arrow-right': 'M5 12h14M13 6l6 6-6 6',
  'arrow-left': 'M19 12H5M11 6l-6 6 6 6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  car: 'M5 16l1.5-5h11L19 16M3 16h18v3H3zM7 19v2M17 19v2',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  gift: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-4 0M12 7c2-4 6-3 4 0',
  percent: 'M19 5L5 19M7 7h.01M17 17h.01',
  info: 'M12 11v6M12 7h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  play: 'M8 5l11 7-11 7z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  location: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 10h.01',
};

export function icon(name: unknown): Html | null {
  const path = typeof name === 'string' ? ICON_PATHS[name] : undefined;
  return path ? raw(`<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`) : null;
}

/** tel: of a typed phone number (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** An image from a floor's value ({url, alt, title}); alt is always present (empty for decoration). */
export function imageTag(value: unknown, options: { className?: string; lazy?: boolean; altFallback?: string | null } = {}): Html | null {
  const image = (value ?? {}) as { url?: unknown; alt?: unknown; title?: unknown };
  const src = safeSrc(image.url);
  if (!src) return null;
  const alt = typeof image.alt === 'string' && image.alt.trim() ? image.alt.trim() : (options.altFallback ?? '');
  const title = typeof image.title === 'string' && image.title.trim() ? image.title.trim() : null;
  return html`<img src="${src}" alt="${alt}"${title ? html` title="${title}"` : null}${options.className ? html` class="${options.className}"` : null} ${options.lazy === false ? raw('decoding="async"') : raw('loading="lazy" decoding="async"')}>`;
}

/** The player address of a hosted video page, or null when it is not one of the known hosts' pages. */
export function embedUrl(type: string, url: unknown): string | null {
  if (typeof url !== 'string' || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || !(type in VIDEO_HOSTS) || !VIDEO_HOSTS[type as keyof typeof VIDEO_HOSTS].includes(parsed.hostname.toLowerCase())) return null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (type === 'youtube') {
    const id = parsed.hostname.endsWith('youtu.be') ? segments[0] : parsed.searchParams.get('v') ?? (['embed', 'shorts', 'live'].includes(segments[0] ?? '') ? segments[1] : null);
    return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (type === 'vimeo') {
    const id = segments.find((segment) => /^\d{4,12}$/.test(segment));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  const id = segments.find((segment) => /^[a-f0-9]{32}$/i.test(segment));
  return id ? `https://rutube.ru/play/embed/${id}` : null;
}

/** Hosts a site's pages frame (the CSP's frame-src). */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://rutube.ru'];

export interface VideoValue {
  type: string;
  url?: unknown;
  poster?: unknown;
  ratio?: unknown;
  schema_markup?: Record<string, unknown> | null;
}

/** Ratios of the video block and the class that draws each (16:9 is the default). */
const RATIOS: Record<string, string> = { '16:9': 'ratio-16-9', '4:3': 'ratio-4-3', '1:1': 'ratio-1-1', '9:16': 'ratio-9-16', '21:9': 'ratio-21-9' };

/**
 * A video block: a hosted player (lazy iframe) or a native mp4, with its schema.org VideoObject
 * markup as JSON-LD (data, not a script: `<` escaped).
 */
export function videoBlock(video: VideoValue | null | undefined, title: string, options: { className?: string } = {}): Html | null {
  if (!video) return null;
  const ratio = typeof video.ratio === 'string' && RATIOS[video.ratio] ? video.ratio : '16:9';
  const ratioClass = ratio !== '16:9' ? RATIOS[ratio]! : null;
  const poster = safeSrc(video.poster);
  let player: Html | null = null;
  if (video.type === 'native') {
    const src = safeSrc(video.url);
    if (src) player = html`<video controls preload="none" playsinline${poster ? html` poster="${poster}"` : null} src="${src}" aria-label="${title}"></video>`;
  } else {
    const src = embedUrl(video.type, video.url);
    if (src) player = html`<iframe src="${src}" title="${title}" loading="lazy" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
  }
  if (!player) return null;
  return html`<div class="video${options.className ? ` ${options.className}` : ''}${ratioClass ? ` ${ratioClass}` : ''}">${player}</div>${videoMarkup(video, poster)}`;
}

function videoMarkup(video: VideoValue, poster: string | null): Html | null {
  const markup = video.schema_markup;
  if (!markup || typeof markup.name !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const thumbnail = safeSrc(markup.thumbnail) ?? poster;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: markup.name,
    description: text(markup.description) ?? markup.name,
    uploadDate: text(markup.uploadDate),
    duration: text(markup.duration),
    isFamilyFriendly: typeof markup.isFamilyFriendly === 'boolean' ? markup.isFamilyFriendly : undefined,
    thumbnailUrl: thumbnail ?? undefined,
    contentUrl: video.type === 'native' ? safeSrc(video.url) ?? undefined : undefined,
    embedUrl: video.type !== 'native' ? embedUrl(video.type, video.url) ?? undefined : undefined,
  };
  return html`<script type="application/ld+json">${jsonForScript(data)}</script>`;
}
