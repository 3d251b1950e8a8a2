import { useState } from 'react';
import { useParams } from 'react-router';
import { useUrlQuery } from '../../kit/useUrlQuery.ts';
import { Button, Card, DatePicker, Empty, Popconfirm, Result, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { hasPermission, t as message, translateMessage, type JsonApiRecord, type Lang, type LostAction, type LostRequestAttributes } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useSite } from '../sites.context/site-api.ts';
import { downloadLostArchive, useLostActions, useLostRequests } from './sender-api.ts';
import './sender.css';
import { RefreshButton } from '../../kit/QueryStates.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { ConfirmButton, IconButton } from '../../kit/IconButton.tsx';
import { SearchInput } from '../../kit/SearchInput.tsx';

type Row = JsonApiRecord<LostRequestAttributes>;
const PAGE_SIZES = [20, 50, 100];
/** The sending queue's words for an action's status (spec 002 §3, §4): sent, sending, ended with error. */
export const QUEUE_COLORS: Record<LostAction['status'], string> = { success: 'green', pending: 'blue', failed: 'red' };

/** One action of a lost request: its name, status, attempts, the error in a tooltip, a restart when it failed. */
function ActionTag({ action, onRepeat, repeating, canWrite }: { action: LostAction; onRepeat: () => void; repeating: boolean; canWrite: boolean }) {
  const { t, i18n } = useTranslation('sender');
  const name = action.title ?? `${t(`kinds.${action.kind}`)} #${action.action_id}`;
  const tag = (
    <Tag color={QUEUE_COLORS[action.status]} className="sender-action-tag">
      {name}: {t(`queue_statuses.${action.status}`)}
      {action.is_required ? ` · ${t('lost.required')}` : ''}
    </Tag>
  );
  return (
    <Space size={4} className="sender-action">
      {action.last_error ? <Tooltip title={`${t('lost.attempts', { count: action.attempts })}. ${translateMessage(action.last_error, i18n.language === 'en' ? 'en' : 'ru')}`}>{tag}</Tooltip> : tag}
      {canWrite && action.status === 'failed' && (
        <Tooltip title={t('lost.repeat_one')}>
          <Button size="small" type="text" icon={<RedoOutlined aria-hidden />} aria-label={t('lost.repeat_named', { name })} loading={repeating} onClick={onRepeat} />
        </Tooltip>
      )}
    </Space>
  );
}

/**
 * /request.storage/lost_requests/{siteId} (spec 002 §2, §7, §9): the last month's requests whose
 * required actions ended with an error; resend one request (its failed required actions) or one
 * action, take a request off the list, download a date range's archive (ZIP).
 */
