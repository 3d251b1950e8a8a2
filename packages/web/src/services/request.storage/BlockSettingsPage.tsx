import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, requestBlockSettingsResource, type AnyResource } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { SiteSettingsCard } from '../../kit/SiteSettingsCard.tsx';
import { useSiteSettings } from '../../kit/useSiteSettings.ts';
import { useSite } from '../sites.context/site-api.ts';

const resource = requestBlockSettingsResource as unknown as AnyResource;

/**
 * /request.storage/handle_site_blocks/{siteId} (spec 002 §2, §7): the site's rule that blocks a
 * sender by itself (more than N requests within M minutes from one phone, e-mail or address), made
 * off with the defaults on first visit; the blocks it makes are in the blocks list with their reason.
 */
export function BlockSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['request.storage', 'common']);
  const site = useSite(siteId);
  const canChange = hasPermission(useSession().user?.permissions ?? {}, 'request.storage', 'request_blocks.patch');
  const settings = useSiteSettings(resource, siteId, 'settings', `requests/block/settings/where_site_id/${siteId}`);
  const title = t('request_block_settings.title');
  return (
    <div className="page block-settings-page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} />
      <SiteSettingsCard resource={resource} settings={settings} intro={t('request_block_settings.intro')} canChange={canChange} />
    </div>
  );
}
