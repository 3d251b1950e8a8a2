import { useState } from 'react';
import { Card, Result, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditResource, hasAnyPermission, type JsonApiList, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../app/session.ts';
import { api, errorTitle } from './api.ts';
import { formatDateTime } from './format.ts';
import { includedIndex, listPath } from './useResourceList.ts';

type Row = JsonApiRecord<Record<string, unknown>>;

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The changed fields of an audit entry: before → after for updates, the values otherwise. */
export function AuditChanges({ changes }: { changes: Record<string, unknown> | null }) {
  if (!changes || !Object.keys(changes).length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {Object.entries(changes).map(([field, value]) => (
        <span key={field}>
          <Typography.Text code>{field}</Typography.Text>{' '}
          {Array.isArray(value) && value.length === 2 ? (
            <>
              <Typography.Text delete type="secondary">{show(value[0])}</Typography.Text> → <Typography.Text>{show(value[1])}</Typography.Text>
            </>
          ) : (
            <Typography.Text>{show(value)}</Typography.Text>
          )}
        </span>
      ))}
    </Space>
  );
}

/** A record's own history (user, role, client pages): the audit entries naming it. */
export function AuditHistory({ resource, recordId }: { resource: string; recordId: string }) {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const allowed = hasAnyPermission(user?.permissions ?? {}, auditResource.service, auditResource.permissions.list);
  const query = useQuery({
    queryKey: ['audit', resource, recordId, page],
    enabled: allowed,
    queryFn: () =>
      api.list(listPath(auditResource), { 'filter[resource]': resource, 'filter[record_id]': recordId, 'page[number]': page, 'page[size]': 10, sort: '-id' }) as Promise<
        JsonApiList<Record<string, unknown>>
      >,
  });
  if (!allowed) return null;
  const refs = includedIndex(query.data?.included ?? []);
  const name = (type: string, id: unknown, label: string) => (id == null ? '—' : String(refs.get(`${type}:${id}`)?.attributes[label] ?? `#${id}`));
  return (
    <Card title={t('clients.storage:audit.history')} variant="borderless" className="page-card">
      {query.isError ? (
        <Result status="warning" title={t('common:load_failed')} subTitle={errorTitle(query.error)} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.data ?? []}
          locale={{ emptyText: t('clients.storage:audit.empty') }}
          pagination={{ current: page, pageSize: 10, total: query.data?.meta.page.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          columns={[
            { key: 'created_at', title: t('clients.storage:audit.fields.created_at'), width: 160, render: (_v, r) => formatDateTime(String(r.attributes.created_at)) },
            { key: 'action', title: t('clients.storage:audit.fields.action'), render: (_v, r) => <Tag>{t(`clients.storage:audit.actions.${r.attributes.action}`, { defaultValue: String(r.attributes.action) })}</Tag> },
            { key: 'actor', title: t('clients.storage:audit.fields.actor_user_id'), render: (_v, r) => name('users', r.attributes.actor_user_id, 'email') },
            { key: 'client', title: t('clients.storage:audit.fields.acting_client_id'), render: (_v, r) => name('clients', r.attributes.acting_client_id, 'name') },
            {
              key: 'changes',
              title: t('clients.storage:audit.fields.changes'),
              render: (_v, r) => <Typography.Text type="secondary">{Object.keys((r.attributes.changes as Record<string, unknown> | null) ?? {}).join(', ') || '—'}</Typography.Text>,
            },
          ]}
          expandable={{
            expandedRowRender: (r) => <AuditChanges changes={r.attributes.changes as Record<string, unknown> | null} />,
            rowExpandable: (r) => Object.keys((r.attributes.changes as Record<string, unknown> | null) ?? {}).length > 0,
          }}
        />
      )}
    </Card>
  );
}
