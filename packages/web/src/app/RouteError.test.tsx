import { describe, expect, it } from 'vitest';
import { Outlet, createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen } from '@testing-library/react';
import './i18n.ts';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './queryClient.ts';
import { setLang } from './session.ts';
import { appRoutes } from './router.tsx';
import { isChunkError, RouteError } from './RouteError.tsx';

function Broken(): never {
  throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/AuditPage-x1.js');
}

describe('a route error', () => {
  it('recognises a chunk that failed to load', () => {
    expect(isChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkError(new Error('Loading CSS chunk 5 failed'))).toBe(true);
    expect(isChunkError(new Error('x is undefined'))).toBe(false);
  });

  it('shows inside the shell, in the user language, without the browser text', async () => {
    setLang('ru');
    const router = createMemoryRouter(
      [{ element: <div><header>Верхняя панель</header><Outlet /></div>, children: [{ errorElement: <RouteError inShell />, children: [{ path: '/page', element: <Broken /> }] }] }],
      { initialEntries: ['/page'] },
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect((await screen.findAllByText('Не удалось загрузить часть приложения')).length).toBeGreaterThan(0);
    expect(screen.getByText('Верхняя панель')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Failed to fetch|dynamically imported/);
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/home-page');
  });

  it('is caught below the root in the app routes, so the shell stays', () => {
    const [root] = appRoutes;
    expect(root!.children).toHaveLength(1);
    expect(root!.children![0]!.errorElement).toBeTruthy();
    expect(root!.children![0]!.children!.length).toBeGreaterThan(5);
  });
});
