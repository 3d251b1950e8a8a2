import { useState } from 'react';
import { Link } from 'react-router';
import { Card, DatePicker, Empty, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ErrorEventAttributes, ErrorProjectAttributes } from '@dp/contracts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { issuePath, useErrorList, type EventRecord } from './errors-api.ts';
import { EventView } from './IssuePage.tsx';
import './errors.css';

const PAGE_SIZE = 20;

/**
 * /error-collection-system/search (spec 000 §2): every event the reader may see, searched by text
 * (type, message, URL, frames), project, release and time; a row unfolds the event and its stack.
 */
export default function SearchPage() {
  const { t } = useTranslation(['error-collection-system', 'common']);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [project, setProject] = useState<string | undefined>();
  const [release, setRelease] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([null, null]);
  const [page, setPage] = useState(1);
  const projects = useErrorList<ErrorProjectAttributes>('projects', { 'page[size]': 100 });
  const events = useErrorList<ErrorEventAttributes>('events', {
    'page[number]': page,
    'page[size]': PAGE_SIZE,
    'filter[search]': search || undefined,
    'filter[project]': project,
    'filter[release]': release.trim() || undefined,
    'filter[from]': range[0]?.startOf('day').toISOString(),
    'filter[to]': range[1]?.endOf('day').toISOString(),
  });
  const filtered = !!(search || project || release.trim() || range[0] || range[1]);
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const columns: TableColumnsType<EventRecord> = [
    {
      key: 'message',
      title: t('fields.event'),
      width: 420,
      render: (_v, row) => (
        <Link to={issuePath(row.attributes.issue_id)}>
          <Typography.Text strong>{row.attributes.type}</Typography.Text>: {row.attributes.message}
        </Link>
      ),
    },
    { key: 'received_at', title: t('fields.received_at'), width: 170, render: (_v, row) => formatDateTime(row.attributes.received_at) },
    { key: 'project', title: t('fields.project'), width: 200, render: (_v, row) => row.attributes.project_name },
    { key: 'release', title: t('fields.release'), width: 160, render: (_v, row) => row.attributes.release ?? '—' },
    { key: 'url', title: t('fields.url'), width: 280, render: (_v, row) => (row.attributes.url ? <Typography.Text ellipsis={{ tooltip: row.attributes.url }}>{row.attributes.url}</Typography.Text> : '—') },
  ];

  return (
    <div className="page">
      <PageHeader title={t('search.title')} subtitle={t('search.subtitle')} extra={<RefreshButton query={events} />} />
      <Card variant="borderless" className="page-card">
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput allowClear value={text} placeholder={t('filters.event_search')} aria-label={t('filters.event_search')} onChange={(event) => setText(event.target.value)} onSearch={(value) => reset(() => setSearch(value.trim()))} style={{ width: 280 }} />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('fields.project')}
            aria-label={t('fields.project')}
            value={project}
            loading={projects.isLoading}
            onChange={(value) => reset(() => setProject(value))}
            options={(projects.data?.data ?? []).map((one) => ({ value: one.id, label: one.attributes.name }))}
            style={{ minWidth: 200 }}
            popupMatchSelectWidth={false}
          />
          <Input allowClear value={release} placeholder={t('fields.release')} aria-label={t('fields.release')} maxLength={200} onChange={(event) => reset(() => setRelease(event.target.value))} style={{ width: 180 }} />
          <DatePicker.RangePicker allowEmpty={[true, true]} format="DD.MM.YYYY" value={range} aria-label={t('filters.period')} placeholder={[t('filters.from'), t('filters.to')]} onChange={(next) => reset(() => setRange([next?.[0] ?? null, next?.[1] ?? null]))} />
        </Space>
        {events.isError && !events.data ? (
          <LoadFailed error={events.error} onRetry={() => void events.refetch()} />
        ) : (
          <DataTable<EventRecord>
            rowKey="id"
            size="middle"
            keyColumns={['message', 'received_at']}
            loading={events.isFetching}
            dataSource={events.data?.data ?? []}
            columns={columns}
            scroll={{ x: 1200 }}
            expandable={{ expandedRowRender: (row) => <EventView event={row} /> }}
            locale={{ emptyText: events.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('common:nothing_found') : t('empty.events')} /> }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: events.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
          />
        )}
      </Card>
    </div>
  );
}
