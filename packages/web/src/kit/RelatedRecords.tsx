import { useState } from 'react';
import { Result, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission, type AnyResource, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { api, errorTitle } from './api.ts';
import { queryKeys } from './queryKeys.ts';
import { ResourceTable } from './ResourceTable.tsx';
import { listPath, toApiQuery } from './useResourceList.ts';

type Row = JsonApiRecord<Record<string, unknown>>;
const PAGE = 10;

/**
 * Records of another resource that belong to this one (a client's users and sites, a role's
 * users), as a compact paged table with the chosen columns; nothing when the user may not list them.
 */
export function RelatedRecords({
  resource,
  filters,
  fields,
  detailPath,
}: {
  resource: AnyResource;
  filters: Record<string, string>;
  fields: string[];
  detailPath?: (record: Row) => string;
}) {
  const { t } = useTranslation(['common']);
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const allowed = hasAnyPermission(user?.permissions ?? {}, resource.service, resource.permissions.list);
  const params = { page, size: PAGE, filters };
  const query = useQuery({
    queryKey: queryKeys.resource(resource).list(params),
    enabled: allowed,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<Record<string, unknown>>(listPath(resource), toApiQuery(params), signal),
  });
  if (!allowed) return <Typography.Text type="secondary">{t('common:related.not_allowed')}</Typography.Text>;
  if (query.isError) return <Result status="warning" title={t('common:load_failed')} subTitle={errorTitle(query.error)} />;
  return (
    <ResourceTable
      compact
      resource={resource}
      fields={fields}
      records={query.data?.data ?? []}
      included={query.data?.included ?? []}
      loading={query.isFetching}
      page={page}
      size={PAGE}
      total={query.data?.meta.page.total ?? 0}
      onPage={(next) => setPage(next)}
      onSort={() => undefined}
      detailPath={detailPath}
      empty={t('common:related.empty')}
    />
  );
}
