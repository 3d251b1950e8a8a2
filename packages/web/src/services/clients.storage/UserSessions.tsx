import { Result, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userResource, type JsonApiList, type UserSessionEntry } from '@dp/contracts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { formatDateTime, shortAgent } from '../../kit/format.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { recordPath } from '../../kit/useResourceList.ts';
import { DataTable } from '../../kit/DataTable.tsx';

/** Where and since when a user is signed in (GET /users/{id}/sessions); only for someone who covers the user. */
export function UserSessions({ userId }: { userId: string }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const query = useQuery({
    queryKey: [...queryKeys.resource(userResource).all, 'sessions', userId],
    queryFn: () => api.list<UserSessionEntry>(`${recordPath(userResource, userId)}/sessions`),
    retry: false,
  });
  if (query.isError) {
    const refused = isApiError(query.error) && query.error.status === 403;
    return refused ? <Typography.Text type="secondary">{errorTitle(query.error)}</Typography.Text> : <Result status="warning" title={t('common:load_failed')} subTitle={errorTitle(query.error)} />;
  }
  const rows = (query.data as JsonApiList<UserSessionEntry> | undefined)?.data ?? [];
  return (
    <DataTable
      size="small"
      rowKey="id"
      loading={query.isFetching}
      dataSource={rows}
      pagination={false}
      tableLayout="fixed"
      locale={{ emptyText: t('clients.storage:users.sessions.empty') }}
      columns={[
        {
          key: 'created_at',
          title: t('clients.storage:users.sessions.started'),
          render: (_value, row) => (
            <span className="nowrap">
              {formatDateTime(row.attributes.created_at)} {row.attributes.current && <Tag color="blue">{t('clients.storage:users.sessions.current')}</Tag>}
            </span>
          ),
        },
        {
          key: 'device',
          title: t('clients.storage:users.sessions.device'),
          render: (_value, row) => (
            <Tooltip title={row.attributes.user_agent}>
              <span>{shortAgent(row.attributes.user_agent) || '—'}</span>
              {row.attributes.ip && (
                <Typography.Text type="secondary" className="audit-entry__who">
                  {' · '}
                  {row.attributes.ip}
                </Typography.Text>
              )}
            </Tooltip>
          ),
        },
        { key: 'client', title: t('clients.storage:users.sessions.client'), ellipsis: true, render: (_value, row) => row.attributes.client?.name ?? '—' },
      ]}
    />
  );
}
