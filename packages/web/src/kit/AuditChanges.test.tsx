import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang } from '../app/session.ts';
import { AuditChanges } from './AuditHistory.tsx';

describe("a site's history", () => {
  it('shows every change with its label and readable values, never raw codes or JSON', () => {
    setLang('ru');
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <AuditChanges
          entry={{
            action: 'update',
            service: 'sites.context',
            resource: 'sites',
            changes: {
              locale: ['ru', 'en'],
              logo_position: ['left', 'right'],
              country: ['ru', 'kz'],
              logos: [{ pc: null, mobile: null }, { pc: { url: '/files/logo.png', width: 200, height: 80, mime: 'image/png' }, mobile: null }],
              context: [{ color_scheme: 'kia', brand_id: null }, { color_scheme: 'kia-dark', brand_id: null }],
            },
          }}
        />
      </Providers>,
    );
    const text = container.textContent ?? '';
    for (const words of ['Язык сайта', 'Русский', 'English', 'Положение логотипа', 'Слева', 'Справа', 'Казахстан', 'Логотипы бренда', 'Для компьютера', '/files/logo.png', 'Оформление', 'Цветовая схема', 'kia-dark']) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toMatch(/[{}"]|pc|logo_position|color_scheme/);
    expect(screen.getAllByText('Для телефона').length).toBeGreaterThan(0);
  });
});
