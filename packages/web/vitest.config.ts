import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Tests that need a document of their own (vitest.own-document.config.ts): they check what antd put in the head. */
export const OWN_DOCUMENT = ['src/app/csp.test.tsx'];

export const webConfig = (test: { name: string; include: string[]; exclude?: string[]; isolate: boolean }) =>
  defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    test: { environment: 'happy-dom', setupFiles: ['src/test/setup.ts'], testTimeout: 30_000, ...test },
  });

// The files of a worker share one module graph and document (imports took 75 of 200 s otherwise);
// Testing Library's cleanup and src/test/setup.ts reset what a test leaves behind.
export default webConfig({ name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: OWN_DOCUMENT, isolate: false });
