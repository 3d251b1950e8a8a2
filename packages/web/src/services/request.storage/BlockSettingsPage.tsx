import { useParams } from 'react-router';
import { Card, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, requestBlockSettingsResource, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api } from '../../kit/api.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed } from '../../kit/QueryStates.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { requestsPath } from './request-api.ts';

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
  const settings = useQuery({
    queryKey: [...queryKeys.resource(resource as never).all, 'site', siteId],
    enabled: /^\d+$/.test(siteId),
    queryFn: ({ signal }) => api.get<JsonApiRecord<Record<string, unknown>>>(requestsPath(`requests/block/settings/where_site_id/${siteId}`), undefined, signal),
  });
  const title = t('request_block_settings.title');
  return (
    <div className="page block-settings-page">
      <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('request_block_settings.intro')}</Typography.Paragraph>
        {settings.isPending ? (
          <ContentLoader />
        ) : settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <ResourceForm key={settings.data.id} resource={resource} record={settings.data} wide readOnly={!canChange} onSaved={() => void settings.refetch()} />
        )}
      </Card>
    </div>
  );
}
