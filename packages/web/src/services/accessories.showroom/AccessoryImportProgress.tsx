import { useState } from 'react';
import { Alert, Card, Progress, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JsonApiList, JsonApiRecord } from '@dp/contracts';
import { api } from '../../kit/api.ts';
import { accessoriesPath } from './accessories-api.ts';

interface Run {
  status: 'pending' | 'running' | 'done' | 'failed';
  total_count: number;
  processed_count: number;
  created_count: number;
  updated_count: number;
  missing_count: number;
  error_count: number;
  error: string | null;
}
interface ReportRow {
  file_index: number;
  row: number;
  article_code: string | null;
  status: 'created' | 'updated' | 'error';
  message: string | null;
}
const COLORS = { created: 'green', updated: 'blue', error: 'red' } as const;

/** An import's progress, polled every second while it runs, then its counts and the per-row report. */
export function AccessoryImportProgress({ runId }: { runId: number }) {
  const { t } = useTranslation(['accessories.showroom', 'common']);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const run = useQuery({
    queryKey: ['accessories.showroom', 'import', runId],
    queryFn: ({ signal }) => api.get<JsonApiRecord<Run>>(accessoriesPath(`accessories/imports/${runId}`), undefined, signal),
    refetchInterval: (query) => (['done', 'failed'].includes(query.state.data?.attributes.status ?? '') ? false : 1000),
  });
  const state = run.data?.attributes;
  const finished = state?.status === 'done';
  const rows = useQuery({
    queryKey: ['accessories.showroom', 'import', runId, 'rows', page, status],
    enabled: finished,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.list<ReportRow>(accessoriesPath(`accessories/imports/${runId}/rows`), { 'page[number]': page, 'page[size]': 20, ...(status ? { 'filter[status]': status } : {}) }, signal) as Promise<JsonApiList<ReportRow>>,
  });
  if (!state) return null;
  const percent = state.total_count ? Math.round((state.processed_count / state.total_count) * 100) : 0;
  return (
    <Card variant="borderless" className="page-card accessory-import" title={t('settings.progress.title')}>
      {state.status === 'failed' ? (
        <Alert type="error" showIcon message={t('settings.progress.failed', { error: state.error ?? '' })} />
      ) : !finished ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('settings.progress.running', { done: state.processed_count, total: state.total_count })}</Typography.Text>
          <Progress percent={percent} status="active" />
        </Space>
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="success" showIcon message={t('settings.progress.done')} />
          <Space wrap size={[32, 16]}>
            <Statistic title={t('settings.progress.created')} value={state.created_count} />
            <Statistic title={t('settings.progress.updated')} value={state.updated_count} />
            <Statistic title={t('settings.progress.missing')} value={state.missing_count} />
            <Statistic title={t('settings.progress.errors')} value={state.error_count} />
          </Space>
          <Space wrap>
            <Typography.Text strong>{t('settings.progress.report')}</Typography.Text>
            <Select
              allowClear
              placeholder={t('settings.progress.status')}
              aria-label={t('settings.progress.status')}
              value={status}
              onChange={(next) => { setStatus(next); setPage(1); }}
              options={(['created', 'updated', 'error'] as const).map((value) => ({ value, label: t(`settings.progress.row_statuses.${value}`) }))}
              style={{ minWidth: 160 }}
            />
          </Space>
          <Table<JsonApiRecord<ReportRow>>
            rowKey="id"
            size="small"
            scroll={{ x: 640 }}
            loading={rows.isFetching}
            dataSource={rows.data?.data ?? []}
            pagination={{ current: page, pageSize: 20, total: rows.data?.meta?.page?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            columns={[
              { key: 'row', title: t('settings.progress.row'), width: 90, render: (_, record) => record.attributes.row },
              { key: 'article', title: t('settings.progress.article'), width: 160, render: (_, record) => record.attributes.article_code ?? '—' },
              { key: 'status', title: t('settings.progress.status'), width: 140, render: (_, record) => <Tag color={COLORS[record.attributes.status]}>{t(`settings.progress.row_statuses.${record.attributes.status}`)}</Tag> },
              { key: 'message', title: t('settings.progress.message'), render: (_, record) => record.attributes.message ?? '—' },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
