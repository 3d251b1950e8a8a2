import { useParams } from 'react-router';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, tradeinSettingsResource, type AnyResource } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed } from '../../kit/QueryStates.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { useSiteSettings } from '../../kit/useSiteSettings.ts';
import { useSite } from '../sites.context/site-api.ts';

/**
 * /tradein.calculator/settings/{siteId} (spec 002 §2, §3 "Trade-in"): the site's trade-in settings,
 * made with the defaults on first visit: how the car is valued, the brands taken, the age and
 * mileage limits and the public form's optional fields.
 */
const NS = ['tradein.calculator', 'common'];

export function TradeinPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const site = useSite(siteId);
  const permissions = useSession().user?.permissions ?? {};
  const canChange = hasPermission(permissions, 'tradein.calculator', 'settings.patch');
  const settings = useSiteSettings(tradeinSettingsResource as unknown as AnyResource, siteId);
  const title = t('settings.title');
  return (
    <div className="page tradein-page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
        {settings.isPending ? (
          <ContentLoader />
        ) : settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <ResourceForm key={settings.data.id} resource={tradeinSettingsResource as unknown as AnyResource} record={settings.data} wide readOnly={!canChange} onSaved={() => void settings.refetch()} />
        )}
      </Card>
    </div>
  );
}
