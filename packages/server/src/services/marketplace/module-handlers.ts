import { eq } from 'drizzle-orm';
import { LANGS, type ModuleHandlerName } from '@dp/contracts';
import type { Tx } from '../../kit/db.ts';
import type { AuthContext } from '../../kit/request-context.ts';
import { sites } from '../sites.context/site.table.ts';
import type { modules } from './module.table.ts';

type SiteRow = typeof sites.$inferSelect;
type ModuleRow = typeof modules.$inferSelect;

export interface ModuleHandlerContext {
  site: SiteRow;
  module: ModuleRow;
  auth: AuthContext;
}

/**
 * A step a module takes on a site when it is installed or uninstalled (its default settings, a
 * cleanup). It runs inside the install or uninstall transaction: throwing rolls everything back.
 */
export type ModuleHandler = (tx: Tx, ctx: ModuleHandlerContext) => Promise<void>;

/**
 * The site's default extra languages (`sites.locales`: the languages besides its main one,
 * `sites.locale`): every other language the platform speaks.
 */
export function defaultExtraLocales(main: string): string[] {
  return LANGS.filter((lang) => lang !== main);
}

/**
 * The handlers by the names the dictionary uses (MODULE_HANDLER_NAMES of contracts). The record
 * type makes a name without a function, or a function without a name, a type error.
 */
export const MODULE_HANDLERS: Record<ModuleHandlerName, ModuleHandler> = {
  // multiple_locales on install: the site gets the default extra languages (kept ones stay).
  add_site_locales: async (tx, { site }) => {
    const locales = [...new Set([...site.locales, ...defaultExtraLocales(site.locale)])].filter((lang) => lang !== site.locale);
    await tx.update(sites).set({ locales, updated_at: new Date() }).where(eq(sites.id, site.id));
  },
  // multiple_locales on uninstall: the site speaks its main language only.
  reset_site_locales: async (tx, { site }) => {
    await tx.update(sites).set({ locales: [], updated_at: new Date() }).where(eq(sites.id, site.id));
  },
};

export function findModuleHandler(name: string): ModuleHandler | undefined {
  return Object.hasOwn(MODULE_HANDLERS, name) ? MODULE_HANDLERS[name as ModuleHandlerName] : undefined;
}
