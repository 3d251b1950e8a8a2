import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import userEvent from '@testing-library/user-event';
import '../../app/i18n.ts';
import { Providers } from '../../app/Providers.tsx';
import { createQueryClient } from '../../app/queryClient.ts';
import { clearAuth, setLang, signedIn } from '../../app/session.ts';
import { api } from '../../kit/api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { startApiServer } from '../../test/server.ts';
import { hasSurveyCookie, SatisfactionSurvey } from './SatisfactionSurvey.tsx';

const DAY = 24 * 60 * 60 * 1000;
const dealer = makeUser({}, { id: 7, email: 'manager@dealer.test', internal: false });
const staff = makeUser({}, { id: 8, email: 'admin@platform.test', internal: true });

let server: Awaited<ReturnType<typeof startApiServer>>;
let failVote = false;
beforeAll(async () => {
  server = await startApiServer((request) => {
    if (request.method === 'POST' && request.url === '/gateway/clients.storage/api/v1/satisfaction') {
      if (failVote) return { status: 503, body: { errors: [{ status: '503', code: 'service_unavailable', title: 'Сервис временно недоступен' }] } };
      return { status: 201, body: { data: { id: '1', type: 'satisfaction', attributes: { rate: (request.body as any).data.rate } } } };
    }
    return { status: 404, body: { errors: [] } };
  });
});
afterAll(() => server.close());

function clearCookie() {
  document.cookie = 'satisfaction=; path=/; max-age=0';
}
beforeEach(() => {
  clearCookie();
  failVote = false;
  setLang('ru');
});
afterEach(() => {
  vi.useRealTimers();
  clearAuth();
  clearCookie();
});

function renderSurvey(user = dealer) {
  signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user });
  return render(
    <Providers queryClient={createQueryClient()}>
      {/* Without animations a closed dialog leaves the page at once. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <SatisfactionSurvey />
      </ConfigProvider>
    </Providers>,
  );
}

/** Renders with fake timers and lets `ms` pass. */
function renderAndWait(ms: number, user = dealer) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const view = renderSurvey(user);
  act(() => {
    vi.advanceTimersByTime(ms);
  });
  vi.useRealTimers();
  return view;
}

describe('the satisfaction survey', () => {
  it('appears 5 seconds after entry, not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSurvey();
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Как вам работа в панели управления?')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });

  it('is never shown to internal users', () => {
    renderAndWait(60_000, staff);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown in the first week of an account, and is from its eighth day', () => {
    const first = renderAndWait(60_000, makeUser({}, { id: 9, email: 'new@dealer.test', internal: false, created_at: new Date(Date.now() - 6 * DAY).toISOString() }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    renderAndWait(5000, makeUser({}, { id: 10, email: 'week@dealer.test', internal: false, created_at: new Date(Date.now() - 8 * DAY).toISOString() }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('leaves the page usable while it is shown: no overlay, the buttons behind it take clicks', async () => {
    let clicked = 0;
    signedIn({ access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900, user: dealer });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      <Providers queryClient={createQueryClient()}>
        <button type="button" onClick={() => clicked++}>
          Сохранить заявку
        </button>
        <SatisfactionSurvey />
      </Providers>,
    );
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    vi.useRealTimers();
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('false');
    expect(document.querySelector('.ant-modal-mask, .ant-modal-wrap')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Сохранить заявку' }));
    expect(clicked).toBe(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closing it is a decline: not asked again for 14 days', async () => {
    renderAndWait(5000);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).toContain('satisfaction=declined');
  });

  it('is not shown while its cookie is set', () => {
    document.cookie = 'satisfaction=declined; path=/';
    renderAndWait(60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the vote, thanks, and is not asked again for 30 days', async () => {
    renderAndWait(5000);
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Отправить' });
    expect((send as HTMLButtonElement).disabled).toBe(true); // no stars yet
    await user.click(screen.getAllByRole('radio')[3]!);
    await user.click(send);
    expect(await screen.findByText('Спасибо за оценку!')).toBeTruthy();
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', body: { data: { rate: 4 } } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).toContain('satisfaction=voted');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * DAY);
    expect(hasSurveyCookie()).toBe(true);
    vi.setSystemTime(Date.now() + 2 * DAY);
    expect(hasSurveyCookie()).toBe(false);
  });

  it('"Not now" closes it for 14 days', async () => {
    renderAndWait(5000);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Не сейчас' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).toContain('satisfaction=declined');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1); // only the earlier vote

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 13 * DAY);
    expect(hasSurveyCookie()).toBe(true);
    vi.setSystemTime(Date.now() + 2 * DAY);
    expect(hasSurveyCookie()).toBe(false);
  });

  it('keeps the survey open and shows the error when the vote fails', async () => {
    failVote = true;
    renderAndWait(5000);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('radio')[4]!);
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Не удалось отправить оценку')).toBeTruthy();
    expect(screen.getByText('Сервис временно недоступен')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(hasSurveyCookie()).toBe(false);
  });
});
