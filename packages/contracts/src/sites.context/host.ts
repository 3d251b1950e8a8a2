/**
 * Host names of sites (spec 000 §5): lowercase, transliterated, only a-z, 0-9, dot and hyphen.
 * Shared by the server (every write and POST /sites/{id}/normalize) and the web (the preview under
 * the field), so both normalise alike.
 */

/** Cyrillic of the platform's countries (ru, by, kz) in Latin letters, as passports write it. */
const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Belarusian and Kazakh letters.
  і: 'i', ў: 'u', ә: 'a', ғ: 'g', қ: 'k', ң: 'n', ө: 'o', ұ: 'u', ү: 'u', һ: 'h',
};

/** Cyrillic letters in Latin; Latin letters with diacritics lose them (š → s). */
export function transliterate(text: string): string {
  return [...text.toLowerCase()]
    .map((char) => TRANSLIT[char] ?? char)
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * A host as the platform stores it: without scheme, path, port or a trailing dot, lowercase,
 * transliterated, spaces and underscores as hyphens, every other character outside a-z, 0-9, `.`
 * and `-` removed, no empty labels and no hyphen at a label's ends.
 */
export function normalizeHost(input: string): string {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.split(/[/?#]/, 1)[0]!;
  text = text.replace(/:\d*$/, '');
  text = transliterate(text)
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9.-]/g, '');
  return text
    .split('.')
    .map((label) => label.replace(/-{2,}/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('.');
}

/** A label of a host name: 1 to 63 characters, a-z, 0-9 and inner hyphens. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A last label that makes browsers read the name as an IPv4 address (127.0.0.1, 127.1, 0x7f.1). */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/;

/**
 * Whether a normalised host is a usable domain name: at least two labels, each valid, 253 at
 * most, and not an IP address (its last label is not a number).
 */
export function isValidHost(host: string): boolean {
  const labels = host.split('.');
  return host.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !NUMERIC_LABEL.test(labels.at(-1)!);
}

/** The host and port part of a typed address: without its scheme, path, query or fragment. */
const authorityOf = (input: string) => input.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/?#]/, 1)[0]!;

/** Whether a typed host is an IP address (IPv4, or IPv6 with or without brackets); such a host is refused, not normalised. */
export function isIpAddressHost(input: string): boolean {
  const authority = authorityOf(input);
  if (authority.startsWith('[') || (authority.match(/:/g) ?? []).length >= 2) return true;
  const labels = authority.replace(/:\d*$/, '').replace(/\.$/, '').split('.');
  return labels.length >= 2 && NUMERIC_LABEL.test(labels.at(-1)!);
}

/** Whether a typed host carries a port (`kia.ru:8080`, `kia.ru:`); normalising would drop it silently, so it is refused. */
export const hasPort = (input: string): boolean => /:\d*$/.test(authorityOf(input));

/** A subdomain of the technical domain made from a site name: 'Kia Север' → 'kia-sever'. */
export function subdomainFrom(name: string): string {
  return normalizeHost(name.replace(/\./g, '-')).slice(0, 63).replace(/-+$/, '');
}

/** Whether `host` is the technical domain itself or lies under it. */
export function isUnderDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
