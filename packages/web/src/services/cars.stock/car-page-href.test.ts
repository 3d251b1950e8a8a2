import { describe, expect, it } from 'vitest';
import { carPageHref } from './CarsPage.tsx';

describe("the link to a car's page on its site", () => {
  it("puts the car page's path on the site's address as the admin opens it", () => {
    const pages = [
      { type: 'car', url: 'https://kia-kazan.ru/cars/kia/rio/2025/15?utm=x' },
      { type: 'list', url: 'https://kia-kazan.ru/cars' },
    ];
    expect(carPageHref(pages, 'http://kia-kazan.localhost:3000')).toBe('http://kia-kazan.localhost:3000/cars/kia/rio/2025/15?utm=x');
    expect(carPageHref([{ type: 'car', url: '/cars/15' }], 'https://kia-kazan.ru')).toBe('https://kia-kazan.ru/cars/15');
  });

  it('is none while the site does not show the car, or has no address', () => {
    expect(carPageHref([], 'https://kia-kazan.ru')).toBeNull();
    expect(carPageHref([{ type: 'list', url: '/cars' }], 'https://kia-kazan.ru')).toBeNull();
    expect(carPageHref([{ type: 'car', url: '/cars/15' }], null)).toBeNull();
  });
});
