import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import '../../../app/i18n.ts';
import { Providers } from '../../../app/Providers.tsx';
import { createQueryClient } from '../../../app/queryClient.ts';
import { clearAuth, setLang, signedIn } from '../../../app/session.ts';
import { ALL_MODES, makeUser } from '../../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../../test/server.ts';
import type { Placed } from './content-api.ts';
import { FloorsEditor } from './FloorsEditor.tsx';
import { floorsBufferKey, pasteFloors, readFloorsBuffer, type LibraryFloor } from './floors-buffer.ts';

/**
 * The floors buffer (spec 000 §9): floors copied from one state (even one that cannot change)
 * wait in localStorage per user, and are pasted into a state of the same or another client's site
 * as that site's floors of the same code; one the site lacks says "component not found".
 */
const LIBRARY: LibraryFloor[] = [
  { id: 1, title: 'Шапка', code: 'header-main', component: 'header', enabled: true, client_id: null },
  { id: 10, title: 'Акция клиента 1', code: 'promo-spring', component: 'text', enabled: true, client_id: 1 },
  { id: 11, title: 'Карточки клиента 1', code: 'cards-1', component: 'cards', enabled: true, client_id: 1 },
  { id: 20, title: 'Акция клиента 2', code: 'promo-spring', component: 'text', enabled: true, client_id: 2 },
  { id: 21, title: 'Отключённый', code: 'old-2', component: 'text', enabled: false, client_id: 2 },
];

describe('pasting the buffer', () => {
  it('keeps a floor the site may place, takes the site client\'s floor of the same code and component, and reports the rest', () => {
    const buffer = [
      { floor_id: 1, values: { title: 'x' }, code: 'header-main', title: 'Шапка', component: 'header', client_id: null },
      { floor_id: 10, values: { body: 'Весна' }, code: 'promo-spring', title: 'Акция клиента 1', component: 'text', client_id: 1 },
      { floor_id: 11, values: {}, code: 'cards-1', title: 'Карточки клиента 1', component: 'cards', client_id: 1 },
    ];
    expect(pasteFloors(buffer, LIBRARY, 1).placed.map((entry) => entry.floor_id)).toEqual([1, 10, 11]);
    const other = pasteFloors(buffer, LIBRARY, 2);
    expect(other.placed).toEqual([{ floor_id: 1, values: { title: 'x' } }, { floor_id: 20, values: { body: 'Весна' } }]);
    expect(other.problems).toEqual([{ entry: buffer[2], reason: 'component_not_found' }]);
    const disabled = pasteFloors([{ floor_id: 99, values: {}, code: 'old-2', title: 'Старый', component: 'text', client_id: 3 }], LIBRARY, 2);
    expect(disabled.problems[0]!.reason).toBe('disabled');
    // The pasted values are the buffer's copy, not shared with it.
    other.placed[0]!.values!.title = 'changed';
    expect(buffer[0]!.values.title).toBe('x');
  });
});

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/gateway/floors.storage/api/v1/floors') {
      const data = LIBRARY.map(({ id, ...attributes }) => ({ id: String(id), type: 'floors', attributes }));
      return { status: 200, body: { data, meta: { page: { number: 1, size: 500, total: data.length } } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
afterEach(() => {
  clearAuth();
  localStorage.clear();
});

/** A published page of client 1 (read-only) and a draft of client 2, side by side. */
function TwoStates({ onTarget }: { onTarget: (value: Placed[]) => void }) {
  const [target, setTarget] = useState<Placed[]>([{ floor_id: 1, values: {} }]);
  return (
    <>
      <section aria-label="source">
        <FloorsEditor label="Этажи источника" value={[{ floor_id: 10, values: { body: 'Весна' } }, { floor_id: 11 }]} disabled buffer clientId={1} />
      </section>
      <section aria-label="target">
        <FloorsEditor
          label="Этажи цели"
          value={target}
          onChange={(next) => {
            setTarget(next);
            onTarget(next);
          }}
          buffer
          clientId={2}
        />
      </section>
    </>
  );
}

describe('the floors buffer in the editor', () => {
  it('copies floors of a read-only state, shows the count, pastes them into another client\'s state and clears', async () => {
    setLang('ru');
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: makeUser({ ...ALL_MODES, 'floors.storage': ['floors.get_list'] }, { id: 7 }) });
    let pasted: Placed[] = [];
    render(
      <Providers queryClient={createQueryClient()}>
        {/* The editor's App.useApp() comes from the shell's App (AppShell.tsx). */}
        <AntApp>
          <TwoStates onTarget={(value) => (pasted = value)} />
        </AntApp>
      </Providers>,
    );
    const source = within(screen.getByRole('region', { name: 'source' }));
    const target = within(screen.getByRole('region', { name: 'target' }));
    await source.findByText('Акция клиента 1');
    expect(source.getAllByTestId('floors-buffer-count')[0]!.textContent).toBe('В буфере 0 этажей');
    const user = userEvent.setup();
    await user.click(source.getByRole('button', { name: 'Копировать этаж 1 в буфер' }));
    await waitFor(() => expect(target.getByTestId('floors-buffer-count').textContent).toBe('В буфере 1 этаж'));
    await user.click(source.getByRole('button', { name: 'Копировать все этажи' }));
    await waitFor(() => expect(target.getByTestId('floors-buffer-count').textContent).toBe('В буфере 3 этажа'));
    // Kept per user in localStorage.
    expect(readFloorsBuffer(7).map((entry) => entry.code)).toEqual(['promo-spring', 'promo-spring', 'cards-1']);
    expect(localStorage.getItem(floorsBufferKey(8))).toBeNull();
    // A read-only state copies but never pastes.
    expect(source.queryByRole('button', { name: /Вставить из буфера/ })).toBeNull();

    await user.click(target.getByRole('button', { name: 'Вставить из буфера (3)' }));
    expect(pasted).toEqual([{ floor_id: 1, values: {} }, { floor_id: 20, values: { body: 'Весна' } }, { floor_id: 20, values: { body: 'Весна' } }]);
    const problems = await target.findByRole('alert');
    expect(problems.textContent).toContain('1 этаж не вставлен');
    expect(problems.textContent).toContain('«Карточки клиента 1» (cards-1): компонент «cards» не найден');
    expect(target.getAllByText('Акция клиента 2')).toHaveLength(2);

    await user.click(target.getByRole('button', { name: 'Очистить буфер' }));
    // Confirmed first: the buffer may hold floors copied from elsewhere.
    await screen.findByText(/Очистить буфер этажей\?/);
    await user.click(within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Очистить буфер' }));
    await waitFor(() => expect(target.getByTestId('floors-buffer-count').textContent).toBe('В буфере 0 этажей'));
    expect(localStorage.getItem(floorsBufferKey(7))).toBeNull();
  });
});
