import { eq } from 'drizzle-orm';
import { registerSiteCopier } from '../sites.context/copy-site.ts';
import { redirects, seoConstants } from './seo.table.ts';

/**
 * The copy dialog's flags "copy redirects" and "copy SEO constants" (spec 000 §2): a copied site
 * gets the source's redirects (by address: the source's pages are not the copy's, so page links
 * are let go of) and SEO constants. Registered once, when this module is first imported.
 */
registerSiteCopier('redirects', async (tx, { from, to }) => {
  const rows = await tx.select().from(redirects).where(eq(redirects.site_id, from.id));
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(redirects).values(
      rows.slice(start, start + 1000).map((row) => ({ site_id: to.id, client_id: to.client_id as number, from_uri: row.from_uri, to_uri: row.to_uri, code: row.code, created_type: row.created_type })),
    );
  }
  return { redirects: rows.length };
});

registerSiteCopier('seo_constants', async (tx, { from, to }) => {
  const rows = await tx.select().from(seoConstants).where(eq(seoConstants.site_id, from.id));
  if (rows.length) await tx.insert(seoConstants).values(rows.map((row) => ({ site_id: to.id, client_id: to.client_id as number, placeholder: row.placeholder, value: row.value })));
  return { seo_constants: rows.length };
});
