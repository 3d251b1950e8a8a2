import { z } from 'zod';
import type { FileImportColumn } from '../kit/file-import.ts';
import { id, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * The import of discounts (spec 001 §2 "import from a spreadsheet file or from a link to a
 * document", §5, §7): a CSV or XLSX file, or a link to a published spreadsheet (a Google Sheets
 * link is turned into its export address). A preview tells what each row would do (create,
 * update, unchanged) or why it cannot; the apply writes the rows without errors.
 * A row is keyed by its marketing complectation, program and start date within the client.
 */
export const DISCOUNT_IMPORT_KINDS = ['xlsx', 'csv'] as const;
export type DiscountImportKind = (typeof DISCOUNT_IMPORT_KINDS)[number];

export const DISCOUNT_IMPORT_LIMITS = {
  /** The uploaded or downloaded file, bytes. */
  maxBytes: 20 * 1024 * 1024,
  /** Data rows of one file. */
  maxRows: 50_000,
  /** The download of a link, ms. */
  timeoutMs: 30_000,
} as const;

export const DISCOUNT_IMPORT_COLUMNS: readonly FileImportColumn[] = [
  { name: 'marketing_complectation_code', required: true, example: 'RIO-16-AT' },
  { name: 'program_code', required: true, example: 'trade-in-2026' },
  { name: 'discount_sum', required: true, example: '150000' },
  { name: 'start_date', required: true, example: '2026-01-01' },
  { name: 'end_date', required: true, example: '2026-03-31' },
  // Optional: narrows a marketing complectation code several brands use.
  { name: 'brand', required: false, example: 'Kia' },
];

/** The template: the column names and one example row. */
export const discountImportTemplate = () => `${DISCOUNT_IMPORT_COLUMNS.map((column) => column.name).join(',')}\n${DISCOUNT_IMPORT_COLUMNS.map((column) => column.example).join(',')}\n`;

/** The body of the import from a link: the document's address and, for staff or several clients, the client. */
export const discountLinkImportBody = z.strictObject({
  data: z.strictObject({
    fileUrl: z
      .union([z.null(), safeString().trim().max(2048)], { error: encodeMessage('benefit_link_required') })
      .optional()
      .transform((value) => value ?? '')
      .pipe(
        z
          .string()
          .min(1, { error: encodeMessage('benefit_link_required'), abort: true })
          .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: encodeMessage('benefit_link_format') }),
      ),
    client_id: id().optional(),
  }),
});
export type DiscountLinkImportBody = z.output<typeof discountLinkImportBody>;
