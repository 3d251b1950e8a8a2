import { createHash } from 'node:crypto';

/**
 * The error reporter of public sites, a script file of its own (the pages' CSP runs scripts from
 * the site's origin only, no inline script), loaded `async` so it never holds the page back and is
 * running before the site's own script. It reports uncaught errors and unhandled rejections to
 * the site's `/_api/errors` with `navigator.sendBeacon` (the page never waits for it): a share of
 * page views (SAMPLE, the site project's setting, given by the page as the script tag's
 * `data-sample` in percent; all of them without it), at most MAX_PER_PAGE reports a page, each
 * distinct error once.
 */
const SCRIPT = String.raw`(function () {
  var tag = document.currentScript, given = tag && tag.getAttribute('data-sample');
  var SAMPLE = given !== null && given !== '' && !isNaN(given) ? Number(given) / 100 : 1, MAX_PER_PAGE = 10, sent = 0, seen = {};
  if (Math.random() >= SAMPLE || !window.addEventListener) return;
  function report(type, message, stack) {
    if (sent >= MAX_PER_PAGE) return;
    var key = type + ':' + message;
    if (seen[key]) return;
    seen[key] = 1;
    sent++;
    var body = JSON.stringify({ type: String(type || 'Error').slice(0, 200), message: String(message || '').slice(0, 2000), stack: String(stack || '').slice(0, 16000), url: String(location.href).slice(0, 2000) });
    try {
      if (navigator.sendBeacon && navigator.sendBeacon('/_api/errors', new Blob([body], { type: 'text/plain' }))) return;
      if (window.fetch) fetch('/_api/errors', { method: 'POST', body: body, headers: { 'content-type': 'text/plain' }, keepalive: true }).catch(function () {});
    } catch (e) { /* reporting never breaks the page */ }
  }
  window.addEventListener('error', function (e) {
    var error = e.error;
    if (!error && !e.message) return;
    report(error && error.name || 'Error', error && error.message || e.message, error && error.stack || (e.filename ? '    at ' + e.filename + ':' + e.lineno + ':' + e.colno : ''));
  });
  window.addEventListener('unhandledrejection', function (e) {
    var reason = e.reason;
    report(reason && reason.name || 'UnhandledRejection', reason && reason.message || String(reason), reason && reason.stack || '');
  });
})();
`;

export const errorReporterScript = SCRIPT;
/** Its address on every site: the content's hash in it, so it is cached for a year and a new version gets a new address. */
export const errorReporterPath = `/_site/errors.${createHash('sha256').update(SCRIPT).digest('hex').slice(0, 12)}.js`;
/** Where the sites' reporter posts (a site API of the site renderer). */
export const SITE_ERRORS_PREFIX = '/_api/errors';
