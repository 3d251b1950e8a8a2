import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Descriptions, Empty, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { DataTable } from '../../kit/DataTable.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, JOB_STATES, type QueueJob, type QueueState } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { formatDateTime, formatNumber } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { LoadFailed, RefreshButton } from '../../kit/QueryStates.tsx';

/**
 * The queues screens (spec 002 §7 "Queue state"; docs/decisions/platform-operations.md, "What does
 * the queues screen show?"): every job queue with its kind and counts; a queue's jobs with their
 * payload (secrets hidden), attempts and last error, with retry and cancel.
 */
const path = (rest = '') => gatewayPath('queues', `queues${rest}`);
const KEY = ['queues'];

/** Numbers written the reader's way. */
function useNumber() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  return (value: number) => formatNumber(value, lang);
}

/** A wait in minutes or hours, for people. */
function useWait() {
  const { t } = useTranslation('queues');
  return (seconds: number | null) => (seconds === null ? '—' : seconds < 3600 ? t('minutes', { count: Math.round(seconds / 60) }) : t('hours', { count: Math.round(seconds / 3600) }));
}

/** /queues/queues/: every queue. */
export function QueuesPage() {
  const { t } = useTranslation(['queues', 'common']);
  const wait = useWait();
  const num = useNumber();
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<{ id: string; attributes: QueueState }[]>(path()), refetchInterval: 10_000 });
  const title = t('title');
  return (
    <div className="page">
      <PageHeader title={title} subtitle={t('subtitle')} documentTitle={title} extra={<RefreshButton query={query} />} />
      <Card variant="borderless" className="page-card">
        {query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <DataTable<{ id: string; attributes: QueueState }>
            rowKey="id"
            keyColumns={['name', 'waiting']}
            size="middle"
            loading={query.isLoading}
            dataSource={query.data ?? []}
            pagination={false}
            scroll={{ x: 1350 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
            columns={[
              { key: 'name', title: t('fields.name'), fixed: 'left', width: 240, render: (_, row) => <Link to={`/queues/queues/${encodeURIComponent(row.id)}`}>{row.id}</Link> },
              { key: 'kind', title: t('fields.kind'), width: 230, render: (_, row) => <Tag>{t(`kinds.${row.attributes.kind}`)}</Tag> },
              { key: 'waiting', title: t('fields.waiting'), width: 110, align: 'right', render: (_, row) => num(row.attributes.waiting) },
              { key: 'active', title: t('fields.active'), width: 140, align: 'right', render: (_, row) => num(row.attributes.active) },
              { key: 'retrying', title: t('fields.retrying'), width: 140, align: 'right', render: (_, row) => num(row.attributes.retrying) },
              { key: 'failed', title: t('fields.failed'), width: 130, align: 'right', render: (_, row) => (row.attributes.failed ? <Tag color="red">{num(row.attributes.failed)}</Tag> : '0') },
              { key: 'completed_24h', title: t('fields.completed_24h'), width: 190, align: 'right', render: (_, row) => num(row.attributes.completed_24h) },
              { key: 'throughput', title: t('fields.throughput_per_hour'), width: 190, align: 'right', render: (_, row) => num(row.attributes.throughput_per_hour) },
              { key: 'oldest', title: t('fields.oldest_waiting'), width: 160, render: (_, row) => wait(row.attributes.oldest_waiting_seconds) },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

type QueuePageData = { data: { attributes: QueueState }; included: { id: string; attributes: Omit<QueueJob, 'id'> }[]; meta: { page: { number: number; size: number; total: number } } };

/** /queues/queues/{name}: a queue's jobs. */
export function QueuePage() {
  const { name = '' } = useParams();
  const { t } = useTranslation(['queues', 'common']);
  const wait = useWait();
  const num = useNumber();
  const queryClient = useQueryClient();
  const canManage = hasPermission(useSession().user?.permissions ?? {}, 'queues', 'queues.patch');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<string | undefined>();
  const query = useQuery({
    queryKey: [...KEY, name, page, state],
    queryFn: () => api.request<QueuePageData>('GET', path(`/${encodeURIComponent(name)}`), { query: { 'page[number]': page, 'page[size]': 25, 'filter[state]': state } }),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'cancel' }) => api.post(path(`/${encodeURIComponent(name)}/jobs/${id}/${action}`), {}),
    onSuccess: async (_data, { action }) => {
      notify.success(t(action === 'retry' ? 'retried' : 'cancelled'));
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const queue = query.data?.data.attributes;
  return (
    <div className="page">
      <PageHeader title={name} subtitle={queue ? t(`kinds.${queue.kind}`) : undefined} documentTitle={name} extra={<RefreshButton query={query} />} />
      <Card variant="borderless" className="page-card">
        {query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Link to="/queues/queues/">{t('back')}</Link>
            {queue && (
              <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
                <Descriptions.Item label={t('fields.waiting')}>{num(queue.waiting)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.active')}>{num(queue.active)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.retrying')}>{num(queue.retrying)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.failed')}>{num(queue.failed)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.completed_24h')}>{num(queue.completed_24h)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.throughput_per_hour')}>{num(queue.throughput_per_hour)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.oldest_waiting')}>{wait(queue.oldest_waiting_seconds)}</Descriptions.Item>
              </Descriptions>
            )}
            <Select
              allowClear
              placeholder={t('fields.state')}
              aria-label={t('fields.state')}
              value={state}
              style={{ minWidth: 200 }}
              options={JOB_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              onChange={(next) => {
                setState(next);
                setPage(1);
              }}
            />
            <DataTable<{ id: string; attributes: Omit<QueueJob, 'id'> }>
              rowKey="id"
              keyColumns={['created', 'state']}
              size="middle"
              loading={query.isFetching}
              dataSource={query.data?.included ?? []}
              scroll={{ x: 1100 }}
              pagination={{ current: page, pageSize: 25, total: query.data?.meta.page.total ?? 0, showSizeChanger: false, onChange: setPage }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('no_jobs')} /> }}
              expandable={{ expandedRowRender: (job) => <Typography.Paragraph code>{JSON.stringify(job.attributes.data, null, 2)}</Typography.Paragraph> }}
              columns={[
                { key: 'created', title: t('fields.created_on'), width: 170, render: (_, job) => formatDateTime(job.attributes.created_on) },
                { key: 'state', title: t('fields.state'), width: 140, render: (_, job) => <Tag color={job.attributes.state === 'failed' ? 'red' : job.attributes.state === 'completed' ? 'green' : undefined}>{t(`states.${job.attributes.state}`)}</Tag> },
                { key: 'attempts', title: t('fields.attempts'), width: 110, render: (_, job) => `${job.attributes.attempts} / ${job.attributes.retry_limit + 1}` },
                { key: 'error', title: t('fields.last_error'), ellipsis: true, render: (_, job) => job.attributes.last_error ?? '—' },
                {
                  key: 'actions',
                  title: t('common:actions.title'),
                  width: 220,
                  render: (_, job) =>
                    canManage && (
                      <Space>
                        {job.attributes.state === 'failed' && (
                          <Popconfirm title={t('retry_confirm')} onConfirm={() => act.mutate({ id: job.id, action: 'retry' })}>
                            <Button size="small">{t('retry')}</Button>
                          </Popconfirm>
                        )}
                        {['created', 'retry', 'active'].includes(job.attributes.state) && (
                          <Popconfirm title={t('cancel_confirm')} onConfirm={() => act.mutate({ id: job.id, action: 'cancel' })}>
                            <Button size="small" danger>
                              {t('cancel')}
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                },
              ]}
            />
          </Space>
        )}
      </Card>
    </div>
  );
}
