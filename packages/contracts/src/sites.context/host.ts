/**
 * Host names of sites (spec 000 §5): lowercase, only letters, digits, dot and hyphen. A host typed
 * in another script is an internationalised domain (`haval-тест.рф`): it is stored as browsers
 * send it, in punycode (`xn--haval--4ve8afp.xn--p1ai`), and shown in Unicode (displayHost).
 * Transliteration is for names turned into technical subdomains (subdomainFrom). Shared by the
 * server (every write and POST /sites/{id}/normalize) and the web, so both normalise alike.
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

/** The host and port part of a typed address: without its scheme, path, query or fragment. */
const authorityOf = (input: string) => input.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/?#]/, 1)[0]!;

/** A typed address without scheme, path, query, port or spaces at its ends, lowercase. */
const hostPart = (input: string) => authorityOf(input).replace(/:\d*$/, '');

/** No empty labels and no hyphen at a label's ends. */
const tidyLabels = (text: string) =>
  text
    .split('.')
    .map((label) => label.replace(/-{2,}/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('.');

/**
 * A host as the platform stores it: without scheme, path, port or a trailing dot, lowercase,
 * spaces and underscores as hyphens, every character but letters, digits, `.` and `-` removed, no
 * empty labels and no hyphen at a label's ends; a label in another script in punycode, as the
 * URL standard encodes it (browsers send that in the Host header the renderer reads).
 */
export function normalizeHost(input: string): string {
  const text = tidyLabels(
    hostPart(input)
      .normalize('NFC')
      .replace(/[\s_]+/g, '-')
      .replace(/[^\p{L}\p{N}.-]/gu, ''),
  );
  if (/^[a-z0-9.-]*$/.test(text)) return text;
  try {
    return new URL(`http://${text}/`).hostname;
  } catch {
    return '';
  }
}

/** A host in Latin letters only, other scripts transliterated: for subdomains made from names. */
function latinHost(input: string): string {
  return tidyLabels(
    transliterate(hostPart(input))
      .replace(/[\s_]+/g, '-')
      .replace(/[^a-z0-9.-]/g, ''),
  );
}

/** A stored host as people read it: its punycode labels in their own script. */
export function displayHost(host: string): string {
  return host
    .split('.')
    .map((label) => (label.startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join('.');
}

// RFC 3492 (Punycode) parameters.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

function adaptBias(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / 700) : delta >> 1;
  delta += Math.floor(delta / points);
  let k = 0;
  for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + 38));
}

const digitOf = (code: number) => (code >= 48 && code <= 57 ? code - 22 : code >= 97 && code <= 122 ? code - 97 : code >= 65 && code <= 90 ? code - 65 : BASE);

/** The Unicode of a punycode label (without its `xn--`); null when it is not valid punycode. */
function decodePunycode(input: string): string | null {
  if (input.length > 63) return null;
  const basicEnd = Math.max(input.lastIndexOf('-'), 0);
  const output: number[] = [];
  for (let j = 0; j < basicEnd; j++) {
    if (input.charCodeAt(j) >= 0x80) return null;
    output.push(input.charCodeAt(j));
  }
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let at = basicEnd > 0 ? basicEnd + 1 : 0; at < input.length; ) {
    const before = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return null;
      const digit = digitOf(input.charCodeAt(at++));
      if (digit >= BASE) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adaptBias(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
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
  return latinHost(name.replace(/\./g, '-')).slice(0, 63).replace(/-+$/, '');
}

/** Whether `host` is the technical domain itself or lies under it. */
export function isUnderDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
