import { afterEach, beforeAll, beforeEach } from 'vitest';

beforeAll(async () => {
  // Every text of both languages, as a signed-in page has them (the app loads them on demand, app/i18n.ts).
  const { loadLanguage } = await import('../app/i18n.ts');
  await Promise.all([loadLanguage('ru'), loadLanguage('en')]);
  await import('../app/date-locale.ts');
  if (typeof document === 'undefined') return;
  // Lazy screens and antd take a moment on a busy machine: wait up to 25 s for what a user would see
  // (a wait ends as soon as it is there). The first app a worker renders compiles the screens' lazy
  // modules on demand: the sign-in page's took 6.8 s alone and over 10 s beside the server tests.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 25_000 });
});

// No satisfaction survey over the screen under test: it opens 5 s after entry, which a slow run
// reaches (its own test clears the cookie first).
beforeEach(() => {
  if (typeof document !== 'undefined') document.cookie = 'satisfaction=declined; path=/';
});

// Testing Library cleans up after each test only when it can see the test runner's hooks.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  // What antd opens outside React roots (Modal.confirm's questions, popups left closing) goes too:
  // the next file of the worker shares this document.
  const { Modal } = await import('antd');
  Modal.destroyAll();
  document.body.innerHTML = '';
  localStorage.clear();
});
