import type { LazyScreen } from '../kit/lazyScreen.ts';
import { WEB_SERVICES } from '../services.ts';

/**
 * The pages the web has, walked from the list of web services (services.ts). A route of the
 * registry without a screen here is neither listed in the menu nor reachable. Pages import none
 * of this (it names every page): the shell gives them the screen paths (useShell.ts).
 */
export const SCREENS: Record<string, LazyScreen> = Object.assign({}, ...WEB_SERVICES.map((service) => service.screens));

export const SCREEN_PATHS = Object.keys(SCREENS);
