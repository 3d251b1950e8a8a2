/** Every namespace of the English interface, one chunk loaded on demand (app/i18n.ts loadLanguage). */
export default import.meta.glob<{ default: Record<string, unknown> }>('./en/*.json', { eager: true });
