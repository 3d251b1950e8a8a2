/**
 * Stack traces as Chromium (V8) and Firefox (SpiderMonkey) write them for the same failures of a
 * site's page: the same error at two moments (other ids and numbers in the message, other columns
 * after a rebuild of the script), and an unrelated one.
 */
export const SITE_ORIGIN = 'http://kia-avtograd.localhost:3811';

export const chromium = {
  priceA: {
    type: 'TypeError',
    message: "Cannot read properties of undefined (reading 'price')",
    stack: `TypeError: Cannot read properties of undefined (reading 'price')
    at formatPrice (${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:12:31)
    at renderCar (${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:58:12)
    at Array.forEach (<anonymous>)
    at HTMLDocument.<anonymous> (${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:160:7)`,
  },
  // The same failure after a new build of the script: another hash and other columns.
  priceB: {
    type: 'TypeError',
    message: "Cannot read properties of undefined (reading 'price')",
    stack: `TypeError: Cannot read properties of undefined (reading 'price')
    at formatPrice (${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:13:40)
    at renderCar (${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:60:12)
    at Array.forEach (<anonymous>)
    at HTMLDocument.<anonymous> (${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:162:7)`,
  },
  carA: { type: 'Error', message: 'Car 48213 not found in list 7f3a9c21e0', stack: `Error: Car 48213 not found in list 7f3a9c21e0\n    at loadCar (${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:80:11)\n    at async ${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:90:3` },
  carB: { type: 'Error', message: 'Car 1177 not found in list 0b9d4e6a55', stack: `Error: Car 1177 not found in list 0b9d4e6a55\n    at loadCar (${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:80:11)\n    at async ${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:90:3` },
  // Thrown by a browser extension, with the page's frames below it.
  extension: {
    type: 'ReferenceError',
    message: 'ext is not defined',
    stack: `ReferenceError: ext is not defined\n    at inject (chrome-extension://abcdefghijklmnop/content.js:3:9)\n    at formatPrice (${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:12:31)`,
  },
};

export const firefox = {
  priceA: {
    type: 'TypeError',
    message: 'car is undefined',
    stack: `formatPrice@${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:12:31
renderCar@${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:58:12
@${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:160:7
EventListener.handleEvent*@${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:158:3
`,
  },
  priceB: {
    type: 'TypeError',
    message: 'car is undefined',
    stack: `formatPrice@${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:13:40
renderCar@${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:60:12
@${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:162:7
EventListener.handleEvent*@${SITE_ORIGIN}/_site/site.9f8e7d6c5b4a.js:160:3
`,
  },
  stage: {
    type: 'RangeError',
    message: 'invalid array length',
    stack: `go@${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:70:9
stage/<@${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js:75:27
`,
  },
};

/**
 * A Sentry browser SDK envelope (@sentry/browser 8) of one exception: the header line, an event
 * item whose frames Sentry lists oldest first, and a client report the intake skips.
 */
export function sentryEnvelope(dsn: string, options: { message?: string; release?: string; items?: 'event' | 'session' } = {}) {
  const eventId = 'f3c1b7a2d4e54c0f9a8b7c6d5e4f3a2b';
  const header = JSON.stringify({ event_id: eventId, sent_at: '2026-11-29T10:00:00.000Z', sdk: { name: 'sentry.javascript.browser', version: '8.40.0' }, dsn });
  const event = JSON.stringify({
    exception: {
      values: [
        {
          type: 'TypeError',
          value: options.message ?? "Cannot read properties of null (reading 'addEventListener')",
          stacktrace: {
            frames: [
              { filename: `${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js`, function: '?', in_app: true, lineno: 160, colno: 7 },
              { filename: `${SITE_ORIGIN}/_site/site.1a2b3c4d5e6f.js`, function: 'menu', in_app: true, lineno: 64, colno: 10 },
            ],
          },
          mechanism: { type: 'onerror', handled: false },
        },
      ],
    },
    level: 'error',
    event_id: eventId,
    platform: 'javascript',
    request: { url: `${SITE_ORIGIN}/cars`, headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' } },
    timestamp: 1764410400.123,
    environment: 'production',
    release: options.release ?? 'site@2026.11.29',
    user: { id: 'visitor-17' },
    sdk: { name: 'sentry.javascript.browser', version: '8.40.0' },
  });
  const session = JSON.stringify({ sid: 'a1b2', init: true, started: '2026-11-29T10:00:00.000Z', status: 'ok', errors: 0 });
  const clientReport = JSON.stringify({ timestamp: 1764410400, discarded_events: [] });
  const items =
    options.items === 'session'
      ? [JSON.stringify({ type: 'session' }), session]
      : [JSON.stringify({ type: 'event', length: Buffer.byteLength(event) }), event, JSON.stringify({ type: 'client_report' }), clientReport];
  return [header, ...items].join('\n') + '\n';
}
