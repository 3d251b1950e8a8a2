import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, DatePicker, Empty, Grid, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CALLBACKS_PAGE_SIZE,
  customerStateOptions,
  showroomBotResource,
  showroomCustomerResource,
  showroomServiceWorkResource,
  showroomSettingsResource,
  showroomSpecialResource,
  type AnyResource,
  type CallbackType,
  type JsonApiRecord,
  type Lang,
  type ShowroomCallback,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { ContentLoader } from '../../kit/Loader.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { ResourceForm } from '../../kit/ResourceForm.tsx';
import { ResourceTable } from '../../kit/ResourceTable.tsx';
import { saveDownload } from '../../kit/save-file.ts';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { FormDrawer } from '../../kit/unsaved.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { useSiteList } from '../../kit/useSiteList.ts';
import { useLang, useCan } from '../../kit/useLang.ts';
import { useSite } from '../sites.context/site-api.ts';
import { showroomPath, useShowroomSettings } from './showroom-api.ts';
import './showroom.css';

/**
 * The messenger showroom's screens (spec 002 §2 /messenger_showroom/...{siteId}): general
 * settings, bots, service works, special offers, customers, and the callbacks, test drives and
 * service bookings its bots took. Site menu, group "Showroom", module messenger-showroom.
 */
const NS = ['messenger_showroom', 'common'];
type Row = JsonApiRecord<Record<string, unknown>>;
const asResource = (resource: unknown) => resource as AnyResource;

/** The page's title and the site's name under it. */
function Header({ name, extra }: { name: string; extra?: React.ReactNode }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const site = useSite(siteId);
  const title = t(`${name}.title`);
  return <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} extra={extra} />;
}

/** /generalSettings/{siteId}: the site's showroom settings (made with the defaults on first visit). */
export function GeneralSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const can = useCan('messenger_showroom');
  const settings = useShowroomSettings(siteId);
  return (
    <div className="page showroom-page">
      <Header name="settings" />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
        {settings.isPending ? (
          <ContentLoader />
        ) : settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <ResourceForm key={settings.data.id} resource={asResource(showroomSettingsResource)} record={settings.data} wide readOnly={!can('settings.patch')} onSaved={() => void settings.refetch()} />
        )}
      </Card>
    </div>
  );
}

/** A site's records of a showroom resource: search, server paging, a drawer form, delete with confirmation. */
function ShowroomListPage({ resource, name }: { resource: AnyResource; name: string }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const can = useCan('messenger_showroom');
  const client = useQueryClient();
  const screens = Grid.useBreakpoint();
  const list = useSiteList<Record<string, unknown>>(resource, siteId);
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [search, setSearch] = useState(list.filters.search ?? '');
  const canCreate = can(resource.permissions.create[0]!);
  const canChange = can(resource.permissions.update[0]!);
  const canDelete = can(resource.permissions.delete[0]!);
  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(showroomPath(`${resource.name}/${record.id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await client.invalidateQueries({ queryKey: queryKeys.resource(resource).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ record: null })}>
      {t(`${name}.create`)}
    </Button>
  );
  const readOnly = resource.readOnly;
  return (
    <div className="page showroom-page">
      <Header
        name={name}
        extra={
          <Space wrap>
            <RefreshButton query={list.query} />
            {!readOnly && createButton}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t(`${name}.intro`)}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            className="showroom-filter"
            placeholder={t(`${name}.search`)}
            aria-label={t(`${name}.search`)}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => list.change({ filters: { search: value.trim() || null } })}
          />
          {resource === asResource(showroomCustomerResource) && (
            <Select
              allowClear
              className="showroom-filter--narrow"
              placeholder={t('customers.fields.state')}
              aria-label={t('customers.fields.state')}
              value={list.filters.state}
              options={customerStateOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
              onChange={(value) => list.change({ filters: { state: value ?? null } })}
            />
          )}
        </Space>
        {list.query.isError && !list.query.data ? (
          <LoadFailed error={list.query.error} onRetry={() => void list.query.refetch()} />
        ) : (
          <ResourceTable
            resource={resource}
            records={list.records as Row[]}
            included={list.included}
            loading={list.query.isFetching}
            page={list.page}
            size={list.size}
            total={list.total}
            sort={list.sort}
            onPage={(page, size) => list.change(size !== list.size ? { size } : { page })}
            onSort={(sort) => list.change({ sort })}
            onEdit={canChange && !readOnly ? (record) => setEditing({ record }) : undefined}
            onDelete={canDelete ? (record) => remove.mutateAsync(record).catch(() => undefined) : undefined}
            empty={
              list.query.isLoading ? (
                <span />
              ) : list.hasFilters ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty_search', { search: list.filters.search ?? '' })}>
                  <Button onClick={() => { setSearch(''); list.resetFilters(); }}>{t('common:actions.reset_filters')}</Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${name}.empty`)}>
                  {!readOnly && createButton}
                </Empty>
              )
            }
          />
        )}
      </Card>
      {!readOnly && (
        <FormDrawer
          open={!!editing}
          title={editing?.record ? t(`${name}.edit_title`) : t(`${name}.create_title`)}
          size={screens.md === false ? '100%' : 640}
          destroyOnHidden
          onClose={() => setEditing(null)}
          footer={<div ref={setFooter} className="drawer-actions" />}
        >
          {editing && (
            <ResourceForm
              resource={resource}
              record={editing.record}
              fixed={{ site_id: Number(siteId) }}
              actionsContainer={footer}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          )}
        </FormDrawer>
      )}
    </div>
  );
}

