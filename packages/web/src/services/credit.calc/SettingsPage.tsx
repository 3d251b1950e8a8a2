import { Button, Card, Empty, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasAnyPermission, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed } from '../../kit/QueryStates.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { listPath } from '../../kit/useResourceList.ts';
import { CalculatorPreview } from './CalculatorPreview.tsx';
import { settings } from './credit-api.ts';
import './credit.css';

/**
 * /credit.calc/settings/{siteId}: the site's calculator settings (one record; until set up, a button
 * creates it with the usual values) and the calculator preview with the site's packs and stock.
 * The route's guard has checked the site and its credit_calc module.
 */
export default function SettingsPage() {
  const { t } = useTranslation(['credit.calc', 'common']);
  const { siteId = '' } = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = [...queryKeys.resource(settings).all, 'site', siteId];
  const query = useQuery({
    queryKey: key,
    enabled: /^\d+$/.test(siteId),
    queryFn: async ({ signal }) => (await api.list(listPath(settings), { 'filter[site_id]': siteId }, signal)).data[0] ?? null,
  });
  const canCreate = hasAnyPermission(user?.permissions ?? {}, 'credit.calc', settings.permissions.create);
  const canUpdate = hasAnyPermission(user?.permissions ?? {}, 'credit.calc', settings.permissions.update);
  const create = useMutation({
    mutationFn: () => api.post<JsonApiRecord>(listPath(settings), { attributes: { site_id: Number(siteId) } }),
    onSuccess: async () => {
      notify.success(t('settings.saved'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  return (
    <div className="page credit-page">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Card variant="borderless" className="page-card">
        {query.isPending ? (
          <ContentLoader />
        ) : query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <ResourceForm
            key={query.data.id}
            resource={settings}
            record={query.data}
            readOnly={!canUpdate}
            onSaved={async () => {
              await queryClient.invalidateQueries({ queryKey: key });
            }}
          />
        ) : (
          <Empty description={t('settings.empty')}>
            {canCreate && (
              <Space>
                <Button type="primary" icon={<SettingOutlined aria-hidden />} loading={create.isPending} onClick={() => create.mutate()}>
                  {t('settings.create_first')}
                </Button>
              </Space>
            )}
          </Empty>
        )}
      </Card>
      <CalculatorPreview siteId={Number(siteId)} />
    </div>
  );
}
