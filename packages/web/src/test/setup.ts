import { afterEach } from 'vitest';

// Testing Library cleans up after each test only when it can see the test runner's hooks.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
});
