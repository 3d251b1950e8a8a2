import type { Lang } from '@dp/contracts';

/**
 * The public sites' own words (what the renderer adds around editors' content): navigation,
 * lists, forms, error pages. A site speaks its language (sites.locale) and, with extra languages,
 * the one of the address prefix (/en/…).
 */
const TEXTS = {
  skip_to_content: { ru: 'Перейти к содержимому', en: 'Skip to content' },
  menu: { ru: 'Меню', en: 'Menu' },
  close_menu: { ru: 'Закрыть меню', en: 'Close menu' },
  main_menu: { ru: 'Основное меню', en: 'Main menu' },
  footer_menu: { ru: 'Ссылки', en: 'Links' },
  breadcrumbs: { ru: 'Навигационная цепочка', en: 'Breadcrumbs' },
  home: { ru: 'Главная', en: 'Home' },
  languages: { ru: 'Язык сайта', en: 'Site language' },
  logo_alt: { ru: 'Логотип {name}', en: '{name} logo' },
  call: { ru: 'Позвонить', en: 'Call' },
  stage: { ru: 'Главные предложения', en: 'Featured' },
  stage_slide: { ru: 'Слайд {n} из {total}', en: 'Slide {n} of {total}' },
  previous: { ru: 'Назад', en: 'Previous' },
  next: { ru: 'Вперёд', en: 'Next' },
  read_more: { ru: 'Подробнее', en: 'Read more' },
  all_news: { ru: 'Все новости', en: 'All news' },
  all_specials: { ru: 'Все предложения', en: 'All offers' },
  all_items: { ru: 'Смотреть все', en: 'See all' },
  empty_list: { ru: 'Здесь пока ничего нет', en: 'Nothing here yet' },
  pages: { ru: 'Страницы списка', en: 'List pages' },
  page_n: { ru: 'Страница {n}', en: 'Page {n}' },
  tags: { ru: 'Теги', en: 'Tags' },
  published_on: { ru: 'Опубликовано', en: 'Published' },
  valid_at: { ru: 'Действует в', en: 'Valid at' },
  phones: { ru: 'Телефоны', en: 'Phones' },
  hours: { ru: 'Часы работы', en: 'Opening hours' },
  address: { ru: 'Адрес', en: 'Address' },
  email: { ru: 'E-mail', en: 'E-mail' },
  map: { ru: 'Открыть на карте', en: 'Open the map' },
  social: { ru: 'Мы в соцсетях', en: 'Follow us' },
  video: { ru: 'Видео', en: 'Video' },
  gallery: { ru: 'Галерея', en: 'Gallery' },
  form_name: { ru: 'Имя', en: 'Name' },
  form_phone: { ru: 'Телефон', en: 'Phone' },
  form_comment: { ru: 'Комментарий', en: 'Comment' },
  form_email: { ru: 'E-mail', en: 'E-mail' },
  form_model: { ru: 'Модель', en: 'Model' },
  form_model_choose: { ru: 'Выберите модель', en: 'Choose a model' },
  form_time: { ru: 'Удобные дата и время', en: 'Preferred date and time' },
  form_works: { ru: 'Какие работы нужны', en: 'Works needed' },
  form_vin: { ru: 'VIN автомобиля', en: 'Vehicle VIN' },
  form_mileage: { ru: 'Пробег, км', en: 'Mileage, km' },
  form_brand: { ru: 'Марка вашего автомобиля', en: 'Your car\'s brand' },
  form_car_model: { ru: 'Модель вашего автомобиля', en: 'Your car\'s model' },
  form_year: { ru: 'Год выпуска', en: 'Year' },
  form_optional: { ru: '(необязательно)', en: '(optional)' },
  form_submit: { ru: 'Отправить', en: 'Send' },
  form_consent: { ru: 'Я согласен на обработку персональных данных', en: 'I agree to the processing of my personal data' },
  form_consent_period: {
    ru: 'Я согласен на обработку персональных данных; через {days} дн. после обращения они обезличиваются',
    en: 'I agree to the processing of my personal data; they are depersonalized {days} days after the request',
  },
  form_required: { ru: 'Это поле обязательно для заполнения', en: 'This field is required' },
  form_phone_invalid: { ru: 'Введите телефон в формате +7 (XXX) XXX-XX-XX', en: 'Enter the phone as +7 (XXX) XXX-XX-XX' },
  form_email_invalid: { ru: 'Введите e-mail в формате name@example.ru', en: 'Enter the e-mail as name@example.com' },
  form_vin_invalid: { ru: 'VIN — это 17 латинских букв и цифр без I, O и Q', en: 'A VIN is 17 Latin letters and digits without I, O and Q' },
  form_mileage_invalid: { ru: 'Укажите пробег целым числом от 1 до {max}', en: 'Enter the mileage as a whole number from 1 to {max}' },
  form_year_invalid: { ru: 'Укажите год выпуска от {min} до {max}', en: 'Enter a year from {min} to {max}' },
  form_time_invalid: { ru: 'Укажите дату и время', en: 'Enter a date and time' },
  form_model_invalid: { ru: 'Выберите модель из списка', en: 'Choose a model from the list' },
  form_too_long: { ru: 'Поле должно состоять из {length} знаков или меньше', en: 'The field must be {length} characters or fewer' },
  form_invalid_characters: { ru: 'Поле содержит недопустимые символы', en: 'The field contains characters that are not allowed' },
  form_errors: { ru: 'Проверьте поля формы', en: 'Please check the form' },
  form_subscribed: { ru: 'Спасибо! Вы подписаны на новости', en: 'Thank you! You are subscribed to our news' },
  form_checked: { ru: 'Данные заполнены верно', en: 'The form is filled in correctly' },
  form_sent: { ru: 'Спасибо! Заявка отправлена, мы скоро свяжемся с вами', en: 'Thank you! Your request is sent, we will contact you soon' },
  form_robot_check: { ru: 'Для отправки формы включите JavaScript: он подтверждает, что вы не робот', en: 'Turn on JavaScript to send the form: it confirms that you are not a robot' },
  form_not_connected: {
    ru: 'Приём заявок с сайта ещё не подключён: ваши данные не сохранены. Позвоните нам, и мы поможем.',
    en: 'Requests from this site are not connected yet: your data was not saved. Please call us and we will help.',
  },
  forms: {
    ru: { callback: 'Обратный звонок', test_drive: 'Запись на тест-драйв', service: 'Запись на сервис', buy_model: 'Заявка на покупку', subscription: 'Подписка на новости', credit: 'Заявка на кредит', trade_in: 'Оценка для трейд-ин' },
    en: { callback: 'Callback', test_drive: 'Test drive booking', service: 'Service booking', buy_model: 'Purchase request', subscription: 'Newsletter subscription', credit: 'Credit application', trade_in: 'Trade-in valuation' },
  },
  stock_new: { ru: 'Новые', en: 'New' },
  stock_used: { ru: 'С пробегом', en: 'Used' },
  stock_kinds: { ru: 'Новые или с пробегом', en: 'New or used' },
  stock_filters: { ru: 'Подбор автомобиля', en: 'Find a car' },
  stock_any: { ru: 'Любой', en: 'Any' },
  stock_from: { ru: 'от', en: 'from' },
  stock_to: { ru: 'до', en: 'to' },
  stock_show: { ru: 'Показать', en: 'Show' },
  stock_reset: { ru: 'Сбросить', en: 'Reset' },
  stock_sort: { ru: 'Сортировка', en: 'Sort by' },
  stock_sort_default: { ru: 'Рекомендуемые', en: 'Recommended' },
  stock_found: { ru: 'Автомобилей: {count}', en: 'Cars: {count}' },
  stock_none: { ru: 'Таких автомобилей сейчас нет. Измените условия подбора.', en: 'No cars match right now. Try other filters.' },
  stock_empty: { ru: 'Автомобилей в наличии сейчас нет. Оставьте заявку, и мы подберём вам автомобиль.', en: 'No cars in stock right now. Leave a request and we will find one for you.' },
  stock_km: { ru: '{value} км', en: '{value} km' },
  stock_per_month: { ru: 'от {value} ₽/мес.', en: 'from {value} ₽/mo' },
  stock_old_price: { ru: 'Цена без скидки', en: 'Price before discount' },
  stock_reserved: { ru: 'Забронирован', en: 'Reserved' },
  stock_no_photo: { ru: 'Фото скоро появится', en: 'Photo coming soon' },
  stock_yes: { ru: 'Да', en: 'Yes' },
  stock_benefit: { ru: 'Выгода дилера', en: 'Dealer savings' },
  showroom_gallery: { ru: 'Фотографии модели', en: 'Model photos' },
  showroom_photo_n: { ru: '{name}, фото {n}', en: '{name}, photo {n}' },
  showroom_complectations: { ru: 'Комплектации и цены', en: 'Trims and prices' },
  showroom_from: { ru: 'от {value}', en: 'from {value}' },
  showroom_in_stock: { ru: 'В наличии: {count}', en: 'In stock: {count}' },
  showroom_not_in_stock: { ru: 'Нет в наличии', en: 'Not in stock' },
  showroom_cars: { ru: 'Автомобили в наличии', en: 'Cars in stock' },
  showroom_all_cars: { ru: 'Все автомобили в наличии', en: 'All cars in stock' },
  showroom_more: { ru: 'Показаны {shown} из {count}', en: 'Showing {shown} of {count}' },
  showroom_no_cars: { ru: 'Автомобилей этой модели сейчас нет в наличии. Оставьте заявку, и мы подберём вам автомобиль.', en: 'No cars of this model in stock right now. Leave a request and we will find one for you.' },
  showroom_models: { ru: 'Модели', en: 'Models' },
  car_model_page: { ru: 'О модели', en: 'About the model' },
  favorites_title: { ru: 'Избранное', en: 'Favourites' },
  favorites_empty: { ru: 'В избранном пока пусто. Добавляйте автомобили кнопкой «В избранное» в списке или на странице автомобиля.', en: 'No favourites yet. Add cars with the “Add to favourites” button in the list or on a car’s page.' },
  favorites_add: { ru: 'В избранное', en: 'Add to favourites' },
  favorites_added: { ru: 'В избранном', en: 'In favourites' },
  favorites_full: { ru: 'В избранном уже {max} автомобилей. Уберите один, чтобы добавить другой.', en: 'You already have {max} favourites. Remove one to add another.' },
  compare_title: { ru: 'Сравнение автомобилей', en: 'Compare cars' },
  compare_empty: { ru: 'Добавьте к сравнению до трёх автомобилей кнопкой «Сравнить» в списке или на странице автомобиля.', en: 'Add up to three cars with the “Compare” button in the list or on a car’s page.' },
  compare_add: { ru: 'Сравнить', en: 'Compare' },
  compare_added: { ru: 'В сравнении', en: 'In comparison' },
  compare_full: { ru: 'Сравнить можно не больше трёх автомобилей. Уберите один из сравнения, чтобы добавить другой.', en: 'You can compare up to three cars. Remove one from the comparison to add another.' },
  compare_remove: { ru: 'Убрать из сравнения', en: 'Remove from comparison' },
  compare_price: { ru: 'Цена', en: 'Price' },
  compare_monthly: { ru: 'В кредит', en: 'On credit' },
  compare_table: { ru: 'Сравнение характеристик', en: 'Specifications side by side' },
  viewed_title: { ru: 'Вы смотрели', en: 'Recently viewed' },
  stock_tools: { ru: 'Избранное и сравнение', en: 'Favourites and comparison' },
  stock_sort_fields: {
    ru: { restyling_sort: 'Модели', final_price_asc: 'Сначала дешевле', final_price_desc: 'Сначала дороже', price_asc: 'Цена без скидки: по возрастанию', price_desc: 'Цена без скидки: по убыванию', year_desc: 'Сначала новее', year_asc: 'Сначала старше', mileage_asc: 'С меньшим пробегом', mileage_desc: 'С большим пробегом', created_at_desc: 'Недавно добавленные', created_at_asc: 'Давно в продаже', discount_desc: 'С большей скидкой', discount_asc: 'С меньшей скидкой', restyling_sort_asc: 'По моделям', restyling_sort_desc: 'По моделям, с конца' },
    en: { restyling_sort: 'Models', final_price_asc: 'Price: low to high', final_price_desc: 'Price: high to low', price_asc: 'List price: low to high', price_desc: 'List price: high to low', year_desc: 'Newest first', year_asc: 'Oldest first', mileage_asc: 'Lowest mileage', mileage_desc: 'Highest mileage', created_at_desc: 'Recently added', created_at_asc: 'Longest on sale', discount_desc: 'Largest discount', discount_asc: 'Smallest discount', restyling_sort_asc: 'By model', restyling_sort_desc: 'By model, reversed' },
  },
  stock_values: {
    ru: { on_the_way: 'В пути', in_stock: 'В наличии', in_production: 'В производстве', in_the_central_warehouse: 'На центральном складе', original: 'Оригинал', duplicate: 'Дубликат' },
    en: { on_the_way: 'On the way', in_stock: 'In stock', in_production: 'In production', in_the_central_warehouse: 'At the central warehouse', original: 'Original', duplicate: 'Duplicate' },
  },
  car_specs: { ru: 'Характеристики', en: 'Specifications' },
  car_year: { ru: 'Год выпуска', en: 'Year' },
  car_mileage: { ru: 'Пробег', en: 'Mileage' },
  car_engine: { ru: 'Двигатель', en: 'Engine' },
  car_transmission: { ru: 'Коробка передач', en: 'Gearbox' },
  car_drive: { ru: 'Привод', en: 'Drive' },
  car_body: { ru: 'Кузов', en: 'Body' },
  car_color: { ru: 'Цвет кузова', en: 'Colour' },
  car_upholstery: { ru: 'Салон', en: 'Interior' },
  car_owners: { ru: 'Владельцев по ПТС', en: 'Previous owners' },
  car_pts: { ru: 'ПТС', en: 'Vehicle passport' },
  car_availability: { ru: 'Наличие', en: 'Availability' },
  car_complectation: { ru: 'Комплектация', en: 'Trim' },
  car_dealer: { ru: 'Дилерский центр', en: 'Dealership' },
  car_options: { ru: 'Опции', en: 'Options' },
  car_equipment: { ru: 'Оснащение', en: 'Equipment' },
  car_benefits: { ru: 'Выгода', en: 'Savings' },
  car_discount_tradein: { ru: 'При сдаче автомобиля в трейд-ин', en: 'With a trade-in' },
  car_discount_credit: { ru: 'При покупке в кредит', en: 'When buying on credit' },
  car_discount_insurance: { ru: 'При оформлении страховки', en: 'With insurance' },
  car_discount_credit_tradein: { ru: 'В кредит с трейд-ином', en: 'On credit with a trade-in' },
  car_request: { ru: 'Заявка на этот автомобиль', en: 'Ask about this car' },
  car_request_text: { ru: 'Оставьте телефон — менеджер подтвердит наличие, цену и выгоду.', en: 'Leave your phone number: a manager will confirm availability, price and savings.' },
  car_request_button: { ru: 'Отправить заявку', en: 'Send request' },
  car_test_drive: { ru: 'Тест-драйв этой модели', en: 'Test drive this model' },
  car_test_drive_text: { ru: 'Выберите удобные дату и время — менеджер подтвердит запись.', en: 'Choose a date and time: a manager will confirm the booking.' },
  car_test_drive_button: { ru: 'Записаться на тест-драйв', en: 'Book a test drive' },
  car_sold: { ru: 'Этот автомобиль уже продан', en: 'This car has been sold' },
  car_sold_text: { ru: 'Посмотрите другие автомобили в наличии.', en: 'Have a look at the other cars in stock.' },
  car_back: { ru: 'Все автомобили', en: 'All cars' },
  car_buy_online: { ru: 'Купить онлайн', en: 'Buy online' },
  car_photos: { ru: 'Фотографии', en: 'Photos' },
  car_photo_n: { ru: '{name}, фото {n}', en: '{name}, photo {n}' },
  car_description: { ru: 'Описание', en: 'Description' },
  shop_title: { ru: 'Аксессуары', en: 'Accessories' },
  shop_categories: { ru: 'Категории аксессуаров', en: 'Accessory categories' },
  shop_all: { ru: 'Все', en: 'All' },
  shop_filters: { ru: 'Подбор аксессуаров', en: 'Find accessories' },
  shop_search: { ru: 'Поиск по названию или артикулу', en: 'Search by name or article' },
  shop_brand: { ru: 'Марка автомобиля', en: 'Car make' },
  shop_model: { ru: 'Модель', en: 'Model' },
  shop_any: { ru: 'Любая', en: 'Any' },
  shop_sort: { ru: 'Порядок', en: 'Order' },
  shop_sort_default: { ru: 'Сначала в наличии', en: 'In stock first' },
  shop_sort_price_asc: { ru: 'Сначала дешевле', en: 'Price: low to high' },
  shop_sort_price_desc: { ru: 'Сначала дороже', en: 'Price: high to low' },
  shop_found: { ru: 'Найдено аксессуаров: {count}', en: 'Accessories found: {count}' },
  shop_empty: { ru: 'Аксессуаров пока нет.', en: 'There are no accessories yet.' },
  shop_none: { ru: 'Таких аксессуаров нет. Измените условия подбора.', en: 'No accessories match. Change the choices.' },
  shop_in_stock: { ru: 'В наличии', en: 'In stock' },
  shop_out_of_stock: { ru: 'Под заказ', en: 'To order' },
  shop_article: { ru: 'Артикул', en: 'Article' },
  shop_category: { ru: 'Категория', en: 'Category' },
  shop_dealer: { ru: 'Дилер', en: 'Dealer' },
  shop_attributes: { ru: 'Характеристики', en: 'Specifications' },
  shop_fits: { ru: 'Совместимость', en: 'Fits' },
  shop_fits_all: { ru: 'Подходит для любого автомобиля', en: 'Fits any car' },
  shop_fits_brand: { ru: 'Все модели {brand}', en: 'Every {brand} model' },
  shop_yes: { ru: 'Да', en: 'Yes' },
  shop_no: { ru: 'Нет', en: 'No' },
  shop_order: { ru: 'Заказать аксессуар', en: 'Order this accessory' },
  shop_order_text: { ru: 'Оставьте телефон — менеджер подтвердит наличие, цену и срок установки.', en: 'Leave your phone number: a manager will confirm availability, price and fitting time.' },
  shop_order_button: { ru: 'Заказать', en: 'Order' },
  shop_back: { ru: 'Все аксессуары', en: 'All accessories' },
  shop_photo_n: { ru: '{name}, фото {n}', en: '{name}, photo {n}' },
  shop_discount: { ru: 'Скидка {value}', en: '{value} off' },
  not_found_title: { ru: 'Страница не найдена', en: 'Page not found' },
  not_found_text: { ru: 'Такой страницы на сайте нет. Возможно, её адрес изменился.', en: 'There is no such page on this site. Its address may have changed.' },
  to_home: { ru: 'На главную', en: 'To the home page' },
  site_not_found_title: { ru: 'Сайт не найден', en: 'Site not found' },
  site_not_found_text: { ru: 'По этому адресу нет опубликованного сайта.', en: 'There is no published site at this address.' },
  error_title: { ru: 'Сайт временно недоступен', en: 'The site is temporarily unavailable' },
  error_text: { ru: 'Попробуйте обновить страницу через минуту.', en: 'Please reload the page in a minute.' },
  auth_title: { ru: 'Нужен вход', en: 'Sign-in required' },
  auth_text: { ru: 'Этот сайт закрыт паролем.', en: 'This site is protected by a password.' },
  auth_limited_title: { ru: 'Слишком много попыток входа', en: 'Too many sign-in attempts' },
  auth_limited_text: { ru: 'Попробуйте войти снова через {minutes} мин.', en: 'Please try to sign in again in {minutes} min.' },
  preview: { ru: 'Предпросмотр: черновик, посетители сайта его не видят', en: 'Preview: a draft that visitors of the site do not see' },
  preview_expired_title: { ru: 'Ссылка предпросмотра устарела', en: 'The preview link has expired' },
  preview_expired_text: { ru: 'Откройте предпросмотр ещё раз из панели управления.', en: 'Open the preview again from the admin panel.' },
  method_not_allowed: { ru: 'Такой запрос сайт не принимает', en: 'The site does not accept this request' },
} as const;

