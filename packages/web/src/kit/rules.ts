import { messages, translateMessage, type Lang } from '@dp/contracts';
import type { FormRule as Rule } from 'antd';
import type { RuleRender } from 'antd/es/form';

/** The little of a zod schema the adapter needs (the schemas come from @dp/contracts). */
export interface SchemaLike {
  safeParse(value: unknown): { success: true; data?: unknown } | { success: false; error: { issues: { message: string }[] } };
}

/** Form inputs give '' or undefined for an empty value; zod's required check sees undefined. */
function normalize(value: unknown): unknown {
  if (value === null) return undefined;
  return value;
}

/** The message (in `lang`) zod gives for a value, or null when the value passes. */
export function validateWith(schema: SchemaLike, value: unknown, lang: Lang): string | null {
  const result = schema.safeParse(normalize(value));
  if (result.success) return null;
  const issue = result.error.issues[0];
  return translateMessage(issue?.message ?? 'invalid_type', lang);
}

/** Whether a field must be filled: the schema refuses an empty value. */
export function isRequired(schema: SchemaLike): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * An antd Form rule running a contracts zod schema: the same rule, the same texts as the server
 * (spec 000 §5). `lang` is read when the rule runs, so a language switch applies at once.
 */
export function zodRule(schema: SchemaLike, lang: Lang | (() => Lang)): Rule {
  return {
    validator: async (_rule, value) => {
      const message = validateWith(schema, value, typeof lang === 'function' ? lang() : lang);
      if (message) throw new Error(message);
    },
  };
}

/** The repeat-password rule: it must equal `field` (message passwords_mismatch). */
export function sameAsRule(field: string, lang: Lang | (() => Lang)): RuleRender {
  return (form) => ({
    validator: async (_rule, value) => {
      const current = typeof lang === 'function' ? lang() : lang;
      if (value === undefined || value === null || value === '') throw new Error(messages.required[current]);
      if (value !== form.getFieldValue(field)) throw new Error(messages.passwords_mismatch[current]);
    },
  });
}
