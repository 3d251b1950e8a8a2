import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { UPLOAD_TTL_HOURS } from './form-check.ts';

/**
 * Files of forms no request names: uploads never sent (or sent with a request that was refused),
 * and files of requests deleted or depersonalized since (request.storage erases their content).
 * Each is older than an upload may wait; its row goes first, then its bytes.
 */
export const FORM_FILES_SWEEP_JOB = 'form-constructor.sweep-files';
export const FORM_FILES_SWEEP_SCHEDULE = '29 * * * *';

export async function sweepFormFiles(ctx: Pick<ServiceContext, 'db' | 'files' | 'log'>): Promise<number> {
  const result = await ctx.db.execute(sql`
    delete from custom_form_files f
    where f.created_at < now() - make_interval(hours => ${UPLOAD_TTL_HOURS})
      and not exists (
        select 1 from requests r
        where r.site_id = f.site_id and r.type = 9
          and jsonb_path_exists(r.fields, '$.content.*[*] ? (@.file_id == $id)', jsonb_build_object('id', f.id)))
    returning f.key`);
  const keys = (result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key);
  for (const key of keys) await ctx.files.remove(key).catch((error) => ctx.log.warn({ err: error, key }, 'form file bytes not removed'));
  return keys.length;
}
