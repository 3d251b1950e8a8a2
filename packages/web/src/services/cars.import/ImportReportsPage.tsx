import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Grid, Progress, Result, Select, Space, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { BugOutlined, DownloadOutlined, EyeOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAR_REPORT_STATUSES, hasPermission, IMPORT_COUNTERS, importProgressPercent, type ImportCounter, type ImportEcsOutcome, type JsonApiRecord } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { useSession } from '../../app/session.ts';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { downloadReport, importPath, reportOutcome, ROW_STATUS_COLORS, useReportRows, useReports, type CarReportRow, type ImportReport } from './import-api.ts';
import './import.css';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

type ReportRecord = JsonApiRecord<ImportReport>;
const PAGE_SIZE = 20;
const ALL = 'all';

/** The live bar of a running import: processed of the expected rows (the report is read every second meanwhile). */
export function ImportProgress({ report, compact = false }: { report: Pick<ImportReport, 'is_finished' | 'status' | 'processed_count' | 'expected_count' | 'total_count'>; compact?: boolean }) {
  const { t } = useTranslation('cars.import');
  const lang = currentLang();
  const percent = importProgressPercent(report);
  const applying = !report.is_finished && report.expected_count > 0 && report.processed_count >= report.expected_count;
  return (
    <div className="import-progress" aria-live="polite">
      <Progress percent={percent} status={report.is_finished ? (report.status === 'finished' ? 'success' : 'exception') : 'active'} size={compact ? 'small' : 'default'} aria-label={t('reports.progress')} />
      {!compact && (
        <Typography.Text type="secondary">
          {applying
            ? t('reports.applying', { count: report.processed_count })
            : t('reports.processed_of', { processed: formatNumber(report.processed_count, lang), expected: report.expected_count ? formatNumber(report.expected_count, lang) : '…' })}
        </Typography.Text>
      )}
    </div>
  );
}

/** A finished import's outcome: its tag (with the count of rows refused), the error on hover. */
export function ReportStatusTag({ report }: { report: Pick<ImportReport, 'status' | 'errored_count' | 'error'> }) {
  const { t } = useTranslation('cars.import');
  const outcome = reportOutcome(report);
  return (
    <Tooltip title={report.error ?? undefined}>
      <Tag color={outcome.color}>{t(`statuses.${outcome.key}`, { errors: formatNumber(outcome.count ?? 0, currentLang()) })}</Tag>
    </Tooltip>
  );
}

function useDownload() {
  const { t } = useTranslation('cars.import');
  return useMutation({
    mutationFn: ({ id, errorsOnly }: { id: string; errorsOnly: boolean }) => downloadReport(id, errorsOnly),
    onSuccess: () => notify.success(t('reports.downloaded')),
    onError: (error) => notify.error(errorTitle(error, currentLang())),
  });
}

/** Sends a finished report's errors to its site's project of the error collection (staff with import_states.manage). */
function useSendToErrors() {
  const { t } = useTranslation('cars.import');
  return useMutation({
    mutationFn: (id: string) => api.post<ImportEcsOutcome>(importPath('import/reports/ecs'), { report_id: Number(id) }),
    onSuccess: (outcome) =>
      outcome.limited ? notify.warning(t('reports.ecs_limited', { count: outcome.events, limited: outcome.limited })) : notify.success(t('reports.ecs_sent', { count: outcome.events })),
    onError: (error) => notify.error(errorTitle(error, currentLang())),
  });
}

