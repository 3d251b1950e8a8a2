import { text } from '../kit/permission-texts.ts';

/**
 * The demo roles and client groups the platform seeds, in both languages. The database keeps the
 * Russian text; a reader of the other language sees the translation as long as the stored text is
 * still the seeded one (seededText).
 */
export const DEMO_ROLES = {
  platform_admin: { name: text('Администратор платформы', 'Platform administrator'), description: text('Все права во всех режимах', 'Every permission in every mode') },
  dealer_manager: {
    name: text('Менеджер дилера', 'Dealer manager'),
    description: text('Сайты, справочники и настройки своего клиента', 'Sites, dictionaries and settings of the own client'),
  },
  site_editor: { name: text('Редактор сайта', 'Site editor'), description: text('Содержимое сайтов своего клиента', 'The content of the own client\'s sites') },
} as const;

export const DEMO_CLIENT_GROUPS = {
  moscow: text('Москва и область', 'Moscow and region'),
  volga: text('Приволжье', 'Volga region'),
  north_west: text('Северо-Запад', 'North-West'),
} as const;
