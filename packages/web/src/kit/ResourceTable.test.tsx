import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { roleResource, screenRouteResource, userResource, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang } from '../app/session.ts';
import { ResourceTable, type ResourceTableProps } from './ResourceTable.tsx';

type Row = JsonApiRecord<Record<string, unknown>>;

function renderTable(props: Partial<ResourceTableProps> & { resource: AnyResource; records: Row[] }) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: <ResourceTable included={[]} loading={false} page={1} size={20} total={props.records.length} onPage={() => undefined} onSort={() => undefined} {...props} />,
    },
  ]);
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const roles = roleResource as unknown as AnyResource;
const ROLE: Row = {
  id: '2',
  type: 'roles',
  attributes: { name: 'Менеджер дилера', code: 'dealer_manager', description: 'Сайты, справочники и настройки своего клиента', client_id: 1, permission_ids: [1, 2, 3, 4, 5] },
};

describe('ResourceTable', () => {
  it('shows seeded names in the reader language, referenced records by name and a count instead of a wall of ids', () => {
    setLang('en');
    renderTable({ resource: roles, records: [ROLE], included: [{ id: '1', type: 'clients', attributes: { name: 'Автодом' } }] });
    const row = screen.getByRole('row', { name: /Dealer manager/ });
    expect(within(row).getByText('Sites, dictionaries and settings of the own client')).toBeTruthy();
    expect(within(row).getByText('Автодом')).toBeTruthy();
    expect(within(row).getByText('5 permissions')).toBeTruthy();
    setLang('ru');
  });

  it('names services and permission codes in words, with the code in a tooltip', () => {
    setLang('ru');
    const route: Row = {
      id: '13',
      type: 'routes',
      attributes: { name: 'users', title: 'menu.users', path: '/clients.storage/users/', service: 'clients.storage', mode: 'settings', group: 'access', permissions: ['users.get_list'], order: 20 },
    };
    renderTable({ resource: screenRouteResource as unknown as AnyResource, records: [route], detailPath: (record) => `/clients.storage/routes/${record.id}` });
    const row = screen.getByRole('row', { name: /Пользователи/ });
    expect(within(row).getByRole('link', { name: 'Пользователи' }).getAttribute('href')).toBe('/clients.storage/routes/13');
    for (const text of ['Клиенты и доступ', 'Настройки', 'Доступ', 'Пользователи: просмотр']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).queryByText('users.get_list')).toBeNull();
    expect(within(row).queryByText('clients.storage')).toBeNull();
  });

  it('gives every column a width and scrolls sideways with the first column and the actions fixed', () => {
    setLang('ru');
    const user: Row = { id: '1', type: 'users', attributes: { last_name: 'Иванова', name: 'Анна', email: 'anna@dealer.test', client_ids: [], role_ids: [], active: true, internal: false } };
    const { container } = renderTable({ resource: userResource as unknown as AnyResource, records: [user], onEdit: () => undefined, onDelete: async () => undefined });
    expect(container.querySelector('table')!.style.tableLayout).toBe('fixed');
    const cols = [...container.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(cols.every((width) => /^\d+px$/.test(width))).toBe(true);
    expect(container.querySelector('td.ant-table-cell-fix-start')?.textContent).toBe('Иванова');
    expect(container.querySelector('td.ant-table-cell-fix-end button[aria-label="Отключить: Анна Иванова"]')).toBeTruthy();
  });
});
