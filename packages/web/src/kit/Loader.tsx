import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The loader of the content area (route change, lazy screens, the user's data). */
export function ContentLoader() {
  const { t } = useTranslation();
  return (
    <div className="loader loader--content" role="status" aria-live="polite">
      <Spin size="large" description={t('loading')} />
    </div>
  );
}
