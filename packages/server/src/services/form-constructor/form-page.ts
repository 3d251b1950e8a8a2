import { createHash } from 'node:crypto';
import { escapeHtml, formText, type Lang } from '@dp/contracts';

/**
 * A custom form's own page on its site (`/_forms/{id}`): the site's name, the form's title, and
 * the form drawn by its embeddable script (the same markup as the builder's preview). The styles
 * are inline and allowed by their hashes; scripts come from the site (and the smart captcha's
 * host when the site uses it).
 */
const PAGE_CSS = [
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0;background:#fff;color:#1a1f2b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}',
  '.page{max-width:960px;margin:0 auto;padding:24px 16px 48px}',
  '.page__site{margin:0 0 8px;font-size:.95rem;color:#5b6472}',
  '.page__site a{color:inherit}',
  '.page h1{margin:0 0 24px;font-size:1.75rem;line-height:1.25;overflow-wrap:anywhere}',
  '.page__noscript{padding:12px;border:1px solid #e0b4b4;border-radius:6px}',
].join('\n');

const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

export interface FormPage {
  formId: number;
  title: string;
  siteName: string;
  lang: Lang;
  css: string;
  /** The smart captcha's origin (its widget script's, SMART_CAPTCHA_SCRIPT_URL) when the form shows it. */
  smartCaptcha: string | null;
}

export function renderFormPage(page: FormPage): { html: string; csp: string } {
  const target = `dp-form-${page.formId}`;
  const html = `<!doctype html>
<html lang="${page.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(page.title)} — ${escapeHtml(page.siteName)}</title>
<style id="dpf-style-${page.formId}">${page.css}</style><style>${PAGE_CSS}</style></head>
<body><main class="page"><p class="page__site"><a href="/">${escapeHtml(page.siteName)}</a></p><h1>${escapeHtml(page.title)}</h1>
<div id="${target}"><noscript><p class="page__noscript">${escapeHtml(formText(page.lang, 'no_script'))}</p></noscript></div></main>
<script src="/_api/forms/${page.formId}/embed.js" data-target="${target}"></script></body></html>`;
  const smart = page.smartCaptcha ? ` ${page.smartCaptcha}` : '';
  const csp = [
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `script-src 'self'${smart}`,
    `style-src ${hash(page.css)} ${hash(PAGE_CSS)}`,
    `img-src 'self' data:${smart}`,
    `connect-src 'self'${smart}`,
    `frame-src${smart || " 'none'"}`,
  ].join('; ');
  return { html, csp };
}
