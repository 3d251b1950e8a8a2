import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang } from '../app/session.ts';
import { Tag } from 'antd';
import { CutText, DataTable, fitWidth, nodeText, shareWidth, textWidth } from './DataTable.tsx';

const ROWS = [
  { id: '1', subject: 'Запись на сервис', department: 'Сервисный центр на Ленинском проспекте', utm: 'yandex' },
  { id: '2', subject: 'Тест-драйв', department: 'Отдел продаж', utm: 'google' },
];
const COLUMNS = [
  { key: 'subject', dataIndex: 'subject', title: 'Тема', width: 60 },
  { key: 'department', dataIndex: 'department', title: 'Отдел', width: 60 },
  { key: 'utm', dataIndex: 'utm', title: 'UTM-метка источника', width: 60 },
  { key: 'id', dataIndex: 'id', title: 'Номер' },
  { key: 'actions', title: 'Действия', width: 60, fixed: 'right' as const, render: () => null },
];

describe('the list table', () => {
  it('never makes a column narrower than its header or its typical cell, and cuts long cells at a limit', () => {
    const header = fitWidth(COLUMNS[2]!, ROWS, { padding: 16, cap: 320 });
    expect(header).toBeGreaterThanOrEqual(textWidth('UTM-метка источника', 600) + 32);
    const actions = fitWidth({ ...COLUMNS[4]!, sorter: true }, ROWS, { padding: 16, cap: 320 });
    expect(actions).toBeGreaterThanOrEqual(textWidth('Действия', 600) + 32 + 22);
    const cells = fitWidth(COLUMNS[1]!, ROWS, { padding: 16, cap: 320 });
    expect(cells).toBeGreaterThan(textWidth('Отдел продаж'));
    expect(cells).toBeLessThanOrEqual(320);
  });

  it('fits the widest of cells that cannot be cut (tags, pictures), the typical one of cut texts', () => {
    const types = ['Клиентский', 'Клиентский', 'Клиентский', 'Клиентский', 'Официальный мастер'].map((type, id) => ({ id, type }));
    const tags = fitWidth({ key: 'type', dataIndex: 'type', title: 'Тип', render: (type: unknown) => <Tag>{String(type)}</Tag> }, types, { padding: 16, cap: 320 });
    expect(tags).toBeGreaterThanOrEqual(textWidth('Официальный мастер') + 32);
    const texts = fitWidth({ key: 'type', dataIndex: 'type', title: 'Тип', render: (type: unknown) => <CutText>{String(type)}</CutText> }, types, { padding: 16, cap: 320 });
    expect(texts).toBeLessThan(textWidth('Официальный мастер') + 32);
    const pictures = fitWidth({ key: 'image', dataIndex: 'type', title: 'Image', width: 60, render: () => <img alt="" width={64} height={40} /> }, types, { padding: 16, cap: 320 });
    expect(pictures).toBeGreaterThanOrEqual(64 + 32);
  });

  it('reads text beside an element as one line, elements alone by the longest', () => {
    expect(nodeText(<span><b>Одобрил(а):</b> Администраторова Анна</span>)).toBe('Одобрил(а): Администраторова Анна');
    expect(nodeText(<div><span>Короткая</span><span>Подлиннее строка</span></div>)).toBe('Подлиннее строка');
  });

  it('shares the room of a phone among the key columns when they need more', () => {
    expect(shareWidth([100, 100], 300)).toEqual([100, 100]);
    const shared = shareWidth([200, 150, 150], 330);
    expect(shared.reduce((sum, width) => sum + width, 0)).toBeLessThanOrEqual(330);
    expect(shared[0]).toBeGreaterThan(shared[1]!);
  });

  it('hides the columns a user chooses and remembers the choice', async () => {
    setLang('ru');
    const user = userEvent.setup();
    const view = () => (
      <Providers queryClient={createQueryClient()}>
        <DataTable tableId="requests.test" rowKey="id" dataSource={ROWS} columns={COLUMNS} pagination={false} />
      </Providers>
    );
    const first = render(view());
    expect(screen.getByRole('columnheader', { name: 'UTM-метка источника' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Столбцы' }));
    const choice = await screen.findByRole('checkbox', { name: 'UTM-метка источника' });
    // The key columns (the first two) and the actions are never offered.
    expect(screen.queryByRole('checkbox', { name: 'Тема' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Отдел' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Действия' })).toBeNull();
    await user.click(choice);
    expect(screen.queryByRole('columnheader', { name: 'UTM-метка источника' })).toBeNull();
    first.unmount();

    render(view());
    const table = screen.getByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'UTM-метка источника' })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Номер' })).toBeTruthy();
  });

  it('waits with selecting all until the page is drawn whole, then selects every row of it', async () => {
    const page = Array.from({ length: 60 }, (_, i) => ({ id: String(i + 1), subject: `Машина ${i + 1}` }));
    let selected: unknown[] = [];
    render(
      <Providers queryClient={createQueryClient()}>
        <DataTable tableId="select.test" rowKey="id" dataSource={page} columns={[{ key: 'subject', dataIndex: 'subject', title: 'Тема' }]} pagination={{ current: 1, pageSize: 100, total: 60 }} rowSelection={{ onChange: (keys) => (selected = keys) }} />
      </Providers>,
    );
    const all = () => screen.getAllByRole('checkbox')[0] as HTMLInputElement;
    expect(all().disabled).toBe(true);
    await waitFor(() => expect(all().disabled).toBe(false));
    await userEvent.setup().click(all());
    expect(selected).toHaveLength(60);
  });

  it('draws a page of 100 rows a slice at a time, and the same page answered again at once', async () => {
    const page = Array.from({ length: 100 }, (_, i) => ({ id: String(i + 1), subject: `Заявка ${i + 1}` }));
    const columns = [{ key: 'subject', dataIndex: 'subject', title: 'Тема' }];
    const view = (rows: typeof page) => (
      <Providers queryClient={createQueryClient()}>
        <DataTable tableId="slices.test" rowKey="id" dataSource={rows} columns={columns} pagination={{ current: 1, pageSize: 100, total: 250 }} />
      </Providers>
    );
    const rowCount = () => screen.getAllByRole('row').length - 1;
    const shown = render(view(page));
    // The first slice at once: fewer than the page, more than a screenful is not needed.
    expect(rowCount()).toBeGreaterThan(0);
    expect(rowCount()).toBeLessThan(100);
    await waitFor(() => expect(rowCount()).toBe(100));
    expect(screen.getByText('Заявка 100')).toBeTruthy();
    // A refresh of the same page (new objects, same rows) keeps every row drawn.
    shown.rerender(view(page.map((row) => ({ ...row }))));
    expect(rowCount()).toBe(100);
    // The next page starts with a slice again.
    shown.rerender(view(page.map((row) => ({ ...row, id: `p2-${row.id}` }))));
    expect(rowCount()).toBeLessThan(100);
    await waitFor(() => expect(rowCount()).toBe(100));
  });
});
