import { useTranslation } from 'react-i18next';

/**
 * The loader of a whole page (sign-in, start of a session): antd's spinner drawn by CSS alone
 * (app.css), so that the sign-in page does not load antd's Spin for the moment it shows.
 */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="loader loader--page" role="status" aria-live="polite" aria-busy="true">
      <div className="page-loader">
        <span className="page-loader__dots" aria-hidden="true">
          <i />
          <i />
          <i />
          <i />
        </span>
        <div className="page-loader__text">{t('loading')}</div>
      </div>
    </div>
  );
}
