import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLOR_SCHEMES, NO_CHOICES } from '@dp/contracts';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { setLang } from '../../app/session.ts';
import type { BuilderForm } from './builder.ts';
import { FormBuilder } from './FormBuilder.tsx';

/** The builder in the browser: a field added shows in the preview, reordering (buttons and drag and drop) moves it there too. */
let latest: BuilderForm;
function Harness({ initial }: { initial: BuilderForm }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return <FormBuilder value={value} onChange={setValue} choices={NO_CHOICES} lang="ru" palette={COLOR_SCHEMES[0]!.palette} errors={{}} />;
}
function renderBuilder() {
  setLang('ru');
  render(
    <Providers queryClient={createQueryClient()}>
      <Harness initial={{ title: 'Заявка на оценку', fields: [{ id: 'name', label: 'Имя', type: 'text', required: true }], grid: [{ title: 'Контакты', fields: ['name'] }] }} />
    </Providers>,
  );
  return screen.getByTestId('form-preview');
}
const previewLabels = (preview: HTMLElement) => [...preview.querySelectorAll('.dpf-field:not(.dpf-field--consent) .dpf-label')].map((label) => label.textContent?.replace(' *', ''));

describe('the form builder', () => {
  it('adds a field that the preview shows as the site will, and reorders it with the keyboard buttons', async () => {
    const user = userEvent.setup();
    const preview = renderBuilder();
    expect(within(preview).getByRole('heading', { name: 'Заявка на оценку' })).toBeTruthy();
    expect(previewLabels(preview)).toEqual(['Имя']);

    await user.click(screen.getByRole('button', { name: 'Добавить поле в строку 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Телефон' }));
    await waitFor(() => expect(previewLabels(preview)).toEqual(['Имя', 'Телефон']));
    expect(preview.querySelector('input[type="tel"][name="phone_1"]')).toBeTruthy();
    expect(preview.querySelector('select[name="phone_1__code"]')).toBeTruthy();
    // The new field is chosen: its settings show only what a phone has.
    const settings = screen.getByTestId('field-settings');
    expect(within(settings).getByLabelText('Коды стран')).toBeTruthy();
    expect(within(settings).queryByLabelText('Допустимые форматы')).toBeNull();
    await user.clear(within(settings).getByLabelText('Название поля'));
    await user.type(within(settings).getByLabelText('Название поля'), 'Мобильный');
    await waitFor(() => expect(previewLabels(preview)).toEqual(['Имя', 'Мобильный']));

    await user.click(screen.getByRole('button', { name: 'Поднять поле «Мобильный»' }));
    await waitFor(() => expect(previewLabels(preview)).toEqual(['Мобильный', 'Имя']));
    expect(latest.grid[0]!.fields).toEqual(['phone_1', 'name']);
  });

  it('moves a field to another row by drag and drop', async () => {
    const user = userEvent.setup();
    const preview = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Добавить строку' }));
    await user.click(screen.getByRole('button', { name: 'Добавить поле в строку 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'E-mail' }));
    await waitFor(() => expect(previewLabels(preview)).toEqual(['Имя', 'E-mail']));

    const dragged = screen.getByTestId('builder-field-name');
    const target = screen.getByTestId('builder-field-email_1');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', effectAllowed: 'all', dropEffect: 'move' };
    fireEvent.dragStart(dragged, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(latest.grid.map((row) => row.fields)).toEqual([[], ['name', 'email_1']]));
    expect(within(screen.getByTestId('builder-row-0')).getByText('Перетащите поле сюда или добавьте новое')).toBeTruthy();
    expect(preview.querySelectorAll('fieldset.dpf-row')).toHaveLength(2);
  });
});
