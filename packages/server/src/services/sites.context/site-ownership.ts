import { and, eq } from 'drizzle-orm';
import type { ResourceRegistry, SiteOwnership } from '../../kit/crud-routes.ts';
import { scopeCondition } from '../../kit/crud-routes.ts';
import { assertCentralContentEditable } from './central-content.ts';
import { sites } from './site.table.ts';

const siteRef = { service: 'sites.context', name: 'sites' } as const;

/**
 * How a site-owned resource (pages, layouts, stages, redirects, SEO...) reaches its site: bind it
 * with `siteOwned: siteOwnership(registry)` and the machinery checks the caller reaches the site,
 * takes the client from it and keeps official master content read-only. Records below another
 * (a page's states) name their `parent` instead of the site.
 */
export function siteOwnership(registry: ResourceRegistry, parent?: SiteOwnership['parent']): SiteOwnership {
  return {
    ...(parent ? { parent } : {}),
    async findSite(tx, auth, siteId) {
      const [site] = await tx
        .select({ id: sites.id, client_id: sites.client_id })
        .from(sites)
        .where(and(eq(sites.id, siteId), scopeCondition(registry.get(siteRef), auth)))
        .limit(1);
      return site ?? null;
    },
    assertEditable: (tx, auth, siteId) => assertCentralContentEditable(tx, auth, siteId),
  };
}
