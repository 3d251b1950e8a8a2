import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded screen whose code can be asked for before it renders. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/**
 * React's lazy() plus `preload`: app/preload.ts fetches the code of the page being opened while
 * the shell still waits for the user's data, instead of after it. The browser loads a module
 * once, so lazy() rendering it later finds it there.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const once = () => (loading ??= load().catch((error: unknown) => {
    // A chunk that failed (network, a new release) is asked for again by the next attempt.
    loading = null;
    throw error;
  }));
  return Object.assign(lazy(once), { preload: once });
}
