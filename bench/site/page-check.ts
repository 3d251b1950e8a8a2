/**
 * `npm run bench:site:pages -- <site url> [paths…]`: Lighthouse-style checks of a public site's
 * pages in Chromium (/usr/bin/chromium), on a running app (the demo: `npm start`, then
 * http://kia-avtograd.localhost:3000). Performance as Lighthouse's mobile run sets it up — a 390 px
 * phone, the CPU slowed four times, a slow 4G network (150 ms, 1.6 Mbit/s down) — measuring first
 * contentful paint, largest contentful paint, cumulative layout shift, total blocking time, the
 * requests and bytes; and the accessibility rules a page can be checked for without a library:
 * a language, a title, one h1, headings without gaps, landmarks, alt on every image, a name for
 * every link, button and field (its own label, a wrapping one or aria-label), unique ids, no CSP violation.
 *
 * BENCH_PAGES_REPORTER=compare measures each page twice, with the error collection's reporter
 * script as served and with its request refused (reporting off), one row each, side by side.
 */
import { chromium, type Page } from 'playwright-core';

const [given0, ...given] = process.argv.slice(2);
if (!given0) {
  console.error('usage: npm run bench:site:pages -- http://kia-avtograd.localhost:3000 [/ /news …]');
  process.exit(2);
}
const base: string = given0;
const paths = given.length ? given : ['/', '/news', '/specials/winter-tyres', '/contacts'];

interface Vitals {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  requests: number;
  bytes: number;
}

async function measure(page: Page, url: string): Promise<Vitals> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await page.addInitScript(`
    window.__vitals = { lcp: 0, cls: 0, tbt: 0 };
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value; }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__vitals.tbt += Math.max(0, entry.duration - 50); }).observe({ type: 'longtask', buffered: true });
  `);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const vitals = (await page.evaluate(`({ fcp: (performance.getEntriesByName('first-contentful-paint')[0] || { startTime: 0 }).startTime, ...window.__vitals })`)) as { fcp: number; lcp: number; cls: number; tbt: number };
  await cdp.detach();
  return { ...vitals, requests, bytes };
}

/**
 * The accessibility rules of the header comment, run in the page; answers the problems found.
 * A string, so that the functions the TypeScript loader adds (tsx names functions) never reach the page.
 */
const ACCESSIBILITY = `(() => {
  const problems = [];
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || '').trim() || ((el.querySelector('img[alt]') && el.querySelector('img[alt]').getAttribute('alt')) || '').trim();
  if (!document.documentElement.lang) problems.push('no lang on <html>');
  if (!document.title.trim()) problems.push('no title');
  const h1 = document.querySelectorAll('h1').length;
  if (h1 !== 1) problems.push(h1 + ' h1 elements');
  let last = 0;
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Number(heading.tagName[1]);
    if (last && level > last + 1) problems.push('heading ' + heading.tagName + ' after H' + last + ': ' + (heading.textContent || '').trim().slice(0, 40));
    last = level;
  }
  for (const landmark of ['header', 'nav', 'main', 'footer']) if (!document.querySelector(landmark)) problems.push('no <' + landmark + '>');
  for (const img of document.querySelectorAll('img')) if (!img.hasAttribute('alt')) problems.push('an image without alt: ' + img.getAttribute('src'));
  for (const link of document.querySelectorAll('a[href]')) if (!name(link)) problems.push('a link without a name: ' + link.getAttribute('href'));
  for (const button of document.querySelectorAll('button')) if (!name(button)) problems.push('a button without a name');
  for (const field of document.querySelectorAll('input:not([type=hidden]), textarea, select')) {
    const id = field.getAttribute('id');
    if (!field.getAttribute('aria-label') && !field.closest('label') && !(id && document.querySelector('label[for="' + id + '"]'))) problems.push('a field without a label: ' + field.getAttribute('name'));
  }
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  for (const id of new Set(ids.filter((value, index) => ids.indexOf(value) !== index))) problems.push('duplicate id ' + id);
  return problems;
})()`;

async function accessibility(page: Page): Promise<string[]> {
  return page.evaluate(ACCESSIBILITY) as Promise<string[]>;
}

/** Reporting on (the reporter as served), and off (its script refused) when comparing. */
const REPORTING = process.env.BENCH_PAGES_REPORTER === 'compare' ? (['on', 'off'] as const) : (['on'] as const);

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const rows: string[] = [];
  let failed = false;
  try {
    for (const path of paths) for (const reporting of REPORTING) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'ru-RU' });
      if (reporting === 'off') await context.route('**/_site/errors.*', (route) => route.abort());
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
      });
      const vitals = await measure(page, base.replace(/\/+$/, '') + path);
      const problems = [...(await accessibility(page)), ...violations.map((text) => `CSP: ${text.slice(0, 120)}`)];
      failed ||= problems.length > 0;
      rows.push(`| ${path}${REPORTING.length > 1 ? ` (reporting ${reporting})` : ''} | ${Math.round(vitals.fcp)} | ${Math.round(vitals.lcp)} | ${vitals.cls.toFixed(3)} | ${Math.round(vitals.tbt)} | ${vitals.requests} | ${(vitals.bytes / 1024).toFixed(1)} | ${problems.length ? problems.join('; ') : 'none'} |`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`${base} — 390 px phone, CPU ×4 slower, 150 ms / 1.6 Mbit/s, cache off\n`);
  console.log('| page | FCP ms | LCP ms | CLS | TBT ms | requests | KB | accessibility problems |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  process.exit(failed ? 1 : 0);
}

void main();
