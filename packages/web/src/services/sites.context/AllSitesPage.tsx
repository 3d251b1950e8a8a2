import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Result, Select, Space, Tooltip, Typography, type TableProps } from 'antd';
import { CopyOutlined, PlusOutlined, ReloadOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type AnyResource, displayHost, hasAnyPermission, SITE_STATUSES, SITE_TYPES, siteResource } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { includedIndex, PAGE_SIZES, useResourceList } from '../../kit/useResourceList.ts';
import { CopySiteDialog } from './CopySiteDialog.tsx';
import { RenderSitesDialog } from './RenderSitesDialog.tsx';
import { openSite, SITE_CREATE_PATH, type SiteRecord } from './site-api.ts';
import { siteStatusTag, siteTypeTag } from './site-tags.tsx';
import './sites.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

const resource = siteResource as unknown as AnyResource;

/** Rows of one client sit together: the first row of each client's run spans the others. */
export function clientSpans(records: { attributes: { client_id: number } }[]): number[] {
  return records.map((record, index) => {
    if (index > 0 && records[index - 1]!.attributes.client_id === record.attributes.client_id) return 0;
    let span = 1;
    while (records[index + span]?.attributes.client_id === record.attributes.client_id) span++;
    return span;
  });
}

function SearchBox({ value, onChange, label }: { value?: string; onChange: (value: string | null) => void; label: string }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <SearchInput allowClear value={text} placeholder={label} aria-label={label} onChange={(event) => setText(event.target.value)} onSearch={(next) => onChange(next.trim() || null)} style={{ width: 280 }} />
  );
}

/**
 * /sites.context/all_sites: every site the user reaches, grouped by client, paged on the server;
 * a site opens its settings (and becomes the site being edited); copy, create, republish and
 * rerender from here.
 */