export function LostRequestsPage() {
  const { siteId = '' } = useParams();
  const { t, i18n } = useTranslation(['sender', 'request.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const site = useSite(siteId);
  const canWrite = hasPermission(useSession().user?.permissions ?? {}, 'request.storage', 'lost_requests.patch');
  const [searchParams, setSearchParams] = useUrlQuery();
  const params = {
    page: Math.max(1, Number(searchParams.get('page') ?? 1) || 1),
    size: PAGE_SIZES.includes(Number(searchParams.get('size'))) ? Number(searchParams.get('size')) : 20,
    search: searchParams.get('search') ?? '',
  };
  const set = (next: Record<string, string | number | null>) =>
    setSearchParams((previous) => {
      const result = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(next)) if (value === null || value === '' || (name === 'page' && value === 1)) result.delete(name); else result.set(name, String(value));
      return result;
    }, { replace: true });
  const [searchText, setSearchText] = useState(params.search);
  const list = useLostRequests(siteId, params);
  const { resend, repeat, dismiss } = useLostActions();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().subtract(1, 'month'), dayjs()]);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!range[0] || !range[1]) return notify.error(message('sender_no_dates', lang));
    setDownloading(true);
    try {
      await downloadLostArchive(siteId, range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'));
    } catch (error) {
      notify.error(`${t('lost.download_failed')}: ${errorTitle(error, lang)}`);
    } finally {
      setDownloading(false);
    }
  };
  const failedNotice = (error: unknown) => notify.error(errorTitle(error, lang));
  const columns: TableColumnsType<Row> = [
    { key: 'created_at', title: t('request.storage:columns.created_at'), width: 150, render: (_v, row) => <span className="nowrap">{formatDateTime(row.attributes.created_at)}</span> },
    { key: 'type', title: t('request.storage:columns.type'), width: 160, render: (_v, row) => t(`request.storage:request_types.${row.attributes.type}`) },
    {
      key: 'person',
      title: t('lost.person'),
      width: 220,
      render: (_v, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{[row.attributes.name, row.attributes.last_name].filter(Boolean).join(' ') || '—'}</Typography.Text>
          <Typography.Text type="secondary">{[row.attributes.phone, row.attributes.email].filter(Boolean).join(', ')}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'actions_list',
      title: t('lost.actions'),
      render: (_v, row) => (
        <Space direction="vertical" size={4}>
          {row.attributes.actions.map((action) => (
            <ActionTag key={action.id} action={action} canWrite={canWrite} repeating={repeat.isPending && repeat.variables === action.id} onRepeat={() => repeat.mutate(action.id, { onSuccess: () => notify.success(t('lost.repeated')), onError: failedNotice })} />
          ))}
        </Space>
      ),
    },
    ...(canWrite
      ? [
          {
            key: 'row_actions',
            title: '',
            width: 230,
            fixed: 'right' as const,
            render: (_v: unknown, row: Row) => (
              <Space wrap size={4}>
                <ConfirmButton
                  size="small"
                  icon={<RedoOutlined aria-hidden />}
                  loading={resend.isPending && resend.variables === row.id}
                  confirm={{ title: t('lost.resend_confirm'), description: t('lost.resend_confirm_text'), okText: t('lost.resend'), danger: false }}
                  onConfirm={() => resend.mutateAsync(row.id, { onSuccess: ({ restarted }) => notify.success(t('lost.resent', { count: restarted })), onError: failedNotice })}
                >
                  {t('lost.resend')}
                </ConfirmButton>
                <Popconfirm title={t('lost.dismiss_confirm')} okText={t('lost.dismiss')} cancelText={t('common:actions.cancel')} onConfirm={() => dismiss.mutateAsync(row.id).then(() => notify.success(t('lost.dismissed')), failedNotice)}>
                  <IconButton size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('lost.dismiss_named', { id: row.id })} />
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  const title = t('lost.title');
  return (
    <div className="page">
      <PageHeader
        title={title}
        subtitle={site.data?.site.attributes.name}
        documentTitle={title}
        extra={<RefreshButton query={list} />}
      />
      <Card variant="borderless" className="page-card">
        <Typography.Paragraph type="secondary">{t('lost.intro')}</Typography.Paragraph>
        <Space wrap size={[12, 12]} className="resource-filters sender-lost-filters">
          <SearchInput
            allowClear
            className="sender-filter"
            value={searchText}
            placeholder={t('request.storage:search_placeholder')}
            aria-label={t('request.storage:search_placeholder')}
            onChange={(event) => setSearchText(event.target.value)}
            onSearch={(next) => set({ search: next.trim() || null, page: 1 })}
          />
          <Space wrap size={8} className="sender-archive">
            <DatePicker.RangePicker allowEmpty={[true, true]} format="DD.MM.YYYY" value={range} aria-label={t('lost.archive_range')} placeholder={[t('request.storage:date_from'), t('request.storage:date_to')]} onChange={(next) => setRange([next?.[0] ?? null, next?.[1] ?? null])} />
            <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
              {t('lost.archive')}
            </Button>
          </Space>
        </Space>
        {list.isError && !list.data ? (
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(list.error, lang)} extra={<Button type="primary" onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>} />
        ) : (
          <DataTable<Row>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={(list.data?.data ?? []) as Row[]}
            columns={columns}
            scroll={{ x: 1000 }}
            locale={{
              emptyText: list.isLoading ? <span /> : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={params.search ? t('request.storage:empty_search', { search: params.search }) : t('lost.empty')}>
                  {params.search && <Button onClick={() => { setSearchText(''); set({ search: null, page: 1 }); }}>{t('common:actions.reset_filters')}</Button>}
                </Empty>
              ),
            }}
            pagination={{
              current: params.page,
              pageSize: params.size,
              total: list.data?.meta?.page?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total) => t('request.storage:total', { count: total }),
              onChange: (page, size) => set(size !== params.size ? { size, page: 1 } : { page }),
            }}
          />
        )}
      </Card>
    </div>
  );
}
