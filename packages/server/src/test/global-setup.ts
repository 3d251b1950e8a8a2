import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPgliteTemplate } from '../kit/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of a migrated embedded database that each test file's database starts from (test-app.ts). */
    pgliteTemplate: string | null;
  }
}

/** Once per run: a migrated embedded database, dumped, for every test file of the PGlite pass. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dp-pglite-template-')), 'migrated.tar');
  await dumpPgliteTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