type Key = keyof typeof TEXTS;
type Simple = { [K in Key]: (typeof TEXTS)[K]['ru'] extends string ? K : never }[Key];
/** The labels of request forms' fields. */
export type FieldLabel = Extract<Simple, `form_${string}`>;

/** A text of the renderer in `lang`, `{name}` parameters filled in (the result is text: escape it). */
export function say(lang: Lang, key: Simple, params: Record<string, string | number> = {}): string {
  const text: string = TEXTS[key][lang];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** What a request form is called (the form component's `form` choice). */
export function formName(lang: Lang, form: string): string {
  return (TEXTS.forms[lang] as Record<string, string>)[form] ?? TEXTS.forms[lang].callback;
}

const DATE_FORMATS: Record<Lang, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' }),
  en: new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' }),
};
/** A date as the site's language writes it: 15 ноября 2026 / November 15, 2026. */
export function formatDate(lang: Lang, iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return DATE_FORMATS[lang].format(date);
}

/** A visitor's order (`final_price_asc`) as the list's sort select names it. */
export function sortName(lang: Lang, value: string): string {
  return (TEXTS.stock_sort_fields[lang] as Record<string, string>)[value] ?? value;
}

/** A stored code of a car (logistic status, passport) as a visitor reads it; other values as they are. */
export function stockValueName(lang: Lang, value: string): string {
  return (TEXTS.stock_values[lang] as Record<string, string>)[value] ?? value;
}

const GROUPED = new Intl.NumberFormat('ru-RU');
/** A number with its digits grouped as Russian writes them: 1 250 000. */
export const formatNumber = (value: number): string => GROUPED.format(value);

/** Whole roubles as a price: 1 250 000 ₽ (roubles whatever the language). */
export function formatMoney(value: number): string {
  return `${formatNumber(value)} ₽`;
}
