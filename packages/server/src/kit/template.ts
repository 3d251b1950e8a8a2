const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The values a template sees: only the given object's own keys, never what its prototype carries (`constructor`, `__proto__`). */
const ownValue = (values: Record<string, string | number>, name: string) => (Object.hasOwn(values, name) ? values[name] : undefined);

/**
 * A logic-less template: `{{name}}` is replaced by the escaped value, nothing else runs
 * (DESIGN.md §9). A placeholder without an own value renders empty. `html: false` leaves values
 * unescaped for plain-text mails.
 */
export function renderTemplate(template: string, values: Record<string, string | number>, html = true): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = ownValue(values, name);
    if (value === undefined || value === null) return '';
    return html ? escapeHtml(String(value)) : String(value);
  });
}

/** The placeholders a template uses that `isKnown` does not know, each once, in the order written. */
export function unknownPlaceholders(template: string, isKnown: (name: string) => boolean): string[] {
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !isKnown(name)))];
}
