/**
 * A dealer's stock feed for the benchmarks (bench:feeds, bench:showroom): the cars and their CSV.
 * `priceShift` (roubles) moves every price, so that a second import of the same cars updates them all.
 */
/**
 * A dealer's stock as a DMS exports it: Kia Rio and Sportage of the demo catalogue down to the
 * generation and complectation, new and used, with the fields a real feed carries (engine, body,
 * colour, drive, discounts, availability, PTS, a description of a few hundred characters, photos),
 * each car with its own VIN and DMS id.
 */
export function stockCars(rows: number, priceShift = 0): Record<string, string>[] {
  const models = [
    { model: 'Rio', generation: 'IV', complectations: ['Classic', 'Comfort', 'Luxe', 'Prestige'], body: 'седан', engines: ['1.4 MT (100 л.с.)', '1.6 AT (123 л.с.)'], drive: 'передний' },
    { model: 'Sportage', generation: 'V', complectations: ['Classic', 'Comfort', 'Luxe', 'Prestige', 'Premium'], body: 'внедорожник 5 дв.', engines: ['2.0 AT (150 л.с.)', '2.5 AT 4WD (190 л.с.)'], drive: 'полный' },
  ];
  const colors = ['белый', 'чёрный', 'серый', 'серебристый', 'красный', 'синий'];
  const cars: Record<string, string>[] = [];
  for (let i = 0; i < rows; i++) {
    const m = models[i % models.length]!;
    const used = i % 5 === 0;
    const price = (m.model === 'Rio' ? 1_650_000 : 2_900_000) + (i % 40) * 25_000 + priceShift;
    cars.push({
      vin: `XWB${String(i).padStart(14, '0')}`, external_id: `DMS-${100000 + i}`, brand: 'Kia', model: m.model, generation: m.generation,
      complectation: m.complectations[i % m.complectations.length]!, engine: m.engines[i % m.engines.length]!, body: m.body,
      transmission: m.engines[i % m.engines.length]!.includes('AT') ? 'автомат' : 'механика', wheel_drive: m.drive, steering: 'Левый',
      color: colors[i % colors.length]!, availability: i % 7 === 0 ? 'в пути' : 'в наличии', state: used ? 'с пробегом' : 'новый',
      owners: used ? String(1 + (i % 3)) : '0', mileage: used ? String(15_000 + (i % 90) * 1000) : '0', year: String(used ? 2019 + (i % 5) : 2025),
      price: String(price), credit_discount: '50000', tradein_discount: '70000', pts: 'Оригинал', doors: m.model === 'Rio' ? '4' : '5', dealer_code: 'AVS-01',
      description: `Kia ${m.model} ${m.complectations[i % m.complectations.length]} в наличии в дилерском центре «АвтоГрад Север». Официальная гарантия 7 лет или 150 000 км, зимний пакет, подогрев сидений и руля, камера заднего вида, мультимедиа с Apple CarPlay и Android Auto. Кредит от 4,9 %, трейд-ин с выгодой до 70 000 ₽. Автомобиль № ${i}.`,
      images: [1, 2, 3, 4, 5].map((n) => `https://img.avtograd-sever.test/stock/${i}/${n}.jpg`).join(','),
    });
  }
  return cars;
}

export const CSV_COLUMNS = ['vin', 'external_id', 'brand', 'model', 'generation', 'complectation', 'engine', 'body', 'transmission', 'wheel_drive', 'right_steering_wheel', 'color', 'logistic_status', 'is_new', 'owners', 'mileage', 'year', 'price', 'credit_discount', 'tradein_discount', 'pts', 'doors', 'dealer_code', 'description', 'images'];
/** A car's cells in CSV_COLUMNS order (the CSV and the XLSX feed). */
export const tableRow = (car: Record<string, string>) => {
  const values: Record<string, string> = { ...car, right_steering_wheel: car.steering!, logistic_status: car.availability!, is_new: car.state! };
  return CSV_COLUMNS.map((column) => values[column] ?? '');
};
const csvCell = (value: string) => (/[;"\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The stock as a CSV with the platform's column names (no profile mapping needed). */
export function feedCsv(rows: number, priceShift = 0): Buffer {
  const lines = [CSV_COLUMNS.join(';')];
  for (const car of stockCars(rows, priceShift)) lines.push(tableRow(car).map(csvCell).join(';'));
  return Buffer.from(`${lines.join('\n')}\n`);
}

