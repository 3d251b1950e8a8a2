import { Link, useParams } from 'react-router';
import { Button, Card, Empty, Result, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission, type JsonApiRecord } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { sitePath, siteKeys, useSite } from './site-api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

interface SiteUser {
  name: string;
  last_name: string | null;
  email: string;
  active: boolean;
  roles: string[];
}

/**
 * /sites.context/sites/{siteId}/users: who works on the site (the users of its client), with
 * a link to each user's page for those who manage users.
 */
export default function SiteUsersPage() {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user } = useSession();
  const id = useParams().siteId ?? '';
  const site = useSite(id);
  const [search, setSearch] = useState('');
  const users = useQuery({
    queryKey: [...siteKeys.all, 'users', id],
    queryFn: ({ signal }) => api.get<JsonApiRecord<SiteUser>[]>(sitePath(`sites/${id}/users`), undefined, signal),
  });
  const canManage = hasAnyPermission(user?.permissions ?? {}, 'clients.storage', ['users.get_list']);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (users.data ?? []).filter((row) => !needle || [row.attributes.name, row.attributes.last_name ?? '', row.attributes.email].some((text) => text.toLowerCase().includes(needle)));
  }, [users.data, search]);

  return (
    <div className="page">
      <PageHeader
        title={t('users.title')}
        subtitle={site.data ? t('users.subtitle', { name: site.data.site.attributes.name, client: site.data.clientName ?? '' }) : undefined}
        extra={
          <Space wrap>
            <SearchInput allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('users.search')} aria-label={t('users.search')} style={{ width: 260 }} />
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void users.refetch()} loading={users.isFetching && !users.isLoading} />
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {users.isError ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(users.error)} extra={<Button onClick={() => void users.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<JsonApiRecord<SiteUser>>
            rowKey="id"
            size="middle"
            loading={users.isFetching}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
            locale={{ emptyText: users.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('common:nothing_found') : t('users.empty')} /> }}
            columns={[
              {
                key: 'name',
                title: t('users.name'),
                render: (_v, row) => {
                  const name = [row.attributes.last_name, row.attributes.name].filter(Boolean).join(' ');
                  return canManage ? <Link to={`/clients.storage/users/${row.id}`}>{name}</Link> : name;
                },
              },
              { key: 'email', title: t('users.email'), render: (_v, row) => row.attributes.email },
              { key: 'roles', title: t('users.roles'), render: (_v, row) => (row.attributes.roles.length ? <Space size={[4, 4]} wrap>{row.attributes.roles.map((role) => <Tag key={role}>{role}</Tag>)}</Space> : <Typography.Text type="secondary">—</Typography.Text>) },
              { key: 'active', title: t('users.active'), width: 130, render: (_v, row) => (row.attributes.active ? <Tag color="green">{t('users.is_active')}</Tag> : <Tag>{t('users.inactive')}</Tag>) },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
