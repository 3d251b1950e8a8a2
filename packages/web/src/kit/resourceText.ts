import { labelFields, labelOf, seededText, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import i18n, { currentLang } from '../app/i18n.ts';

type Option = { value: string | number; label: string };
type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a select option: a label equal to its value (a method) is shown as it is; 'ns:key'
 * names its own namespace; anything else is a key of the resource's namespace.
 */
export function optionText(t: T, resource: Pick<AnyResource, 'service'>, option: Option): string {
  if (option.label === String(option.value)) return option.label;
  return t(option.label.includes(':') ? option.label : `${resource.service}:${option.label}`, { defaultValue: String(option.value) });
}

/** The values a field offers: its form field's options, else its filter's. */
export function fieldOptions(resource: Pick<AnyResource, 'form' | 'filters'>, field: string): Option[] | undefined {
  return resource.form.find((entry) => entry.field === field)?.options ?? resource.filters[field]?.options;
}

/** The label of one value of a field with options, or null when the field has none. */
export function valueText(t: T, resource: Pick<AnyResource, 'service' | 'form' | 'filters'>, field: string, value: unknown): string | null {
  const options = fieldOptions(resource, field);
  if (!options) return null;
  const found = options.find((option) => String(option.value) === String(value));
  return found ? optionText(t, resource, found) : String(value);
}

/** A field's label: `<service>:<resource>.fields.<field>`. */
export const fieldLabel = (t: T, resource: Pick<AnyResource, 'service' | 'name'>, field: string) => t(`${resource.service}:${resource.name}.fields.${field}`);

/** A field's explanation under it in forms, `<service>:<resource>.hints.<field>`, where the locale has one. */
export const fieldHint = (t: T, resource: Pick<AnyResource, 'service' | 'name'>, field: string) => t(`${resource.service}:${resource.name}.hints.${field}`, { defaultValue: '' }) || undefined;

/**
 * A record's name as stored, in the reader's words: the option's label when the name is a choice
 * (a screen route's menu title), a seeded text in the reader's language, else as it is.
 */
export function labelText(resource: AnyResource | undefined, text: string): string {
  const fields = resource ? labelFields(resource) : [];
  const option = resource && fields.length === 1 ? valueText(i18n.t.bind(i18n) as T, resource, fields[0]!, text) : null;
  return option ?? seededText(text, currentLang());
}

/**
 * The text a record is known by in titles, notices and confirmations: its declared name fields
 * (a user's first and last name) in the reader's words, else its number.
 */
export function recordLabel(record: JsonApiRecord<Record<string, unknown>>, resource?: AnyResource): string {
  const a = record.attributes;
  const own = resource ? labelOf(resource, a) : null;
  const text = own ?? a.name ?? a.title ?? a.code ?? null;
  return text === null || text === undefined || text === '' ? `#${record.id}` : labelText(resource, String(text));
}

/** A service's name in words (common:services). */
export const serviceName = (t: T, service: string) => t(`common:services.${service}`, { defaultValue: service });
