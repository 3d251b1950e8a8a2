import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../kit/context.ts';
import { AppError } from '../../kit/errors.ts';
import { importSettings } from './import.table.ts';
import { startImport } from './import.routes.ts';

/**
 * Auto import (spec 001 §4 "auto import enabled (by schedule)"): a pg-boss schedule runs
 * AUTO_IMPORT_JOB every few minutes; each tick starts an `auto` import of every site whose
 * settings have `auto_import_hours`, feed files, no import running, and no import (of either
 * kind) started within those hours. A manual run therefore moves the next auto run on. Settings in
 * manual mode are skipped until the mode's `manual_data.until` (if any) has passed.
 */
export const AUTO_IMPORT_JOB = 'cars.import.auto';
export const AUTO_IMPORT_SCHEDULE = '*/5 * * * *';

/** Starts the imports that are due at `now`; answers the started reports' ids. */
export async function enqueueDueImports(ctx: ServiceContext, now = new Date()): Promise<number[]> {
  const due = await ctx.db
    .select()
    .from(importSettings)
    .where(
      and(
        isNotNull(importSettings.auto_import_hours),
        eq(importSettings.in_process, false),
        sql`jsonb_array_length(${importSettings.files}) > 0`,
        sql`(not ${importSettings.is_manual_mode} or (${importSettings.manual_data}->>'until' is not null and (${importSettings.manual_data}->>'until')::timestamptz <= ${now.toISOString()}::timestamptz))`,
        sql`not exists (select 1 from import_reports r where r.settings_id = ${importSettings.id}
          and r.import_start_date > ${now.toISOString()}::timestamptz - make_interval(hours => ${importSettings.auto_import_hours}))`,
      ),
    );
  const started: number[] = [];
  for (const settings of due) {
    try {
      const report = await startImport(ctx, settings, { userId: null, type: 'auto', lang: 'ru' });
      started.push(report.id);
    } catch (error) {
      // Another process (or a user) started it in between: nothing to do.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return started;
}
