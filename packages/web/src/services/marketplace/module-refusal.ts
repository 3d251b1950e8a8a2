import { useSyncExternalStore } from 'react';
import { isApiError } from '../../kit/api.ts';

/** The codes the gateway refuses a site module's API with (marketplace module-gate.ts). */
export const MODULE_REFUSAL_CODES = ['module_not_installed', 'module_paused'] as const;
export type ModuleRefusalCode = (typeof MODULE_REFUSAL_CODES)[number];

/** A refusal a screen's data got: its code, the server's words (in the reader's language), the screen it happened on. */
export interface ModuleRefusal {
  code: ModuleRefusalCode;
  title: string;
  pathname: string;
}

let current: ModuleRefusal | null = null;
/** The screen on show (ModuleFrame tells it): a refusal belongs to it. */
let screenPath: string | null = null;
const listeners = new Set<() => void>();
const publish = (next: ModuleRefusal | null) => {
  current = next;
  for (const listener of listeners) listener();
};

/** The module refusal in an API error, if it is one. */
export function moduleRefusalOf(error: unknown): Omit<ModuleRefusal, 'pathname'> | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const code = error.errors[0]?.code;
  return MODULE_REFUSAL_CODES.includes(code as ModuleRefusalCode) ? { code: code as ModuleRefusalCode, title: error.title } : null;
}

/**
 * Every query's failure passes here (app/queryClient.ts): a module refusal replaces the screen it
 * happened on with the module's notice (AppShell), instead of each screen's own error.
 */
export function noteModuleRefusal(error: unknown): void {
  const refusal = moduleRefusalOf(error);
  if (refusal && screenPath !== null) publish({ ...refusal, pathname: screenPath });
}

/** Forgets the refusal (a retry). */
export function clearModuleRefusal(): void {
  if (current) publish(null);
}

/** A screen is on show: refusals from now on are its own, an earlier one is forgotten. */
export function enterScreen(pathname: string): void {
  screenPath = pathname;
  if (current && current.pathname !== pathname) publish(null);
}

/** The refusal of the screen at `pathname`, if its data was refused. */
export function useModuleRefusal(pathname: string): ModuleRefusal | null {
  const refusal = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return refusal?.pathname === pathname ? refusal : null;
}
