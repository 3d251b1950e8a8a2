import { api, gatewayPath } from '../../kit/api.ts';

/** At most this many reports a page load; each distinct error once. */
const MAX_PER_LOAD = 10;

/** The build the page runs: its main script's hashed name (a new build, a new release). */
function releaseOf(): string | undefined {
  const main = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  return main?.src.split('/').pop()?.replace(/\.js$/, '');
}

/**
 * The admin's error reporter: uncaught errors and unhandled rejections of the built admin go to its
 * project (server error-collection-system, POST /api/v1/report), after the moment they happen and
 * without anybody waiting for the answer; the server maps their frames through the build's source maps.
 */
export function installErrorReporter() {
  let sent = 0;
  const seen = new Set<string>();
  const report = (type: string, message: string, stack: string) => {
    const key = `${type}:${message}`;
    if (sent >= MAX_PER_LOAD || seen.has(key)) return;
    seen.add(key);
    sent++;
    const body = JSON.stringify({ type: type.slice(0, 200), message: message.slice(0, 2000), stack: stack.slice(0, 16000), url: location.href.slice(0, 2000), release: releaseOf() });
    const token = api.store.get()?.access_token;
    setTimeout(() => {
      fetch(gatewayPath('error-collection-system', 'report'), { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } }).catch(() => undefined);
    }, 0);
  };
  window.addEventListener('error', (event) => {
    const error = event.error as Error | undefined;
    if (!error && !event.message) return;
    report(error?.name || 'Error', error?.message || event.message, error?.stack || (event.filename ? `    at ${event.filename}:${event.lineno}:${event.colno}` : ''));
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as Error | undefined;
    report(reason?.name || 'UnhandledRejection', reason?.message || String(reason), reason?.stack || '');
  });
}