export const BotsPage = () => <ShowroomListPage resource={asResource(showroomBotResource)} name="bots" />;
export const ServiceWorksPage = () => <ShowroomListPage resource={asResource(showroomServiceWorkResource)} name="account_service_works" />;
export const SpecialsPage = () => <ShowroomListPage resource={asResource(showroomSpecialResource)} name="collections" />;
export const CustomersPage = () => <ShowroomListPage resource={asResource(showroomCustomerResource)} name="customers" />;

/** The callbacks, test drives or service bookings of the site's showroom, newest first, with their export by date range. */
function CallbacksPage({ type }: { type: CallbackType }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const settings = useShowroomSettings(siteId);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(CALLBACKS_PAGE_SIZE);
  const [filter, setFilter] = useState('');
  const [text, setText] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().startOf('month'), dayjs()]);
  const [busy, setBusy] = useState(false);
  const settingsId = settings.data?.id;
  const list = useQuery({
    queryKey: ['messenger_showroom', 'callbacks', settingsId, type, page, limit, filter],
    enabled: !!settingsId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.list<ShowroomCallback['attributes']>(showroomPath(`callbacks/${settingsId}`), { page, limit, callback_type: type, filter: filter || undefined }, signal),
  });
  const exportRange = async () => {
    if (!range[0] || !range[1]) return notify.error(t('callbacks.no_dates'));
    setBusy(true);
    try {
      const from = range[0].format('YYYY-MM-DD');
      const to = range[1].format('YYYY-MM-DD');
      await saveDownload(showroomPath(`callbacks/${settingsId}/format_xlsx`), `showroom-${type}-${from}-${to}.xlsx`, { callback_type: type, 'date[from]': from, 'date[to]': to });
      notify.success(t('callbacks.exported'));
    } catch (error) {
      notify.error(errorTitle(error, lang));
    } finally {
      setBusy(false);
    }
  };
  const columns = useMemo(() => {
    return [
      { key: 'created_at', title: t('callbacks.fields.created_at'), width: 160, render: (_: unknown, row: ShowroomCallback) => formatDateTime(row.attributes.created_at) },
      { key: 'customer', title: t('callbacks.fields.customer'), width: 200, render: (_: unknown, row: ShowroomCallback) => row.attributes.customer ?? '—' },
      { key: 'phone', title: t('callbacks.fields.phone'), width: 170, render: (_: unknown, row: ShowroomCallback) => row.attributes.phone ?? '—' },
      ...(type === 'service'
        ? [{ key: 'service_work', title: t('callbacks.fields.service_work'), width: 220, render: (_: unknown, row: ShowroomCallback) => row.attributes.service_work ?? '—' }]
        : [{ key: 'car', title: t('callbacks.fields.car'), width: 240, render: (_: unknown, row: ShowroomCallback) => row.attributes.car ?? '—' }]),
      ...(type === 'callback' ? [] : [{ key: 'desired_at', title: t('callbacks.fields.desired_at'), width: 170, render: (_: unknown, row: ShowroomCallback) => (row.attributes.desired_at ? formatDateTime(row.attributes.desired_at) : '—') }]),
      { key: 'bot_name', title: t('callbacks.fields.bot_name'), width: 180, render: (_: unknown, row: ShowroomCallback) => row.attributes.bot_name ?? '—' },
      { key: 'request_id', title: t('callbacks.fields.request_id'), width: 200, render: (_: unknown, row: ShowroomCallback) => (row.attributes.request_id ? <Tag color="green">{t('callbacks.sent')}</Tag> : <Tag>{t('callbacks.not_sent')}</Tag>) },
    ];
  }, [t, lang, type]);
  const name = `callbacks.${type}`;
  return (
    <div className="page showroom-page">
      <Header name={name} extra={<RefreshButton query={list} />} />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t(`${name}.intro`)}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <SearchInput
            allowClear
            className="showroom-filter"
            placeholder={t('callbacks.search')}
            aria-label={t('callbacks.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onSearch={(value) => {
              setFilter(value.trim());
              setPage(1);
            }}
          />
          <DatePicker.RangePicker
            format="DD.MM.YYYY"
            value={range}
            aria-label={t('callbacks.range')}
            placeholder={[t('callbacks.from'), t('callbacks.to')]}
            onChange={(next) => setRange([next?.[0] ?? null, next?.[1] ?? null])}
          />
          <Button icon={<DownloadOutlined aria-hidden />} loading={busy} disabled={!settingsId} onClick={() => void exportRange()}>
            {t('callbacks.export')}
          </Button>
        </Space>
        {settings.isError ? (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        ) : list.isError && !list.data ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable<ShowroomCallback>
            rowKey="id"
            size="middle"
            keyColumns={['created_at', 'customer']}
            loading={settings.isPending || list.isFetching}
            dataSource={(list.data?.data ?? []) as ShowroomCallback[]}
            columns={columns}
            locale={{ emptyText: list.isPending ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter ? t('empty_search', { search: filter }) : t(`${name}.empty`)} /> }}
            pagination={{
              current: page,
              pageSize: limit,
              total: list.data?.meta?.page?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100, 200],
              showTotal: (total) => t('callbacks.total', { count: total }),
              onChange: (next, size) => {
                setPage(size !== limit ? 1 : next);
                setLimit(size);
              },
            }}
          />
        )}
      </Card>
    </div>
  );
}

export const CallbackPage = () => <CallbacksPage type="callback" />;
export const TestDrivePage = () => <CallbacksPage type="testdrive" />;
export const ServicePage = () => <CallbacksPage type="service" />;

