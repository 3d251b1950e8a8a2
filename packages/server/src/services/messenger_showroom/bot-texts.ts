import type { BotButton } from '@dp/contracts';

/** What a showroom bot says, in its locale (ru by default). A dealer's button texts replace the menu's. */
export type BotLocale = 'ru' | 'en';

export const BOT_TEXTS = {
  ru: {
    welcome: 'Здравствуйте! Это шоурум {name}. Чтобы записаться на тест-драйв, сервис или заказать звонок, поделитесь, пожалуйста, номером телефона.',
    share_phone: '📱 Поделиться номером',
    consent: 'Отправляя номер, вы соглашаетесь на обработку персональных данных.',
    registered: 'Спасибо, {name}! Выберите, что вас интересует.',
    menu: 'Главное меню',
    need_phone: 'Сначала поделитесь номером телефона кнопкой ниже.',
    no_cars: 'Сейчас в наличии нет таких автомобилей.',
    next_page: 'Ещё ▶',
    prev_page: '◀ Назад',
    page: 'Страница {page} из {pages}',
    choose_model: 'Выберите модель для тест-драйва:',
    choose_work: 'Выберите сервисную работу:',
    choose_time: 'Выберите удобное время:',
    no_models: 'Сейчас нет моделей для тест-драйва.',
    no_works: 'Список сервисных работ пока пуст. Закажите звонок, и мы поможем.',
    testdrive_done: 'Вы записаны на тест-драйв {car} на {time}. Мы свяжемся с вами для подтверждения.',
    service_done: 'Вы записаны на «{work}» на {time}. Мы свяжемся с вами для подтверждения.',
    callback_done: 'Спасибо! Мы перезвоним вам в ближайшее время.',
    price: 'Цена: {price} ₽',
    price_benefit: 'Цена: {price} ₽ (выгода {benefit} ₽)',
    test_drive: '🚗 Тест-драйв',
    callback: '📞 Заказать звонок',
    unknown: 'Не понял вас. Выберите пункт меню.',
    buttons: { new: '🆕 Новые автомобили', used: '🚙 С пробегом', service: '🔧 Запись на сервис', service_link: 'Сервис на сайте', news: '📰 Новости', contacts: '📍 Контакты', profile: '👤 Профиль', about: 'ℹ️ О компании', favorite: '⭐ Избранное' } as Record<BotButton, string>,
  },
  en: {
    welcome: 'Hello! This is the {name} showroom. To book a test drive or a service, or to ask for a call, please share your phone number.',
    share_phone: '📱 Share my number',
    consent: 'By sending your number you agree to the processing of your personal data.',
    registered: 'Thank you, {name}! Choose what you are interested in.',
    menu: 'Main menu',
    need_phone: 'Please share your phone number with the button below first.',
    no_cars: 'There are no such cars in stock right now.',
    next_page: 'More ▶',
    prev_page: '◀ Back',
    page: 'Page {page} of {pages}',
    choose_model: 'Choose a model for a test drive:',
    choose_work: 'Choose a service work:',
    choose_time: 'Choose a convenient time:',
    no_models: 'There are no models for a test drive right now.',
    no_works: 'The list of service works is empty yet. Ask for a call and we will help.',
    testdrive_done: 'You are booked for a test drive of {car} at {time}. We will call you to confirm.',
    service_done: 'You are booked for "{work}" at {time}. We will call you to confirm.',
    callback_done: 'Thank you! We will call you back shortly.',
    price: 'Price: {price} RUB',
    price_benefit: 'Price: {price} RUB (you save {benefit} RUB)',
    test_drive: '🚗 Test drive',
    callback: '📞 Call me back',
    unknown: 'I did not understand. Please choose a menu item.',
    buttons: { new: '🆕 New cars', used: '🚙 Used cars', service: '🔧 Book a service', service_link: 'Service on the site', news: '📰 News', contacts: '📍 Contacts', profile: '👤 Profile', about: 'ℹ️ About us', favorite: '⭐ Favourites' } as Record<BotButton, string>,
  },
} as const;

/** A text with its `{name}` placeholders filled. */
export function say(locale: BotLocale, key: Exclude<keyof (typeof BOT_TEXTS)['ru'], 'buttons'>, params: Record<string, string | number> = {}): string {
  return (BOT_TEXTS[locale][key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
