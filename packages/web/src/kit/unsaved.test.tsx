import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import '../app/i18n.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { setLang } from '../app/session.ts';
import { FormDrawer, FormModal, GuardedForm, unsavedChanges, UnsavedChangesGuard } from './unsaved.tsx';

/** A settings page as screens build it: a form, a save that may fail, a reset. */
function SettingsPage({ fail = false }: { fail?: boolean }) {
  return (
    <GuardedForm layout="vertical" initialValues={{ name: 'АвтоГрад' }} onFinish={() => (fail ? Promise.reject(new Error('refused')) : Promise.resolve())}>
      <Form.Item name="name" label="Название">
        <Input />
      </Form.Item>
      <Button htmlType="submit">Сохранить</Button>
      <Button htmlType="reset">Сбросить</Button>
      <Link to="/other">Другой раздел</Link>
    </GuardedForm>
  );
}

function DrawerPage() {
  const [open, setOpen] = useState(true);
  return (
    <>
      {!open && <p>Ящик закрыт</p>}
      <FormDrawer open={open} title="Новая запись" onClose={() => setOpen(false)}>
        <GuardedForm layout="vertical">
          <Form.Item name="title" label="Заголовок">
            <Input />
          </Form.Item>
        </GuardedForm>
      </FormDrawer>
    </>
  );
}

/** A hand-made editor in a dialog: its text lives in React state, not in an antd form. */
function NoteDialogPage() {
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState('');
  const [text, setText] = useState('');
  return (
    <>
      {!open && <p>Диалог закрыт</p>}
      <FormModal open={open} title="Заметка" unsaved={text !== saved} onOk={() => setSaved(text)} okText="Применить" onCancel={() => setOpen(false)}>
        <textarea aria-label="Текст заметки" value={text} onChange={(event) => setText(event.target.value)} />
      </FormModal>
      <Link to="/other">Другой раздел</Link>
    </>
  );
}

function renderAt(page: React.ReactNode) {
  setLang('ru');
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <UnsavedChangesGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: '/settings', element: page },
          { path: '/other', element: <h1>Другой раздел</h1> },
        ],
      },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('unsaved changes', () => {
  it('asks before another page opens or the tab closes over typed work; staying keeps it', async () => {
    const user = userEvent.setup();
    const router = renderAt(<SettingsPage />);
    // Nothing typed: the menu moves on without a question.
    expect(beforeUnloadPrevented()).toBe(false);
    await user.type(await screen.findByLabelText('Название'), ' Север');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Другой раздел' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Уйти без сохранения?')).toBeTruthy();
    expect(within(dialog).getByText('Внесённые изменения не сохранены и пропадут.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('АвтоГрад Север');

    // Agreeing to leave drops the work and opens the other page.
    await user.click(screen.getByRole('link', { name: 'Другой раздел' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Уйти без сохранения' }));
    expect(await screen.findByRole('heading', { name: 'Другой раздел' })).toBeTruthy();
    expect(unsavedChanges.any()).toBe(false);
  });

  it('a save or a reset clears the question', async () => {
    const user = userEvent.setup();
    renderAt(<SettingsPage />);
    await user.type(await screen.findByLabelText('Название'), ' Север');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(unsavedChanges.any()).toBe(false));
    expect(beforeUnloadPrevented()).toBe(false);

    await user.type(screen.getByLabelText('Название'), '!');
    expect(unsavedChanges.any()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(unsavedChanges.any()).toBe(false);
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('АвтоГрад');
  });

  it('a failed save keeps the question', async () => {
    const user = userEvent.setup();
    renderAt(<SettingsPage fail />);
    await user.type(await screen.findByLabelText('Название'), ' Север');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(unsavedChanges.any()).toBe(true));
    await user.click(screen.getByRole('link', { name: 'Другой раздел' }));
    expect(await screen.findByText('Уйти без сохранения?')).toBeTruthy();
  });

  it('a drawer holding a changed form asks before it closes', async () => {
    const user = userEvent.setup();
    renderAt(<DrawerPage />);
    const drawer = await screen.findByRole('dialog', { name: 'Новая запись' });
    await user.type(within(drawer).getByLabelText('Заголовок'), 'Тест-драйв');
    await user.click(within(drawer).getByRole('button', { name: /close|закрыть/i }));
    expect(await screen.findByText('Уйти без сохранения?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Остаться' }));
    expect(screen.queryByText('Ящик закрыт')).toBeNull();
    expect((within(drawer).getByLabelText('Заголовок') as HTMLInputElement).value).toBe('Тест-драйв');

    await user.click(within(drawer).getByRole('button', { name: /close|закрыть/i }));
    await user.click(await screen.findByRole('button', { name: 'Уйти без сохранения' }));
    expect(await screen.findByText('Ящик закрыт')).toBeTruthy();
    expect(unsavedChanges.any()).toBe(false);
  });

  it('a dialog holding hand-made changes asks before it closes or the tab reloads; applying them clears the question', async () => {
    const user = userEvent.setup();
    renderAt(<NoteDialogPage />);
    const dialog = await screen.findByRole('dialog', { name: 'Заметка' });
    await user.type(within(dialog).getByLabelText('Текст заметки'), 'Позвонить клиенту');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: /cancel|отмена/i }));
    expect(await screen.findByText('Уйти без сохранения?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Остаться' }));
    expect(screen.queryByText('Диалог закрыт')).toBeNull();
    expect((within(dialog).getByLabelText('Текст заметки') as HTMLTextAreaElement).value).toBe('Позвонить клиенту');

    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(unsavedChanges.any()).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: /cancel|отмена/i }));
    expect(await screen.findByText('Диалог закрыт')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Уйти без сохранения?' })).toBeNull();
  });
});
