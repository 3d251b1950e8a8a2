import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentSite } from '../../app/data.ts';
import { useSession } from '../../app/session.ts';
import { codeTitle } from './site-modules.ts';

/**
 * The frame of a site module's screen: while the module is suspended on the site, the screen says
 * so and asks to contact the account manager (spec 002 §4), with the way to the marketplace.
 * The guard already keeps out sites without the module.
 */
export function ModuleScreen({ module, children }: { module: string; children: ReactNode }) {
  const { t } = useTranslation('marketplace');
  const { lang } = useSession();
  const site = useCurrentSite();
  if (!site.data?.paused_modules?.includes(module)) return <>{children}</>;
  return (
    <div className="page">
      <Result
        status="warning"
        title={t('paused_screen.title', { module: codeTitle(module, lang) })}
        subTitle={t('contact_manager')}
        extra={
          <Link to={`/marketplace/marketplace/${encodeURIComponent(site.data.id)}`}>
            <Button type="primary">{t('paused_notice.open')}</Button>
          </Link>
        }
      />
    </div>
  );
}