function DownloadButtons({ report, size = 'middle' }: { report: ReportRecord; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('cars.import');
  const download = useDownload();
  const send = useSendToErrors();
  const { user } = useSession();
  const canSend = hasPermission(user?.permissions ?? {}, 'cars.import', 'import_states.manage');
  const disabled = !report.attributes.is_finished;
  return (
    <Space size={4} wrap>
      <Tooltip title={t('reports.download')}>
        <Button size={size} icon={<DownloadOutlined aria-hidden />} disabled={disabled} loading={download.isPending && !download.variables?.errorsOnly} onClick={() => download.mutate({ id: report.id, errorsOnly: false })} aria-label={`${t('reports.download')} #${report.id}`}>
          {size === 'middle' ? t('reports.download') : null}
        </Button>
      </Tooltip>
      <Tooltip title={t('reports.download_errors')}>
        <Button size={size} icon={<WarningOutlined aria-hidden />} disabled={disabled} loading={download.isPending && !!download.variables?.errorsOnly} onClick={() => download.mutate({ id: report.id, errorsOnly: true })} aria-label={`${t('reports.download_errors')} #${report.id}`}>
          {size === 'middle' ? t('reports.download_errors') : null}
        </Button>
      </Tooltip>
      {canSend && (
        <Tooltip title={t('reports.ecs_send')}>
          <Button size={size} icon={<BugOutlined aria-hidden />} disabled={disabled || (!report.attributes.errored_count && !report.attributes.error)} loading={send.isPending} onClick={() => send.mutate(report.id)} aria-label={`${t('reports.ecs_send')} #${report.id}`}>
            {size === 'middle' ? t('reports.ecs_send') : null}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}

/** A report's rows, of one file (or all), with a status filter and paging. */
function ReportRows({ reportId, fileId }: { reportId: string; fileId?: number }) {
  const { t } = useTranslation(['cars.import', 'common']);
  const [status, setStatus] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const rows = useReportRows(reportId, { page, pageSize: PAGE_SIZE, fileId, status });
  const columns: TableColumnsType<JsonApiRecord<CarReportRow>> = [
    { key: 'row', title: t('car_reports.fields.row'), dataIndex: ['attributes', 'row'], width: 80 },
    { key: 'vin', title: t('car_reports.fields.vin'), width: 200, render: (_v, row) => <span className="vin-cell">{row.attributes.vin ?? row.attributes.external_id ?? '—'}</span> },
    {
      key: 'status',
      title: t('car_reports.fields.status'),
      width: 150,
      render: (_v, row) => (
        <Space size={4} wrap>
          <Tag color={ROW_STATUS_COLORS[row.attributes.status]}>{t(`row_statuses.${row.attributes.status}`)}</Tag>
          {row.attributes.excluded && <Tag>{t('car_reports.excluded')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'messages',
      title: t('car_reports.fields.messages'),
      render: (_v, row) =>
        row.attributes.errors.length || row.attributes.warnings.length ? (
          <ul className="import-messages">
            {row.attributes.errors.map((text, index) => <li key={`e${index}`}><Typography.Text type="danger">{text}</Typography.Text></li>)}
            {row.attributes.warnings.map((text, index) => <li key={`w${index}`}><Typography.Text type="warning">{text}</Typography.Text></li>)}
          </ul>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('car_reports.filters.status')}
          aria-label={t('car_reports.filters.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={CAR_REPORT_STATUSES.map((value) => ({ value, label: t(`row_statuses.${value}`) }))}
        />
      </Space>
      {rows.isError ? (
        <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(rows.error, currentLang())} extra={<Button onClick={() => void rows.refetch()}>{t('common:actions.retry')}</Button>} />
      ) : (
        <DataTable<JsonApiRecord<CarReportRow>>
          rowKey="id"
          size="small"
          className="import-rows"
          loading={rows.isFetching}
          dataSource={rows.data?.data ?? []}
          columns={columns}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={status ? t('reports.no_rows_status') : t('reports.no_rows')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
        />
      )}
    </>
  );
}

/** The counters of a report as spec 001 §3 lists them. */
function Counters({ report }: { report: ImportReport }) {
  const { t } = useTranslation('cars.import');
  const lang = currentLang();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered className="import-counters">
      {IMPORT_COUNTERS.map((counter) => (
        <Descriptions.Item key={counter} label={t(`counters.${counter}`)}>
          {formatNumber(report[counter as ImportCounter], lang)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** The detailed view of a report: counters, then its rows per file (spec 001 §2 "detailed per-file view"). */
function ReportDrawer({ report, onClose }: { report: ReportRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['cars.import', 'common']);
  const screens = Grid.useBreakpoint();
  const attributes = report?.attributes;
  return (
    <Drawer
      open={!!report}
      onClose={onClose}
      size={screens.lg ? 1000 : '100%'}
      title={attributes ? t('reports.detail_title', { date: formatDateTime(attributes.import_start_date) }) : ''}
      extra={report && <DownloadButtons report={report} size="small" />}
      destroyOnHidden
    >
      {report && attributes && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {attributes.is_finished ? <ReportStatusTag report={attributes} /> : <ImportProgress report={attributes} />}
          {attributes.error && <Alert type="error" showIcon title={attributes.error} />}
          <Counters report={attributes} />
          <Tabs
            items={[
              ...(attributes.files.length > 1 ? [{ key: ALL, label: t('reports.all_files'), children: <ReportRows reportId={report.id} /> }] : []),
              ...attributes.files.map((file) => ({
                key: String(file.index),
                label: <span className="import-tab-label">{file.name}</span>,
                children: file.error ? (
                  <Result status="warning" title={t('reports.file_unavailable')} subTitle={file.error} />
                ) : (
                  <ReportRows reportId={report.id} fileId={file.index} />
                ),
              })),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

/**
 * /cars.import/reports/{siteId} (spec 001 §2, §3 report, §4, §7): the site's imports, tabs by
 * feed and a general list, with the counters and status; a live progress bar while one runs
 * (the list is read every second meanwhile); a detailed per-file view with the rows; downloads
 * of the report and of its errors as XLSX.
 */
export default function ImportReportsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['cars.import', 'common']);
  const lang = currentLang();
  const queryClient = useQueryClient();
  const site = useSite(siteId);
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState(ALL);
  const [open, setOpen] = useState<string | null>(null);
  const reports = useReports(siteId, page, PAGE_SIZE);
  const list = useMemo(() => (reports.data?.data ?? []) as ReportRecord[], [reports.data]);
  const running = list.find((report) => !report.attributes.is_finished);
  const feeds = useMemo(() => [...new Set(list.flatMap((report) => report.attributes.files.map((file) => file.name)))], [list]);
  const opened = list.find((report) => report.id === open) ?? null;
  const title = t('reports.title');

  const counterColumn = (counter: ImportCounter, width = 110): TableColumnsType<ReportRecord>[number] => ({
    key: counter,
    title: t(`counters.${counter}`),
    width,
    align: 'right',
    render: (_v, report) => formatNumber(report.attributes[counter], lang),
  });
  const columns: TableColumnsType<ReportRecord> = [
    { key: 'start', title: t('reports.fields.import_start_date'), width: 160, fixed: 'left', render: (_v, report) => formatDateTime(report.attributes.import_start_date) },
    { key: 'type', title: t('reports.fields.type'), width: 110, render: (_v, report) => t(`types.${report.attributes.type}`) },
    {
      key: 'status',
      title: t('reports.fields.status'),
      width: 200,
      render: (_v, report) =>
        report.attributes.is_finished ? (
          <ReportStatusTag report={report.attributes} />
        ) : (
          <ImportProgress report={report.attributes} compact />
        ),
    },
    ...IMPORT_COUNTERS.map((counter) => counterColumn(counter, counter === 'to_sale_errored_count' || counter === 'updated_in_stock_count' ? 140 : 110)),
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 180,
      fixed: 'right',
      render: (_v, report) => (
        <Space size={4}>
          <Tooltip title={t('reports.open')}>
            <Button size="small" icon={<EyeOutlined aria-hidden />} onClick={() => setOpen(report.id)} aria-label={`${t('reports.open')} #${report.id}`} />
          </Tooltip>
          <DownloadButtons report={report} size="small" />
        </Space>
      ),
    },
  ];
  const fileColumns = (name: string): TableColumnsType<ReportRecord> => [
    columns[0]!,
    columns[2]!,
    ...(['total_count', 'errored_count', 'excluded_count'] as const).map((counter) => ({
      key: counter,
      title: t(`counters.${counter}`),
      width: 130,
      align: 'right' as const,
      render: (_v: unknown, report: ReportRecord) => {
        const file = report.attributes.files.find((one) => one.name === name);
        return file?.error ? <Tooltip title={file.error}><Tag color="error">{t('reports.file_failed')}</Tag></Tooltip> : formatNumber(file?.[counter] ?? 0, lang);
      },
    })),
    columns.at(-1)!,
  ];
  const table = (name: string | null) => (
    <DataTable<ReportRecord>
      rowKey="id"
      size="middle"
      loading={reports.isFetching && !reports.data}
      dataSource={name ? list.filter((report) => report.attributes.files.some((file) => file.name === name)) : list}
      columns={name ? fileColumns(name) : columns}
      scroll={{ x: name ? 900 : 1700 }}
      onRow={(report) => ({ onDoubleClick: () => setOpen(report.id) })}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.empty')} /> }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: reports.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total, range) => t('common:table.total', { count: total, from: range[0], to: range[1] }) }}
    />
  );

  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={<IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void queryClient.invalidateQueries({ queryKey: ['cars.import', 'reports', siteId] })} />}
      />
      {running && (
        <Card variant="borderless" className="page-card import-running-card" title={t('reports.running', { date: formatDateTime(running.attributes.import_start_date) })}>
          <ImportProgress report={running.attributes} />
        </Card>
      )}
      <Card variant="borderless" className="page-card">
        {reports.isError && !reports.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(reports.error, lang)} extra={<Button type="primary" onClick={() => void reports.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[{ key: ALL, label: t('reports.general'), children: table(null) }, ...feeds.map((name) => ({ key: `feed:${name}`, label: <span className="import-tab-label">{name}</span>, children: table(name) }))]}
          />
        )}
      </Card>
      <ReportDrawer report={opened} onClose={() => setOpen(null)} />
    </div>
  );
}
