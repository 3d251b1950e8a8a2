import { and, eq, ne } from 'drizzle-orm';
import type { ResourceHooks, Row } from '../../kit/crud-routes.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest, fieldErrors } from '../../kit/errors.ts';
import { seoConfigs, seoConstants } from './seo.table.ts';

type Attrs = Record<string, unknown>;
const MANUAL = 1;

/** The manual mode (1) serves what is typed here, so it needs the contents (spec 000 §3 SEO config). */
function assertManualContents(attrs: Attrs, existing?: Row) {
  const errors: AppError[] = [];
  for (const [mode, content] of [['site_map_mode', 'site_map'], ['robots_mode', 'robots']] as const) {
    const chosen = attrs[mode] !== undefined ? attrs[mode] : existing?.[mode];
    const text = attrs[content] !== undefined ? attrs[content] : existing?.[content];
    if (chosen === MANUAL && !(typeof text === 'string' && text.trim())) errors.push(badRequest('seo_content_required', `/data/attributes/${content}`));
  }
  if (errors.length) throw fieldErrors(errors);
}

/** One SEO settings record per site: a second is refused with 409 (change the first). */
export const seoConfigHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    const [taken] = await tx.select({ id: seoConfigs.id }).from(seoConfigs).where(eq(seoConfigs.site_id, attrs.site_id as number)).limit(1);
    if (taken) throw new AppError(409, 'seo_config_exists', undefined, '/data/attributes/site_id');
    assertManualContents(attrs);
    return attrs;
  },
  beforeUpdate(attrs, { existing }) {
    assertManualContents(attrs, existing);
    return attrs;
  },
};

/** A placeholder is unique per site (409 on the field). */
export const seoConstantHooks: ResourceHooks = {
  async beforeCreate(attrs, { tx }) {
    await assertPlaceholderFree(tx, attrs.site_id as number, attrs.placeholder as string);
    return attrs;
  },
  async beforeUpdate(attrs, { tx, existing }) {
    if (attrs.placeholder !== undefined) await assertPlaceholderFree(tx, existing.site_id as number, attrs.placeholder as string, existing.id);
    return attrs;
  },
};

async function assertPlaceholderFree(tx: DbOrTx, siteId: number, placeholder: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: seoConstants.id })
    .from(seoConstants)
    .where(and(eq(seoConstants.site_id, siteId), eq(seoConstants.placeholder, placeholder), exceptId ? ne(seoConstants.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'seo_constant_taken', { placeholder }, '/data/attributes/placeholder');
}
