import { useState } from 'react';
import { Card, Empty, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorClientAttributes } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { useErrorList, type ClientRecord } from './errors-api.ts';
import { IssuesTable } from './IssuesTable.tsx';
import './errors.css';

const PAGE_SIZE = 20;

/**
 * /error-collection-system/client (spec 000 §2, sso_show): errors by client — each client's sites'
 * projects with their open issues and events; choosing a client lists its issues. Dealer staff see
 * their own clients only.
 */
export default function ClientPage() {
  const { t } = useTranslation(['error-collection-system', 'common']);
  const lang = currentLang();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ClientRecord | null>(null);
  const list = useErrorList<ErrorClientAttributes>('clients', { 'page[number]': page, 'page[size]': PAGE_SIZE, 'filter[search]': search || undefined });

  const columns: TableColumnsType<ClientRecord> = [
    { key: 'name', title: t('fields.client'), width: 280, render: (_v, row) => <Typography.Link onClick={() => setChosen(row)}>{row.attributes.name}</Typography.Link> },
    { key: 'issues_open', title: t('fields.issues_open'), width: 150, align: 'right', render: (_v, row) => formatNumber(row.attributes.issues_open, lang) },
    { key: 'projects', title: t('fields.projects'), width: 120, align: 'right', render: (_v, row) => formatNumber(row.attributes.projects, lang) },
    { key: 'events_total', title: t('fields.events_total'), width: 130, align: 'right', render: (_v, row) => formatNumber(row.attributes.events_total, lang) },
    { key: 'last_seen', title: t('fields.last_seen'), width: 170, render: (_v, row) => (row.attributes.last_seen ? formatDateTime(row.attributes.last_seen) : '—') },
  ];

  return (
    <div className="page">
      <PageHeader title={t('clients.title')} subtitle={t('clients.subtitle')} extra={<RefreshButton query={list} />} />
      <Card variant="borderless" className="page-card">
        <div className="resource-filters">
          <SearchInput
            allowClear
            value={text}
            placeholder={t('filters.client_search')}
            aria-label={t('filters.client_search')}
            onChange={(event) => setText(event.target.value)}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ width: 280 }}
          />
        </div>
        {list.isError && !list.data ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable<ClientRecord>
            rowKey="id"
            size="middle"
            keyColumns={['name', 'issues_open']}
            loading={list.isFetching}
            dataSource={list.data?.data ?? []}
            columns={columns}
            scroll={{ x: 900 }}
            rowClassName={(row) => (row.id === chosen?.id ? 'errors__chosen' : '')}
            locale={{ emptyText: list.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? t('common:nothing_found') : t('empty.clients')} /> }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
          />
        )}
      </Card>
      {chosen && (
        <Card variant="borderless" className="page-card" title={t('clients.issues_of', { name: chosen.attributes.name })}>
          <IssuesTable key={chosen.id} client={chosen.id} showProject />
        </Card>
      )}
    </div>
  );
}
