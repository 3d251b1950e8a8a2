import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, tradeinSettingsResource, type AnyResource } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { SiteSettingsCard } from '../../kit/SiteSettingsCard.tsx';
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
      <SiteSettingsCard resource={tradeinSettingsResource as unknown as AnyResource} settings={settings} intro={t('settings.intro')} canChange={canChange} />
    </div>
  );
}
