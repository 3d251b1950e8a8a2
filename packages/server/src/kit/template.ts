const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A logic-less template: `{{name}}` is replaced by the escaped value, nothing else runs
 * (DESIGN.md §9). `html: false` leaves values unescaped for plain-text mails.
 */
export function renderTemplate(template: string, values: Record<string, string | number>, html = true): string {
  return template.replace(/\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) return '';
    return html ? escapeHtml(String(value)) : String(value);
  });
}
