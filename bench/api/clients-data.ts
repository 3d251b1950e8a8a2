/**
 * 10,000 dealer-like clients for the API benchmark: Russian names with a counter, unique codes,
 * a region group each, a holding for some. Deterministic, so every run measures the same data.
 */

/** A city appears in every CITIES.length-th name: one city matches about 1/30 (3.3 %) of the rows. */
export const CITIES = [
  ['Москва', 'msk'],
  ['Санкт-Петербург', 'spb'],
  ['Казань', 'kzn'],
  ['Екатеринбург', 'ekb'],
  ['Новосибирск', 'nsk'],
  ['Нижний Новгород', 'nnov'],
  ['Самара', 'smr'],
  ['Ростов-на-Дону', 'rnd'],
  ['Краснодар', 'krd'],
  ['Уфа', 'ufa'],
  ['Пермь', 'perm'],
  ['Воронеж', 'vrn'],
  ['Волгоград', 'vlg'],
  ['Красноярск', 'krsk'],
  ['Челябинск', 'chel'],
  ['Омск', 'omsk'],
  ['Тюмень', 'tmn'],
  ['Иркутск', 'irk'],
  ['Хабаровск', 'khv'],
  ['Владивосток', 'vvo'],
  ['Ярославль', 'yar'],
  ['Тула', 'tula'],
  ['Рязань', 'rzn'],
  ['Калининград', 'kgd'],
  ['Сочи', 'sochi'],
  ['Белгород', 'blg'],
  ['Саратов', 'srt'],
  ['Ижевск', 'izh'],
  ['Барнаул', 'brn'],
  ['Томск', 'tomsk'],
] as const;

const PREFIXES = [
  ['АвтоГрад', 'avtograd'],
  ['Мотор Сити', 'motor-city'],
  ['Автомир', 'avtomir'],
  ['Автодом', 'avtodom'],
  ['Формула', 'formula'],
  ['Магистраль', 'magistral'],
  ['Автоцентр', 'avtocentr'],
  ['Драйв Моторс', 'drive-motors'],
  ['Авто Плюс', 'avto-plus'],
  ['Транс Авто', 'trans-avto'],
  ['Северный Ветер', 'severny-veter'],
  ['Евразия Авто', 'evraziya-avto'],
] as const;

const BRANDS = ['Kia', 'Hyundai', 'Toyota', 'Škoda', 'Renault', 'Lada', 'Haval', 'Chery', 'Geely', 'Mazda', 'Nissan', 'Volkswagen'];
const HOLDINGS = ['АвтоГрад Холдинг', 'Рольф Групп', 'Автомир Холдинг', 'Major Group', 'Автодом Групп'];

/** Region groups the clients are spread over (the list shows their names as `included`). */
export const REGIONS = ['Москва и область', 'Северо-Запад', 'Приволжье', 'Юг', 'Урал', 'Сибирь', 'Дальний Восток', 'Центр'];

/** The search the list case uses: one city, about 3.3 % of the rows, so a full 100-item page. */
export const SEARCH = 'Казань';

export interface ClientRow {
  name: string;
  code: string;
  holding: string | null;
  billing_id: string | null;
  group_ids: number[];
}

export function makeClient(i: number, groupIds: number[]): ClientRow {
  const [city, cityCode] = CITIES[i % CITIES.length]!;
  const [prefix, prefixCode] = PREFIXES[Math.floor(i / CITIES.length) % PREFIXES.length]!;
  const brand = BRANDS[Math.floor(i / 7) % BRANDS.length]!;
  const n = String(i + 1).padStart(5, '0');
  return {
    name: `${prefix} ${city} — ${brand} №${i + 1}`,
    code: `${prefixCode}-${cityCode}-${n}`,
    holding: i % 4 === 0 ? HOLDINGS[i % HOLDINGS.length]! : null,
    billing_id: i % 3 === 0 ? `BL-${n}` : null,
    group_ids: groupIds.length ? [groupIds[i % groupIds.length]!] : [],
  };
}
