import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../kit/useDocumentTitle.ts';
import { HOME_PATH } from './guards.ts';

/** An unknown path inside the shell: "page not found" and the way home. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('not_found.title'));
  return (
    <div className="page">
      <Result
        status="404"
        title={t('not_found.title')}
        subTitle={t('not_found.text')}
        extra={
          <Link to={HOME_PATH}>
            <Button type="primary">{t('actions.go_home')}</Button>
          </Link>
        }
      />
    </div>
  );
}
