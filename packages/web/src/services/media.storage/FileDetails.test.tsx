import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { clearAuth, setLang, signedIn } from '../../app/session.ts';
import { ALL_MODES, makeUser } from '../../test/fixtures.ts';
import { NOT_FOUND, startApiServer } from '../../test/server.ts';
import { unsavedChanges } from '../../kit/unsaved.tsx';
import { FileDetails } from './FileDetails.tsx';
import type { MediaFile } from './media-api.ts';

/** A file's drawer keeps a name typed and not saved: closing it asks first; a saved name closes at once. */
const FILE: MediaFile = {
  id: '5',
  type: 'media_files',
  attributes: { client_id: 1, folder_id: null, name: 'salon.jpg', mime: 'image/jpeg', ext: 'jpg', kind: 'image', size: 1024, width: null, height: null, access: 1, url: null, variants: [], source_id: null, created_at: '2026-01-10T10:00:00Z' },
};

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer((request) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'PATCH' && path === '/gateway/media.storage/api/v1/files/5') {
      const { attributes } = (request.body as { data: { attributes: { name: string } } }).data;
      return { status: 200, body: { data: { ...FILE, attributes: { ...FILE.attributes, name: attributes.name } } } };
    }
    return NOT_FOUND;
  });
});
afterAll(() => server.close());
afterEach(() => clearAuth());

/** The library's way of holding the open file: a save hands the fresh file back. */
function Library() {
  const [open, setOpen] = useState<MediaFile | null>(FILE);
  return open ? <FileDetails file={open} folders={[]} onClose={() => setOpen(null)} onChanged={setOpen} /> : <p>Файл закрыт</p>;
}

describe('renaming a media file', () => {
  it('asks before the drawer closes over a typed name, keeps it when the user stays, and closes at once once it is saved', async () => {
    setLang('ru');
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: makeUser({ ...ALL_MODES, 'media.storage': ['media.get_list', 'media.patch'] }) });
    const user = userEvent.setup();
    render(
      <Providers queryClient={createQueryClient()}>
        <Library />
      </Providers>,
    );
    const drawer = await screen.findByRole('dialog', { name: 'salon.jpg' });
    const name = within(drawer).getByLabelText('Название');
    await user.clear(name);
    await user.type(name, 'showroom.jpg');
    expect(unsavedChanges.any()).toBe(true);

    await user.click(within(drawer).getByRole('button', { name: /close|закрыть/i }));
    expect(await screen.findByText('Уйти без сохранения?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Остаться' }));
    expect(screen.queryByText('Файл закрыт')).toBeNull();
    expect((within(drawer).getByLabelText('Название') as HTMLInputElement).value).toBe('showroom.jpg');

    await user.click(within(drawer).getByRole('button', { name: 'Сохранить' }));
    await within(drawer).findByText('showroom.jpg');
    await waitFor(() => expect(unsavedChanges.any()).toBe(false));
    await user.click(within(drawer).getByRole('button', { name: /close|закрыть/i }));
    expect(await screen.findByText('Файл закрыт')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Остаться' })).toBeNull();
  });
});
