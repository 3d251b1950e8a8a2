import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Result, Tag, Typography } from 'antd';
import { LoginOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientResource } from '@dp/contracts';
import { HOME_PATH } from '../../app/guards.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { listPath } from '../../kit/useResourceList.ts';
import { SwitchLoader, useClientSwitch } from './useClientSwitch.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

interface ClientRow {
  id: string;
  attributes: { name: string; code: string; holding: string | null };
}

const PAGE_SIZE = 20;

/** /auth.processing/root/ (permission root): an internal user finds any client and logs in as it. */
export default function RootPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { user } = useSession();
  const navigate = useNavigate();
  const { switchTo, switching } = useClientSwitch();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const clients = useQuery({
    queryKey: [...queryKeys.resource(clientResource).lists(), 'root', search, page],
    enabled: !!user?.internal,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.list<ClientRow['attributes']>(listPath(clientResource), { 'filter[search]': search || undefined, 'page[number]': page, 'page[size]': PAGE_SIZE, sort: 'name' }, signal),
  });

  if (!user) return null;
  const header = <PageHeader title={t('root.title')} subtitle={t('root.subtitle')} />;
  if (!user.internal) {
    return (
      <div className="page">
        {header}
        <Card variant="borderless" className="page-card">
          <Result status="403" title={t('root.internal_only')} />
        </Card>
      </div>
    );
  }

  const join = async (row: ClientRow) => {
    const result = await switchTo(Number(row.id), 'join_client', { quiet: true });
    if (!result) return;
    notify.success(t('root.joined', { name: row.attributes.name }), undefined, 'client-switch');
    navigate(HOME_PATH);
  };

  return (
    <div className="page">
      {header}
      <Card variant="borderless" className="page-card">
        <SearchInput
          allowClear
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => setText(value)}
          placeholder={t('root.search')}
          aria-label={t('root.search')}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        {clients.isError && !clients.data ? (
          <Result
            status="error"
            title={t('root.load_failed')}
            subTitle={errorTitle(clients.error)}
            extra={
              <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void clients.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : (
          <DataTable<ClientRow>
            rowKey="id"
            size="middle"
            loading={clients.isFetching}
            // On a phone the table scrolls inside its card rather than widening the page.
            scroll={{ x: 640 }}
            dataSource={(clients.data?.data ?? []) as ClientRow[]}
            locale={{
              emptyText: clients.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('root.no_match', { search }) : t('root.empty')} />,
            }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: clients.data?.meta.page.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
              showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }),
            }}
            columns={[
              { key: 'name', title: t('root.fields.name'), dataIndex: ['attributes', 'name'], render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
              { key: 'code', title: t('root.fields.code'), dataIndex: ['attributes', 'code'], render: (code: string) => <Tag>{code}</Tag> },
              { key: 'holding', title: t('root.fields.holding'), dataIndex: ['attributes', 'holding'], render: (holding: string | null) => holding || '—' },
              {
                key: 'join',
                title: t('common:actions.title'),
                align: 'right',
                width: 220,
                render: (_value, row) =>
                  user.joined_client?.id === Number(row.id) ? (
                    <Tag color="gold" variant="filled">
                      {t('root.current')}
                    </Tag>
                  ) : (
                    <Button icon={<LoginOutlined aria-hidden />} onClick={() => void join(row)} disabled={switching} aria-label={`${t('root.join')}: ${row.attributes.name}`}>
                      {t('root.join')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Card>
      <SwitchLoader spinning={switching} />
    </div>
  );
}