export default function AllSitesPage() {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useResourceList<SiteRecord['attributes']>(resource);
  const [copying, setCopying] = useState<SiteRecord | null>(null);
  const [rendering, setRendering] = useState(false);
  const permissions = user?.permissions ?? {};
  const canCreate = hasAnyPermission(permissions, 'sites.context', ['sites.create']);
  const canRender = hasAnyPermission(permissions, 'sites.context', ['sites.republish']);
  const clients = useMemo(() => includedIndex(list.included), [list.included]);
  const clientName = (id: number) => String(clients.get(`clients:${id}`)?.attributes.name ?? `#${id}`);
  // Grouped by client unless the user sorts otherwise.
  const sort = list.sort ?? 'client_id,name';
  useEffect(() => {
    if (!list.sort) list.change({ sort: 'client_id,name' }, { replace: true });
  }, [list.sort, list.change]);
  const spans = useMemo(() => (sort.startsWith('client_id') ? clientSpans(list.records) : list.records.map(() => 1)), [list.records, sort]);
  const records = list.records as SiteRecord[];

  const open = (site: SiteRecord) => navigate(openSite(site, clientName(site.attributes.client_id)));
  const sortOrder = (field: string) => (sort.split(',')[0] === field ? 'ascend' : sort.split(',')[0] === `-${field}` ? 'descend' : null);

  const columns: TableProps<SiteRecord>['columns'] = [
    {
      key: 'client_id',
      title: t('sites.fields.client_id'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('client_id'),
      onCell: (_record, index) => ({ rowSpan: spans[index ?? 0] ?? 1, className: 'all-sites__client' }),
      render: (_value, record) => <Typography.Text strong>{clientName(record.attributes.client_id)}</Typography.Text>,
    },
    {
      key: 'name',
      title: t('sites.fields.name'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_value, record) => (
        <Button type="link" className="all-sites__name" onClick={() => open(record)}>
          {record.attributes.name}
        </Button>
      ),
    },
    { key: 'host', title: t('sites.fields.host'), sorter: true, sortOrder: sortOrder('host'), render: (_v, record) => (record.attributes.host ? displayHost(record.attributes.host) : null) ?? <Typography.Text type="secondary">—</Typography.Text> },
    {
      key: 'technical_host',
      title: t('sites.fields.technical_host'),
      sorter: true,
      sortOrder: sortOrder('technical_host'),
      render: (_v, record) => (record.attributes.technical_host ? displayHost(record.attributes.technical_host) : null) ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'type', title: t('sites.fields.type'), render: (_v, record) => siteTypeTag(t, record.attributes.type) },
    { key: 'status', title: t('sites.fields.status'), render: (_v, record) => siteStatusTag(t, record.attributes.status) },
    {
      key: '__actions',
      title: t('common:actions.title'),
      width: 100,
      align: 'right',
      render: (_v, record) => (
        <Space size={0}>
          <Tooltip title={t('all.open')}>
            <Button type="text" icon={<SettingOutlined aria-hidden />} aria-label={`${t('all.open')}: ${record.attributes.name}`} onClick={() => open(record)} />
          </Tooltip>
          {canCreate && (
            <Tooltip title={t('copy.action')}>
              <Button type="text" icon={<CopyOutlined aria-hidden />} aria-label={`${t('copy.action')}: ${record.attributes.name}`} onClick={() => setCopying(record)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const filters = (
    <Space wrap size={[12, 12]} className="resource-filters">
      <SearchBox value={list.filters.search} label={t('sites.filters.search')} onChange={(value) => list.change({ filters: { search: value } }, { replace: true })} />
      <Select
        allowClear
        mode="multiple"
        placeholder={t('sites.filters.type')}
        aria-label={t('sites.filters.type')}
        style={{ minWidth: 200 }}
        value={list.filters.type ? list.filters.type.split(',') : []}
        options={SITE_TYPES.map((value) => ({ value: String(value), label: t(`sites.types.${value}`) }))}
        onChange={(next: string[]) => list.change({ filters: { type: next.join(',') || null } })}
      />
      <Select
        allowClear
        mode="multiple"
        placeholder={t('sites.filters.status')}
        aria-label={t('sites.filters.status')}
        style={{ minWidth: 200 }}
        value={list.filters.status ? list.filters.status.split(',') : []}
        options={SITE_STATUSES.map((value) => ({ value: String(value), label: t(`sites.statuses.${value}`) }))}
        onChange={(next: string[]) => list.change({ filters: { status: next.join(',') || null } })}
      />
    </Space>
  );

  const empty = list.hasFilters ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:nothing_found')}>
      <Button onClick={list.resetFilters}>{t('common:actions.reset_filters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sites.empty')}>
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(SITE_CREATE_PATH)}>
          {t('sites.create_first')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('sites.title')}
        subtitle={t(user?.internal ? 'sites.subtitle' : 'sites.subtitle_own')}
        extra={
          <Space wrap>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.query.refetch()} loading={list.query.isFetching && !list.query.isLoading} />
            {canRender && (
              <Button icon={<ThunderboltOutlined aria-hidden />} onClick={() => setRendering(true)}>
                {t('render.open')}
              </Button>
            )}
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(SITE_CREATE_PATH)}>
                {t('sites.create_title')}
              </Button>
            )}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {filters}
        {list.query.isError && !list.query.data ? (
          <Result
            status="error"
            title={t('common:load_failed')}
            subTitle={errorTitle(list.query.error)}
            extra={
              <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.query.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : (
          <DataTable<SiteRecord>
            rowKey="id"
            size="middle"
            bordered
            columns={columns}
            dataSource={records}
            loading={list.query.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: list.query.isLoading ? <span /> : empty }}
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: list.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }),
            }}
            onChange={(pagination, _filters, sorter, extra) => {
              if (extra.action === 'sort') {
                const one = Array.isArray(sorter) ? sorter[0] : sorter;
                const field = one?.columnKey ? String(one.columnKey) : undefined;
                list.change({ sort: one?.order && field ? `${one.order === 'descend' ? '-' : ''}${field}` : 'client_id,name' });
              } else if (extra.action === 'paginate') {
                list.change(pagination.pageSize !== list.size ? { size: pagination.pageSize } : { page: pagination.current ?? 1 });
              }
            }}
          />
        )}
      </Card>
      <CopySiteDialog key={copying?.id ?? "none"} site={copying} open={!!copying} onClose={() => setCopying(null)} />
      {canRender && <RenderSitesDialog open={rendering} onClose={() => setRendering(false)} />}
    </div>
  );
}
