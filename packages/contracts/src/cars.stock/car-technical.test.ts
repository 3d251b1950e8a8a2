import { describe, expect, it } from 'vitest';
import { carEngineText, carTechnicalOf, fillCarTechnical } from './car-technical.ts';

describe("a marketing complectation's technical values for a stock car", () => {
  it('writes the engine as volume in litres, power and fuel, leaving out what the complectation lacks', () => {
    const petrol = { name: 'petrol', name_ru: 'Бензин' };
    expect(carEngineText({ name: '2.0 MPI', volume: { value: 2, unit: 'liter' }, power: { value: 150, unit: 'horse_power' } }, petrol)).toBe('2.0 л, 150 л.с., Бензин');
    expect(carEngineText({ name: '1.6 MPI', volume: { value: 1598, unit: 'cubic_centimeter' }, power: { value: 81, unit: 'kilowatts_per_hours' } }, null)).toBe('1.6 л, 81 кВт');
    expect(carEngineText({ name: 'EV' }, { name: 'electric', name_ru: null })).toBe('electric');
    expect(carEngineText(null, null)).toBeNull();
  });

  it('gives only the values the complectation has, by their Russian names', () => {
    expect(carTechnicalOf({ engine: null, fuel: null, transmission: { name: 'AT', name_ru: 'Автоматическая' }, wheel_drive: null, body: { name: 'crossover', name_ru: '' } })).toEqual({ transmission: 'Автоматическая', body: 'crossover' });
  });

  it("fills empty fields and those an earlier complectation filled, never a value the user typed", () => {
    const technical = { engine: '2.0 л, 150 л.с., Бензин', transmission: 'Автоматическая', wheel_drive: 'Полный', body: 'Кроссовер' };
    const first = fillCarTechnical({ engine: '', transmission: 'Робот', wheel_drive: null }, {}, technical);
    expect(first.set).toEqual({ engine: technical.engine, wheel_drive: 'Полный', body: 'Кроссовер' });
    expect(first.filled).toEqual(first.set);
    // Another complectation replaces what the first one filled; the user's gearbox stays, a value it lacks stays as it is.
    const second = fillCarTechnical({ ...first.set, transmission: 'Робот' }, first.filled, { engine: '1.6 л, 180 л.с., Бензин', transmission: 'Робот с двумя сцеплениями' });
    expect(second.set).toEqual({ engine: '1.6 л, 180 л.с., Бензин' });
    expect(second.filled).toEqual({ ...first.filled, engine: '1.6 л, 180 л.с., Бензин' });
  });
});
