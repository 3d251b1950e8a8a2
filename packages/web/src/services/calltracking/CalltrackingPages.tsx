import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, DatePicker, Empty, Select, Space, Tag, Typography } from 'antd';
import { CloudDownloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CALL_STATUSES,
  CALLS_PAGE_SIZE,
  callkeeperSettingsResource,
  callResource,
  calltouchSettingsResource,
  type AnyResource,
  type CallStatus,
  type JsonApiRecord,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { DataTable } from '../../kit/DataTable.tsx';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';
import { SiteSettingsCard } from '../../kit/SiteSettingsCard.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { useSiteSettings } from '../../kit/useSiteSettings.ts';
import { saveDownload } from '../../kit/save-file.ts';
import { SearchInput } from '../../kit/SearchInput.tsx';
import { useLang, useCan } from '../../kit/useLang.ts';
import { useSite } from '../sites.context/site-api.ts';

/**
 * Call tracking's screens (spec 002 §2): the CallKeeper and Calltouch widget settings of a site
 * (made with the defaults on first visit) and the site's calls with their XLSX export.
 * Site menu, group "Widgets", module calltracking.
 */
const NS = ['calltracking', 'common'];
type Call = JsonApiRecord<{ started_at: string; caller_phone: string | null; called_phone: string | null; duration: number; status: CallStatus; source: string | null; provider: string; request_id: number | null }>;
const path = (rest: string) => gatewayPath('calltracking', rest);

function Header({ name, extra }: { name: string; extra?: React.ReactNode }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const site = useSite(siteId);
  const title = t(`${name}.title`);
  return <PageHeader title={title} subtitle={site.data?.site.attributes.name} documentTitle={title} extra={extra} />;
}

/** A widget's settings: each widget's resource answers `{name}/for_site_id/{siteId}`. */
const useWidgetSettings = (resource: AnyResource, siteId: string) => useSiteSettings(resource, siteId, resource.name);

/** A widget's settings: the form, and for Calltouch the state of its pulls. */
function WidgetSettingsPage({ resource }: { resource: AnyResource }) {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const can = useCan('calltracking');
  const settings = useWidgetSettings(resource, siteId);
  const attributes = settings.data?.attributes as { polled_at?: string | null; poll_error?: string | null } | undefined;
  return (
    <div className="page calltracking-page">
      <Header name={resource.name} />
      <SiteSettingsCard
        resource={resource}
        settings={settings}
        intro={t(`${resource.name}.intro`)}
        canChange={can(resource.permissions.update[0]!)}
        notice={
          attributes?.poll_error ? (
            <Alert type="warning" showIcon className="calltracking-poll" message={t(`${resource.name}.poll_failed`, { reason: attributes.poll_error })} />
          ) : attributes?.polled_at ? (
            <Alert type="info" showIcon className="calltracking-poll" message={t(`${resource.name}.polled`, { at: formatDateTime(attributes.polled_at) })} />
          ) : null
        }
      />
    </div>
  );
}

export const CallkeeperSettingsPage = () => <WidgetSettingsPage resource={callkeeperSettingsResource as unknown as AnyResource} />;
export const CalltouchSettingsPage = () => <WidgetSettingsPage resource={calltouchSettingsResource as unknown as AnyResource} />;

/** A duration in minutes and seconds. */
const durationText = (seconds: number, t: (key: string, options?: Record<string, unknown>) => string) => t('calls.seconds', { m: Math.floor(seconds / 60), s: seconds % 60 });

/** /integrations/calltracking/{siteId}/: the site's calls by date range, status and source; the export; a pull from Calltouch. */
export function CallsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(NS);
  const lang = useLang();
  const can = useCan('calltracking');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(CALLS_PAGE_SIZE);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().startOf('month'), dayjs()]);
  const [status, setStatus] = useState<CallStatus | undefined>();
  const [sourceText, setSourceText] = useState('');
  const [source, setSource] = useState('');
  const [busy, setBusy] = useState(false);
  const from = range[0]?.format('YYYY-MM-DD');
  const to = range[1]?.format('YYYY-MM-DD');
  const list = useQuery({
    queryKey: [...queryKeys.resource(callResource as never).all, siteId, page, limit, from, to, status, source],
    enabled: /^\d+$/.test(siteId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.list<Call['attributes']>(path('calls'), { 'filter[site_id]': siteId, 'filter[from]': from, 'filter[to]': to, 'filter[status]': status, 'filter[source]': source || undefined, 'page[number]': page, 'page[size]': limit }, signal),
  });
  const pull = useMutation({
    mutationFn: () => api.post<{ added: number }>(path(`calls/where_site/${siteId}/pull`), undefined),
    onSuccess: async (answer) => {
      notify.success(t('calls.pulled', { count: (answer as { added?: number })?.added ?? 0 }));
      await client.invalidateQueries({ queryKey: queryKeys.resource(callResource as never).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const exportRange = async () => {
    if (!from || !to) return notify.error(t('calls.no_dates'));
    setBusy(true);
    try {
      await saveDownload(path(`calls/where_site/${siteId}/format_xlsx`), `calls-${from}-${to}.xlsx`, { 'date[from]': from, 'date[to]': to, status, source: source || undefined, utc_offset: -new Date().getTimezoneOffset() });
      notify.success(t('calls.exported'));
    } catch (error) {
      notify.error(errorTitle(error, lang));
    } finally {
      setBusy(false);
    }
  };
  const columns = useMemo(
    () => [
      { key: 'started_at', title: t('calls.fields.started_at'), width: 160, render: (_: unknown, row: Call) => formatDateTime(row.attributes.started_at) },
      { key: 'caller_phone', title: t('calls.fields.caller_phone'), width: 160, render: (_: unknown, row: Call) => row.attributes.caller_phone ?? '—' },
      { key: 'called_phone', title: t('calls.fields.called_phone'), width: 160, render: (_: unknown, row: Call) => row.attributes.called_phone ?? '—' },
      { key: 'duration', title: t('calls.fields.duration'), width: 130, render: (_: unknown, row: Call) => durationText(row.attributes.duration, t) },
      { key: 'status', title: t('calls.fields.status'), width: 130, render: (_: unknown, row: Call) => <Tag color={row.attributes.status === 'answered' ? 'green' : row.attributes.status === 'missed' ? 'red' : undefined}>{t(`statuses.${row.attributes.status}`)}</Tag> },
      { key: 'source', title: t('calls.fields.source'), width: 160, render: (_: unknown, row: Call) => row.attributes.source ?? '—' },
      { key: 'provider', title: t('calls.fields.provider'), width: 130, render: (_: unknown, row: Call) => t(`providers.${row.attributes.provider}`) },
      { key: 'request_id', title: t('calls.fields.request_id'), width: 150, render: (_: unknown, row: Call) => (row.attributes.request_id ? <Tag color="blue">{t('calls.matched', { id: row.attributes.request_id })}</Tag> : <Tag>{t('calls.not_matched')}</Tag>) },
    ],
    [t],
  );
  return (
    <div className="page calltracking-page">
      <Header
        name="calls"
        extra={
          <Space wrap>
            {can('calltouch_settings.patch') && (
              <Button icon={<CloudDownloadOutlined aria-hidden />} loading={pull.isPending} onClick={() => pull.mutate()}>
                {t('calls.pull')}
              </Button>
            )}
            <RefreshButton query={list} />
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('calls.intro')}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters">
          <DatePicker.RangePicker
            format="DD.MM.YYYY"
            value={range}
            aria-label={t('calls.range')}
            placeholder={[t('calls.from'), t('calls.to')]}
            onChange={(next) => {
              setRange([next?.[0] ?? null, next?.[1] ?? null]);
              setPage(1);
            }}
          />
          <Select
            allowClear
            style={{ minWidth: 170 }}
            aria-label={t('calls.fields.status')}
            placeholder={t('calls.all_statuses')}
            value={status}
            options={CALL_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            onChange={(value?: CallStatus) => {
              setStatus(value);
              setPage(1);
            }}
          />
          <SearchInput
            allowClear
            style={{ width: 220 }}
            placeholder={t('calls.source')}
            aria-label={t('calls.source')}
            value={sourceText}
            onChange={(event) => setSourceText(event.target.value)}
            onSearch={(value) => {
              setSource(value.trim());
              setPage(1);
            }}
          />
          <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void exportRange()}>
            {t('calls.export')}
          </Button>
        </Space>
        {list.isError && !list.data ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable<Call>
            rowKey="id"
            size="middle"
            keyColumns={['started_at', 'caller_phone']}
            loading={list.isFetching}
            dataSource={(list.data?.data ?? []) as Call[]}
            columns={columns}
            locale={{ emptyText: list.isPending ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calls.empty')} /> }}
            pagination={{
              current: page,
              pageSize: limit,
              total: list.data?.meta?.page?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [25, 50, 100, 200],
              showTotal: (total) => t('calls.total', { count: total }),
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
