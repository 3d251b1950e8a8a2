import { afterEach, beforeAll } from 'vitest';

beforeAll(async () => {
  // Every text of both languages, as a signed-in page has them (the app loads them on demand, app/i18n.ts).
  const { loadLanguage } = await import('../app/i18n.ts');
  await Promise.all([loadLanguage('ru'), loadLanguage('en')]);
  if (typeof document === 'undefined') return;
  // Lazy screens and antd take a moment on a busy machine: wait up to 5 s for what a user would see.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
});

// Testing Library cleans up after each test only when it can see the test runner's hooks.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
});
