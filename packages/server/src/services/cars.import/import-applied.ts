import type { DbOrTx } from '../../kit/db.ts';

/**
 * The import's one extension point: after an import wrote a site's cars, inside its apply
 * transaction (so a failure rolls the whole import back), each registered service is told which cars
 * the feed named (created, updated or unchanged). A service that keeps values of its own over the
 * feed's (the import-edit widget) records the feed's values and puts its own back here; the import
 * knows nothing more of it.
 */
export interface ImportApplied {
  tx: DbOrTx;
  siteId: number;
  /** The cars this run's feed named, each once. */
  carIds: number[];
}

export type ImportAppliedHook = (applied: ImportApplied) => Promise<void>;

const hooks = new Map<string, ImportAppliedHook>();

/** Registers (or replaces) a service's hook by its name: registering twice keeps one. */
export function onImportApplied(name: string, hook: ImportAppliedHook) {
  hooks.set(name, hook);
}

/** Runs the registered hooks in registration order (the import's apply calls it once per run). */
export async function importApplied(applied: ImportApplied) {
  if (!applied.carIds.length) return;
  for (const hook of hooks.values()) await hook(applied);
}
