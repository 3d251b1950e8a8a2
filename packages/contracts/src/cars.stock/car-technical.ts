import type { MarketingEngine } from '../cars.catalog/marketing-fields.ts';

/**
 * The technical fields of a stock car that its marketing complectation fills (spec 001 §5 manual
 * creation): engine, gearbox, drive and body. A car's values are text in Russian, as the
 * classifieds the stock is exported to read them ("2.5 л, 200 л.с., Бензин").
 */
export const CAR_TECHNICAL_FIELDS = ['engine', 'transmission', 'wheel_drive', 'body'] as const;
export type CarTechnicalField = (typeof CAR_TECHNICAL_FIELDS)[number];
export type CarTechnical = Partial<Record<CarTechnicalField, string>>;

/** A catalogue dictionary entry as a car's text: its Russian name, else its name. */
export interface DictionaryName {
  name: string;
  name_ru?: string | null;
}
const named = (entry: DictionaryName | null | undefined) => (entry ? (entry.name_ru?.trim() || entry.name).trim() || null : null);

/** Litres with one decimal, as cars are named: 2 → "2.0 л", 1598 cm³ → "1.6 л". */
function volumeText(volume: MarketingEngine['volume']): string | null {
  if (!volume) return null;
  const litres = volume.unit === 'cubic_centimeter' ? volume.value / 1000 : volume.value;
  return `${litres.toFixed(1)} л`;
}

function powerText(power: MarketingEngine['power']): string | null {
  if (!power) return null;
  return `${power.value} ${power.unit === 'kilowatts_per_hours' ? 'кВт' : 'л.с.'}`;
}

/** The engine as a car writes it: volume, power and fuel, each when the complectation has it; null when none. */
export function carEngineText(engine: MarketingEngine | null | undefined, fuel: DictionaryName | null | undefined): string | null {
  const parts = [volumeText(engine?.volume), powerText(engine?.power), named(fuel)].filter((part): part is string => !!part);
  return parts.length ? parts.join(', ') : null;
}

/** What a marketing complectation gives a car: only the values it has. */
export function carTechnicalOf(complectation: { engine: MarketingEngine | null; fuel: DictionaryName | null; transmission: DictionaryName | null; wheel_drive: DictionaryName | null; body: DictionaryName | null }): CarTechnical {
  const values: Record<CarTechnicalField, string | null> = {
    engine: carEngineText(complectation.engine, complectation.fuel),
    transmission: named(complectation.transmission),
    wheel_drive: named(complectation.wheel_drive),
    body: named(complectation.body),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as CarTechnical;
}

/**
 * A complectation's values laid over the form (the car form's rule): a field takes the value when
 * it is empty or still holds what an earlier complectation filled; a value the user typed, or the
 * car already had, stays. Returns the values to set and what now came from the complectation.
 */
export function fillCarTechnical(current: Partial<Record<CarTechnicalField, unknown>>, filled: CarTechnical, technical: CarTechnical): { set: CarTechnical; filled: CarTechnical } {
  const set: CarTechnical = {};
  const next: CarTechnical = { ...filled };
  for (const field of CAR_TECHNICAL_FIELDS) {
    const value = technical[field];
    if (value === undefined) continue;
    const now = current[field];
    const free = now === undefined || now === null || (typeof now === 'string' && (now.trim() === '' || now === filled[field]));
    if (!free) continue;
    set[field] = value;
    next[field] = value;
  }
  return { set, filled: next };
}
