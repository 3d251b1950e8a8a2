import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { checkContent, type CustomFormField, type SubmittedFile } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { AppError, badRequest, fieldErrors } from '../../kit/errors.ts';
import { sites } from '../sites.context/site.table.ts';
import type { IntakeSite, IntakeTypeCheck } from '../request.storage/intake.ts';
import { formChoices } from './form-choices.ts';
import { customFormFiles, customForms } from './form.table.ts';

/** An upload stays claimable this long after it was made (a visitor may take a while to send). */
export const UPLOAD_TTL_HOURS = 24;

const contentPointer = (field: string) => `/data/attributes/content/${field}`;

/** A site's form, or null when it is not this site's. */
export async function findSiteForm(db: DbOrTx, siteId: number, formId: number) {
  const [form] = await db.select().from(customForms).where(and(eq(customForms.id, formId), eq(customForms.site_id, siteId))).limit(1);
  return form ?? null;
}

/** The intake site with what the choices need (its dealerships, its brand). */
async function choiceSite(db: DbOrTx, site: IntakeSite) {
  const [row] = await db.select({ id: sites.id, client_id: sites.client_id, dealer_ids: sites.dealer_ids, context: sites.context }).from(sites).where(eq(sites.id, site.id)).limit(1);
  return row!;
}

/** The uploads a submission names for a file field: this form's, this field's, not expired; null when one is not. */
async function resolveUploads(db: DbOrTx, siteId: number, formId: number, field: CustomFormField, tokens: string[]): Promise<SubmittedFile[] | null> {
  const rows = await db
    .select({ id: customFormFiles.id, token: customFormFiles.token, name: customFormFiles.name, size: customFormFiles.size, mime: customFormFiles.mime })
    .from(customFormFiles)
    .where(
      and(
        inArray(customFormFiles.token, tokens),
        eq(customFormFiles.site_id, siteId),
        eq(customFormFiles.form_id, formId),
        eq(customFormFiles.field_id, field.id),
        gt(customFormFiles.created_at, sql`now() - make_interval(hours => ${UPLOAD_TTL_HOURS})`),
      ),
    );
  if (rows.length !== tokens.length) return null;
  const byToken = new Map(rows.map((row) => [row.token, row]));
  return tokens.map((token) => {
    const row = byToken.get(token)!;
    return { file_id: row.id, name: row.name, size: row.size, mime: row.mime };
  });
}

/**
 * The intake's check of a custom form request (type 9): the form is the site's, the values fit it
 * (checkContent: required, choices, phone codes, validation types, file counts), the uploads named
 * are this form's. The stored content holds the cleaned values, files as {file_id, name, size,
 * mime}; the first phone and e-mail fields (and a field named `name`) fill the request's own
 * columns, so lists, search and sender blocks see them.
 */
export function customFormCheck(db: DbOrTx): IntakeTypeCheck {
  return async (site, attributes) => {
    const form = await findSiteForm(db, site.id, Number(attributes.custom_form_id));
    if (!form) throw badRequest('form_not_found', '/data/attributes/custom_form_id');
    const content = (attributes.content ?? {}) as Record<string, unknown>;
    const choices = await formChoices(db, await choiceSite(db, site), form.fields);
    const { values, issues } = checkContent(form, content, choices);
    const errors = issues.map((issue) => new AppError(400, issue.key, issue.params, contentPointer(issue.field)));
    const stored: Record<string, unknown> = { ...values };
    for (const field of form.fields.filter((one) => one.type === 'file')) {
      const tokens = values[field.id];
      if (!Array.isArray(tokens) || !tokens.length) continue;
      const files = await resolveUploads(db, site.id, form.id, field, tokens);
      if (!files) errors.push(new AppError(400, 'form_file_unknown', undefined, contentPointer(field.id)));
      else stored[field.id] = files;
    }
    if (errors.length) throw fieldErrors(errors.slice(0, 20));
    const first = (type: CustomFormField['type']) => {
      const field = form.fields.find((one) => one.type === type && typeof values[one.id] === 'string' && values[one.id]);
      return field ? (values[field.id] as string) : null;
    };
    const named = typeof values.name === 'string' && values.name ? values.name.slice(0, 100) : null;
    return {
      ...attributes,
      content: stored,
      name: attributes.name ?? named,
      phone: attributes.phone ?? first('phone'),
      email: attributes.email ?? first('email'),
    };
  };
}
