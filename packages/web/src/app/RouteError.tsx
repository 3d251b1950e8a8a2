import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from './notify.ts';
import { HOME_PATH } from './guards.ts';

function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(message);
}

/** A routing error: an error notice and a friendly panel (spec 000 §2, §8). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkError(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';

  useEffect(() => {
    notify.error(chunk ? t('route_error.chunk') : t('route_error.title'), detail || undefined, 'route-error');
    if (error) console.warn('Route error', error);
  }, [error, chunk, detail, t]);

  return (
    <div className="route-error">
      <Result
        status="warning"
        title={chunk ? t('route_error.chunk') : t('route_error.title')}
        subTitle={t('route_error.hint')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>,
          <Button key="home" href={HOME_PATH}>
            {t('actions.go_home')}
          </Button>,
        ]}
      />
    </div>
  );
}
