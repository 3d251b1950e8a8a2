import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../kit/useDocumentTitle.ts';
import { StatusPanel } from '../kit/StatusPanel.tsx';
import { notify } from './notify.ts';
import { HOME_PATH } from './guards.ts';

/** A script or stylesheet that failed to load (a new release replaced the old chunks, the network dropped). */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Loading chunk|Loading CSS chunk|error loading dynamically/i.test(message);
}

/**
 * A routing error (spec 000 §2, §8): an error notice and a panel in the user's language, with the
 * way out. Inside the shell (`inShell`) the top bar and the menu stay; the browser's own text goes
 * to the console, not to the user.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkError(error);
  const title = chunk ? t('route_error.chunk') : t('route_error.title');
  useDocumentTitle(title);

  useEffect(() => {
    notify.error(title, t('route_error.hint'), 'route-error');
    if (error) console.warn('Route error', isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error);
  }, [error, title, t]);

  return (
    <div className={inShell ? 'route-error route-error--in-shell' : 'route-error'}>
      <StatusPanel
        status="warning"
        title={title}
        subTitle={t('route_error.hint')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>,
          <Link key="home" to={HOME_PATH}>
            <Button>{t('actions.go_home')}</Button>
          </Link>,
        ]}
      />
    </div>
  );
}
