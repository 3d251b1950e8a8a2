import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../../app/i18n.ts';
import { Providers } from '../../../app/Providers.tsx';
import { createQueryClient } from '../../../app/queryClient.ts';
import { clearAuth, setLang, signedIn } from '../../../app/session.ts';
import { ALL_MODES, makeUser } from '../../../test/fixtures.ts';
import { WorkflowBar } from './state-widgets.tsx';
import { StageWorkflowBar } from '../../content.storage/StageWorkflow.tsx';
import type { StateRecord } from './content-api.ts';
import type { StageStateRecord } from '../../content.storage/stage-api.ts';

/**
 * The workflow bar by the publishing rule: only a holder of the publishing code publishes, on
 * every site (the editor sees a disabled button and which right it needs); with strict
 * publishing a draft is submitted for review first.
 */
const EDITOR = { 'sites.context': ['pages.get_list', 'pages.patch'], 'content.storage': ['stages.get_list', 'stages.patch'] };
const MANAGER = { 'sites.context': [...EDITOR['sites.context'], 'pages.publish'], 'content.storage': [...EDITOR['content.storage'], 'stages.publish'] };

const state = (status: number, extra: Record<string, unknown> = {}) =>
  ({ id: '7', type: 'page_states', attributes: { ...extra, status, caption: 'О компании', version: null, superseded_at: null, publish_at: null, publication_status: null, publication_error: null, updated_at: '2026-01-01T00:00:00Z' } }) as unknown as StateRecord;

function renderBar(permissions: Record<string, string[]>, lang: 'ru' | 'en', options: { strict?: boolean; status?: number; stage?: boolean; images?: Record<string, unknown> } = {}) {
  setLang(lang);
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: makeUser({ ...ALL_MODES, ...permissions }, { locale: lang }) });
  const none = () => undefined;
  render(
    <Providers queryClient={createQueryClient()}>
      {options.stage ? (
        <StageWorkflowBar state={state(options.status ?? 1, { images: options.images ?? { pc: null, tablet: null, mobile: null } }) as unknown as StageStateRecord} strict={!!options.strict} editable onChanged={none} onOpen={none} onDeleted={none} />
      ) : (
        <WorkflowBar kind="page_states" state={state(options.status ?? 1)} strict={!!options.strict} editable publishCode="pages.publish" changeCode="pages.patch" onChanged={none} onOpen={none} onDeleted={none} />
      )}
    </Providers>,
  );
}
afterEach(() => clearAuth());

describe('the workflow bar', () => {
  it('gives the editor no working publish button, and says which right publishing needs', () => {
    renderBar(EDITOR, 'ru');
    expect(screen.getByRole('button', { name: /Опубликовать/ })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Опубликовать по времени/ })).toBeNull();
    expect(screen.getByText('Для публикации нужно право «Страницы: публикация» — обратитесь к руководителю')).toBeTruthy();
  });

  it('says it in English too, for stages as well', () => {
    renderBar(EDITOR, 'en', { stage: true });
    expect(screen.getByRole('button', { name: /^Publish$/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('Publishing needs the right "Stages: publish"; ask your manager')).toBeTruthy();
  });

  it('lets a holder of the publishing code publish and schedule on a site without strict publishing', () => {
    renderBar(MANAGER, 'en');
    expect(screen.getByRole('button', { name: /^Publish$/ })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: /Publish at a time/ })).toBeTruthy();
    expect(screen.queryByTestId('publish-needs-right')).toBeNull();
  });

  it('with strict publishing offers a draft for review and publishes only a submitted one', () => {
    renderBar(MANAGER, 'en', { strict: true });
    expect(screen.getByRole('button', { name: /Submit for review/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Publish$/ })).toBeNull();
    expect(screen.getByText(/submit the version for review first/)).toBeTruthy();
    clearAuth();
    document.body.innerHTML = '';
    renderBar(MANAGER, 'en', { strict: true, status: 2 });
    expect(screen.getByRole('button', { name: /^Publish$/ })).toHaveProperty('disabled', false);
  });

  it('asks again before publishing a stage without a mobile image, and not with one', async () => {
    renderBar(MANAGER, 'en', { stage: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Publish$/ }));
    expect(await screen.findByText('The stage has no mobile image: on phones its text will overlap the picture. Publish anyway?')).toBeTruthy();
    clearAuth();
    document.body.innerHTML = '';
    renderBar(MANAGER, 'ru', { stage: true, images: { pc: null, tablet: null, mobile: { file_id: 3, url: '/files/3.png' } } });
    await user.click(screen.getByRole('button', { name: /^Опубликовать$/ }));
    expect(await screen.findByText('Опубликовать эту версию на сайте?')).toBeTruthy();
    expect(screen.queryByText(/нет изображения для телефонов/)).toBeNull();
  });
});
