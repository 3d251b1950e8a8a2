/**
 * The floor groups of the demo installation, in both languages (the database keeps the Russian
 * text; seededText shows the English one to English readers until someone
 * edits the group).
 */
export const DEMO_FLOOR_GROUPS = {
  frame: { position: 10, name: { ru: 'Шапка и подвал', en: 'Header and footer' }, description: { ru: 'Блоки, которые макет показывает на каждой странице', en: 'Blocks the layout shows on every page' } },
  content: { position: 20, name: { ru: 'Контент', en: 'Content' }, description: { ru: 'Тексты, карточки и контакты', en: 'Texts, cards and contacts' } },
  lists: { position: 30, name: { ru: 'Списки', en: 'Lists' }, description: { ru: 'Новости, спецпредложения и коллекции', en: 'News, special offers and collections' } },
  actions: { position: 40, name: { ru: 'Кнопки и формы', en: 'Buttons and forms' }, description: { ru: 'Призывы к действию и формы заявок', en: 'Calls to action and request forms' } },
} as const;
