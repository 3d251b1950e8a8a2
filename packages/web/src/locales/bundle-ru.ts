/** Every namespace of the Russian interface, one chunk loaded on demand (app/i18n.ts loadLanguage). */
export default import.meta.glob<{ default: Record<string, unknown> }>('./ru/*.json', { eager: true });
